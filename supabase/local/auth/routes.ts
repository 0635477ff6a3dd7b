// /auth/v1: the part of Supabase Auth (GoTrue) the app and supabase-js use, answered
// the way hosted Auth answers: password sign-in, refresh-token rotation, the user
// endpoint, sign-out, the admin user API, the emailed links (password resets,
// invitations; links.ts, verify.ts, pkce.ts), TOTP second factors (mfa.ts), and the
// refusals (disabled sign-ups, bad or forged tokens, malformed bodies) with GoTrue's
// status codes, error codes and both of its error body formats. This file only wires the routes to their handlers.
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { callerFrom, gatewayError, type StandInContext } from "../context.ts";
import { publicJwks } from "../keys.ts";
import * as account from "./account.ts";
import * as admin from "./admin-users.ts";
import {
  type AuthEnv,
  type AuthService,
  JWKS_MAX_AGE_SECONDS,
  loadAuthSettings,
  MAX_BODY_BYTES,
} from "./config.ts";
import { errorResponse, handle, validationFailed } from "./errors.ts";
import { createLimits } from "./limits.ts";
import * as links from "./links.ts";
import { noopMailer, smtpMailer } from "./mailer.ts";
import * as mfa from "./mfa.ts";
import { redirectRules } from "./redirects.ts";
import { healthJson, settingsJson } from "./settings.ts";
import { signup, token } from "./sign-in.ts";
import { verifyGet, verifyPost } from "./verify.ts";

/** The paths GoTrue serves: another method on one of them is 405, anything else 404. */
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
  "/recover",
  "/invite",
  "/verify",
  "/admin/generate_link",
  "/factors",
]);

/** Paths with an id in them that GoTrue serves (another method on one is 405 too). */
const KNOWN_PATTERNS = [
  /^\/admin\/users\/[^/]+$/,
  /^\/admin\/users\/[^/]+\/factors(\/[^/]+)?$/,
  /^\/factors\/[^/]+(\/(challenge|verify))?$/,
];

type AuthHandler = (auth: AuthService, c: Context) => Promise<Response>;

/**
 * The hosted gateway: every /auth/v1 route registered after it needs a known apikey
 * (the JWKS and /verify are registered before it).
 */
function gateway(ctx: StandInContext) {
  return async (c: Context<AuthEnv>, next: () => Promise<void>) => {
    const resolved = await callerFrom(c, ctx.keys);
    if (!resolved.ok) {
      const refused = gatewayError(c, resolved.error);
      if (refused) return refused;
    } else if (resolved.caller.keyOnly && c.req.header("authorization")) {
      // A new API key is no JWT: the gateway hands Auth the key's role instead.
      c.set("keyClaims", resolved.caller.claims);
    }
    await next();
  };
}

/** Anything else under /auth/v1: what GoTrue's router answers. */
function notServed(c: Context): Response {
  const path = c.req.path.replace(/^.*\/auth\/v1/, "").replace(/\/$/, "") || "/";
  const known = KNOWN_PATHS.has(path) || KNOWN_PATTERNS.some((pattern) => pattern.test(path));
  if (known) return c.body(null, 405);
  return c.text("404 page not found\n", 404);
}

export function authRoutes(ctx: StandInContext): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const settings = loadAuthSettings(ctx.authSettings);
  const auth: AuthService = {
    db: ctx.db,
    keys: ctx.keys,
    issuer: `${ctx.publicUrl}/auth/v1`,
    settings,
    redirects: redirectRules(settings),
    mailer: ctx.authSmtp ? smtpMailer(ctx.authSmtp, settings.sender) : noopMailer,
    limits: createLimits(settings),
  };
  const route = (fn: AuthHandler) => handle((c) => fn(auth, c));

  // The public halves of the signing keys, for anyone verifying the project's tokens;
  // no apikey needed, served at both addresses hosted documents.
  for (const path of ["/.well-known/jwks.json", "/jwks"]) {
    app.get(path, (c) => {
      c.header("cache-control", `public, max-age=${JWKS_MAX_AGE_SECONDS}`);
      return c.json(publicJwks(ctx.keys));
    });
  }
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => errorResponse(c, validationFailed("Request body too large")),
  });
  // /verify is open, as in Supabase's gateway configuration (kong.yml's "Open Auth
  // routes"), because people reach it from a link in an email, with no key: the link
  // itself, supabase-js verifyOtp, and GoTrue's answer to any other method (or the
  // path with a trailing slash).
  app.get("/verify", limitBody, route(verifyGet));
  app.post("/verify", limitBody, route(verifyPost));
  for (const path of ["/verify", "/verify/"]) app.all(path, limitBody, notServed);

  app.use("*", gateway(ctx));
  app.use("*", limitBody);

  app.post("/token", route(token));
  app.post("/signup", route(signup));
  app.get("/user", route(account.getUser));
  app.put("/user", route(account.updateUser));
  app.post("/logout", route(account.logout));
  app.post("/recover", route(links.recover));
  app.post("/invite", route(links.invite));
  app.get("/settings", (c) => c.json(settingsJson(settings)));
  app.get("/health", (c) => c.json(healthJson()));

  app.get("/admin/users", route(admin.listUsers));
  app.post("/admin/users", route(admin.createUser));
  app.get("/admin/users/:id", route(admin.getUser));
  app.put("/admin/users/:id", route(admin.updateUser));
  app.delete("/admin/users/:id", route(admin.deleteUser));
  app.post("/admin/generate_link", route(links.generateLink));
  app.get("/admin/users/:id/factors", route(mfa.adminListFactors));
  app.put("/admin/users/:id/factors/:factorId", route(mfa.adminUpdateFactor));
  app.delete("/admin/users/:id/factors/:factorId", route(mfa.adminDeleteFactor));

  app.post("/factors", route(mfa.enroll));
  app.post("/factors/:factorId/challenge", route(mfa.challenge));
  app.post("/factors/:factorId/verify", route(mfa.verify));
  app.delete("/factors/:factorId", route(mfa.unenroll));

  app.all("*", notServed);
  return app;
}
