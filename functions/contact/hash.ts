// The address is never stored: the rate limit keeps a keyed SHA-256 (HMAC) of it. The
// key is a server-side secret, so a leaked table cannot be reversed by hashing every
// IPv4 address (a plain or publicly salted hash could be, in minutes).
import { type EnvReader, secretKey } from "../_shared/caller.ts";

const encoder = new TextEncoder();

/** Keeps hashes for this purpose apart from any other use of the same secret. */
const PURPOSE = "contact-rate-limit:v1:";

/** HMAC-SHA-256 of the address under secret, as 64 lowercase hex digits. */
export async function hashClientAddress(address: string, secret: string): Promise<string> {
  if (!secret) throw new Error("hashClientAddress needs a secret");
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(PURPOSE + address));
  return Array.from(new Uint8Array(mac), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The secret to hash with: CONTACT_RATE_LIMIT_SECRET when set (a function secret),
 * else the project's secret key (or the legacy service role key), which every hosted
 * function has and nobody outside holds.
 */
export function hashSecret(env: EnvReader): string {
  return env.get("CONTACT_RATE_LIMIT_SECRET") || secretKey(env) || "";
}
