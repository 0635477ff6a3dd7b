// Sessions and refresh tokens in auth.sessions and auth.refresh_tokens, in hosted
// shape, so a restart keeps users signed in. Refreshing rotates the token: the
// presented one is revoked and its child issued. A revoked token presented again is
// answered with the active child when it is that child's parent (the client lost the
// answer), forgiven within refresh_token_reuse_interval, and otherwise taken as a
// stolen token: the whole family is revoked. A session's assurance level (aal) and
// authentication methods (amr) come from its rows in auth.mfa_amr_claims; a verified
// second factor raises the session to aal2 (see mfa.ts).
import { randomBytes, randomUUID } from "node:crypto";
import { isIP } from "node:net";
import type { PGliteInterface } from "@electric-sql/pglite";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { asOwner } from "../transaction.ts";
import { type AuthSettings, NIL_UUID } from "./config.ts";
import { type AuthApiError, badRequest, invalidCredentials } from "./errors.ts";
import { findUserById, markSignedIn, type Runner, type UserRow } from "./persistence.ts";
import { isBanned } from "./users.ts";
import { isUuid } from "./validation.ts";

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  not_after: Date | null;
  /** The assurance level GoTrue keeps on the row, which its aal2 checks read. */
  aal: "aal1" | "aal2" | "aal3" | null;
  /** The factor that raised the session to aal2, if any. */
  factor_id: string | null;
}

const SESSION_COLUMNS = "id, user_id, created_at, not_after, aal, factor_id";

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string | null;
  revoked: boolean | null;
  updated_at: Date | null;
  parent: string | null;
  session_id: string | null;
}

/** A signed-in user: the session and the refresh token to hand out. */
export interface Sessioned {
  user: UserRow;
  session: SessionRow;
  refreshToken: string;
}

/** Who is signing in, as GoTrue records it on the session. */
export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}

/**
 * The client's IP address, for the sessions and the per-IP limits: the first
 * X-Forwarded-For entry, else X-Real-IP, else the connection's peer; the first of those
 * that is an IP address, or null.
 */
export function clientIp(c: Context): string | null {
  const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
  for (const candidate of [forwarded, c.req.header("x-real-ip")?.trim(), peerAddress(c)]) {
    if (candidate && isIP(candidate)) return candidate;
  }
  return null;
}

/** The connection's remote address; none when the request came without one (tests). */
function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

export function clientInfo(c: Context): ClientInfo {
  return { userAgent: c.req.header("user-agent") || null, ip: clientIp(c) };
}

export async function findSession(db: Runner, id: string): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(
    `select ${SESSION_COLUMNS} from auth.sessions where id = $1`,
    [id],
  );
  return rows[0];
}

function newRefreshToken(): string {
  return randomBytes(16).toString("base64url");
}

async function insertRefreshToken(
  tx: Runner,
  token: string,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<void> {
  await tx.query(
    `insert into auth.refresh_tokens
       (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, $3, false, now(), now(), $4, $5)`,
    [NIL_UUID, token, userId, parent, sessionId],
  );
}

/**
 * How a session signed in, as its amr claim names it: a password, an emailed link
 * (implicit flow), or the PKCE flow's method (recovery, magiclink); and the second
 * factor it verified since (totp).
 */
export type SignInMethod =
  | "password"
  | "otp"
  | "recovery"
  | "magiclink"
  | "invite"
  | "signup"
  | "totp";

/**
 * A new session and its first refresh token (GoTrue's issueRefreshToken), inside the
 * caller's transaction: last_sign_in_at is set and the sign-in method recorded.
 */
export async function grantSessionIn(
  tx: Runner,
  user: UserRow,
  client: ClientInfo,
  method: SignInMethod,
): Promise<Sessioned> {
  const signedIn = await markSignedIn(tx, user.id);
  if (!signedIn) throw invalidCredentials();
  const sessions = await tx.query<SessionRow>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4::inet)
     returning ${SESSION_COLUMNS}`,
    [randomUUID(), user.id, client.userAgent, client.ip],
  );
  const session = sessions.rows[0] as SessionRow;
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, $3, $3, $4)`,
    [randomUUID(), session.id, session.created_at, method],
  );
  const refreshToken = newRefreshToken();
  await insertRefreshToken(tx, refreshToken, user.id, session.id, null);
  return { user: signedIn, session, refreshToken };
}

/** A password sign-in's new session, in its own transaction. */
export async function grantSession(
  db: PGliteInterface,
  user: UserRow,
  client: ClientInfo,
): Promise<Sessioned> {
  return asOwner(db, (tx) => grantSessionIn(tx, user, client, "password"));
}

/** The methods whose amr claim makes a session aal2 (GoTrue's AMRClaim.IsAAL2Claim). */
const AAL2_METHODS = new Set(["totp", "mfa/phone", "mfa/webauthn"]);

/**
 * The session's aal and amr claims, worked out afresh for every access token (refresh
 * included) from its auth.mfa_amr_claims, as GoTrue's CalculateAALAndAMR: aal2 once
 * any claim is a second factor, the methods most recent first. A session recorded
 * without claims signed in with a password.
 */
export async function assuranceOf(db: Runner, session: SessionRow) {
  const { rows } = await db.query<{ authentication_method: string; updated_at: Date }>(
    `select authentication_method, updated_at from auth.mfa_amr_claims
      where session_id = $1 order by updated_at desc`,
    [session.id],
  );
  if (rows.length === 0) {
    const timestamp = Math.floor(session.created_at.getTime() / 1000);
    return { aal: "aal1", amr: [{ method: "password", timestamp }] };
  }
  const aal2 = rows.some((row) => AAL2_METHODS.has(row.authentication_method));
  return {
    aal: aal2 ? "aal2" : "aal1",
    amr: rows.map((row) => ({
      method: row.authentication_method,
      timestamp: Math.floor(row.updated_at.getTime() / 1000),
    })),
  };
}

// --- second factors --------------------------------------------------------------------

/** GoTrue's AddClaimToSession: records the method, or refreshes its time. */
export async function addAmrClaim(tx: Runner, sessionId: string, method: SignInMethod) {
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), $3)
     on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey
     do update set updated_at = now()`,
    [randomUUID(), sessionId, method],
  );
}

/**
 * GoTrue's GrantRefreshTokenSwap over the session's oldest active refresh token
 * (FindTokenBySessionID): it is revoked and its child is the session's new token.
 */
export async function swapRefreshToken(tx: Runner, session: SessionRow): Promise<string> {
  const { rows } = await tx.query<RefreshTokenRow>(
    `select id::text as id, token, user_id, revoked, updated_at, parent, session_id
       from auth.refresh_tokens
      where instance_id = $1 and session_id = $2 and revoked = false
      order by created_at asc, id asc limit 1 for update`,
    [NIL_UUID, session.id],
  );
  const current = rows[0];
  if (!current) throw new Error(`session ${session.id} has no active refresh token`);
  await tx.query(
    "update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint",
    [current.id],
  );
  const issued = newRefreshToken();
  await insertRefreshToken(tx, issued, session.user_id, session.id, current.token);
  return issued;
}

/** The session verified `factorId`: aal2 on its row (UpdateAALAndAssociatedFactor). */
export async function upgradeSession(tx: Runner, sessionId: string, factorId: string) {
  const { rows } = await tx.query<SessionRow>(
    `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now()
      where id = $1 returning ${SESSION_COLUMNS}`,
    [sessionId, factorId],
  );
  return rows[0] as SessionRow;
}

/**
 * GoTrue's InvalidateSessionsWithAALLessThan(aal2): once one session reaches aal2, the
 * user's aal1 sessions end (a session whose aal is null stays, as in SQL's `<`).
 */
export async function endLowerAalSessions(tx: Runner, userId: string) {
  await tx.query("delete from auth.sessions where user_id = $1 and aal < 'aal2'", [userId]);
}

/**
 * GoTrue's DowngradeSessionsToAAL1, when a factor goes: the sessions it raised lose
 * the factor's amr claim and return to aal1, so their next token says aal1.
 */
export async function downgradeSessions(
  tx: Runner,
  factor: { id: string; user_id: string; factor_type: string },
) {
  await tx.query(
    `delete from auth.mfa_amr_claims
      where authentication_method = $2
        and session_id in (select id from auth.sessions where factor_id = $1)`,
    [factor.id, factor.factor_type],
  );
  await tx.query(
    "update auth.sessions set aal = 'aal1', factor_id = null where user_id = $1 and factor_id = $2",
    [factor.user_id, factor.id],
  );
}

// --- refreshing ----------------------------------------------------------------------

type Refresh = { granted: Sessioned } | { refused: AuthApiError };

const refused = (code: string, reason: string): Refresh => ({
  refused: badRequest(code, `Invalid Refresh Token: ${reason}`),
});
const REUSED = Symbol("reused");

async function lockRefreshToken(tx: Runner, token: string) {
  const { rows } = await tx.query<RefreshTokenRow>(
    `select id::text as id, token, user_id, revoked, updated_at, parent, session_id
       from auth.refresh_tokens where token = $1 for update`,
    [token],
  );
  return rows[0];
}

/**
 * For a revoked token: the active child when the token is its parent, nothing within
 * the reuse interval (a new child is issued), else REUSED after revoking the family.
 */
async function reissue(
  tx: Runner,
  settings: AuthSettings,
  found: RefreshTokenRow,
  session: SessionRow,
) {
  const { rows } = await tx.query<{ token: string; parent: string | null }>(
    `select token, parent from auth.refresh_tokens
      where session_id = $1 and revoked = false order by id desc limit 1`,
    [session.id],
  );
  const active = rows[0];
  if (active && active.parent === found.token) return active.token;
  const revokedAt = found.updated_at?.getTime() ?? 0;
  if (Date.now() <= revokedAt + settings.refreshTokenReuseInterval * 1000) return undefined;
  await tx.query(
    `update auth.refresh_tokens set revoked = true, updated_at = now()
      where session_id = $1 and revoked = false`,
    [session.id],
  );
  return REUSED;
}

/** Revokes the presented token and issues its child. */
async function issueChild(tx: Runner, found: RefreshTokenRow, user: UserRow, session: SessionRow) {
  await tx.query(
    "update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint",
    [found.id],
  );
  const issued = newRefreshToken();
  await insertRefreshToken(tx, issued, user.id, session.id, found.token);
  return issued;
}

async function touchSession(tx: Runner, session: SessionRow, client: ClientInfo) {
  await tx.query(
    `update auth.sessions
        set refreshed_at = timezone('utc', now()), updated_at = now(),
            user_agent = $2, ip = $3::inet
      where id = $1`,
    [session.id, client.userAgent, client.ip],
  );
}

async function rotate(
  tx: Runner,
  settings: AuthSettings,
  presented: string,
  client: ClientInfo,
): Promise<Refresh> {
  const found = await lockRefreshToken(tx, presented);
  if (!found) return refused("refresh_token_not_found", "Refresh Token Not Found");
  const user = isUuid(found.user_id) ? await findUserById(tx, found.user_id) : undefined;
  if (!user) return refused("refresh_token_not_found", "Refresh Token Not Found");
  if (isBanned(user)) return refused("user_banned", "User Banned");
  const session = found.session_id ? await findSession(tx, found.session_id) : undefined;
  if (!session) {
    await tx.query("delete from auth.refresh_tokens where id = $1::bigint", [found.id]);
    return refused("session_not_found", "No Valid Session Found");
  }
  if (session.not_after && session.not_after.getTime() < Date.now()) {
    return refused("session_expired", "Session Expired");
  }
  const reissued = found.revoked ? await reissue(tx, settings, found, session) : undefined;
  if (reissued === REUSED) return refused("refresh_token_already_used", "Already Used");
  const refreshToken = reissued ?? (await issueChild(tx, found, user, session));
  await touchSession(tx, session, client);
  return { granted: { user, session, refreshToken } };
}

/** One transaction; a refusal that revokes the token family still commits. */
export async function refreshSession(
  db: PGliteInterface,
  settings: AuthSettings,
  presented: string,
  client: ClientInfo,
): Promise<Sessioned> {
  const outcome = await asOwner(db, (tx) => rotate(tx, settings, presented, client));
  if ("refused" in outcome) throw outcome.refused;
  return outcome.granted;
}

// --- signing out -----------------------------------------------------------------------

export type LogoutScope = "global" | "local" | "others";

/**
 * Ends sessions: the caller's own (local), all but its own (others), or all (global).
 * A token that names no session drops the user's refresh tokens instead.
 */
export async function endSessions(
  db: PGliteInterface,
  userId: string,
  session: SessionRow | undefined,
  scope: LogoutScope,
): Promise<void> {
  await asOwner(db, async (tx) => {
    if (!session) {
      await tx.query("delete from auth.refresh_tokens where user_id = $1", [userId]);
    } else if (scope === "local") {
      await tx.query("delete from auth.sessions where id = $1", [session.id]);
    } else if (scope === "others") {
      await tx.query("delete from auth.sessions where user_id = $1 and id <> $2", [
        userId,
        session.id,
      ]);
    } else {
      await tx.query("delete from auth.sessions where user_id = $1", [userId]);
    }
  });
}
