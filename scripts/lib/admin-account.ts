// The first administrator of an embedded project. Its email and password come from
// ADMIN_EMAIL / ADMIN_PASSWORD, or are made on first run; either way they are kept
// in <dataDir>/admin.json (readable by the owner only) so every start can print
// them. The account itself is made through the Auth admin API with the service
// key, as it would be on a hosted project.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createClient } from "@supabase/supabase-js";

export const DEFAULT_ADMIN_EMAIL = "admin@helpinghands.local";

export interface AdminCredentials {
  email: string;
  password: string;
}

export interface ExistingUser {
  id: string;
  isAdmin: boolean;
}

export interface AdminSetupOptions {
  dataDir: string;
  env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string };
  /** The Supabase (or stand-in) URL and its secret key (or legacy service role key). */
  url: string;
  secretKey: string;
  /** Looks the account up by email (case-insensitive). */
  findUser(email: string): Promise<ExistingUser | null>;
}

export interface AdminSetup {
  email: string;
  /** Null when an account made elsewhere keeps a password this script never knew. */
  password: string | null;
  /** What was done to the account, or null when Auth could not be reached. */
  action: "created" | "updated" | "unchanged" | null;
  /** Why the account could not be set up, when it could not. */
  warning?: string;
  passwordSource: "ADMIN_PASSWORD" | "generated" | "saved";
}

/** 20 characters of base64url: 120 random bits. */
export function generatePassword(): string {
  return randomBytes(15).toString("base64url");
}

function adminFile(dataDir: string): string {
  return join(dataDir, "admin.json");
}

export async function readSavedAdmin(dataDir: string): Promise<AdminCredentials | null> {
  try {
    const saved = JSON.parse(
      await readFile(adminFile(dataDir), "utf8"),
    ) as Partial<AdminCredentials>;
    return typeof saved.email === "string" && typeof saved.password === "string"
      ? { email: saved.email, password: saved.password }
      : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

export async function saveAdmin(dataDir: string, credentials: AdminCredentials): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await writeFile(adminFile(dataDir), `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
}

/** The credentials this start should leave in place, and where the password came from. */
export function resolveCredentials(
  env: AdminSetupOptions["env"],
  saved: AdminCredentials | null,
): AdminCredentials & { passwordSource: AdminSetup["passwordSource"] } {
  const email = (env.ADMIN_EMAIL?.trim() || saved?.email || DEFAULT_ADMIN_EMAIL).toLowerCase();
  if (env.ADMIN_PASSWORD)
    return { email, password: env.ADMIN_PASSWORD, passwordSource: "ADMIN_PASSWORD" };
  if (saved && saved.email.toLowerCase() === email) {
    return { email, password: saved.password, passwordSource: "saved" };
  }
  return { email, password: generatePassword(), passwordSource: "generated" };
}

function describe(error: { message?: string; status?: number } | Error): string {
  const status = "status" in error && error.status ? ` (HTTP ${error.status})` : "";
  return `${error.message || "unknown error"}${status}`;
}

/**
 * Makes sure the admin account exists with the wanted password and the admin role.
 * Never throws for Auth being unreachable: it answers with a warning instead.
 */
export async function setUpAdmin(options: AdminSetupOptions): Promise<AdminSetup> {
  const saved = await readSavedAdmin(options.dataDir);
  const { passwordSource, ...wanted } = resolveCredentials(options.env, saved);
  // admin.json records what the account was last set to, so a password changed in
  // the admin UI is not overwritten by a later start that brings no ADMIN_PASSWORD.
  const lastApplied = saved && saved.email.toLowerCase() === wanted.email ? saved.password : null;
  const result: AdminSetup = { ...wanted, action: null, passwordSource };

  const admin = createClient(options.url, options.secretKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  }).auth.admin;
  try {
    const existing = await options.findUser(wanted.email);
    if (!existing) {
      const { error } = await admin.createUser({
        email: wanted.email,
        password: wanted.password,
        email_confirm: true,
        app_metadata: { role: "admin" },
      });
      if (error) throw error;
      result.action = "created";
    } else {
      const changes: { password?: string; app_metadata?: { role: string } } = {};
      // An account made elsewhere keeps its password unless ADMIN_PASSWORD says otherwise.
      const unknown = lastApplied === null && passwordSource === "generated";
      if (unknown) result.password = null;
      else if (wanted.password !== lastApplied) changes.password = wanted.password;
      if (!existing.isAdmin) changes.app_metadata = { role: "admin" };
      if (Object.keys(changes).length > 0) {
        const { error } = await admin.updateUserById(existing.id, changes);
        if (error) throw error;
        result.action = "updated";
      } else {
        result.action = "unchanged";
      }
    }
  } catch (error) {
    result.warning = describe(error as Error);
  }

  if (result.password !== null && (result.action || !saved))
    await saveAdmin(options.dataDir, wanted);
  return result;
}
