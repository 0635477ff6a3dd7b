// Checks of the migrated catalog defined once and run on both databases: on PGlite
// by the database tests (catalog-lint.test.ts) and on real PostgreSQL servers by
// `npm run test:postgres` (scripts/check-postgres.ts), after the bootstrap and every
// migration. Each check is SQL whose last statement returns one row with one text
// column, `result`, holding JSON; the caller runs it inside a transaction it rolls
// back (runCatalogCheck), so a check may create what it probes.

/** A check: its SQL, and the problems its JSON result shows (none when it passes). */
export interface CatalogCheck {
  title: string;
  sql: string;
  problems(result: unknown): string[];
}

/** Runs SQL in a transaction that is rolled back and returns the last statement's `result`. */
export type RunInRolledBackTransaction = (sql: string) => Promise<string> | string;

export async function runCatalogCheck(
  check: CatalogCheck,
  run: RunInRolledBackTransaction,
): Promise<string[]> {
  return check.problems(JSON.parse(await run(check.sql)));
}

/** Every table in public has row level security on (pg_class.relrowsecurity). */
export const rowLevelSecurityEverywhere: CatalogCheck = {
  title: "every table in public has row level security enabled",
  sql: `
    select coalesce(json_agg(c.relname::text order by c.relname), '[]')::text as result
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`,
  problems: (result) =>
    (result as string[]).map((table) => `public.${table} has row level security off`),
};

export const API_ROLES = ["anon", "authenticated", "service_role"] as const;

interface PrivilegeProbe {
  tableOwner: string;
  functionOwner: string;
  roles: {
    role: string;
    /** What selecting from the ungranted table did as the role: "ok" or the SQLSTATE. */
    selectTable: string;
    /** What calling the ungranted function did as the role: "ok" or the SQLSTATE. */
    executeFunction: string;
  }[];
}

/**
 * The default privileges a project created today has in public (bootstrap.sql): a
 * table the migration role (postgres) creates without a grant is refused to every
 * API role (42501 under `set role`, as PostgREST sets it), and a function it creates
 * is callable by each of them through PostgreSQL's built-in EXECUTE for PUBLIC.
 */
export const apiRoleDefaultPrivileges: CatalogCheck = {
  title: "a new table in public is refused to the API roles and a new function is callable",
  sql: `
    create table public.default_privileges_probe (id int);
    create function public.default_privileges_probe() returns int language sql as 'select 1';
    create function pg_temp.outcome_as(role text, statement text) returns text
    language plpgsql as $probe$
    begin
      execute format('set local role %I', role);
      execute statement;
      reset role;
      return 'ok';
    exception when others then
      -- The failed statement's subtransaction is undone, its set role with it.
      return sqlstate;
    end
    $probe$;
    select json_build_object(
             'tableOwner', (select pg_get_userbyid(relowner) from pg_class
                             where oid = 'public.default_privileges_probe'::regclass),
             'functionOwner', (select pg_get_userbyid(proowner) from pg_proc
                                where oid = 'public.default_privileges_probe()'::regprocedure),
             'roles', (select json_agg(json_build_object(
                         'role', r.role,
                         'selectTable', pg_temp.outcome_as(r.role, 'select * from public.default_privileges_probe'),
                         'executeFunction', pg_temp.outcome_as(r.role, 'select public.default_privileges_probe()')
                       ) order by r.ord)
                         from unnest(array[${API_ROLES.map((role) => `'${role}'`).join(", ")}])
                              with ordinality as r (role, ord))
           )::text as result`,
  problems: (result) => {
    const probe = result as PrivilegeProbe;
    const problems: string[] = [];
    // Default privileges are set for what postgres creates, the role migrations run as.
    if (probe.tableOwner !== "postgres")
      problems.push(`the probe table is owned by ${probe.tableOwner}, not by postgres`);
    if (probe.functionOwner !== "postgres")
      problems.push(`the probe function is owned by ${probe.functionOwner}, not by postgres`);
    if (probe.roles.map((entry) => entry.role).join() !== API_ROLES.join())
      problems.push(`probed the roles ${probe.roles.map((entry) => entry.role).join(", ")}`);
    for (const { role, selectTable, executeFunction } of probe.roles) {
      if (selectTable !== "42501")
        problems.push(
          `${role} selecting from a table created without a grant: ${selectTable}, not 42501`,
        );
      if (executeFunction !== "ok")
        problems.push(
          `${role} calling a function created without a grant: ${executeFunction}, not ok`,
        );
    }
    return problems;
  },
};

/** The checks `npm run test:postgres` runs on each real server, as the PGlite tests do. */
export const sharedCatalogChecks: readonly CatalogCheck[] = [
  rowLevelSecurityEverywhere,
  apiRoleDefaultPrivileges,
];
