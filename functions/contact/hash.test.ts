import {
  assert,
  assertEquals,
  assertMatch,
  assertNotEquals,
  assertRejects,
} from "../_shared/assert.ts";
import { hashClientAddress, hashSecret } from "./hash.ts";

Deno.test("the hash is 64 hex digits, stable, and never the address", async () => {
  const a = await hashClientAddress("203.0.113.7", "secret-one");
  assertMatch(a, /^[0-9a-f]{64}$/);
  assertEquals(await hashClientAddress("203.0.113.7", "secret-one"), a);
  assert(!a.includes("203"));
});

Deno.test("different addresses or secrets give different hashes", async () => {
  const a = await hashClientAddress("203.0.113.7", "secret-one");
  assertNotEquals(await hashClientAddress("203.0.113.8", "secret-one"), a);
  assertNotEquals(await hashClientAddress("203.0.113.7", "secret-two"), a);
});

Deno.test("it is a keyed hash, not a bare SHA-256 anyone could recompute", async () => {
  const bare = Array.from(
    new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode("203.0.113.7"))),
    (b) => b.toString(16).padStart(2, "0"),
  ).join("");
  assertNotEquals(await hashClientAddress("203.0.113.7", "secret-one"), bare);
});

Deno.test("hashing without a secret is refused", async () => {
  await assertRejects(() => hashClientAddress("203.0.113.7", ""));
});

Deno.test("the secret is CONTACT_RATE_LIMIT_SECRET, else the secret key, else the service role key", () => {
  const env = (values: Record<string, string>) => ({ get: (name: string) => values[name] });
  const keys = JSON.stringify({ default: "sb_secret_x" });
  assertEquals(
    hashSecret(env({ CONTACT_RATE_LIMIT_SECRET: "own", SUPABASE_SECRET_KEYS: keys })),
    "own",
  );
  assertEquals(
    hashSecret(env({ SUPABASE_SECRET_KEYS: keys, SUPABASE_SERVICE_ROLE_KEY: "svc" })),
    "sb_secret_x",
  );
  assertEquals(hashSecret(env({ SUPABASE_SERVICE_ROLE_KEY: "svc" })), "svc");
  assertEquals(hashSecret(env({})), "");
});
