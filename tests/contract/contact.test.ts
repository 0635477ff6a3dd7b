// The contact Edge Function end to end: functions/contact in real Deno behind the
// stand-in's gateway, storing through public.submit_contact_message into the embedded
// database (or, with SUPABASE_URL and the keys set, the same calls against a real
// project with the function deployed).
//
// Each test sends from its own X-Forwarded-For address, so the per-address limit of one
// test never touches another. The stand-in appends the socket's address to the header
// (the function sees "<ours>, 127.0.0.1") and the function counts by the first entry.
// Stored rows are found by a unique marker in the subject.
import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_MESSAGES } from "../../src/lib/contact.ts";
import {
  anonClient,
  serviceClient,
  signedInUser,
  startTestStack,
  type TestStack,
} from "./stack.ts";

let stack: TestStack;
let service: SupabaseClient;
let anon: SupabaseClient;
let endpoint: string;

/** A fresh address for one test: 198.18.0.0/15 is reserved for benchmarking. */
let addressCounter = 0;
function freshAddress(): string {
  addressCounter += 1;
  return `198.18.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

interface Sent {
  status: number;
  headers: Headers;
  body: unknown;
}

async function send(
  payload: unknown,
  options: { address?: string; method?: string; raw?: string } = {},
): Promise<Sent> {
  const headers: Record<string, string> = {
    apikey: stack.publishableKey,
    Authorization: `Bearer ${stack.publishableKey}`,
    "Content-Type": "application/json",
  };
  if (options.address) headers["X-Forwarded-For"] = options.address;
  const method = options.method ?? "POST";
  const response = await fetch(endpoint, {
    method,
    headers,
    body:
      method === "GET" || method === "HEAD" ? undefined : (options.raw ?? JSON.stringify(payload)),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body };
}

function message(marker: string, overrides: Record<string, unknown> = {}) {
  return {
    name: "Asha Rai",
    email: "asha@example.org",
    phone: "+977 1 234 5678",
    subject: `Contract test ${marker}`,
    message: "I would like to volunteer at the children's home.",
    inquiryType: "volunteer",
    website: "",
    ...overrides,
  };
}

async function storedWith(marker: string) {
  const { data, error } = await service
    .from("contact_messages")
    .select("*")
    .like("subject", `%${marker}%`);
  expect(error).toBeNull();
  return (data ?? []) as Array<Record<string, unknown>>;
}

beforeAll(async () => {
  stack = await startTestStack();
  service = serviceClient(stack);
  anon = anonClient(stack);
  endpoint = `${stack.url}/functions/v1/contact`;
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

describe("contact function", () => {
  it("stores a valid message exactly once and answers 201 {ok:true}", async () => {
    const marker = randomUUID();
    const sent = await send(message(marker), { address: freshAddress() });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ ok: true });
    expect(sent.headers.get("access-control-allow-origin")).toBe("*");

    const rows = await storedWith(marker);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Asha Rai",
      email: "asha@example.org",
      phone: "+977 1 234 5678",
      subject: `Contract test ${marker}`,
      message: "I would like to volunteer at the children's home.",
      inquiry_type: "volunteer",
      handled: false,
    });
  }, 60_000);

  it("stores the normalised values: trimmed, no phone as null, general by default", async () => {
    const marker = randomUUID();
    const sent = await send(
      {
        name: "  Bishnu  ",
        email: " bishnu@example.org ",
        subject: `  Hello ${marker}  `,
        message: "  Namaste  ",
      },
      { address: freshAddress() },
    );
    expect(sent.status).toBe(201);
    const rows = await storedWith(marker);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Bishnu",
      email: "bishnu@example.org",
      phone: null,
      subject: `Hello ${marker}`,
      message: "Namaste",
      inquiry_type: "general",
    });
  });

  it("stores every inquiry type the form offers", async () => {
    const address = freshAddress();
    const marker = randomUUID();
    const types = ["general", "volunteer", "donation", "services", "partnership"];
    for (const inquiryType of types) {
      const sent = await send(message(`${marker}-${inquiryType}`, { inquiryType }), { address });
      expect(sent.status, inquiryType).toBe(201);
    }
    const emergency = await send(message(`${marker}-emergency`, { inquiryType: "emergency" }), {
      address: freshAddress(),
    });
    expect(emergency.status).toBe(201);
    const stored = (await storedWith(marker)).map((row) => row.inquiry_type).sort();
    expect(stored).toEqual([...types, "emergency"].sort());
  });

  // The stand-in's gateway answers preflights itself (reflecting the origin), as a
  // gateway may; the function's own answer (204, "*") is covered by its unit tests.
  it("answers a CORS preflight from the site's origin", async () => {
    const origin = "http://127.0.0.1:4321";
    const response = await fetch(endpoint, {
      method: "OPTIONS",
      headers: {
        Origin: origin,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "apikey, authorization, content-type",
      },
    });
    expect(response.status).toBe(204);
    expect(["*", origin]).toContain(response.headers.get("access-control-allow-origin"));
    expect(response.headers.get("access-control-allow-methods")).toContain("POST");
    const allowed = response.headers.get("access-control-allow-headers") ?? "";
    for (const header of ["apikey", "authorization", "content-type"]) {
      expect(allowed).toContain(header);
    }

    const marker = randomUUID();
    const post = await fetch(endpoint, {
      method: "POST",
      headers: {
        Origin: origin,
        apikey: stack.publishableKey,
        Authorization: `Bearer ${stack.publishableKey}`,
        "Content-Type": "application/json",
        "X-Forwarded-For": freshAddress(),
      },
      body: JSON.stringify(message(marker)),
    });
    expect(post.status).toBe(201);
    expect(["*", origin]).toContain(post.headers.get("access-control-allow-origin"));
  });

  it("needs no user session: the anon key alone (or none) reaches it", async () => {
    const marker = randomUUID();
    const response = await fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": freshAddress() },
      body: JSON.stringify(message(marker)),
    });
    expect(response.status).toBe(201);
    expect(await storedWith(marker)).toHaveLength(1);
  });

  it("honeypot filled: answers 200 {ok:true} and stores nothing", async () => {
    const marker = randomUUID();
    const sent = await send(message(marker, { website: "http://spam.example" }), {
      address: freshAddress(),
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ ok: true });
    expect(await storedWith(marker)).toEqual([]);
  });

  it("invalid input: 400 with a message per field, stores nothing", async () => {
    const marker = randomUUID();
    const sent = await send(message(marker, { name: " ", email: "not-an-email" }), {
      address: freshAddress(),
    });
    expect(sent.status).toBe(400);
    expect(sent.body).toEqual({
      error: "validation",
      fields: { name: CONTACT_MESSAGES.nameRequired, email: CONTACT_MESSAGES.emailInvalid },
    });
    expect(sent.headers.get("access-control-allow-origin")).toBe("*");

    const tooLong = await send(message(marker, { message: "x".repeat(5001) }), {
      address: freshAddress(),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({
      error: "validation",
      fields: { message: CONTACT_MESSAGES.messageTooLong },
    });

    const badType = await send(message(marker, { inquiryType: "lottery" }), {
      address: freshAddress(),
    });
    expect(badType.status).toBe(400);
    expect(await storedWith(marker)).toEqual([]);
  });

  it("malformed JSON: 400; other methods: 405; bodies over 32 KB: 413; nothing stored", async () => {
    const address = freshAddress();
    const malformed = await send(null, { address, raw: '{"name": "Asha",' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: "invalid_json" });

    const get = await send(null, { address, method: "GET" });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST, OPTIONS");
    expect(get.headers.get("access-control-allow-origin")).toBe("*");

    const marker = randomUUID();
    const big = await send(message(marker, { padding: "x".repeat(33 * 1024) }), { address });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ error: "payload_too_large" });
    expect(await storedWith(marker)).toEqual([]);
  });

  it("answers 429 rate_limited after 5 messages from one address; others still get through", async () => {
    const address = freshAddress();
    const marker = randomUUID();
    for (let i = 0; i < 5; i++) {
      const sent = await send(message(`${marker}-${i}`), { address });
      expect(sent.status, `message ${i + 1}`).toBe(201);
    }
    const limited = await send(message(`${marker}-6`), { address });
    expect(limited.status).toBe(429);
    const body = limited.body as { error: string; retryAfter: number };
    expect(body.error).toBe("rate_limited");
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(body.retryAfter).toBeLessThanOrEqual(600);
    expect(limited.headers.get("retry-after")).toBe(String(body.retryAfter));
    expect(limited.headers.get("access-control-allow-origin")).toBe("*");
    expect(await storedWith(marker)).toHaveLength(5);

    // The first X-Forwarded-For entry is the sender: the proxy's own entries don't count.
    const again = await send(message(`${marker}-7`), { address: `${address}, 10.1.2.3` });
    expect(again.status).toBe(429);

    const other = await send(message(`${marker}-other`), { address: freshAddress() });
    expect(other.status).toBe(201);
    expect(await storedWith(marker)).toHaveLength(6);
  });

  it("refused, invalid and honeypot attempts do not use up an address's allowance", async () => {
    const address = freshAddress();
    const marker = randomUUID();
    for (let i = 0; i < 6; i++) {
      expect((await send(message(marker, { email: "nope" }), { address })).status).toBe(400);
      expect(
        (await send(message(marker, { website: "http://spam.example" }), { address })).status,
      ).toBe(200);
    }
    for (let i = 0; i < 5; i++) {
      expect((await send(message(`${marker}-${i}`), { address })).status).toBe(201);
    }
    expect((await send(message(`${marker}-x`), { address })).status).toBe(429);
    expect(await storedWith(marker)).toHaveLength(5);
  });

  it("20 submissions at once from one address: exactly 5 stored, each once; the rest 429", async () => {
    const address = freshAddress();
    const marker = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(message(`${marker}-${i}`), { address })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);

    const rows = await storedWith(marker);
    expect(rows).toHaveLength(5);
    const subjects = rows.map((row) => row.subject as string);
    expect(new Set(subjects).size).toBe(5);
    // Exactly the accepted ones were stored.
    const accepted = results
      .map((r, i) => (r.status === 201 ? `Contract test ${marker}-${i}` : null))
      .filter(Boolean)
      .sort();
    expect(subjects.sort()).toEqual(accepted);
  }, 60_000);

  it("concurrent submissions from different addresses are each stored once", async () => {
    const marker = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        send(message(`${marker}-${i}`), { address: freshAddress() }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const subjects = (await storedWith(marker)).map((row) => row.subject);
    expect(subjects).toHaveLength(8);
    expect(new Set(subjects).size).toBe(8);
  }, 60_000);
});

describe("contact storage stays closed to the public", () => {
  it("anon cannot read contact_messages", async () => {
    const { data, error } = await anon.from("contact_messages").select("*");
    expect(data ?? []).toEqual([]);
    expect(error).not.toBeNull();
  });

  it("anon cannot insert into contact_messages directly", async () => {
    const marker = randomUUID();
    const { error } = await anon.from("contact_messages").insert({
      name: "Eve",
      email: "eve@example.org",
      subject: `Direct ${marker}`,
      message: "bypassing the function",
    });
    expect(error).not.toBeNull();
    expect(await storedWith(marker)).toEqual([]);
  });

  it("neither anon nor a signed-in user can call submit_contact_message", async () => {
    const marker = randomUUID();
    const args = {
      p_client_hash: "0".repeat(64),
      p_name: "Eve",
      p_email: "eve@example.org",
      p_subject: `Direct ${marker}`,
      p_message: "bypassing the function",
    };
    const asAnon = await anon.rpc("submit_contact_message", args);
    expect(asAnon.error).not.toBeNull();
    const user = await signedInUser(stack);
    const asUser = await user.client.rpc("submit_contact_message", args);
    expect(asUser.error).not.toBeNull();
    const admin = await signedInUser(stack, { admin: true });
    const asAdmin = await admin.client.rpc("submit_contact_message", args);
    expect(asAdmin.error).not.toBeNull();
    expect(await storedWith(marker)).toEqual([]);
  });

  it("admins read the messages", async () => {
    const marker = randomUUID();
    expect((await send(message(marker), { address: freshAddress() })).status).toBe(201);
    const admin = await signedInUser(stack, { admin: true });
    const { data, error } = await admin.client
      .from("contact_messages")
      .select("subject")
      .like("subject", `%${marker}%`);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
  });
});

// Last in the file: it fills the window up to a small global ceiling of its own (the
// function's own ceiling is 100, far above what this file stores).
describe("submit_contact_message (service role)", () => {
  const hash = () => randomUUID().replaceAll("-", "").padEnd(64, "0");
  const submit = (marker: string, globalLimit: number) =>
    service.rpc("submit_contact_message", {
      p_client_hash: hash(),
      p_name: "Global",
      p_email: "global@example.org",
      p_subject: `Global ${marker}`,
      p_message: "Counting towards the global ceiling.",
      p_global_limit: globalLimit,
    });

  it("refuses everyone once the global ceiling is reached, whoever sends", async () => {
    const ceiling = 60;
    const marker = randomUUID();
    let stored = 0;
    let refusal: Record<string, unknown> | undefined;
    for (let i = 0; i <= ceiling && !refusal; i++) {
      const { data, error } = await submit(`${marker}-${i}`, ceiling);
      expect(error).toBeNull();
      const answer = data as Record<string, unknown>;
      if (answer.stored === true) stored += 1;
      else refusal = answer;
    }
    expect(stored).toBeGreaterThan(0);
    expect(refusal).toMatchObject({ stored: false, scope: "global" });
    expect(refusal?.retry_after).toBeGreaterThan(0);
    expect(refusal?.retry_after).toBeLessThanOrEqual(600);

    // Still full for a new sender; one more place lets exactly one more through.
    expect((await submit(`${marker}-again`, ceiling)).data).toMatchObject({ stored: false });
    expect((await submit(`${marker}-one-more`, ceiling + 1)).data).toMatchObject({ stored: true });
    expect((await submit(`${marker}-after`, ceiling + 1)).data).toMatchObject({ stored: false });
    expect(await storedWith(marker)).toHaveLength(stored + 1);
  }, 60_000);

  it("refuses a malformed client hash and non-positive limits", async () => {
    const base = {
      p_name: "Bad",
      p_email: "bad@example.org",
      p_subject: "Bad",
      p_message: "Bad",
    };
    const rawAddress = await service.rpc("submit_contact_message", {
      ...base,
      p_client_hash: "203.0.113.7",
    });
    expect(rawAddress.error).not.toBeNull();
    const zero = await service.rpc("submit_contact_message", {
      ...base,
      p_client_hash: hash(),
      p_client_limit: 0,
    });
    expect(zero.error).not.toBeNull();
  });
});
