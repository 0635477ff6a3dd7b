// `npm run admin:create -- <email> <password>`: makes <email> an administrator
// (app_metadata.role = "admin", email confirmed) who signs in with <password>.
// An existing user with that email is promoted instead, their password reset, their
// sessions ended and their authenticator apps removed: the way back in for the only
// administrator, who lost their phone (they sign in with the password, then set up a
// new app on their Account page).
//
// Where: a hosted project when SUPABASE_URL and its secret key (SUPABASE_SECRET_KEY,
// sb_secret_...; or a legacy project's SUPABASE_SERVICE_ROLE_KEY) are set (through the
// Auth admin API, the only way to set app_metadata); else the
// local project in DATA_DIR (default .data): through the running stand-in at
// http://127.0.0.1:${API_PORT ?? 54321} when it is up, or straight into its
// database folder when it is not.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { hashPassword, isEmailFormat } from "../supabase/local/auth/index.ts";
import { apiKeys, keyMode, type ProjectKeys } from "../supabase/local/keys.ts";

const root = join(import.meta.dirname, "..");

/** supabase/config.toml: auth.minimum_password_length. */
export const MINIMUM_PASSWORD_LENGTH = 10;
/** bcrypt reads no further than this. */
const MAXIMUM_PASSWORD_BYTES = 72;

export const USAGE = "Usage: npm run admin:create -- <email> <password>";

/** A failure to report in one line, with a non-zero exit. */
export class AdminCreateError extends Error {
  override name = "AdminCreateError";
}

export interface AdminInput {
  email: string;
  password: string;
}

export type AdminTarget =
  | { kind: "api"; url: string; secretKey: string; label: string }
  | { kind: "database"; dbDir: string; label: string };

export interface AdminResult {
  id: string;
  email: string;
  action: "created" | "promoted";
}

export function validateAdminInput(args: readonly string[]): AdminInput {
  if (args.length !== 2) throw new AdminCreateError(USAGE);
  const email = (args[0] ?? "").trim().toLowerCase();
  const password = args[1] ?? "";
  if (!isEmailFormat(email) || !email.includes("@")) {
    throw new AdminCreateError(`"${args[0]}" is not an email address.`);
  }
  if ([...password].length < MINIMUM_PASSWORD_LENGTH) {
    throw new AdminCreateError(
      `The password must be at least ${MINIMUM_PASSWORD_LENGTH} characters long.`,
    );
  }
  if (Buffer.byteLength(password, "utf8") > MAXIMUM_PASSWORD_BYTES) {
    throw new AdminCreateError(
      `The password must be at most ${MAXIMUM_PASSWORD_BYTES} bytes long (bcrypt ignores the rest).`,
    );
  }
  return { email, password };
}

/** The local project's server key, in the mode SUPABASE_KEYS names. */
async function readSecretKey(
  dataDir: string,
  env: Record<string, string | undefined>,
): Promise<string | undefined> {
  try {
    const stored = JSON.parse(await readFile(join(dataDir, "keys.json"), "utf8")) as Omit<
      ProjectKeys,
      "mode"
    >;
    return apiKeys({ ...stored, mode: keyMode(env.SUPABASE_KEYS) }).secret || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new AdminCreateError(
      `Could not read ${join(dataDir, "keys.json")}: ${(error as Error).message}`,
    );
  }
}

/** The live process holding dataDir (`npm start` writes running.pid), if any. */
async function lockHolder(dataDir: string): Promise<number | undefined> {
  const pid = Number.parseInt(
    await readFile(join(dataDir, "running.pid"), "utf8").catch(() => ""),
    10,
  );
  if (!pid || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : undefined;
  }
}

/** Whether the stand-in answers at url: "down" when nothing listens there. */
async function probe(url: string, apikey: string | undefined): Promise<"down" | "ok" | string> {
  try {
    const response = await fetch(`${url}/auth/v1/health`, {
      headers: apikey ? { apikey } : {},
      signal: AbortSignal.timeout(5000),
    });
    if (response.ok) return "ok";
    const body = await response.text();
    return `HTTP ${response.status}${body ? `: ${body.slice(0, 120).replace(/\s+/g, " ")}` : ""}`;
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code === "ECONNREFUSED") return "down";
    return `no answer (${code ?? (error as Error).message})`;
  }
}

/** Where to create the admin, from the environment. */
export async function resolveTarget(
  env: Record<string, string | undefined> = process.env,
): Promise<AdminTarget> {
  const SUPABASE_URL = env.SUPABASE_URL?.trim();
  const secretKey = env.SUPABASE_SECRET_KEY?.trim() || env.SUPABASE_SERVICE_ROLE_KEY?.trim();
  if (secretKey?.startsWith("sb_publishable_")) {
    throw new AdminCreateError(
      "SUPABASE_SECRET_KEY holds the publishable key: use the project's secret key (sb_secret_..., Project Settings > API Keys).",
    );
  }
  if (SUPABASE_URL && secretKey) {
    return {
      kind: "api",
      url: SUPABASE_URL.replace(/\/+$/, ""),
      secretKey,
      label: `the Supabase project at ${SUPABASE_URL}`,
    };
  }
  if (SUPABASE_URL || secretKey) {
    throw new AdminCreateError(
      "Set both SUPABASE_URL and SUPABASE_SECRET_KEY to target a hosted project (only one is set).",
    );
  }

  // As `npm start` reads them: a relative DATA_DIR is relative to the repository.
  const dataSetting = env.DATA_DIR?.trim() || ".data";
  const dataDir = isAbsolute(dataSetting) ? dataSetting : join(root, dataSetting);
  const url = `http://127.0.0.1:${env.API_PORT?.trim() || "54321"}`;
  if (!existsSync(dataDir)) {
    throw new AdminCreateError(
      `There is no local project in ${dataDir}: run \`npm start\` first (or set SUPABASE_URL and SUPABASE_SECRET_KEY for a hosted project).`,
    );
  }
  const localKey = await readSecretKey(dataDir, env);
  const answer = await probe(url, localKey);
  if (answer === "down") {
    // PGlite allows one process per database folder: never open one `npm start` holds.
    const holder = await lockHolder(dataDir);
    if (holder) {
      throw new AdminCreateError(
        `Process ${holder} is using ${dataDir} but nothing answers on ${url}: set API_PORT to the port it serves the API on, or stop it first.`,
      );
    }
    const dbDir = join(dataDir, "db");
    if (!existsSync(dbDir)) {
      throw new AdminCreateError(
        `There is no database in ${dbDir}: run \`npm start\` first to create it.`,
      );
    }
    return { kind: "database", dbDir, label: `the local database in ${dbDir}` };
  }
  if (!localKey) {
    throw new AdminCreateError(
      `Something is listening on ${url}, but ${join(dataDir, "keys.json")} is missing, so there is no secret key to call it with.`,
    );
  }
  if (answer !== "ok") {
    throw new AdminCreateError(
      `${url} did not answer as this project's local stack (${answer}); check API_PORT and DATA_DIR.`,
    );
  }
  return {
    kind: "api",
    url,
    secretKey: localKey,
    label: `the running local stack at ${url}`,
  };
}

async function findUserId(client: SupabaseClient, email: string): Promise<string | undefined> {
  const perPage = 1000;
  for (let page = 1; ; page += 1) {
    const { data, error } = await client.auth.admin.listUsers({ page, perPage });
    if (error) throw new AdminCreateError(`Could not list users: ${error.message}`);
    const user = data.users.find((u) => u.email?.toLowerCase() === email);
    if (user) return user.id;
    if (data.users.length < perPage) return undefined;
  }
}

async function createThroughApi(
  { email, password }: AdminInput,
  target: Extract<AdminTarget, { kind: "api" }>,
): Promise<AdminResult> {
  const client = createClient(target.url, target.secretKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const created = await client.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    app_metadata: { role: "admin" },
  });
  if (created.data.user) return { id: created.data.user.id, email, action: "created" };
  if (created.error?.code !== "email_exists") {
    throw new AdminCreateError(
      `Could not create ${email} in ${target.label}: ${created.error?.message ?? "no user returned"}`,
    );
  }
  const id = await findUserId(client, email);
  if (!id) {
    throw new AdminCreateError(`${email} exists in ${target.label} but could not be found.`);
  }
  // An admin set password also ends every session of the user.
  const updated = await client.auth.admin.updateUserById(id, {
    password,
    email_confirm: true,
    app_metadata: { role: "admin" },
    ban_duration: "none",
  });
  if (updated.error) {
    throw new AdminCreateError(`Could not promote ${email}: ${updated.error.message}`);
  }
  const factors = await client.auth.admin.mfa.listFactors({ userId: id });
  if (factors.error) {
    throw new AdminCreateError(`Could not read the apps of ${email}: ${factors.error.message}`);
  }
  for (const factor of factors.data?.factors ?? []) {
    const removed = await client.auth.admin.mfa.deleteFactor({ userId: id, id: factor.id });
    if (removed.error) {
      throw new AdminCreateError(`Could not remove an app of ${email}: ${removed.error.message}`);
    }
  }
  return { id, email, action: "promoted" };
}

async function createInDatabase(
  { email, password }: AdminInput,
  target: Extract<AdminTarget, { kind: "database" }>,
): Promise<AdminResult> {
  if (!existsSync(join(target.dbDir, "PG_VERSION"))) {
    throw new AdminCreateError(
      `The database in ${target.dbDir} is not set up yet: run \`npm start\` once first.`,
    );
  }
  const hash = await hashPassword(password);
  let db: PGlite;
  try {
    db = new PGlite(target.dbDir);
    await db.waitReady;
  } catch (error) {
    throw new AdminCreateError(
      `Could not open the database in ${target.dbDir}: ${(error as Error).message}`,
    );
  }
  try {
    const { rows } = await db.query<{
      users: string | null;
      sessions: string | null;
      factors: string | null;
    }>(
      `select to_regclass('auth.users')::text as users,
              to_regclass('auth.sessions')::text as sessions,
              to_regclass('auth.mfa_factors')::text as factors`,
    );
    if (!rows[0]?.users) {
      throw new AdminCreateError(
        `The database in ${target.dbDir} is not set up yet: run \`npm start\` once first.`,
      );
    }
    const hasSessions = Boolean(rows[0].sessions);
    const hasFactors = Boolean(rows[0].factors);
    return await db.transaction(async (tx) => {
      const existing = await tx.query<{ id: string }>(
        "select id from auth.users where lower(email) = $1 and aud = 'authenticated' for update",
        [email],
      );
      const id = existing.rows[0]?.id;
      if (id) {
        // What the admin API does for {password, email_confirm, app_metadata, ban_duration: none}.
        await tx.query(
          `update auth.users set
              encrypted_password = $2,
              email_confirmed_at = now(),
              raw_app_meta_data = '{"provider": "email", "providers": ["email"]}'::jsonb
                || coalesce(raw_app_meta_data, '{}') || '{"role": "admin"}'::jsonb,
              raw_user_meta_data = coalesce(raw_user_meta_data, '{}')
                || '{"email_verified": true}'::jsonb,
              banned_until = null,
              updated_at = now()
            where id = $1`,
          [id, hash],
        );
        if (hasSessions) await tx.query("delete from auth.sessions where user_id = $1", [id]);
        // As the admin API's factor deletion: the apps go (their challenges with them).
        if (hasFactors) await tx.query("delete from auth.mfa_factors where user_id = $1", [id]);
        return { id, email, action: "promoted" as const };
      }
      const inserted = await tx.query<{ id: string }>(
        `insert into auth.users
           (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
            raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated',
                 'authenticated', $1, $2, now(),
                 '{"provider": "email", "providers": ["email"], "role": "admin"}'::jsonb,
                 '{"email_verified": true}'::jsonb, now(), now())
         returning id`,
        [email, hash],
      );
      return { id: inserted.rows[0]?.id ?? "", email, action: "created" as const };
    });
  } finally {
    await db.close();
  }
}

/** Creates the admin, or promotes the existing user, at target. */
export async function createAdmin(input: AdminInput, target: AdminTarget): Promise<AdminResult> {
  const checked = validateAdminInput([input.email, input.password]);
  return target.kind === "api"
    ? createThroughApi(checked, target)
    : createInDatabase(checked, target);
}

export async function main(args: readonly string[]): Promise<number> {
  try {
    const input = validateAdminInput(args);
    const target = await resolveTarget();
    const result = await createAdmin(input, target);
    console.log(
      result.action === "created"
        ? `Created admin ${result.email} (${result.id}) in ${target.label}.`
        : `Made ${result.email} (${result.id}) an admin in ${target.label}: password reset, email confirmed, all sessions ended.`,
    );
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(
      error instanceof AdminCreateError
        ? message
        : `admin:create failed: ${message.split("\n")[0]}`,
    );
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
