// Lints the migrated catalog for the mistakes Supabase's own linter (splinter)
// flags, so a future migration cannot quietly open a hole.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiRoleDefaultPrivileges,
  type CatalogCheck,
  rowLevelSecurityEverywhere,
  runCatalogCheck,
} from "./catalog-checks.ts";
import { contentMatrixCheck } from "./content-matrix.ts";
import { type Db, freshDatabase } from "./harness.ts";
import { roleMatrixCheck } from "./role-matrix.ts";

let db: Db;

beforeAll(async () => {
  db = await freshDatabase();
}, 60_000);

afterAll(async () => {
  await db.close();
});

/** A shared check (also run on PostgreSQL by `npm run test:postgres`), after `before`. */
function check(shared: CatalogCheck, before = ""): Promise<string[]> {
  return runCatalogCheck({ ...shared, sql: `${before}\n${shared.sql}` }, (sql) =>
    db.transaction(async (tx) => {
      const results = await tx.exec(sql);
      const last = results.at(-1)?.rows[0] as { result?: unknown } | undefined;
      await tx.rollback();
      if (typeof last?.result !== "string") throw new Error(`${shared.title}: no result`);
      return last.result;
    }),
  );
}

interface Policy {
  schemaname: string;
  tablename: string;
  policyname: string;
  cmd: string;
  roles: string[];
  qual: string | null;
  with_check: string | null;
}

async function policies(): Promise<Policy[]> {
  const { rows } = await db.query<Policy>(
    "select schemaname, tablename, policyname, cmd, roles::text[] as roles, qual, with_check from pg_policies where schemaname in ('public', 'storage')",
  );
  return rows;
}

describe("catalog lint", () => {
  it(rowLevelSecurityEverywhere.title, async () => {
    expect(await check(rowLevelSecurityEverywhere)).toEqual([]);
    // And the check sees a table created without it.
    expect(
      await check(rowLevelSecurityEverywhere, "create table public.rls_probe (id int);"),
    ).toEqual(["public.rls_probe has row level security off"]);
  });

  it(roleMatrixCheck.title, async () => {
    // The SQL form of the matrix roles.test.ts runs case by case, as PostgreSQL runs it.
    expect(await check(roleMatrixCheck)).toEqual([]);
  });

  it(contentMatrixCheck.title, async () => {
    // The SQL form of the matrix rls-matrix.test.ts runs case by case.
    expect(await check(contentMatrixCheck)).toEqual([]);
    // And the check sees a policy that lets a user without a role change content.
    expect(
      await check(
        contentMatrixCheck,
        "create policy probe on public.causes for update to authenticated using (true);",
      ),
    ).toEqual(["user: update on causes -> rows:1, wanted 0"]);
  });

  it(apiRoleDefaultPrivileges.title, async () => {
    expect(await check(apiRoleDefaultPrivileges)).toEqual([]);
    // And the check sees a default grant, as a project created before 2026-05-30 had.
    expect(
      await check(
        apiRoleDefaultPrivileges,
        "alter default privileges for role postgres in schema public grant select on tables to anon;",
      ),
    ).toEqual(["anon selecting from a table created without a grant: ok, not 42501"]);
  });

  it("has policies on every table in public", async () => {
    const { rows } = await db.query<{ relname: string }>(`
      select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r'
         and not exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname)`);
    expect(rows.map((row) => row.relname)).toEqual([]);
  });

  it("no policy reads user_metadata, which users can write themselves", async () => {
    const offending = (await policies()).filter((p) =>
      `${p.qual} ${p.with_check}`.includes("user_metadata"),
    );
    expect(offending.map((p) => p.policyname)).toEqual([]);
    // The role checks read the role from app_metadata (the token's and the account's),
    // which only the secret key can set.
    const { rows } = await db.query<{ fn: string; src: string }>(
      `select proname as fn, prosrc as src from pg_proc
        where proname in ('is_admin', 'can_edit', 'account_role')
          and pronamespace = 'private'::regnamespace order by proname`,
    );
    expect(rows.map((row) => row.fn)).toEqual(["account_role", "can_edit", "is_admin"]);
    for (const { src } of rows) {
      expect(src).toMatch(/app_metadata|raw_app_meta_data/);
      expect(src).not.toMatch(/user_metadata|raw_user_meta_data/);
    }
  });

  it("every security definer function has a fixed search_path", async () => {
    const { rows } = await db.query<{ fn: string }>(`
      select n.nspname || '.' || p.proname as fn
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where p.prosecdef and n.nspname not in ('pg_catalog', 'information_schema')
         and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')`);
    expect(rows.map((row) => row.fn)).toEqual([]);
  });

  it("no security definer function is callable through the API schema", async () => {
    const { rows } = await db.query<{ fn: string }>(`
      select p.proname as fn from pg_proc p
       where p.pronamespace = 'public'::regnamespace and p.prosecdef`);
    expect(rows.map((row) => row.fn)).toEqual([]);
  });

  it("every auth call in a policy is wrapped in a subselect, so it runs once per statement", async () => {
    const unwrapped: string[] = [];
    let calls = 0;
    for (const policy of await policies()) {
      for (const expression of [policy.qual, policy.with_check]) {
        if (!expression) continue;
        for (const match of expression.matchAll(
          /\b(auth\.\w+|private\.(?:is_admin|can_edit))\(\)/g,
        )) {
          calls += 1;
          const before = expression.slice(0, match.index).trimEnd();
          if (!before.endsWith("SELECT"))
            unwrapped.push(`${policy.tablename}: ${policy.policyname}`);
        }
      }
    }
    expect(calls).toBeGreaterThan(80);
    expect(unwrapped).toEqual([]);
  });

  it("no write policy is always true", async () => {
    const open = (await policies()).filter(
      (p) => p.cmd !== "SELECT" && [p.qual, p.with_check].some((e) => e?.trim() === "true"),
    );
    expect(open.map((p) => `${p.tablename}: ${p.policyname}`)).toEqual([]);
  });

  it("every policy names its roles, and no role has two permissive policies for one command", async () => {
    const all = await policies();
    expect(all.filter((p) => p.roles.includes("public")).map((p) => p.policyname)).toEqual([]);
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const policy of all) {
      const commands =
        policy.cmd === "ALL" ? ["SELECT", "INSERT", "UPDATE", "DELETE"] : [policy.cmd];
      for (const role of policy.roles) {
        for (const command of commands) {
          const key = `${policy.schemaname}.${policy.tablename} ${role} ${command}`;
          if (seen.has(key)) duplicates.push(`${key}: ${seen.get(key)} / ${policy.policyname}`);
          seen.set(key, policy.policyname);
        }
      }
    }
    expect(duplicates).toEqual([]);
  });

  it("the public bucket cannot be listed by visitors", async () => {
    const listing = (await policies()).filter(
      (p) =>
        p.schemaname === "storage" &&
        p.cmd === "SELECT" &&
        p.roles.some((r) => r === "anon" || r === "public"),
    );
    expect(listing.map((p) => p.policyname)).toEqual([]);
  });

  it("anon holds no write privilege on any table in public", async () => {
    const { rows } = await db.query<{ grant: string }>(`
      select table_name || ': ' || privilege_type as grant from information_schema.role_table_grants
       where grantee = 'anon' and table_schema = 'public' and privilege_type <> 'SELECT'`);
    expect(rows.map((row) => row.grant)).toEqual([]);
  });
});
