// HTTP helpers shared by the Edge Functions: CORS, JSON answers and a request body
// reader with a size limit. Deno only (imported by relative path, as hosted bundles it).

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
    await request.body?.cancel().catch(() => {});
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
