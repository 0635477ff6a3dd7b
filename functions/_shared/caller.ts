// The project a function runs in, and who is calling it.
//
// Keys: hosted gives every function SUPABASE_PUBLISHABLE_KEYS and SUPABASE_SECRET_KEYS
// (JSON sets, {"default": "sb_..."}) and the legacy SUPABASE_ANON_KEY and
// SUPABASE_SERVICE_ROLE_KEY. The new keys are used; the legacy ones only when a project
// has no new keys.
//
// Callers: the platform's verify_jwt check knows only the legacy JWT secret, so the
// functions that need a signed-in caller turn it off and check here, in two steps:
// 1. the token's signature and expiry against the project's JWKS (SUPABASE_JWKS), with
//    @supabase/server, when the JWKS lists the token's key: a forged or expired token
//    stops here, without a network call. Tokens signed with the legacy secret (no
//    public key) or by a key newer than this process's environment go to step 2.
// 2. Supabase Auth's own answer for the token (auth.getUser): the account still
//    exists and is not banned, and the role app_metadata (which only the secret key
//    can set) holds now, so a removed or demoted member loses rights at once.
import { verifyCredentials } from "npm:@supabase/server@1/core";
import { createClient, type SupabaseClient } from "npm:@supabase/supabase-js@2";
import { sameSecret } from "./http.ts";

/**
 * Who a token belongs to: a team member (an administrator, or an editor, who changes
 * the content only), a signed-in user with neither role, or nobody.
 */
export type Caller =
  | { kind: "admin"; userId: string }
  | { kind: "editor"; userId: string }
  | { kind: "user" }
  | { kind: "none" };

export interface EnvReader {
  get(name: string): string | undefined;
}

type JsonWebKeySet = { keys: Record<string, unknown>[] };

const NO_SESSION = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
};

/** The "default" key of a JSON key set, else its first key. */
function fromKeySet(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    const set = JSON.parse(raw) as Record<string, unknown>;
    const key = set.default ?? Object.values(set)[0];
    return typeof key === "string" && key ? key : undefined;
  } catch {
    return undefined;
  }
}

/** The key a browser would use: the publishable key, else the legacy anon key. */
export function publishableKey(env: EnvReader): string | undefined {
  return (
    fromKeySet(env.get("SUPABASE_PUBLISHABLE_KEYS")) ||
    env.get("SUPABASE_PUBLISHABLE_KEY") ||
    env.get("SUPABASE_ANON_KEY") ||
    undefined
  );
}

/** The server's key: the secret key, else the legacy service role key. */
export function secretKey(env: EnvReader): string | undefined {
  return (
    fromKeySet(env.get("SUPABASE_SECRET_KEYS")) ||
    env.get("SUPABASE_SECRET_KEY") ||
    env.get("SUPABASE_SERVICE_ROLE_KEY") ||
    undefined
  );
}

/**
 * Whether a bearer token is one of the project's server keys: any secret key of the
 * set, or the legacy service role key while the project still has it. Compared
 * without stopping at the first difference.
 */
export function isServerKey(env: EnvReader, token: string): boolean {
  const keys: string[] = [];
  try {
    const set = JSON.parse(env.get("SUPABASE_SECRET_KEYS") ?? "{}") as Record<string, unknown>;
    for (const key of Object.values(set)) if (typeof key === "string" && key) keys.push(key);
  } catch {
    // A malformed set holds no key.
  }
  for (const name of ["SUPABASE_SECRET_KEY", "SUPABASE_SERVICE_ROLE_KEY"]) {
    const key = env.get(name);
    if (key) keys.push(key);
  }
  return keys.some((key) => sameSecret(token, key));
}

/** The project's JWKS when it holds at least one key. */
function jwksOf(env: EnvReader): JsonWebKeySet | null {
  const raw = env.get("SUPABASE_JWKS");
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as unknown;
    const keys = Array.isArray(parsed) ? parsed : (parsed as JsonWebKeySet | null)?.keys;
    return Array.isArray(keys) && keys.length > 0 ? { keys } : null;
  } catch {
    return null;
  }
}

function required(name: string, value: string | undefined): string {
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/** identify(token) for the project in env. */
export function supabaseIdentify(env: EnvReader): (token: string) => Promise<Caller> {
  let auth: SupabaseClient | undefined;
  return async (token: string) => {
    const url = required("SUPABASE_URL", env.get("SUPABASE_URL"));
    const key = required("SUPABASE_PUBLISHABLE_KEYS (or SUPABASE_ANON_KEY)", publishableKey(env));
    // An API key is no user, whichever key it is.
    if (token.startsWith("sb_")) return { kind: "none" };
    // A token signed by a key the JWKS lists is checked here; anything else (a token
    // signed with the legacy secret, or by a key rotated in after this process read
    // its environment) is left to Auth, which knows every key.
    const jwks = jwksOf(env);
    if (jwks && signedByListedKey(token, jwks)) {
      const { error } = await verifyCredentials(
        { token, apikey: null },
        { auth: "user", env: { url, publishableKeys: { default: key }, secretKeys: {}, jwks } },
      );
      if (error) return { kind: "none" };
    }
    auth ??= createClient(url, key, NO_SESSION);
    const { data, error } = await auth.auth.getUser(token);
    if (error || !data.user) return { kind: "none" };
    // A banned account is signed out for every purpose, even while its token lasts.
    const bannedUntil = Date.parse(data.user.banned_until ?? "");
    if (bannedUntil > Date.now()) return { kind: "none" };
    const role = data.user.app_metadata?.role;
    return role === "admin" || role === "editor"
      ? { kind: role, userId: data.user.id }
      : { kind: "user" };
  };
}

/** Whether the token's header names an asymmetric key that the JWKS lists. */
function signedByListedKey(token: string, jwks: JsonWebKeySet): boolean {
  try {
    const encoded = (token.split(".")[0] ?? "").replace(/-/g, "+").replace(/_/g, "/");
    const header = JSON.parse(atob(encoded)) as { alg?: unknown; kid?: unknown };
    return (
      header.alg !== "HS256" &&
      typeof header.kid === "string" &&
      jwks.keys.some((listed) => listed.kid === header.kid)
    );
  } catch {
    return false;
  }
}

/** A client with the project's secret key (no RLS), made on first use. */
export function serviceClient(env: EnvReader): () => SupabaseClient {
  let client: SupabaseClient | undefined;
  return () => {
    const url = required("SUPABASE_URL", env.get("SUPABASE_URL"));
    const key = required("SUPABASE_SECRET_KEYS (or SUPABASE_SERVICE_ROLE_KEY)", secretKey(env));
    client ??= createClient(url, key, NO_SESSION);
    return client;
  };
}
