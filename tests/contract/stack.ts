// The Supabase the contract suite talks to. By default a fresh embedded stack
// (PGlite with the migrations and seed, behind the local stand-in) per test file;
// with SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY set, a real
// one (`supabase start`, or a hosted project you can reset), so the same suite
// checks that the stand-in answers as Supabase does.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { createDatabase } from "../../supabase/local/database.ts";
import { ephemeralKeys } from "../../supabase/local/keys.ts";
import { freePort, startStandIn } from "../../supabase/local/server.ts";

const root = join(import.meta.dirname, "..", "..");

export interface TestStack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** True when the suite runs against the embedded stand-in. */
  embedded: boolean;
  /** The JWT secret, when known (embedded, or SUPABASE_JWT_SECRET for a real stack). */
  jwtSecret?: string;
  /** Where the embedded stand-in keeps stored objects. */
  storageDir?: string;
  /** The embedded database itself (owner access: no RLS), for checks behind the API. */
  db?: PGlite;
  close(): Promise<void>;
}

export async function startTestStack(
  options: { functionSecrets?: Record<string, string>; functionsDir?: string } = {},
): Promise<TestStack> {
  const { SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY } = process.env;
  if (SUPABASE_URL && SUPABASE_ANON_KEY && SUPABASE_SERVICE_ROLE_KEY) {
    return {
      url: SUPABASE_URL,
      anonKey: SUPABASE_ANON_KEY,
      serviceRoleKey: SUPABASE_SERVICE_ROLE_KEY,
      embedded: false,
      jwtSecret: process.env.SUPABASE_JWT_SECRET,
      close: async () => {},
    };
  }
  const db = await createDatabase({ seed: true });
  const keys = await ephemeralKeys();
  const storageDir = await mkdtemp(join(tmpdir(), "standin-storage-"));
  const standIn = await startStandIn(
    {
      db,
      keys,
      storageDir,
      functionsDir: options.functionsDir ?? join(root, "functions"),
      functionSecrets: options.functionSecrets ?? {},
    },
    await freePort(),
  );
  return {
    url: standIn.url,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    embedded: true,
    jwtSecret: keys.jwtSecret,
    storageDir,
    db,
    async close() {
      await standIn.close();
      await db.close();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

const noSession = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
};

export function anonClient(stack: TestStack): SupabaseClient {
  return createClient(stack.url, stack.anonKey, noSession);
}

export function serviceClient(stack: TestStack): SupabaseClient {
  return createClient(stack.url, stack.serviceRoleKey, noSession);
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  client: SupabaseClient;
}

/** Creates a user with the service key (an admin when asked) and signs them in. */
export async function signedInUser(
  stack: TestStack,
  options: { admin?: boolean } = {},
): Promise<TestUser> {
  const email = `${options.admin ? "admin" : "user"}-${randomUUID()}@helpinghands.example`;
  const password = `pw-${randomUUID()}`;
  const { data, error } = await serviceClient(stack).auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    app_metadata: options.admin ? { role: "admin" } : {},
  });
  if (error || !data.user) throw new Error(`could not create ${email}: ${error?.message}`);
  const client = anonClient(stack);
  const signIn = await client.auth.signInWithPassword({ email, password });
  if (signIn.error) throw new Error(`could not sign in ${email}: ${signIn.error.message}`);
  return { id: data.user.id, email, password, client };
}
