// HTTP helpers shared by the Edge Functions: CORS, JSON answers (and each endpoint's
// refusals, preflight and 405) and request body readers with a size limit. Deno only
// (imported by relative path, as hosted bundles it).

/** Headers supabase-js and plain fetch calls from the site may send. */
const ALLOWED_HEADERS = "authorization, x-client-info, apikey, content-type";

/**
 * CORS headers for a public endpoint. `*` is safe here because no call carries
 * credentials (cookies): the site sends the publishable key as an ordinary header.
 */
export function corsHeaders(methods: readonly string[]): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": [...methods, "OPTIONS"].join(", "),
    "Access-Control-Allow-Headers": ALLOWED_HEADERS,
    "Access-Control-Expose-Headers": "Retry-After",
    "Access-Control-Max-Age": "86400",
  };
}

/** A JSON answer that no cache keeps and no browser sniffs as something else. */
export function json(
  body: unknown,
  status: number,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      ...headers,
    },
  });
}

/** The answers every function gives alike, each with the CORS headers of its methods. */
export interface EndpointAnswers {
  /** The CORS headers of the endpoint's methods (and OPTIONS). */
  readonly cors: Record<string, string>;
  /** A JSON answer with the CORS headers, and `headers` over them. */
  json(body: unknown, status: number, headers?: Record<string, string>): Response;
  /** A refusal: JSON {error, message}, with the CORS headers and `headers` over them. */
  error(status: number, error: string, message: string, headers?: Record<string, string>): Response;
  /** 204 to a CORS preflight. */
  preflight(): Response;
  /**
   * What to answer a request in a method the endpoint does not serve, or null for one it
   * does: 204 to OPTIONS (the preflight); to any other method not listed, its body
   * cancelled unread and 405 {error: "method_not_allowed"} (with `message` when given)
   * and an Allow header.
   */
  refuseMethod(request: Request, message?: string): Promise<Response | null>;
}

/** The answers of an endpoint that serves `methods` (OPTIONS is always added). */
export function endpointAnswers(methods: readonly string[]): EndpointAnswers {
  const cors = corsHeaders(methods);
  const allow = [...methods, "OPTIONS"].join(", ");
  const answer = (body: unknown, status: number, headers: Record<string, string> = {}) =>
    json(body, status, { ...cors, ...headers });
  const preflight = () => new Response(null, { status: 204, headers: cors });
  return {
    cors,
    json: answer,
    error: (status, error, message, headers = {}) => answer({ error, message }, status, headers),
    preflight,
    async refuseMethod(request, message) {
      if (request.method === "OPTIONS") return preflight();
      if (methods.includes(request.method)) return null;
      await discardBody(request);
      const body =
        message === undefined
          ? { error: "method_not_allowed" }
          : { error: "method_not_allowed", message };
      return answer(body, 405, { Allow: allow });
    },
  };
}

/** Cancels a request body that will not be read; a body already read or gone is fine. */
export async function discardBody(request: Request): Promise<void> {
  await request.body?.cancel().catch(() => {});
}

export type BodyRead =
  | { ok: true; text: string }
  | { ok: false; reason: "too_large" | "unreadable" };

export type BytesRead =
  | { ok: true; bytes: Uint8Array }
  | { ok: false; reason: "too_large" | "unreadable" };

/**
 * Reads the request body, at most maxBytes of it. A Content-Length over the limit is
 * refused before anything is read; a body sent without one (chunked) is counted as it
 * arrives and abandoned as soon as it passes the limit.
 */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<BytesRead> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) {
    await discardBody(request);
    return { ok: false, reason: "too_large" };
  }
  if (!request.body) return { ok: true, bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        await reader.cancel().catch(() => {});
        return { ok: false, reason: "too_large" };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

/** Reads the request body as UTF-8 text (see readBodyBytes); bytes that are not UTF-8 make it unreadable. */
export async function readBodyText(request: Request, maxBytes: number): Promise<BodyRead> {
  const read = await readBodyBytes(request, maxBytes);
  if (!read.ok) return read;
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(read.bytes) };
  } catch {
    return { ok: false, reason: "unreadable" };
  }
}

export type JsonObjectRead =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; reason: "too_large" | "invalid" };

/**
 * Reads the request body as a JSON object (see readBodyText): too_large past maxBytes;
 * invalid when it is unreadable, not UTF-8, not JSON, or JSON but no object (an array,
 * null, a string, a number).
 */
export async function readJsonObject(request: Request, maxBytes: number): Promise<JsonObjectRead> {
  const read = await readBodyText(request, maxBytes);
  if (!read.ok) return { ok: false, reason: read.reason === "too_large" ? "too_large" : "invalid" };
  let value: unknown;
  try {
    value = JSON.parse(read.text);
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, reason: "invalid" };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Compares a secret without stopping at the first difference, so timing tells nothing. */
export function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}
