// The charity's name as the admin shows it (the brand line, the tab's title, the
// invitation mail): its organisation record's, which editors change on the
// Organisation screen, or the site's built-in one while there is no record. It is a
// query of the organisation table like any screen's, so a save there refreshes it.
import { atom } from "nanostores";
import { useEffect } from "react";
import { DEFAULT_SITE } from "../../../src/lib/site.ts";
import { useRowsQuery } from "../content/rows-query.ts";

/** null until it has been read. */
export const $organisationName = atom<string | null>(null);

const NEWEST_FIRST = { column: "created_at", ascending: false };

/** Keeps $organisationName to the organisation record's name; renders nothing. */
export function FollowOrganisationName() {
  const { data } = useRowsQuery("organisation", NEWEST_FIRST);
  useEffect(() => {
    if (!data) return;
    const name = data[0]?.name;
    $organisationName.set(typeof name === "string" ? name : DEFAULT_SITE.name);
  }, [data]);
  return null;
}

/** The name an invitation gives: the record's, or the built-in one until it is read. */
export function organisationName(): string {
  return $organisationName.get() ?? DEFAULT_SITE.name;
}
