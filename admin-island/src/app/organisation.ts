// The charity's name as the admin shows it (the brand line, the tab's title, the
// invitation mail): its organisation record's, which editors change on the
// Organisation screen, or the site's built-in one while there is no record. Read once
// a session can read, and again after every save (the record may be what changed).
import { atom } from "nanostores";
import { DEFAULT_SITE } from "../../../src/lib/site.ts";
import type { DataLayer } from "../api/data-layer.ts";
import { $saves } from "../publishing/saves.ts";

/** null until it has been read. */
export const $organisationName = atom<string | null>(null);

async function read(data: DataLayer): Promise<void> {
  try {
    const [record] = await data.list("organisation", { column: "created_at", ascending: false });
    const name = typeof record?.name === "string" ? record.name : DEFAULT_SITE.name;
    $organisationName.set(name);
  } catch {
    // The name stays as it was: the screens say when reads fail.
  }
}

/** Reads the name now and after every save; answers how to stop. */
export function followOrganisationName(data: DataLayer): () => void {
  void read(data);
  let last = $saves.get();
  return $saves.listen((count) => {
    if (count !== last) {
      last = count;
      void read(data);
    }
  });
}

/** The name an invitation gives: the record's, or the built-in one until it is read. */
export function organisationName(): string {
  return $organisationName.get() ?? DEFAULT_SITE.name;
}
