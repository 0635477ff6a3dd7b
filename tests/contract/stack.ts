// The Supabase the contract suite talks to. By default a fresh embedded stack
// (PGlite with the migrations and seed, behind the local stand-in) per test file, in
// the key mode SUPABASE_KEYS names ("new" by default, or "legacy"). With SUPABASE_URL
// and a project's keys set, a real one (a hosted project you can reset, or
// `supabase start`), so the same suite checks that the stand-in answers as Supabase
// does:
//   SUPABASE_PUBLISHABLE_KEY (or SUPABASE_ANON_KEY) and SUPABASE_SECRET_KEY (or
//   SUPABASE_SERVICE_ROLE_KEY); SUPABASE_JWT_SECRET only for the legacy cases that
//   forge tokens with the shared secret; MAIL_CATCHER_URL for the cases that read the
//   mail Auth sent (`supabase start`'s Mailpit, http://127.0.0.1:54324).
// The embedded stack has its own mail catcher, which Auth sends through.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { Secret, TOTP } from "otpauth";
import { mailSecrets } from "../../scripts/lib/stack.ts";
import type { Database } from "../../supabase/database.types.ts";
import { createDatabase } from "../../supabase/local/database.ts";
import {
  apiKeys,
  ephemeralKeys,
  type KeyMode,
  type ProjectKeys,
} from "../../supabase/local/keys.ts";
import { type MailCatcher, startMailCatcher } from "../../supabase/local/mail/index.ts";
import { freePort, startStandIn } from "../../supabase/local/server.ts";

const root = join(import.meta.dirname, "..", "..");

export interface TestStack {
  url: string;
  /** The key a browser uses: the publishable key, or the legacy anon key. */
  publishableKey: string;
  /** The server's key: the secret key, or the legacy service_role key. */
  secretKey: string;
  /** "new" when the keys are `sb_` keys and sessions are signed with ES256. */
  mode: KeyMode;
  /** True when the suite runs against the embedded stand-in. */
  embedded: boolean;
  /** The embedded project's keys, live: rotating them here rotates the stand-in's. */
  keys?: ProjectKeys;
  /** The legacy JWT secret, when known (embedded, or SUPABASE_JWT_SECRET for a real stack). */
  jwtSecret?: string;
  /** Where the embedded stand-in keeps stored objects. */
  storageDir?: string;
  /** The embedded database itself (owner access: no RLS), for checks behind the API. */
  db?: PGlite;
  /**
   * The mail catcher's address (its Mailpit-shaped API is under /api/v1): the embedded
   * stack's own, or MAIL_CATCHER_URL for a real one; absent when unknown.
   */
  mailUrl?: string;
  close(): Promise<void>;
}

/** True when the suite runs against a real project (SUPABASE_URL is set). */
export const REAL_PROJECT = Boolean(process.env.SUPABASE_URL);

/**
 * The name suffix of a case that runs on the embedded stand-in only: skipped against a
 * real project with `describe.skipIf(REAL_PROJECT)`, its name saying why.
 */
export function embeddedOnly(reason: string): string {
  return `[embedded only: ${reason}]`;
}

export interface TestStackOptions {
  functionSecrets?: Record<string, string>;
  functionsDir?: string;
  /** Give the functions the SMTP secrets of the stack's mail catcher, as `npm start` does. */
  mailSecrets?: boolean;
  /**
   * Play the hosted delivery setup, as `npm start` does: the database calls the alerts
   * function through pg_net, and the cron job runs every `cronSeconds`.
   */
  hostedHooks?: { cronSeconds?: number };
}

export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const env = process.env;
  const publishable = env.SUPABASE_PUBLISHABLE_KEY || env.SUPABASE_ANON_KEY;
  const secret = env.SUPABASE_SECRET_KEY || env.SUPABASE_SERVICE_ROLE_KEY;
  if (env.SUPABASE_URL && publishable && secret) {
    return {
      url: env.SUPABASE_URL,
      publishableKey: publishable,
      secretKey: secret,
      mode: publishable.startsWith("sb_") ? "new" : "legacy",
      embedded: false,
      jwtSecret: env.SUPABASE_JWT_SECRET,
      mailUrl: env.MAIL_CATCHER_URL || undefined,
      close: async () => {},
    };
  }
  const db = await createDatabase({ seed: true });
  const keys = await ephemeralKeys();
  const storageDir = await mkdtemp(join(tmpdir(), "standin-storage-"));
  const catcher: MailCatcher = await startMailCatcher();
  const mail = { url: catcher.url, smtpHost: catcher.smtpHost, smtpPort: catcher.smtpPort };
  const standIn = await startStandIn(
    {
      db,
      keys,
      storageDir,
      functionsDir: options.functionsDir ?? join(root, "functions"),
      functionSecrets: {
        ...(options.mailSecrets ? mailSecrets(mail) : {}),
        ...options.functionSecrets,
      },
      authSmtp: { host: catcher.smtpHost, port: catcher.smtpPort },
      ...(options.hostedHooks ? { hostedHooks: options.hostedHooks } : {}),
    },
    await freePort(),
  );
  const { publishable: publishableKey, secret: secretKey } = apiKeys(keys);
  return {
    url: standIn.url,
    publishableKey,
    secretKey,
    mode: keys.mode,
    embedded: true,
    keys,
    jwtSecret: keys.jwtSecret,
    storageDir,
    db,
    mailUrl: catcher.url,
    async close() {
      await standIn.close();
      await catcher.close();
      await db.close();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

const noSession = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
};

export function anonClient(stack: TestStack): SupabaseClient {
  return createClient(stack.url, stack.publishableKey, noSession);
}

/** A client that sends this bearer token, as a browser holding it would (no session of its own). */
export function tokenClient(stack: TestStack, bearer: string): SupabaseClient {
  return createClient(stack.url, stack.publishableKey, {
    ...noSession,
    global: { headers: { Authorization: `Bearer ${bearer}` } },
  });
}

export function serviceClient(stack: TestStack): SupabaseClient {
  return createClient(stack.url, stack.secretKey, noSession);
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  client: SupabaseClient;
  /** The key of the account's authenticator app, when it has one. */
  secret?: string;
}

/** A fresh address at the test domain: `<prefix>-<uuid>@helpinghands.example`. */
export function newEmail(prefix: string): string {
  return `${prefix}-${randomUUID()}@helpinghands.example`;
}

/** The access token of a signed-in user's current session. */
export async function accessToken(user: Pick<TestUser, "email" | "client">): Promise<string> {
  const { data } = await user.client.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new Error(`${user.email} has no session`);
  return token;
}

/** Creates a user with the service key (an admin when asked) and signs them in. */
/** The code an authenticator app holding `secret` shows now (SHA-1, 6 digits, 30 s). */
export function totpCode(secret: string): string {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  }).generate();
}

/**
 * Raises `client`'s session to aal2 with a code of the account's authenticator app:
 * the app whose key is `secret`, or, without one, a new app enrolled here. Answers the
 * key. Verifying ends the account's other sessions below aal2, as Auth does.
 */
export async function verifySecondFactor(
  client: Pick<SupabaseClient, "auth">,
  secret?: string,
): Promise<string> {
  let factorId: string;
  let key = secret;
  if (key) {
    const { data, error } = await client.auth.mfa.listFactors();
    const factor = data?.totp.find((f) => f.status === "verified");
    if (error || !factor) throw new Error(`no verified factor: ${error?.message}`);
    factorId = factor.id;
  } else {
    const { data, error } = await client.auth.mfa.enroll({
      factorType: "totp",
      friendlyName: `Test app ${randomUUID().slice(0, 8)}`,
    });
    if (error) throw new Error(`could not enrol a factor: ${error.message}`);
    factorId = data.id;
    key = data.totp.secret;
  }
  const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code: totpCode(key) });
  if (error) throw new Error(`could not verify a code: ${error.message}`);
  return key;
}

/**
 * Creates a user with the service key and signs them in: an editor, or an
 * administrator, who has an authenticator app and a session that verified its code
 * (aal2) unless `secondFactor` is false (a password-only session, aal1).
 */
export async function signedInUser(
  stack: TestStack,
  options: { admin?: boolean; editor?: boolean; secondFactor?: boolean } = {},
): Promise<TestUser> {
  const role = options.admin ? "admin" : options.editor ? "editor" : null;
  const email = newEmail(role ?? "user");
  const password = `pw-${randomUUID()}`;
  const { data, error } = await serviceClient(stack).auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    app_metadata: role ? { role } : {},
  });
  if (error || !data.user) throw new Error(`could not create ${email}: ${error?.message}`);
  const client = anonClient(stack);
  const signIn = await client.auth.signInWithPassword({ email, password });
  if (signIn.error) throw new Error(`could not sign in ${email}: ${signIn.error.message}`);
  const secret =
    role === "admin" && options.secondFactor !== false
      ? await verifySecondFactor(client)
      : undefined;
  return { id: data.user.id, email, password, client, ...(secret ? { secret } : {}) };
}

/**
 * A second client of `user`'s, typed for the project's schema (as the admin's is) and
 * signed in as them; its requests go through `fetch` when given.
 */
export async function typedClient(
  stack: TestStack,
  user: Pick<TestUser, "email" | "password" | "secret">,
  fetch?: typeof globalThis.fetch,
): Promise<SupabaseClient<Database>> {
  const client = createClient<Database>(stack.url, stack.publishableKey, {
    ...noSession,
    ...(fetch ? { global: { fetch } } : {}),
  });
  const { error } = await client.auth.signInWithPassword({
    email: user.email,
    password: user.password,
  });
  if (error) throw new Error(`could not sign in ${user.email}: ${error.message}`);
  // An account with an authenticator app gives its code, as the admin's sign-in does.
  if (user.secret) await verifySecondFactor(client, user.secret);
  return client;
}
