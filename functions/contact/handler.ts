// The contact function's request handling, free of the network and the environment so
// that `deno test` can drive every answer with a fake store (index.ts wires the real one).
//
//   OPTIONS            204, CORS preflight
//   not POST           405 {"error":"method_not_allowed"}
//   body > 32 KB       413 {"error":"payload_too_large"}
//   not a JSON object  400 {"error":"invalid_json"}
//   honeypot filled    200 {"ok":true}, nothing stored
//   invalid fields     400 {"error":"validation","fields":{"<field>":"<message>"}}
//   over a limit       429 {"error":"rate_limited","retryAfter":<s>} with Retry-After
//   stored             201 {"ok":true}
//   anything failing   500 {"error":"unavailable"} (logged; no details leave)
// Every answer carries the CORS headers.

import {
  CONTACT_MAX_BODY_BYTES,
  type ContactMessage,
  isHoneypotFilled,
  validateContact,
} from "../_shared/contact-rules.ts";
import { endpointAnswers, readJsonObject } from "../_shared/http.ts";

/**
 * At most this many messages per sender (one IPv4 address, or one IPv6 /64 network,
 * as clientAddress reduces the request's first X-Forwarded-For entry) per window...
 */
export const CLIENT_LIMIT = 5;
/** ...and this many from everyone together... */
export const GLOBAL_LIMIT = 100;
/** ...within this many seconds. */
export const WINDOW_SECONDS = 600;

export interface RateLimits {
  clientLimit: number;
  globalLimit: number;
  windowSeconds: number;
}

export const DEFAULT_LIMITS: RateLimits = {
  clientLimit: CLIENT_LIMIT,
  globalLimit: GLOBAL_LIMIT,
  windowSeconds: WINDOW_SECONDS,
};

export type StoreResult = { stored: true } | { stored: false; retryAfter: number };

export interface ContactDeps {
  /** Counts the sender against the limits and stores the message, in one step. */
  store(message: ContactMessage, clientHash: string, limits: RateLimits): Promise<StoreResult>;
  /** The sender's rate-limit unit from the request headers. */
  clientAddress(headers: Headers): string;
  /** What is kept of that unit: a keyed hash, never the address. */
  hashAddress(address: string): Promise<string>;
  limits?: RateLimits;
  /** Where failures are reported (console.error by default). */
  logError?(message: string, error: unknown): void;
}

const answers = endpointAnswers(["POST"]);

/** An error's name, code and message, for the log: never the sender's text. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === "object" && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return `code ${String(code ?? "?")}: ${String(message ?? "unknown error")}`;
  }
  return String(error);
}

export function createContactHandler(deps: ContactDeps): (request: Request) => Promise<Response> {
  const limits = deps.limits ?? DEFAULT_LIMITS;
  const logError =
    deps.logError ??
    ((message: string, error: unknown) =>
      console.error(`contact: ${message}: ${describeError(error)}`));

  async function handle(request: Request): Promise<Response> {
    const refused = await answers.refuseMethod(request);
    if (refused) return refused;

    const body = await readJsonObject(request, CONTACT_MAX_BODY_BYTES);
    if (!body.ok) {
      return body.reason === "too_large"
        ? answers.json({ error: "payload_too_large" }, 413)
        : answers.json({ error: "invalid_json" }, 400);
    }
    const input = body.value;

    // A bot filled the field people never see: answer as if all went well, keep nothing.
    if (isHoneypotFilled(input.website)) {
      return answers.json({ ok: true }, 200);
    }

    const result = validateContact(input);
    if (!result.ok) return answers.json({ error: "validation", fields: result.fields }, 400);

    const clientHash = await deps.hashAddress(deps.clientAddress(request.headers));
    const stored = await deps.store(result.value, clientHash, limits);
    if (!stored.stored) {
      const retryAfter = Math.max(1, Math.ceil(stored.retryAfter));
      return answers.json({ error: "rate_limited", retryAfter }, 429, {
        "Retry-After": String(retryAfter),
      });
    }
    return answers.json({ ok: true }, 201);
  }

  return async (request: Request): Promise<Response> => {
    try {
      return await handle(request);
    } catch (error) {
      logError("could not handle a message", error);
      return answers.json({ error: "unavailable" }, 500);
    }
  };
}
