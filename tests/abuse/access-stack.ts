// The embedded stack the access group attacks: the same stand-in startTestStack starts
// (PGlite with the migrations and seed, behind the local Supabase APIs), but keeping the
// database handle, so the test can read the catalog (every table, view and function the
// API exposes) and take owner-level snapshots that RLS cannot hide anything from. A
// local deploy hook counts the calls the publish function makes.
import { createHash, randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { startTestStack, type TestStack } from "../contract/stack.ts";

const root = join(import.meta.dirname, "..", "..");
export const functionsDir = join(root, "functions");

export interface AccessStack extends TestStack {
  db: PGlite;
  jwtSecret: string;
  storageDir: string;
  /** What the publish function needs in x-build-token to report a build. */
  buildToken: string;
  /** How many times the deploy hook has been called. */
  hookCalls(): number;
}

export async function startAccessStack(): Promise<AccessStack> {
  let calls = 0;
  const hook: Server = createServer((request, response) => {
    calls += 1;
    request.resume();
    response.writeHead(200).end();
  });
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
  const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hooks/access`;
  const buildToken = `build-${randomBytes(12).toString("hex")}`;

  const stack = await startTestStack({
    functionSecrets: { DEPLOY_HOOK_URL: hookUrl, PUBLISH_BUILD_TOKEN: buildToken },
  });
  const { db, jwtSecret, storageDir } = stack;
  if (!db || !jwtSecret || !storageDir) {
    await stack.close();
    throw new Error("The access group needs the embedded stack (its database and JWT secret).");
  }
  // A change to the donation details waiting for approval (the first, id 1): something
  // in payment_changes for the attacks to try to read, approve or reject.
  await db.query(
    `insert into public.payment_changes (target, action, row_id, old_data, new_data, proposed_by_email)
     select 'donate_content', 'UPDATE', d.id, to_jsonb(d),
            jsonb_set(to_jsonb(d), '{bank_accounts,0,account_number}', '"666"'), 'admin@helpinghands.example'
       from public.donate_content as d order by d.created_at limit 1`,
  );
  return {
    ...stack,
    db,
    jwtSecret,
    storageDir,
    buildToken,
    hookCalls: () => calls,
    async close() {
      await stack.close();
      await new Promise((resolve) => hook.close(resolve));
    },
  };
}

// --- the catalog -------------------------------------------------------------------

export interface Relation {
  name: string;
  /** r table, v view, m materialized view, p partitioned table, f foreign table */
  kind: string;
  primaryKey: string[];
  columns: string[];
}

/** Every relation PostgREST would expose in a schema, with its key and columns. */
export async function relationsOf(db: PGlite, schema: string): Promise<Relation[]> {
  const { rows } = await db.query<{
    name: string;
    kind: string;
    columns: string[];
    primary_key: string[] | null;
  }>(
    `select c.relname as name, c.relkind::text as kind,
            array(select a.attname::text from pg_catalog.pg_attribute a
                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                   order by a.attnum) as columns,
            (select array_agg(a.attname::text order by a.attnum)
               from pg_catalog.pg_index i
               join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
              where i.indrelid = c.oid and i.indisprimary) as primary_key
       from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')
      order by c.relname`,
    [schema],
  );
  return rows.map((row) => ({
    name: row.name,
    kind: row.kind,
    columns: row.columns,
    primaryKey: row.primary_key ?? [],
  }));
}

/** Every function in a schema (what /rest/v1/rpc/<name> could reach). */
export async function functionsOf(db: PGlite, schema: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select distinct p.proname as name
       from pg_catalog.pg_proc p
       join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      where n.nspname = $1 and p.prokind in ('f', 'p')
      order by 1`,
    [schema],
  );
  return rows.map((row) => row.name);
}

/** Every Edge Function the stand-in would serve: <functionsDir>/<name>/index.ts. */
export async function edgeFunctions(dir = functionsDir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !/^[A-Za-z][A-Za-z0-9_-]*$/.test(entry.name)) continue;
    const hasEntry = await readFile(join(dir, entry.name, "index.ts")).then(
      () => true,
      () => false,
    );
    if (hasEntry) names.push(entry.name);
  }
  return names.sort();
}

// --- snapshots -----------------------------------------------------------------------

/** The schemas whose tables a snapshot covers: everything an API request could change. */
const SNAPSHOT_SCHEMAS = ["public", "private", "storage", "auth"];

export type Snapshot = Map<string, string>;

export interface Snapshotter {
  /**
   * Everything, or only what starts with one of `scope`: "public.banners", "auth.",
   * "storage.", "file:" (stored files), "deploy hook calls".
   */
  take(scope?: readonly string[]): Promise<Snapshot>;
  /** The names whose count or hash differ between two snapshots. */
  diff(before: Snapshot, after: Snapshot): string[];
}

/**
 * Owner-level snapshots: per table, the row count and a hash of every row (RLS does not
 * apply to the owner), plus every stored file's name, size and content hash, plus the
 * deploy hook's call count.
 */
export async function snapshotter(stack: AccessStack): Promise<Snapshotter> {
  const { rows } = await stack.db.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name
       from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1::text[]) and c.relkind in ('r', 'p')
      order by 1, 2`,
    [SNAPSHOT_SCHEMAS],
  );
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const tables = rows.map(({ schema, name }) => ({
    name: `${schema}.${name}`,
    sql: `select '${schema}.${name}' as name,
                count(*)::text || ':' || coalesce(md5(string_agg(md5(t::text), ',' order by md5(t::text))), '') as state
           from ${quote(schema)}.${quote(name)} t`,
  }));
  const queries = new Map<string, string>();
  const inScope = (name: string, scope: readonly string[] | undefined) =>
    !scope || scope.some((prefix) => name.startsWith(prefix));
  const queryFor = (scope: readonly string[] | undefined) => {
    const key = scope ? scope.join("|") : "*";
    let sql = queries.get(key);
    if (sql === undefined) {
      sql = tables
        .filter((table) => inScope(table.name, scope))
        .map((table) => table.sql)
        .join(" union all ");
      queries.set(key, sql);
    }
    return sql;
  };

  async function files(dir: string, prefix = ""): Promise<[string, string][]> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const found: [string, string][] = [];
    for (const entry of entries) {
      const path = join(dir, entry.name);
      const name = `${prefix}${entry.name}`;
      if (entry.isDirectory()) {
        if (prefix === "" && entry.name === ".uploads") continue;
        found.push(...(await files(path, `${name}/`)));
      } else {
        const bytes = await readFile(path).catch(() => Buffer.alloc(0));
        found.push([`file:${name}`, createHash("sha256").update(bytes).digest("hex")]);
      }
    }
    return found;
  }

  return {
    async take(scope) {
      const sql = queryFor(scope);
      const snapshot: Snapshot = new Map();
      if (sql) {
        const result = await stack.db.query<{ name: string; state: string }>(sql);
        for (const row of result.rows) snapshot.set(row.name, row.state);
      }
      if (inScope("file:", scope)) {
        for (const [name, hash] of await files(stack.storageDir)) snapshot.set(name, hash);
      }
      if (inScope("deploy hook calls", scope)) {
        snapshot.set("deploy hook calls", String(stack.hookCalls()));
      }
      return snapshot;
    },
    diff(before, after) {
      const names = new Set([...before.keys(), ...after.keys()]);
      return [...names].filter((name) => before.get(name) !== after.get(name));
    },
  };
}
