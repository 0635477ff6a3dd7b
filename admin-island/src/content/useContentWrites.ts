// The writes of one content table, as a screen uses them: after each one the table's
// queries are refreshed (every list of it, in any order) and the site is published
// once saves settle.
import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useBackend } from "../api/backend.ts";
import { signalSaved } from "../publishing/saves.ts";
import { contentKeys } from "./keys.ts";
import { type ContentTable, type ContentWrites, contentWrites } from "./writes.ts";

export function useContentWrites(target: ContentTable): ContentWrites {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const { table, order, activation } = target;
  const column = order?.column;
  const ascending = order?.ascending;
  return useMemo(() => {
    const stable: ContentTable = { table, activation };
    if (column !== undefined && ascending !== undefined) stable.order = { column, ascending };
    return contentWrites(backend, stable, (written) => {
      signalSaved();
      void queryClient.invalidateQueries({ queryKey: contentKeys.table(written) });
    });
  }, [backend, queryClient, table, column, ascending, activation]);
}
