// /auth/v1: the part of Supabase Auth (GoTrue) the app and supabase-js use,
// answered the way hosted Auth answers: password sign-in, refresh-token
// rotation, the user endpoint, sign-out, the admin user API, and the refusals
// (disabled sign-ups, bad or forged tokens, malformed bodies) with GoTrue's
// status codes, error codes and both of its error body formats.
//
// Sessions and refresh tokens live in auth.sessions and auth.refresh_tokens in
// the embedded database, in hosted shape, so a restart keeps users signed in.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { isIP } from "node:net";
import bcrypt from "bcryptjs";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { decodeProtectedHeader, errors as joseErrors, jwtVerify } from "jose";
import { callerFrom, gatewayError, type StandInContext } from "./context.ts";
import {
  publicJwks,
  sessionAlgorithms,
  signSession,
  UnknownSigningKey,
  verificationKey,
} from "./keys.ts";
import { asOwner } from "./transaction.ts";

/** The [auth] settings of supabase/config.toml that this module honours. */
export const AUTH_CONFIG = {
  /** jwt_expiry */
  jwtExpiry: 3600,
  /** refresh_token_reuse_interval (seconds) */
  refreshTokenReuseInterval: 10,
  /** minimum_password_length */
  minimumPasswordLength: 10,
  /** enable_signup */
  enableSignup: false,
  /** !auth.email.enable_confirmations */
  mailerAutoconfirm: true,
} as const;

const AUDIENCE = "authenticated";
const DEFAULT_ROLE = "authenticated";
const ADMIN_ROLES = new Set(["service_role", "supabase_admin"]);
const NIL_UUID = "00000000-0000-0000-0000-000000000000";
const BCRYPT_COST = 10;
const BCRYPT_MAX_BYTES = 72;
const MAX_BODY_BYTES = 1024 * 1024;
const API_VERSION_2024 = "2024-01-01";
const INVALID_LOGIN = "Invalid login credentials";

// ---------------------------------------------------------------------------
// Errors, as GoTrue renders them

/** GoTrue's HTTPError: a status, an error code and a message. */
export class AuthApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown> | undefined;
  constructor(status: number, code: string, message: string, extra?: Record<string, unknown>) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

/** GoTrue's OAuthError: always 400, `{error, error_description}`. */
class OAuthError extends Error {
  readonly error: string;
  readonly description: string;
  constructor(error: string, description: string) {
    super(`${error}: ${description}`);
    this.error = error;
    this.description = description;
  }
}

const badRequest = (code: string, message: string) => new AuthApiError(400, code, message);
const validationFailed = (message: string) => badRequest("validation_failed", message);
const invalidCredentials = () => badRequest("invalid_credentials", INVALID_LOGIN);
const badJson = (detail: string) =>
  badRequest("bad_json", `Could not parse request body as JSON: ${detail}`);

/** The API version the request asked for, as GoTrue works it out (undefined: the initial one). */
function requestedApiVersion(c: Context): string | undefined {
  const header = c.req.header("x-supabase-api-version");
  const match = header ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(header) : null;
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.getTime() >= Date.UTC(2024, 0, 1) ? API_VERSION_2024 : undefined;
}

function errorResponse(c: Context, error: unknown): Response {
  const version = requestedApiVersion(c);
  const headers = new Headers({ "content-type": "application/json" });
  // GoTrue echoes the version it settled on; without the echo auth-js ignores `code`.
  if (version) headers.set("x-supabase-api-version", version);
  if (error instanceof OAuthError) {
    const body: Record<string, string> = { error: error.error };
    if (error.description) body.error_description = error.description;
    return new Response(JSON.stringify(body), { status: 400, headers });
  }
  let apiError: AuthApiError;
  if (error instanceof AuthApiError) {
    apiError = error;
  } else {
    console.error("auth stand-in error:", error);
    apiError = new AuthApiError(
      500,
      "unexpected_failure",
      "Unexpected failure, please check server logs for more information",
    );
  }
  const weakPassword = apiError.code === "weak_password";
  let body: Record<string, unknown>;
  if (version) {
    body = { code: apiError.code, message: apiError.message, ...apiError.extra };
    if (!weakPassword) headers.set("x-sb-error-code", apiError.code);
  } else {
    body = {
      code: apiError.status,
      error_code: apiError.code,
      msg: apiError.message,
      ...apiError.extra,
    };
    headers.set("x-sb-error-code", apiError.code);
  }
  return new Response(JSON.stringify(body), { status: apiError.status, headers });
}

type Handler = (c: Context) => Promise<Response>;

function handle(fn: Handler): Handler {
  return async (c) => {
    try {
      return await fn(c);
    } catch (error) {
      return errorResponse(c, error);
    }
  };
}

// ---------------------------------------------------------------------------
// Request bodies, decoded the way Go's encoding/json decodes them into GoTrue's
// parameter structs: unknown keys ignored, null leaves a field unset, a value
// of the wrong JSON type is a bad_json error.

type Body = Record<string, unknown>;

function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return "array";
  if (typeof value === "boolean") return "bool";
  return typeof value;
}

async function readBody(c: Context, struct: string): Promise<Body> {
  return parseBody(await c.req.text(), struct);
}

function parseBody(text: string, struct: string): Body {
  if (text.trim() === "") throw badJson("unexpected end of JSON input");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badJson((error as Error).message);
  }
  if (value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw badJson(`json: cannot unmarshal ${jsonKind(value)} into Go value of type api.${struct}`);
  }
  return value as Body;
}

const GO_TYPES = { string: "string", boolean: "bool", object: "map[string]interface {}" } as const;

function field(body: Body, struct: string, name: string, type: "string"): string | undefined;
function field(body: Body, struct: string, name: string, type: "boolean"): boolean | undefined;
function field(body: Body, struct: string, name: string, type: "object"): Body | undefined;
function field(
  body: Body,
  struct: string,
  name: string,
  type: keyof typeof GO_TYPES,
): string | boolean | Body | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  const ok =
    type === "object" ? typeof value === "object" && !Array.isArray(value) : typeof value === type;
  if (!ok) {
    throw badJson(
      `json: cannot unmarshal ${jsonKind(value)} into Go struct field ${struct}.${name} of type ${GO_TYPES[type]}`,
    );
  }
  return value as string | boolean | Body;
}

// ---------------------------------------------------------------------------
// Validation shared with GoTrue

// checkmail's format check, which GoTrue uses.
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const UUID_FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The email address format GoTrue accepts. */
export function isEmailFormat(email: string): boolean {
  return email.length <= 255 && EMAIL_FORMAT.test(email);
}

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_FORMAT.test(value);
}

function validateEmail(email: string): string {
  if (email === "") throw validationFailed("An email address is required");
  if (email.length > 255) throw validationFailed("An email address is too long");
  if (!EMAIL_FORMAT.test(email)) {
    throw validationFailed("Unable to validate email address: invalid format");
  }
  return email.toLowerCase();
}

function validatePhone(phone: string): string {
  const formatted = phone.replace(/[\s+()-]/g, "");
  if (!/^[1-9]\d{4,14}$/.test(formatted)) {
    throw validationFailed("Invalid phone number format (E.164 required)");
  }
  return formatted;
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

function weakPassword(password: string): { message: string; reasons: string[] } | undefined {
  if (byteLength(password) >= AUTH_CONFIG.minimumPasswordLength) return undefined;
  return {
    message: `Password should be at least ${AUTH_CONFIG.minimumPasswordLength} characters.`,
    reasons: ["length"],
  };
}

function checkPasswordStrength(password: string): void {
  if (byteLength(password) > BCRYPT_MAX_BYTES) {
    throw validationFailed(`Password cannot be longer than ${BCRYPT_MAX_BYTES} characters`);
  }
  const weak = weakPassword(password);
  if (weak) {
    throw new AuthApiError(422, "weak_password", weak.message, {
      weak_password: { reasons: weak.reasons },
    });
  }
}

/** Go's time.ParseDuration, as GoTrue parses ban_duration. */
function parseGoDuration(text: string): number {
  const units: Record<string, number> = {
    ns: 1e-6,
    us: 1e-3,
    µs: 1e-3,
    ms: 1,
    s: 1000,
    m: 60_000,
    h: 3_600_000,
  };
  const invalid = () =>
    validationFailed(`invalid format for ban duration: time: invalid duration "${text}"`);
  const match = /^([-+]?)(.+)$/.exec(text);
  if (!match?.[2]) throw invalid();
  if (match[2] === "0") return 0;
  const part = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/y;
  let total = 0;
  let index = 0;
  const rest = match[2];
  while (index < rest.length) {
    part.lastIndex = index;
    const piece = part.exec(rest);
    if (!piece?.[1] || !piece[2]) throw invalid();
    total += Number(piece[1]) * (units[piece[2]] ?? 0);
    index = part.lastIndex;
  }
  return match[1] === "-" ? -total : total;
}

/** banned_until for a ban_duration: null lifts the ban, undefined leaves it. */
function banUntil(duration: string | undefined): Date | null | undefined {
  if (!duration) return undefined;
  if (duration === "none") return null;
  return new Date(Date.now() + parseGoDuration(duration));
}

// ---------------------------------------------------------------------------
// Passwords: bcrypt, cost 10, `$2a$` hashes like GoTrue's (Go's bcrypt)

export async function hashPassword(password: string): Promise<string> {
  const salt = (await bcrypt.genSalt(BCRYPT_COST)).replace(/^\$2b\$/, "$2a$");
  return bcrypt.hash(password, salt);
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

const BCRYPT_HASH = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

// ---------------------------------------------------------------------------
// Users

interface Runner {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Body | null;
  raw_user_meta_data: Body | null;
  created_at: Date;
  updated_at: Date;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, phone,
  phone_confirmed_at, confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data,
  created_at, updated_at, banned_until, deleted_at, is_anonymous`;

async function findUserById(db: Runner, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [
    id,
  ]);
  return rows[0];
}

async function findUserByEmail(db: Runner, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = $1 and aud = $2 limit 1`,
    [email.toLowerCase(), AUDIENCE],
  );
  return rows[0];
}

async function emailTaken(db: Runner, email: string, except?: string): Promise<boolean> {
  const { rows } = await db.query(
    "select 1 from auth.users where lower(email) = $1 and aud = $2 and id is distinct from $3::uuid",
    [email.toLowerCase(), AUDIENCE, except ?? null],
  );
  return rows.length > 0;
}

async function phoneTaken(db: Runner, phone: string, except?: string): Promise<boolean> {
  const { rows } = await db.query(
    "select 1 from auth.users where phone = $1 and aud = $2 and id is distinct from $3::uuid",
    [phone, AUDIENCE, except ?? null],
  );
  return rows.length > 0;
}

function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > Date.now();
}

/** GoTrue's metadata update: keys set, a null value removes the key. */
function mergeMetadata(current: Body | null, updates: Body): Body {
  const merged: Body = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** app_metadata with the provider keys GoTrue writes at creation, for rows made without it. */
function appMetadataOf(user: UserRow): Body {
  const raw = user.raw_app_meta_data ?? {};
  if (raw.provider !== undefined || !user.email) return raw;
  return { provider: "email", providers: ["email"], ...raw };
}

function iso(date: Date): string {
  return date.toISOString();
}

/** A stable identity id per user and provider (the stand-in keeps no auth.identities). */
function identityId(userId: string, provider: string): string {
  const hex = createHash("sha1").update(`identity:${provider}:${userId}`).digest("hex");
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

function identitiesOf(user: UserRow): Body[] {
  const identities: Body[] = [];
  if (user.email) {
    identities.push({
      identity_id: identityId(user.id, "email"),
      id: user.id,
      user_id: user.id,
      identity_data: {
        email: user.email,
        email_verified: false,
        phone_verified: false,
        sub: user.id,
      },
      provider: "email",
      ...(user.last_sign_in_at ? { last_sign_in_at: iso(user.last_sign_in_at) } : {}),
      created_at: iso(user.created_at),
      updated_at: iso(user.created_at),
      email: user.email,
    });
  }
  if (user.phone) {
    identities.push({
      identity_id: identityId(user.id, "phone"),
      id: user.id,
      user_id: user.id,
      identity_data: {
        email_verified: false,
        phone: user.phone,
        phone_verified: false,
        sub: user.id,
      },
      provider: "phone",
      created_at: iso(user.created_at),
      updated_at: iso(user.created_at),
    });
  }
  return identities;
}

/** The user as GoTrue serialises models.User (empty timestamps left out). */
function userJson(user: UserRow): Body {
  const out: Body = {
    id: user.id,
    aud: user.aud ?? "",
    role: user.role ?? "",
    email: user.email ?? "",
  };
  if (user.email_confirmed_at) out.email_confirmed_at = iso(user.email_confirmed_at);
  out.phone = user.phone ?? "";
  if (user.phone_confirmed_at) out.phone_confirmed_at = iso(user.phone_confirmed_at);
  if (user.confirmed_at) out.confirmed_at = iso(user.confirmed_at);
  if (user.last_sign_in_at) out.last_sign_in_at = iso(user.last_sign_in_at);
  out.app_metadata = appMetadataOf(user);
  out.user_metadata = user.raw_user_meta_data ?? {};
  out.identities = identitiesOf(user);
  out.created_at = iso(user.created_at);
  out.updated_at = iso(user.updated_at);
  if (user.banned_until) out.banned_until = iso(user.banned_until);
  if (user.deleted_at) out.deleted_at = iso(user.deleted_at);
  out.is_anonymous = user.is_anonymous;
  return out;
}

// ---------------------------------------------------------------------------
// Sessions and tokens

interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  not_after: Date | null;
}

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string | null;
  revoked: boolean | null;
  updated_at: Date | null;
  parent: string | null;
  session_id: string | null;
}

async function findSession(db: Runner, id: string): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(
    "select id, user_id, created_at, not_after from auth.sessions where id = $1",
    [id],
  );
  return rows[0];
}

function newRefreshToken(): string {
  return randomBytes(16).toString("base64url");
}

function clientInfo(c: Context): { userAgent: string | null; ip: string | null } {
  const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
  const candidate = forwarded || c.req.header("x-real-ip")?.trim() || "";
  return {
    userAgent: c.req.header("user-agent") || null,
    ip: isIP(candidate) ? candidate : null,
  };
}

interface Sessioned {
  user: UserRow;
  session: SessionRow;
  refreshToken: string;
}

/** A new session and its first refresh token (GoTrue's issueRefreshToken). */
async function grantSession(
  c: Context,
  db: StandInContext["db"],
  user: UserRow,
): Promise<Sessioned> {
  const { userAgent, ip } = clientInfo(c);
  return asOwner(db, async (tx) => {
    const { rows } = await tx.query<UserRow>(
      `update auth.users set last_sign_in_at = now(), updated_at = now()
        where id = $1 returning ${USER_COLUMNS}`,
      [user.id],
    );
    const signedIn = rows[0];
    if (!signedIn) throw invalidCredentials();
    const sessions = await tx.query<SessionRow>(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
       values ($1, $2, now(), now(), 'aal1', $3, $4::inet)
       returning id, user_id, created_at, not_after`,
      [randomUUID(), user.id, userAgent, ip],
    );
    const session = sessions.rows[0] as SessionRow;
    const refreshToken = newRefreshToken();
    await tx.query(
      `insert into auth.refresh_tokens
         (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ($1, $2, $3, false, now(), now(), null, $4)`,
      [NIL_UUID, refreshToken, user.id, session.id],
    );
    return { user: signedIn, session, refreshToken };
  });
}

// ---------------------------------------------------------------------------
// The routes

/** How long verifiers may keep the JWKS (hosted's edge caches it for 10 minutes). */
const JWKS_MAX_AGE_SECONDS = 600;

const KNOWN_PATHS = new Set([
  "/.well-known/jwks.json",
  "/jwks",
  "/token",
  "/user",
  "/logout",
  "/signup",
  "/settings",
  "/health",
  "/admin/users",
]);

/** Set by the gateway step when a new API key came without a user token. */
type AuthEnv = { Variables: { keyClaims?: Body } };

export function authRoutes(ctx: StandInContext): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const db = ctx.db;
  const issuer = `${ctx.publicUrl}/auth/v1`;

  // The public halves of the signing keys, for anyone verifying the project's
  // tokens; no apikey needed. Verifiers may cache it for as long as hosted's edge does.
  // Served at both addresses hosted documents.
  for (const path of ["/.well-known/jwks.json", "/jwks"]) {
    app.get(path, (c) => {
      c.header("cache-control", `public, max-age=${JWKS_MAX_AGE_SECONDS}`);
      return c.json(publicJwks(ctx.keys));
    });
  }

  // The hosted gateway: every other /auth/v1 route needs a known apikey.
  app.use("*", async (c, next) => {
    const resolved = await callerFrom(c, ctx.keys);
    if (!resolved.ok) {
      const refused = gatewayError(c, resolved.error);
      if (refused) return refused;
    } else if (resolved.caller.keyOnly && c.req.header("authorization")) {
      // A new API key is no JWT: the gateway hands Auth the key's role instead.
      c.set("keyClaims", resolved.caller.claims);
    }
    await next();
  });
  app.use(
    "*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => errorResponse(c, validationFailed("Request body too large")),
    }),
  );

  async function accessToken(user: UserRow, session: SessionRow) {
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAt = issuedAt + AUTH_CONFIG.jwtExpiry;
    const token = await signSession(
      {
        iss: issuer,
        sub: user.id,
        aud: user.aud ?? "",
        exp: expiresAt,
        iat: issuedAt,
        email: user.email ?? "",
        phone: user.phone ?? "",
        app_metadata: appMetadataOf(user),
        user_metadata: user.raw_user_meta_data ?? {},
        role: user.role ?? "",
        aal: "aal1",
        amr: [{ method: "password", timestamp: Math.floor(session.created_at.getTime() / 1000) }],
        session_id: session.id,
        is_anonymous: user.is_anonymous,
      },
      ctx.keys,
    );
    return { token, expiresAt };
  }

  async function sessionJson({ user, session, refreshToken }: Sessioned, extra: Body = {}) {
    const { token, expiresAt } = await accessToken(user, session);
    return {
      access_token: token,
      token_type: "bearer",
      expires_in: AUTH_CONFIG.jwtExpiry,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: userJson(user),
      ...extra,
    };
  }

  function bearer(c: Context): string {
    const match = /^(?:B|b)earer (\S+$)/.exec(c.req.header("authorization") ?? "");
    if (!match?.[1]) {
      throw new AuthApiError(401, "no_authorization", "This endpoint requires a Bearer token");
    }
    return match[1];
  }

  async function parseJwt(token: string): Promise<Body> {
    try {
      const { payload } = await jwtVerify(token, (header) => verificationKey(ctx.keys, header), {
        algorithms: sessionAlgorithms(ctx.keys),
      });
      return payload as Body;
    } catch (error) {
      let reason: string;
      if (error instanceof UnknownSigningKey) {
        reason = `token is unverifiable: error while executing keyfunc: ${error.message}`;
      } else if (error instanceof joseErrors.JWTExpired) {
        reason = "token has invalid claims: token is expired";
      } else if (error instanceof joseErrors.JWTClaimValidationFailed) {
        reason = `token has invalid claims: ${error.claim === "nbf" ? "token is not valid yet" : error.message}`;
      } else if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
        reason = "token signature is invalid: signature is invalid";
      } else if (error instanceof joseErrors.JOSEAlgNotAllowed) {
        let alg = "unknown";
        try {
          alg = String(decodeProtectedHeader(token).alg);
        } catch {}
        reason = `token signature is invalid: signing method ${alg} is invalid`;
      } else {
        reason = `token is malformed: ${(error as Error).message}`;
      }
      throw new AuthApiError(
        403,
        "bad_jwt",
        `invalid JWT: unable to parse or verify signature, ${reason}`,
      );
    }
  }

  /** GoTrue's requireAuthentication: a valid token, its user, and its session if it names one. */
  /** The claims of the caller's token, or of its API key's role when it sent no token. */
  async function tokenClaims(c: Context): Promise<Body> {
    const keyClaims = (c as Context<AuthEnv>).get("keyClaims");
    return keyClaims ?? parseJwt(bearer(c));
  }

  async function authenticate(c: Context) {
    const claims = await tokenClaims(c);
    const sub = claims.sub;
    if (typeof sub !== "string" || sub === "") {
      throw new AuthApiError(403, "bad_jwt", "invalid claim: missing sub claim");
    }
    if (!isUuid(sub)) throw badRequest("bad_jwt", "invalid claim: sub claim must be a UUID");
    const user = await findUserById(db, sub);
    if (!user) {
      throw new AuthApiError(403, "user_not_found", "User from sub claim in JWT does not exist");
    }
    let session: SessionRow | undefined;
    const sessionId = claims.session_id;
    if (typeof sessionId === "string" && sessionId !== "" && sessionId !== NIL_UUID) {
      if (!isUuid(sessionId)) {
        throw new AuthApiError(403, "bad_jwt", "invalid claim: session_id claim must be a UUID");
      }
      session = await findSession(db, sessionId);
      if (!session) {
        throw new AuthApiError(
          403,
          "session_not_found",
          "Session from session_id claim in JWT does not exist",
        );
      }
    }
    return { claims, user, session };
  }

  /** GoTrue's requireAdminCredentials: a valid token whose role is an admin role. */
  async function requireAdmin(c: Context): Promise<void> {
    const claims = await tokenClaims(c);
    if (typeof claims.role !== "string" || !ADMIN_ROLES.has(claims.role)) {
      throw new AuthApiError(403, "not_admin", "User not allowed");
    }
  }

  // -- sign-in and refresh ---------------------------------------------------

  async function passwordGrant(c: Context): Promise<Response> {
    const body = await readBody(c, "PasswordGrantParams");
    const struct = "PasswordGrantParams";
    const email = field(body, struct, "email", "string") ?? "";
    const phone = field(body, struct, "phone", "string") ?? "";
    const password = field(body, struct, "password", "string") ?? "";
    if (email && phone) {
      throw validationFailed("Only an email address or phone number should be provided on login.");
    }
    if (phone) throw new AuthApiError(422, "phone_provider_disabled", "Phone logins are disabled");
    if (!email) throw validationFailed("missing email or phone");

    const user = await findUserByEmail(db, email);
    if (!user?.encrypted_password) throw invalidCredentials();
    if (isBanned(user)) throw badRequest("user_banned", "User is banned");
    if (!(await verifyPassword(password, user.encrypted_password))) throw invalidCredentials();
    if (!user.email_confirmed_at) throw badRequest("email_not_confirmed", "Email not confirmed");

    const granted = await grantSession(c, db, user);
    const weak = weakPassword(password);
    return c.json(await sessionJson(granted, weak ? { weak_password: weak } : {}));
  }

  type RefreshOutcome = { granted: Sessioned } | { refused: AuthApiError };

  async function refreshGrant(c: Context): Promise<Response> {
    const body = await readBody(c, "RefreshTokenGrantParams");
    const presented = field(body, "RefreshTokenGrantParams", "refresh_token", "string") ?? "";
    if (!presented) throw new OAuthError("invalid_request", "refresh_token required");
    const { userAgent, ip } = clientInfo(c);

    // One transaction; a refusal that revokes the token family still commits.
    const outcome = await asOwner(db, async (tx): Promise<RefreshOutcome> => {
      const notFound = () => ({
        refused: badRequest(
          "refresh_token_not_found",
          "Invalid Refresh Token: Refresh Token Not Found",
        ),
      });
      const found = (
        await tx.query<RefreshTokenRow>(
          `select id::text as id, token, user_id, revoked, updated_at, parent, session_id
             from auth.refresh_tokens where token = $1 for update`,
          [presented],
        )
      ).rows[0];
      if (!found) return notFound();
      const user = isUuid(found.user_id) ? await findUserById(tx, found.user_id) : undefined;
      if (!user) return notFound();
      if (isBanned(user)) {
        return { refused: badRequest("user_banned", "Invalid Refresh Token: User Banned") };
      }
      const session = found.session_id ? await findSession(tx, found.session_id) : undefined;
      if (!session) {
        await tx.query("delete from auth.refresh_tokens where id = $1::bigint", [found.id]);
        return {
          refused: badRequest("session_not_found", "Invalid Refresh Token: No Valid Session Found"),
        };
      }
      if (session.not_after && session.not_after.getTime() < Date.now()) {
        return { refused: badRequest("session_expired", "Invalid Refresh Token: Session Expired") };
      }

      let issued: string | undefined;
      if (found.revoked) {
        const active = (
          await tx.query<{ token: string; parent: string | null }>(
            `select token, parent from auth.refresh_tokens
              where session_id = $1 and revoked = false order by id desc limit 1`,
            [session.id],
          )
        ).rows[0];
        if (active && active.parent === found.token) {
          // The client lost the answer to its last refresh: hand back the active token.
          issued = active.token;
        } else {
          const revokedAt = found.updated_at?.getTime() ?? 0;
          if (Date.now() > revokedAt + AUTH_CONFIG.refreshTokenReuseInterval * 1000) {
            await tx.query(
              `update auth.refresh_tokens set revoked = true, updated_at = now()
                where session_id = $1 and revoked = false`,
              [session.id],
            );
            return {
              refused: badRequest(
                "refresh_token_already_used",
                "Invalid Refresh Token: Already Used",
              ),
            };
          }
        }
      }
      if (!issued) {
        await tx.query(
          "update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint",
          [found.id],
        );
        issued = newRefreshToken();
        await tx.query(
          `insert into auth.refresh_tokens
             (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
           values ($1, $2, $3, false, now(), now(), $4, $5)`,
          [NIL_UUID, issued, user.id, found.token, session.id],
        );
      }
      await tx.query(
        `update auth.sessions
            set refreshed_at = timezone('utc', now()), updated_at = now(),
                user_agent = $2, ip = $3::inet
          where id = $1`,
        [session.id, userAgent, ip],
      );
      return { granted: { user, session, refreshToken: issued } };
    });
    if ("refused" in outcome) throw outcome.refused;
    return c.json(await sessionJson(outcome.granted));
  }

  app.post(
    "/token",
    handle(async (c) => {
      const grantType = c.req.query("grant_type");
      if (grantType === "password") return passwordGrant(c);
      if (grantType === "refresh_token") return refreshGrant(c);
      // What GoTrue answers for every grant type it does not know (or, here, serve).
      throw badRequest("invalid_credentials", "unsupported_grant_type");
    }),
  );

  app.post(
    "/signup",
    handle(async (c) => {
      const body = await readBody(c, "SignupParams");
      const email = field(body, "SignupParams", "email", "string");
      const phone = field(body, "SignupParams", "phone", "string");
      if (!email && !phone) {
        throw new AuthApiError(
          422,
          "anonymous_provider_disabled",
          "Anonymous sign-ins are disabled",
        );
      }
      throw new AuthApiError(422, "signup_disabled", "Signups not allowed for this instance");
    }),
  );

  // -- the signed-in user ------------------------------------------------------

  app.get(
    "/user",
    handle(async (c) => {
      const { claims, user } = await authenticate(c);
      const aud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
      if (aud !== AUDIENCE) {
        throw validationFailed("Token audience doesn't match request audience");
      }
      return c.json(userJson(user));
    }),
  );

  app.put(
    "/user",
    handle(async (c) => {
      const { user, session } = await authenticate(c);
      const struct = "UserUpdateParams";
      const body = await readBody(c, struct);
      const rawEmail = field(body, struct, "email", "string");
      const password = field(body, struct, "password", "string");
      const data = field(body, struct, "data", "object");
      const appData = field(body, struct, "app_metadata", "object");
      const rawPhone = field(body, struct, "phone", "string");
      for (const name of ["nonce", "channel", "code_challenge", "code_challenge_method"]) {
        field(body, struct, name, "string");
      }

      const email = rawEmail ? validateEmail(rawEmail) : undefined;
      const phone = rawPhone ? validatePhone(rawPhone) : undefined;
      if (password !== undefined) checkPasswordStrength(password);
      if (appData !== undefined && !ADMIN_ROLES.has(user.role ?? "")) {
        throw new AuthApiError(403, "not_admin", "Updating app_metadata requires admin privileges");
      }
      if (email && email !== user.email) {
        if (await emailTaken(db, email, user.id)) {
          throw new AuthApiError(
            422,
            "email_exists",
            "A user with this email address has already been registered",
          );
        }
        throw validationFailed(
          "Changing the email address needs a confirmation email, which the local stand-in does not send",
        );
      }
      if (phone && phone !== user.phone) {
        throw validationFailed(
          "Changing the phone number needs a confirmation SMS, which the local stand-in does not send",
        );
      }
      let hash: string | undefined;
      if (password !== undefined) {
        if (user.encrypted_password && (await verifyPassword(password, user.encrypted_password))) {
          throw new AuthApiError(
            422,
            "same_password",
            "New password should be different from the old password.",
          );
        }
        hash = await hashPassword(password);
      }

      const updated = await asOwner(db, async (tx) => {
        if (hash !== undefined) {
          await tx.query("update auth.users set encrypted_password = $2 where id = $1", [
            user.id,
            hash,
          ]);
          // A new password signs the user out everywhere else.
          await tx.query(
            "delete from auth.sessions where user_id = $1 and id is distinct from $2",
            [user.id, session?.id ?? null],
          );
        }
        const { rows } = await tx.query<UserRow>(
          `update auth.users
              set raw_user_meta_data = $2::jsonb, raw_app_meta_data = $3::jsonb, updated_at = now()
            where id = $1 returning ${USER_COLUMNS}`,
          [
            user.id,
            JSON.stringify(
              data ? mergeMetadata(user.raw_user_meta_data, data) : (user.raw_user_meta_data ?? {}),
            ),
            JSON.stringify(
              appData
                ? mergeMetadata(user.raw_app_meta_data, appData)
                : (user.raw_app_meta_data ?? {}),
            ),
          ],
        );
        return rows[0] as UserRow;
      });
      return c.json(userJson(updated));
    }),
  );

  app.post(
    "/logout",
    handle(async (c) => {
      const { user, session } = await authenticate(c);
      const scope = c.req.query("scope") ?? "";
      if (!["", "global", "local", "others"].includes(scope)) {
        throw validationFailed(`Unsupported logout scope ${JSON.stringify(scope)}`);
      }
      await asOwner(db, async (tx) => {
        if (!session) {
          await tx.query("delete from auth.refresh_tokens where user_id = $1", [user.id]);
        } else if (scope === "local") {
          await tx.query("delete from auth.sessions where id = $1", [session.id]);
        } else if (scope === "others") {
          await tx.query("delete from auth.sessions where user_id = $1 and id <> $2", [
            user.id,
            session.id,
          ]);
        } else {
          await tx.query("delete from auth.sessions where user_id = $1", [user.id]);
        }
      });
      return c.body(null, 204);
    }),
  );

  // -- settings and health -----------------------------------------------------

  app.get(
    "/settings",
    handle(async (c) => {
      const providers = [
        "anonymous_users",
        "apple",
        "azure",
        "bitbucket",
        "discord",
        "facebook",
        "figma",
        "github",
        "gitlab",
        "google",
        "keycloak",
        "kakao",
        "linkedin_oidc",
        "notion",
        "slack_oidc",
        "spotify",
        "twitch",
        "twitter",
        "workos",
        "zoom",
      ];
      const external: Record<string, boolean> = Object.fromEntries(
        providers.map((name) => [name, false]),
      );
      external.email = true;
      external.phone = false;
      return c.json({
        external,
        disable_signup: !AUTH_CONFIG.enableSignup,
        mailer_autoconfirm: AUTH_CONFIG.mailerAutoconfirm,
        phone_autoconfirm: false,
        sms_provider: "twilio",
        saml_enabled: false,
      });
    }),
  );

  app.get(
    "/health",
    handle(async (c) =>
      c.json({
        version: "local stand-in",
        name: "GoTrue",
        description: "GoTrue is a user registration and authentication API",
      }),
    ),
  );

  // -- the admin API (service role only) ------------------------------------------

  interface AdminParams {
    id?: string;
    aud?: string;
    role?: string;
    email?: string;
    phone?: string;
    password?: string;
    passwordHash?: string;
    emailConfirm: boolean;
    phoneConfirm: boolean;
    userMetadata?: Body;
    appMetadata?: Body;
    banDuration?: string;
  }

  function adminParams(body: Body): AdminParams {
    const s = "AdminUserParams";
    return {
      id: field(body, s, "id", "string"),
      aud: field(body, s, "aud", "string"),
      role: field(body, s, "role", "string"),
      email: field(body, s, "email", "string"),
      phone: field(body, s, "phone", "string"),
      password: field(body, s, "password", "string"),
      passwordHash: field(body, s, "password_hash", "string"),
      emailConfirm: field(body, s, "email_confirm", "boolean") ?? false,
      phoneConfirm: field(body, s, "phone_confirm", "boolean") ?? false,
      userMetadata: field(body, s, "user_metadata", "object"),
      appMetadata: field(body, s, "app_metadata", "object"),
      banDuration: field(body, s, "ban_duration", "string"),
    };
  }

  async function loadUser(id: string): Promise<UserRow> {
    if (!isUuid(id)) throw new AuthApiError(404, "validation_failed", "user_id must be an UUID");
    const user = await findUserById(db, id);
    if (!user) throw new AuthApiError(404, "user_not_found", "User not found");
    return user;
  }

  const emailExists = () =>
    new AuthApiError(
      422,
      "email_exists",
      "A user with this email address has already been registered",
    );

  app.get(
    "/admin/users",
    handle(async (c) => {
      await requireAdmin(c);
      const count = (name: string, fallback: number) => {
        const raw = c.req.query(name) ?? "";
        if (raw === "") return fallback;
        if (!/^\d+$/.test(raw)) {
          throw validationFailed(
            `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: invalid syntax`,
          );
        }
        return Number(raw);
      };
      const page = Math.max(count("page", 1), 1);
      const perPage = count("per_page", 50) || 50;
      const filter = c.req.query("filter") ?? "";
      const where = filter ? "aud = $1 and email ilike $2" : "aud = $1 and $2::text is null";
      const like = filter ? `%${filter.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
      const total =
        (
          await db.query<{ n: number }>(
            `select count(*)::int as n from auth.users where ${where}`,
            [AUDIENCE, like],
          )
        ).rows[0]?.n ?? 0;
      const { rows } = await db.query<UserRow>(
        `select ${USER_COLUMNS} from auth.users where ${where}
          order by created_at desc, id limit $3 offset $4`,
        [AUDIENCE, like, perPage, (page - 1) * perPage],
      );
      const base = `${issuer}/admin/users`;
      const lastPage = Math.ceil(total / perPage);
      const links: string[] = [];
      if (page < lastPage) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
      links.push(`<${base}?page=${lastPage}&per_page=${perPage}>; rel="last"`);
      c.header("x-total-count", String(total));
      c.header("link", links.join(", "));
      return c.json({ users: rows.map(userJson), aud: AUDIENCE });
    }),
  );

  app.post(
    "/admin/users",
    handle(async (c) => {
      await requireAdmin(c);
      const p = adminParams(await readBody(c, "AdminUserParams"));
      const aud = p.aud || AUDIENCE;
      if (!p.email && !p.phone) {
        throw validationFailed("Cannot create a user without either an email or phone");
      }
      const providers: string[] = [];
      let email: string | null = null;
      let phone: string | null = null;
      if (p.email) {
        email = validateEmail(p.email);
        if (await emailTaken(db, email)) throw emailExists();
        providers.push("email");
      }
      if (p.phone) {
        phone = validatePhone(p.phone);
        if (await phoneTaken(db, phone)) {
          throw new AuthApiError(
            422,
            "phone_exists",
            "Phone number already registered by another user",
          );
        }
        providers.push("phone");
      }
      if (p.password !== undefined && p.passwordHash) {
        throw validationFailed("Only a password or a password hash should be provided");
      }
      let hash: string;
      if (p.passwordHash) {
        if (!BCRYPT_HASH.test(p.passwordHash)) {
          throw new AuthApiError(500, "unexpected_failure", "Error creating user");
        }
        hash = p.passwordHash;
      } else {
        const password = p.password || randomBytes(48).toString("base64url");
        if (byteLength(password) > BCRYPT_MAX_BYTES) {
          throw validationFailed("bcrypt: password length exceeds 72 bytes");
        }
        hash = await hashPassword(password);
      }
      let id: string = randomUUID();
      if (p.id) {
        if (!isUuid(p.id)) throw validationFailed("ID must conform to the uuid v4 format");
        if (p.id === NIL_UUID) throw validationFailed("ID cannot be a nil uuid");
        id = p.id.toLowerCase();
      }
      const bannedUntil = banUntil(p.banDuration);
      const appMetadata = mergeMetadata({ provider: providers[0], providers }, p.appMetadata ?? {});
      let userMetadata = p.userMetadata ?? {};
      if (p.emailConfirm) userMetadata = mergeMetadata(userMetadata, { email_verified: true });

      const created = await asOwner(db, async (tx) => {
        const { rows } = await tx.query<UserRow>(
          `insert into auth.users
             (instance_id, id, aud, role, email, phone, encrypted_password,
              email_confirmed_at, phone_confirmed_at, raw_app_meta_data, raw_user_meta_data,
              banned_until, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7,
                   case when $8 then now() end, case when $9 then now() end,
                   $10::jsonb, $11::jsonb, $12, now(), now())
           on conflict do nothing
           returning ${USER_COLUMNS}`,
          [
            NIL_UUID,
            id,
            aud,
            p.role?.trim() || DEFAULT_ROLE,
            email,
            phone,
            hash,
            p.emailConfirm,
            p.phoneConfirm,
            JSON.stringify(appMetadata),
            JSON.stringify(userMetadata),
            bannedUntil ?? null,
          ],
        );
        return rows[0];
      });
      if (!created) {
        // Lost a race to the same email, or the id is taken.
        if (email && (await emailTaken(db, email))) throw emailExists();
        throw new AuthApiError(500, "unexpected_failure", "Database error creating new user");
      }
      return c.json(userJson(created));
    }),
  );

  app.get(
    "/admin/users/:id",
    handle(async (c) => {
      await requireAdmin(c);
      return c.json(userJson(await loadUser(c.req.param("id") ?? "")));
    }),
  );

  app.put(
    "/admin/users/:id",
    handle(async (c) => {
      await requireAdmin(c);
      const user = await loadUser(c.req.param("id") ?? "");
      const p = adminParams(await readBody(c, "AdminUserParams"));
      const email = p.email ? validateEmail(p.email) : undefined;
      const phone = p.phone ? validatePhone(p.phone) : undefined;
      const bannedUntil = banUntil(p.banDuration);
      let hash: string | undefined;
      if (p.password !== undefined) {
        checkPasswordStrength(p.password);
        hash = await hashPassword(p.password);
      }
      if (email && email !== user.email && (await emailTaken(db, email, user.id))) {
        throw emailExists();
      }
      if (phone && phone !== user.phone && (await phoneTaken(db, phone, user.id))) {
        throw new AuthApiError(
          422,
          "phone_exists",
          "Phone number already registered by another user",
        );
      }

      let userMetadata = user.raw_user_meta_data ?? {};
      if (p.emailConfirm) userMetadata = mergeMetadata(userMetadata, { email_verified: true });
      if (p.userMetadata) userMetadata = mergeMetadata(userMetadata, p.userMetadata);
      const appMetadata = p.appMetadata
        ? mergeMetadata(user.raw_app_meta_data, p.appMetadata)
        : (user.raw_app_meta_data ?? {});

      const updated = await asOwner(db, async (tx) => {
        if (hash !== undefined) {
          await tx.query("update auth.users set encrypted_password = $2 where id = $1", [
            user.id,
            hash,
          ]);
          // GoTrue signs the user out everywhere when an admin sets the password.
          await tx.query("delete from auth.sessions where user_id = $1", [user.id]);
        }
        const { rows } = await tx.query<UserRow>(
          `update auth.users set
              role = coalesce($2, role),
              email = coalesce($3, email),
              phone = coalesce($4, phone),
              email_confirmed_at = case when $5 then now() else email_confirmed_at end,
              phone_confirmed_at = case when $6 then now() else phone_confirmed_at end,
              is_anonymous = case when $3::text is not null and $5 then false else is_anonymous end,
              raw_app_meta_data = $7::jsonb,
              raw_user_meta_data = $8::jsonb,
              banned_until = case when $9 then $10::timestamptz else banned_until end,
              updated_at = now()
            where id = $1
            returning ${USER_COLUMNS}`,
          [
            user.id,
            p.role?.trim() || null,
            email ?? null,
            phone ?? null,
            p.emailConfirm,
            p.phoneConfirm,
            JSON.stringify(appMetadata),
            JSON.stringify(userMetadata),
            bannedUntil !== undefined,
            bannedUntil ?? null,
          ],
        );
        return rows[0] as UserRow;
      });
      return c.json(userJson(updated));
    }),
  );

  app.delete(
    "/admin/users/:id",
    handle(async (c) => {
      await requireAdmin(c);
      const user = await loadUser(c.req.param("id") ?? "");
      const text = await c.req.text();
      let softDelete = false;
      if (text.length > 0) {
        const body = parseBody(text, "adminUserDeleteParams");
        softDelete = field(body, "adminUserDeleteParams", "should_soft_delete", "boolean") ?? false;
      }
      await asOwner(db, async (tx) => {
        if (!softDelete) {
          await tx.query("delete from auth.users where id = $1", [user.id]);
          return;
        }
        if (user.deleted_at) return;
        await tx.query(
          `update auth.users
              set email = null, phone = null, encrypted_password = '',
                  raw_app_meta_data = '{}', raw_user_meta_data = '{}',
                  deleted_at = now(), updated_at = now()
            where id = $1`,
          [user.id],
        );
        await tx.query("delete from auth.sessions where user_id = $1", [user.id]);
      });
      return c.json({});
    }),
  );

  // Anything else under /auth/v1: what GoTrue's router answers.
  app.all("*", (c) => {
    const path = c.req.path.replace(/^.*\/auth\/v1/, "").replace(/\/$/, "") || "/";
    const known = KNOWN_PATHS.has(path) || /^\/admin\/users\/[^/]+$/.test(path);
    if (known) return c.body(null, 405);
    return c.text("404 page not found\n", 404);
  });

  return app;
}
