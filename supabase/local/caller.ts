// Who is calling: what the hosted gateway and PostgREST work out from the
// `apikey` and `Authorization` headers before any API code runs.
import { type JwtClaims, type ProjectKeys, verifyJwt } from "./keys.ts";

export type DatabaseRole = "anon" | "authenticated" | "service_role";

export interface Caller {
  role: DatabaseRole;
  claims: JwtClaims;
  /** The bearer token the caller presented (or the apikey when none). */
  token: string;
  /** True when the apikey is the service role key. */
  serviceKey: boolean;
}

export type CallerError =
  | { kind: "no-apikey" }
  | { kind: "bad-apikey" }
  | { kind: "jwt-expired"; message: string }
  | { kind: "jwt-invalid"; message: string }
  | { kind: "bad-role"; role: string };

const ROLES = new Set<string>(["anon", "authenticated", "service_role"]);

export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return match?.[1];
}

export async function resolveCaller(
  headers: { apikey?: string; authorization?: string },
  keys: ProjectKeys,
): Promise<{ ok: true; caller: Caller } | { ok: false; error: CallerError }> {
  const apikey = headers.apikey?.trim();
  if (!apikey) return { ok: false, error: { kind: "no-apikey" } };
  if (apikey !== keys.anonKey && apikey !== keys.serviceRoleKey)
    return { ok: false, error: { kind: "bad-apikey" } };

  const token = bearerToken(headers.authorization) ?? apikey;
  const verified = await verifyJwt(token, keys.jwtSecret);
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
      serviceKey: apikey === keys.serviceRoleKey,
    },
  };
}
