// What every API module of the stand-in gets: the database, the project's keys
// and where things live.
import type { PGliteInterface } from "@electric-sql/pglite";
import type { Context } from "hono";
import type { AuthSettings, SmtpSettings } from "./auth/config.ts";
import { type Caller, type CallerError, resolveCaller } from "./caller.ts";
import type { ProjectKeys } from "./keys.ts";

export interface StandInContext {
  db: PGliteInterface;
  keys: ProjectKeys;
  /** The URL clients use to reach the stand-in, e.g. http://127.0.0.1:54321. */
  publicUrl: string;
  /** Where stored objects are kept (a folder per bucket). */
  storageDir: string;
  /** Where the Edge Functions live: <functionsDir>/<name>/index.ts. */
  functionsDir: string;
  /** Extra environment (secrets) the functions get, beyond the standard ones. */
  functionSecrets: Record<string, string>;
  /** The SMTP server Auth sends its emails through; none: Auth sends nothing. */
  authSmtp?: SmtpSettings;
  /** Auth settings that replace supabase/config.toml's (npm start's own site URL). */
  authSettings?: Partial<AuthSettings>;
  /**
   * Play the hosted project's delivery setup (hooks/): pg_net and Vault stand-ins, the
   * two secrets and the cron job, every `cronSeconds` (default 60). Absent: none.
   */
  hostedHooks?: { cronSeconds?: number };
}

/** The hosted gateway's answers when the apikey is missing or unknown. */
export function gatewayError(c: Context, error: CallerError): Response | undefined {
  if (error.kind === "no-apikey") {
    return c.json(
      {
        message: "No API key found in request",
        hint: "No `apikey` request header or url param was found.",
      },
      401,
    );
  }
  if (error.kind === "bad-apikey") {
    return c.json(
      {
        message: "Invalid API key",
        hint: "Double check your Supabase `anon` or `service_role` API key.",
      },
      401,
    );
  }
  if (error.kind === "legacy-disabled") {
    return c.json(
      {
        message: "Legacy API keys are disabled",
        hint: "Your legacy API keys (anon, service_role) are disabled. Use the publishable or secret API key instead.",
      },
      401,
    );
  }
  if (error.kind === "secret-in-browser") {
    return c.json(
      {
        message: "Forbidden use of secret API key in browser",
        hint: "Secret API keys can only be used in a protected environment and should never be used in a browser. Use a publishable key instead.",
      },
      401,
    );
  }
  return undefined;
}

export function callerFrom(c: Context, keys: ProjectKeys) {
  return resolveCaller(
    {
      apikey: c.req.header("apikey") ?? c.req.query("apikey"),
      authorization: c.req.header("authorization"),
      userAgent: c.req.header("user-agent"),
    },
    keys,
  );
}

export type { Caller };

/** Request headers as PostgREST exposes them in request.headers: lower-case names. */
export function headerMap(c: Context): Record<string, string> {
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return headers;
}
