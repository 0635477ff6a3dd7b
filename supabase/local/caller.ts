// Who is calling: what the hosted gateway and PostgREST work out from the
// `apikey` and `Authorization` headers before any API code runs.
//
// - The apikey names the project key: the publishable key is the anon role, the
//   secret key the service_role role. The legacy `anon` / `service_role` JWTs are
//   taken until the legacy API keys are switched off.
// - A secret key sent by a browser is refused: hosted tells browsers apart by
//   their User-Agent.
// - A user's bearer token is verified against the project's signing keys and its
//   role claim decides the database role. A bearer that is the apikey itself (as
//   supabase-js sends it) counts as no user token.
import { type JwtClaims, type ProjectKeys, verifySession } from "./keys.ts";

export type DatabaseRole = "anon" | "authenticated" | "service_role";

export interface Caller {
  role: DatabaseRole;
  claims: JwtClaims;
  /** The bearer token the caller presented (or the apikey when none). */
  token: string;
  /** True when the apikey is the secret (or legacy service_role) key. */
  serviceKey: boolean;
  /** True when no user token came with a new API key: the key's own role applies. */
  keyOnly: boolean;
}

export type CallerError =
  | { kind: "no-apikey" }
  | { kind: "bad-apikey" }
  | { kind: "legacy-disabled" }
  | { kind: "secret-in-browser" }
  | { kind: "jwt-expired"; message: string }
  | { kind: "jwt-invalid"; message: string }
  | { kind: "bad-role"; role: string };

const ROLES = new Set<string>(["anon", "authenticated", "service_role"]);

export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return match?.[1];
}

/**
 * A browser's User-Agent, as hosted tells it: every browser engine's starts with
 * "Mozilla/" (and so do some server tools that imitate one, which hosted refuses
 * too); Node's fetch, Deno, curl and supabase-js on a server do not.
 */
export function isBrowserUserAgent(userAgent: string | undefined): boolean {
  return /^Mozilla\//.test(userAgent ?? "");
}

type KeyKind = { role: "anon" | "service_role"; legacy: boolean };

function classifyApiKey(apikey: string, keys: ProjectKeys): KeyKind | undefined {
  if (apikey === keys.publishableKey) return { role: "anon", legacy: false };
  if (apikey === keys.secretKey) return { role: "service_role", legacy: false };
  if (apikey === keys.anonKey) return { role: "anon", legacy: true };
  if (apikey === keys.serviceRoleKey) return { role: "service_role", legacy: true };
  return undefined;
}

export async function resolveCaller(
  headers: { apikey?: string; authorization?: string; userAgent?: string },
  keys: ProjectKeys,
): Promise<{ ok: true; caller: Caller } | { ok: false; error: CallerError }> {
  const apikey = headers.apikey?.trim();
  if (!apikey) return { ok: false, error: { kind: "no-apikey" } };
  const kind = classifyApiKey(apikey, keys);
  if (!kind) return { ok: false, error: { kind: "bad-apikey" } };
  if (kind.legacy && !keys.legacyApiKeys) return { ok: false, error: { kind: "legacy-disabled" } };
  if (kind.role === "service_role" && !kind.legacy && isBrowserUserAgent(headers.userAgent))
    return { ok: false, error: { kind: "secret-in-browser" } };

  const bearer = bearerToken(headers.authorization);
  const serviceKey = kind.role === "service_role";
  // A new API key is not a JWT: without a user token the key's own role applies.
  if (!kind.legacy && (bearer === undefined || bearer === apikey)) {
    return {
      ok: true,
      caller: {
        role: kind.role,
        claims: { role: kind.role },
        token: apikey,
        serviceKey,
        keyOnly: true,
      },
    };
  }
  const token = bearer ?? apikey;
  const verified = await verifySession(token, keys);
  if (!verified.ok) {
    return {
      ok: false,
      error:
        verified.reason === "expired"
          ? { kind: "jwt-expired", message: verified.message }
          : { kind: "jwt-invalid", message: verified.message },
    };
  }
  const role = typeof verified.claims.role === "string" ? verified.claims.role : "anon";
  if (!ROLES.has(role)) return { ok: false, error: { kind: "bad-role", role } };
  return {
    ok: true,
    caller: {
      role: role as DatabaseRole,
      claims: verified.claims,
      token,
      serviceKey,
      keyOnly: false,
    },
  };
}
