// The admin's one settings record: whether a change to the payment details needs a
// second administrator's approval, and where new-message alerts go.
import { useQuery } from "@tanstack/react-query";
import type { Tables } from "../../../supabase/database.types.ts";
import { dataOf, guarded, useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { DataError } from "../api/errors.ts";
import { notificationWords } from "../messages/words.ts";
import { paymentKeys } from "./keys.ts";

export type AdminSettings = Tables<"admin_settings">;

export function getSettings(client: AdminClient): Promise<AdminSettings> {
  return guarded(client, async () => {
    const [row] = dataOf(await client.from("admin_settings").select("*").eq("id", true));
    if (!row) throw new DataError(notificationWords.noSettings);
    return row;
  });
}

export function useSettingsQuery() {
  const { client } = useBackend();
  return useQuery({ queryKey: paymentKeys.settings, queryFn: () => getSettings(client) });
}
