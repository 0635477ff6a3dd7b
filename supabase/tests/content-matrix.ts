// Who may read and write each content table, declared once and run on both databases:
// on PGlite case by case by rls-matrix.test.ts (and whole by catalog-lint.test.ts), and
// on real PostgreSQL servers by `npm run test:postgres`, as a catalog check in a
// transaction rolled back. Every content table x {anon, a signed-in user without a role,
// an editor, an administrator at aal1 and at aal2} x {read active, read inactive,
// insert, update, delete}. Editors change the content; the payment details and the logo
// stay with administrators (editors may read them, as visitors read the active ones),
// and the payment details need an administrator whose session verified a second factor.
import type { CatalogCheck } from "./catalog-checks.ts";
import {
  CONTENT_TABLES,
  type ContentTable,
  hasActiveFlag,
  SINGLE_RECORD,
  validRows,
} from "./fixtures.ts";
import { ACTORS } from "./harness.ts";
import {
  ACCOUNTS_SETUP,
  ACTOR_VALUES,
  ATTEMPT_FUNCTION,
  literal,
  type Outcome,
  outcomeOf,
  type Person,
} from "./role-matrix.ts";

export type Operation = "read active" | "read inactive" | "insert" | "update" | "delete";

// A number: the statement succeeded and returned or touched that many rows.
// A string: it failed with that SQLSTATE. 42501 is "insufficient privilege".
const expected: Record<Person, Record<Operation, Outcome>> = {
  anon: { "read active": 1, "read inactive": 0, insert: "42501", update: "42501", delete: "42501" },
  user: { "read active": 1, "read inactive": 0, insert: "42501", update: 0, delete: 0 },
  editor: { "read active": 1, "read inactive": 1, insert: 1, update: 1, delete: 1 },
  "admin-aal1": { "read active": 1, "read inactive": 1, insert: 1, update: 1, delete: 1 },
  admin: { "read active": 1, "read inactive": 1, insert: 1, update: 1, delete: 1 },
};

export const OPERATIONS = Object.keys(expected.anon) as Operation[];

/** The payment details: administrators write them only at aal2 (a verified second factor). */
export const SECOND_FACTOR: ReadonlySet<ContentTable> = new Set(["donate_content"]);

/** The tables only administrators write: an editor reads them as staff, writes as a user. */
export const ADMINISTRATORS_ONLY: ReadonlySet<ContentTable> = new Set([
  "donate_content",
  "logo_settings",
]);

/** What `actor` doing `operation` on `table` must come to. */
export function expectedOf(table: ContentTable, actor: Person, operation: Operation): Outcome {
  const refused =
    (actor === "editor" && ADMINISTRATORS_ONLY.has(table)) ||
    (actor === "admin-aal1" && SECOND_FACTOR.has(table));
  if (refused && operation !== "read active" && operation !== "read inactive") {
    return operation === "insert" ? "42501" : 0;
  }
  return expected[actor][operation];
}

/** A value of a fixture row as an SQL literal the column's type accepts. */
function sqlValue(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "object") return literal(JSON.stringify(value));
  if (typeof value === "string") return literal(value);
  return String(value);
}

/** An insert of `row` into `table`, with every value written out. */
export function insertSql(table: ContentTable, row: Record<string, unknown>): string {
  const columns = Object.keys(row);
  return `insert into public.${table} (${columns.join(", ")}) values (${columns.map((column) => sqlValue(row[column])).join(", ")})`;
}

export interface ContentCase {
  table: ContentTable;
  operation: Operation;
  /** Run as the owner first, inside the attempt (and undone with it). */
  before?: string;
  /** The attempt; {active} and {inactive} stand for the ids of the table's two rows. */
  sql: string;
}

/** Each operation's statement on a table, and what must run before it. */
const STATEMENTS: Record<Operation, (table: ContentTable) => { before?: string; sql: string }> = {
  "read active": (table) => ({ sql: `select * from public.${table} where id = {active}` }),
  "read inactive": (table) => ({ sql: `select * from public.${table} where id = {inactive}` }),
  insert: (table) => ({
    // A single record's table holds one row: make room, so only the policy decides.
    before: SINGLE_RECORD.has(table) ? `delete from public.${table}` : undefined,
    // At most one logo is active (its own test covers that): insert an inactive one.
    sql: insertSql(
      table,
      table === "logo_settings"
        ? { ...validRows[table], is_active: false }
        : { ...validRows[table] },
    ),
  }),
  update: (table) => ({
    sql: `update public.${table} set created_at = created_at - interval '1 day' where id = {active}`,
  }),
  delete: (table) => ({ sql: `delete from public.${table} where id = {active}` }),
};

/** Every table's cases (no "read inactive" for a table of one record, which has no flag). */
export const CONTENT_CASES: ContentCase[] = CONTENT_TABLES.flatMap((table) =>
  OPERATIONS.filter((operation) => operation !== "read inactive" || hasActiveFlag(table)).map(
    (operation) => ({ table, operation, ...STATEMENTS[operation](table) }),
  ),
);

/** A case's statement with its table's row ids put in. */
export function withIds(sql: string, ids: { active: string; inactive?: string }): string {
  return sql
    .replaceAll("{active}", literal(ids.active))
    .replaceAll("{inactive}", ids.inactive ? literal(ids.inactive) : "null");
}

/**
 * Each content table emptied and given the matrix's rows, as the owner: a valid active
 * row and, where the table has the flag, an inactive one. Their ids go to
 * pg_temp.matrix_rows (table, state, id).
 */
const CONTENT_SETUP = `
create temp table matrix_rows (tbl text, state text, id text);
${CONTENT_TABLES.map((table) =>
  [
    `delete from public.${table};`,
    `with r as (${insertSql(table, { ...validRows[table] })} returning id)
     insert into pg_temp.matrix_rows select '${table}', 'active', id::text from r;`,
    hasActiveFlag(table)
      ? `with r as (${insertSql(table, { ...validRows[table], is_active: false })} returning id)
     insert into pg_temp.matrix_rows select '${table}', 'inactive', id::text from r;`
      : "",
  ].join("\n"),
).join("\n")}
`;

const idOf = (state: "active" | "inactive") =>
  `coalesce((select quote_literal(r.id) from pg_temp.matrix_rows r where r.tbl = c.tbl and r.state = '${state}'), 'null')`;

/** The matrix as SQL for a real server, each attempt undone after (pg_temp.attempt). */
export const contentMatrixCheck: CatalogCheck = {
  title: "who may do what: the content table x role x operation matrix",
  sql: `
${ACCOUNTS_SETUP}
${CONTENT_SETUP}
${ATTEMPT_FUNCTION}
create function pg_temp.attempt_after(p_before text, p_role text, p_claims text, p_sql text)
returns text language plpgsql as $f$
declare
  got text;
begin
  begin
    if p_before is not null then execute p_before; end if;
    got := pg_temp.attempt(p_role, p_claims, p_sql);
    raise exception using errcode = 'P0421', message = got;
  exception
    when sqlstate 'P0421' then return sqlerrm;
  end;
end;
$f$;
select coalesce(json_agg(json_build_object('table', c.tbl, 'operation', c.op, 'actor', a.actor,
         'got', pg_temp.attempt_after(c.before, a.role, a.claims,
           replace(replace(c.sql, '{active}', ${idOf("active")}), '{inactive}', ${idOf("inactive")})))
         order by c.n, a.n), '[]')::text as result
  from (values ${CONTENT_CASES.map((c, n) => `(${n}, ${literal(c.table)}, ${literal(c.operation)}, ${c.before ? literal(c.before) : "null::text"}, ${literal(c.sql)})`).join(",\n    ")}) as c(n, tbl, op, before, sql)
  cross join ${ACTOR_VALUES}`,
  problems: (result) =>
    (result as { table: ContentTable; operation: Operation; actor: Person; got: string }[])
      .flatMap(({ table, operation, actor, got }) => {
        const wanted = expectedOf(table, actor, operation);
        return outcomeOf(got) === wanted
          ? []
          : [`${actor}: ${operation} on ${table} -> ${got}, wanted ${wanted}`];
      })
      .concat(
        (result as unknown[]).length === CONTENT_CASES.length * ACTORS.length
          ? []
          : [
              `${(result as unknown[]).length} attempts, not ${CONTENT_CASES.length * ACTORS.length}`,
            ],
      ),
};
