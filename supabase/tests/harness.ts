// Database test harness: a migrated database per test file, and a way to run
// statements as anon, a signed-in user with no role, an editor, an administrator
// (whose session verified a second factor, aal2, or only a password, aal1) or the
// service role, set up exactly as PostgREST sets up each request (role plus
// request.jwt.claims).
import type { PGliteInterface, Transaction } from "@electric-sql/pglite";

/** A database under test: a PGlite or a clone of one. */
export type Db = PGliteInterface;

import { createDatabase } from "../local/database.ts";

export const ADMIN_ID = "00000000-0000-4000-8000-00000000a001";
export const USER_ID = "00000000-0000-4000-8000-00000000b001";
export const EDITOR_ID = "00000000-0000-4000-8000-00000000e001";
/** The administrator's second session, signed in with the password alone (aal1). */
export const ADMIN_AAL1_SESSION = "00000000-0000-4000-8000-00000000a0a1";

export type Actor = "anon" | "user" | "editor" | "admin-aal1" | "admin" | "service";
/** Every actor but the service role. */
export const ACTORS = [
  "anon",
  "user",
  "editor",
  "admin-aal1",
  "admin",
] as const satisfies readonly Actor[];

/** A team member's role (app_metadata.role); null for a signed-in user without one. */
export type TeamRole = "admin" | "editor" | null;

const ROLE: Record<Actor, string> = {
  anon: "anon",
  user: "authenticated",
  editor: "authenticated",
  "admin-aal1": "authenticated",
  admin: "authenticated",
  service: "service_role",
};

export function claimsFor(
  actor: Actor,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  // Each account has a live session whose id is the account's own (addAccount): an
  // administrator's verified a second factor (aal2), anyone else's a password (aal1).
  const signedIn = (
    id: string,
    email: string,
    appMetadata: Record<string, unknown>,
    aal: "aal1" | "aal2" = "aal1",
    session = typeof extra.sub === "string" ? extra.sub : id,
  ) => ({
    sub: id,
    session_id: session,
    aud: "authenticated",
    role: "authenticated",
    aal,
    email,
    app_metadata: { provider: "email", providers: ["email"], ...appMetadata },
    user_metadata: {},
    is_anonymous: false,
  });
  const base =
    actor === "anon"
      ? { role: "anon" }
      : actor === "service"
        ? { role: "service_role" }
        : actor === "admin"
          ? signedIn(ADMIN_ID, "admin@helpinghands.example", { role: "admin" }, "aal2")
          : actor === "admin-aal1"
            ? signedIn(
                ADMIN_ID,
                "admin@helpinghands.example",
                { role: "admin" },
                "aal1",
                ADMIN_AAL1_SESSION,
              )
            : actor === "editor"
              ? signedIn(EDITOR_ID, "editor@helpinghands.example", { role: "editor" })
              : signedIn(USER_ID, "volunteer@helpinghands.example", {});
  return { ...base, ...extra };
}

async function runAs<T>(
  db: Db,
  actor: Actor,
  fn: (tx: Transaction) => Promise<T>,
  claims: Record<string, unknown>,
  keep: boolean,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(
      "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)",
      [ROLE[actor], JSON.stringify(claims)],
    );
    const result = await fn(tx);
    if (!keep) await tx.rollback();
    return result;
  });
}

/** Runs fn in a transaction as the actor, then rolls everything back. */
export function tryAs<T>(
  db: Db,
  actor: Actor,
  fn: (tx: Transaction) => Promise<T>,
  claims = claimsFor(actor),
) {
  return runAs(db, actor, fn, claims, false);
}

/** Runs fn in a transaction as the actor and commits it. */
export function as<T>(
  db: Db,
  actor: Actor,
  fn: (tx: Transaction) => Promise<T>,
  claims = claimsFor(actor),
) {
  return runAs(db, actor, fn, claims, true);
}

/** What a statement did: how many rows it returned or touched, or the SQLSTATE it failed with. */
export type Outcome = { ok: true; rows: number } | { ok: false; code: string; message: string };

/** An outcome in one value: the number of rows, or the SQLSTATE. */
export const summary = (result: Outcome): number | string =>
  result.ok ? result.rows : result.code;

export async function outcome(
  run: () => Promise<{ rows: unknown[]; affectedRows?: number }>,
): Promise<Outcome> {
  try {
    const result = await run();
    // Reads report returned rows; writes without RETURNING report touched rows.
    return {
      ok: true,
      rows: result.rows.length > 0 ? result.rows.length : (result.affectedRows ?? 0),
    };
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    return { ok: false, code: code ?? "unknown", message };
  }
}

const templates = new Map<string, Promise<Db>>();

/**
 * An account and one live session of it, whose id is the account's own (claimsFor's
 * session_id): private.is_admin() checks the account and the session as well as the
 * token, as a removed admin's token, or one whose session ended, must stop working.
 * An administrator's session verified a second factor (aal2 on its row, as Auth keeps
 * it), which the changes that move money need; anyone else's is aal1.
 */
export async function addAccount(
  db: Db,
  account: { id: string; email: string; role: TeamRole },
): Promise<void> {
  const metadata = JSON.stringify({
    provider: "email",
    ...(account.role ? { role: account.role } : {}),
  });
  await db.query(
    `insert into auth.users (id, email, raw_app_meta_data, email_confirmed_at)
     values ($1, $2, $3, now())`,
    [account.id, account.email, metadata],
  );
  await db.query("insert into auth.sessions (id, user_id, aal) values ($1, $1, $2)", [
    account.id,
    account.role === "admin" ? "aal2" : "aal1",
  ]);
}

/** The accounts behind the admin, editor and user actors. */
async function addActorAccounts(db: Db): Promise<void> {
  await addAccount(db, { id: ADMIN_ID, email: "admin@helpinghands.example", role: "admin" });
  await addAccount(db, { id: EDITOR_ID, email: "editor@helpinghands.example", role: "editor" });
  await addAccount(db, { id: USER_ID, email: "volunteer@helpinghands.example", role: null });
  await db.query("insert into auth.sessions (id, user_id, aal) values ($1, $2, 'aal1')", [
    ADMIN_AAL1_SESSION,
    ADMIN_ID,
  ]);
}

/**
 * A fresh database with every migration (and the seed, if asked). The first call
 * in a test file migrates once; later calls clone that in about half a second.
 */
export async function freshDatabase(options: { seed?: boolean } = {}): Promise<Db> {
  const key = options.seed ? "seeded" : "empty";
  let template = templates.get(key);
  if (!template) {
    template = createDatabase({ seed: options.seed ?? false }).then(async (db) => {
      await addActorAccounts(db);
      return db;
    });
    templates.set(key, template);
  }
  return (await template).clone();
}

/** Inserts a row as the database owner (no RLS) and returns its id. */
export async function insertRow(
  db: Db | Transaction,
  table: string,
  row: Record<string, unknown>,
): Promise<string> {
  const columns = Object.keys(row);
  const values = Object.values(row).map((value) =>
    value !== null && typeof value === "object" ? JSON.stringify(value) : value,
  );
  const placeholders = columns.map((_, index) => `$${index + 1}`);
  const result = await db.query<{ id: string }>(
    `insert into public.${table} (${columns.join(", ")}) values (${placeholders.join(", ")}) returning id`,
    values,
  );
  const id = result.rows[0]?.id;
  if (!id) throw new Error(`insert into ${table} returned no id`);
  return id;
}

/** Inside an actor's transaction: does setup as the owner, then takes the actor's role back. */
export async function asOwnerWithin(tx: Transaction, fn: () => Promise<unknown>): Promise<void> {
  const { rows } = await tx.query<{ role: string }>("select current_setting('role') as role");
  await tx.query("reset role");
  await fn();
  await tx.query("select set_config('role', $1, true)", [rows[0]?.role ?? "none"]);
}
