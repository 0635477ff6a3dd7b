// Every answer of the contact function, driven through the handler with a fake store.
import { assert, assertEquals, assertMatch, assertThrows } from "../_shared/assert.ts";
import type { ContactMessage } from "../_shared/contact-rules.ts";
import { CONTACT_MESSAGES } from "../_shared/contact-rules.ts";
import { clientAddress } from "./client-address.ts";
import {
  type ContactDeps,
  createContactHandler,
  DEFAULT_LIMITS,
  describeError,
  type RateLimits,
  type StoreResult,
} from "./handler.ts";
import { parseSubmitAnswer } from "./store.ts";

const URL = "http://127.0.0.1/contact";

const valid = {
  name: "Asha Rai",
  email: "asha@example.org",
  phone: "",
  subject: "Volunteering",
  message: "I would like to help.",
  inquiryType: "volunteer",
  website: "",
};

interface Call {
  message: ContactMessage;
  clientHash: string;
  limits: RateLimits;
}

function setup(result: StoreResult | (() => Promise<StoreResult>) = { stored: true }) {
  const calls: Call[] = [];
  const logged: string[] = [];
  const deps: ContactDeps = {
    clientAddress,
    hashAddress: (address) => Promise.resolve(`hash(${address})`),
    store: (message, clientHash, limits) => {
      calls.push({ message, clientHash, limits });
      return typeof result === "function" ? result() : Promise.resolve(result);
    },
    logError: (message, error) => logged.push(`${message}: ${describeError(error)}`),
  };
  return { handler: createContactHandler(deps), calls, logged };
}

function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(URL, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

function assertCors(response: Response) {
  assertEquals(response.headers.get("access-control-allow-origin"), "*");
  assertMatch(response.headers.get("access-control-allow-methods") ?? "", /POST/);
  assertMatch(response.headers.get("access-control-allow-headers") ?? "", /apikey/);
  assertMatch(response.headers.get("access-control-allow-headers") ?? "", /authorization/);
  assertMatch(response.headers.get("access-control-allow-headers") ?? "", /content-type/);
}

async function bodyOf(response: Response): Promise<unknown> {
  assertMatch(response.headers.get("content-type") ?? "", /^application\/json/);
  return await response.json();
}

Deno.test("a valid message is stored and answered 201 {ok:true}", async () => {
  const { handler, calls } = setup();
  const response = await handler(post(valid, { "x-forwarded-for": "203.0.113.7, 127.0.0.1" }));
  assertEquals(response.status, 201);
  assertEquals(await bodyOf(response), { ok: true });
  assertCors(response);
  assertEquals(response.headers.get("cache-control"), "no-store");
  assertEquals(calls.length, 1);
  assertEquals(calls[0], {
    message: {
      name: "Asha Rai",
      email: "asha@example.org",
      phone: null,
      subject: "Volunteering",
      message: "I would like to help.",
      inquiryType: "volunteer",
    },
    clientHash: "hash(203.0.113.7)",
    limits: DEFAULT_LIMITS,
  });
});

Deno.test("the limits are 5 per sender and 100 overall per 10 minutes", () => {
  assertEquals(DEFAULT_LIMITS, { clientLimit: 5, globalLimit: 100, windowSeconds: 600 });
});

Deno.test("inquiry type missing: stored as general", async () => {
  const { handler, calls } = setup();
  const { inquiryType: _dropped, ...rest } = valid;
  assertEquals((await handler(post(rest))).status, 201);
  assertEquals(calls[0]?.message.inquiryType, "general");
});

Deno.test("OPTIONS is a CORS preflight: 204 with the CORS headers, nothing stored", async () => {
  const { handler, calls } = setup();
  const response = await handler(
    new Request(URL, {
      method: "OPTIONS",
      headers: {
        origin: "http://127.0.0.1:4321",
        "access-control-request-method": "POST",
        "access-control-request-headers": "apikey, authorization, content-type",
      },
    }),
  );
  assertEquals(response.status, 204);
  assertCors(response);
  assertEquals(await response.text(), "");
  assertEquals(calls.length, 0);
});

Deno.test("other methods: 405 with Allow and CORS", async () => {
  const { handler, calls } = setup();
  for (const method of ["GET", "PUT", "DELETE", "PATCH", "HEAD"]) {
    const response = await handler(new Request(URL, { method }));
    assertEquals(response.status, 405, method);
    assertEquals(response.headers.get("allow"), "POST, OPTIONS");
    assertCors(response);
    if (method !== "HEAD") assertEquals(await response.json(), { error: "method_not_allowed" });
  }
  assertEquals(calls.length, 0);
});

Deno.test("malformed JSON: 400 invalid_json", async () => {
  const { handler, calls } = setup();
  for (const text of ["", "{", "{name: 'x'}", "not json", '{"name":"a",}']) {
    const response = await handler(post(text));
    assertEquals(response.status, 400, text);
    assertEquals(await bodyOf(response), { error: "invalid_json" });
    assertCors(response);
  }
  assertEquals(calls.length, 0);
});

Deno.test("JSON that is not an object: 400 invalid_json", async () => {
  const { handler, calls } = setup();
  for (const text of ["null", "[]", "[1]", '"text"', "42", "true"]) {
    const response = await handler(post(text));
    assertEquals(response.status, 400, text);
    assertEquals(await response.json(), { error: "invalid_json" });
  }
  assertEquals(calls.length, 0);
});

Deno.test("bytes that are not UTF-8: 400 invalid_json", async () => {
  const { handler } = setup();
  const response = await handler(
    new Request(URL, { method: "POST", body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) }),
  );
  assertEquals(response.status, 400);
  assertEquals(await response.json(), { error: "invalid_json" });
});

Deno.test("invalid fields: 400 with one message per field, nothing stored", async () => {
  const { handler, calls } = setup();
  const response = await handler(
    post({ ...valid, name: " ", email: "nope", subject: "x".repeat(301), inquiryType: "other" }),
  );
  assertEquals(response.status, 400);
  assertCors(response);
  assertEquals(await response.json(), {
    error: "validation",
    fields: {
      name: CONTACT_MESSAGES.nameRequired,
      email: CONTACT_MESSAGES.emailInvalid,
      subject: CONTACT_MESSAGES.subjectTooLong,
      inquiryType: CONTACT_MESSAGES.inquiryTypeInvalid,
    },
  });
  assertEquals(calls.length, 0);
});

Deno.test("an empty object: every required field is named", async () => {
  const { handler } = setup();
  const body = (await (await handler(post({}))).json()) as { fields: Record<string, string> };
  assertEquals(Object.keys(body.fields).sort(), ["email", "message", "name", "subject"]);
});

Deno.test("honeypot filled: 200 {ok:true} like a success, nothing stored", async () => {
  const { handler, calls } = setup();
  for (const website of ["http://spam.example", "x", 1, true]) {
    const response = await handler(post({ ...valid, website }));
    assertEquals(response.status, 200);
    assertEquals(await bodyOf(response), { ok: true });
    assertCors(response);
  }
  // Even with invalid fields: a bot learns nothing from the answer.
  const invalid = await handler(post({ website: "http://spam.example" }));
  assertEquals(invalid.status, 200);
  assertEquals(await invalid.json(), { ok: true });
  assertEquals(calls.length, 0);
});

Deno.test("honeypot empty or absent: the message goes through", async () => {
  const { handler, calls } = setup();
  const { website: _omitted, ...withoutHoneypot } = valid;
  assertEquals((await handler(post(withoutHoneypot))).status, 201);
  assertEquals((await handler(post({ ...valid, website: "  " }))).status, 201);
  assertEquals((await handler(post({ ...valid, website: null }))).status, 201);
  assertEquals(calls.length, 3);
});

Deno.test("a declared body over 32 KB: 413 before reading it", async () => {
  const { handler, calls } = setup();
  const big = JSON.stringify({ ...valid, message: "x".repeat(40_000) });
  const response = await handler(post(big, { "content-length": String(big.length) }));
  assertEquals(response.status, 413);
  assertEquals(await response.json(), { error: "payload_too_large" });
  assertCors(response);
  assertEquals(calls.length, 0);
});

Deno.test("a streamed body over 32 KB (no Content-Length): 413", async () => {
  const { handler, calls } = setup();
  const chunk = new TextEncoder().encode("x".repeat(8 * 1024));
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ < 10) controller.enqueue(chunk);
      else controller.close();
    },
  });
  const response = await handler(new Request(URL, { method: "POST", body }));
  assertEquals(response.status, 413);
  assert(sent <= 6, `stopped reading early (read ${sent} chunks)`);
  assertEquals(calls.length, 0);
});

Deno.test("a body of exactly 32 KB is read", async () => {
  const { handler } = setup();
  const base = JSON.stringify({ ...valid, pad: "" });
  const body = JSON.stringify({ ...valid, pad: "x".repeat(32 * 1024 - base.length) });
  assertEquals(new TextEncoder().encode(body).length, 32 * 1024);
  assertEquals((await handler(post(body))).status, 201);
});

Deno.test("over a limit: 429 rate_limited with retryAfter and Retry-After", async () => {
  const { handler } = setup({ stored: false, retryAfter: 123.2 });
  const response = await handler(post(valid));
  assertEquals(response.status, 429);
  assertEquals(await response.json(), { error: "rate_limited", retryAfter: 124 });
  assertEquals(response.headers.get("retry-after"), "124");
  assertCors(response);
  assertMatch(response.headers.get("access-control-expose-headers") ?? "", /Retry-After/);
});

Deno.test("the store failing: 500 unavailable, logged, no details leaked", async () => {
  const { handler, logged } = setup(() =>
    Promise.reject({ code: "23514", message: "new row violates check constraint (secret detail)" }),
  );
  const response = await handler(post(valid));
  assertEquals(response.status, 500);
  const text = await response.text();
  assertEquals(JSON.parse(text), { error: "unavailable" });
  assert(!text.includes("secret detail"));
  assert(!text.includes("at "));
  assertCors(response);
  assertEquals(logged.length, 1);
  assertMatch(logged[0] ?? "", /23514/);
});

Deno.test("hashing failing (no secret): 500 unavailable", async () => {
  const handler = createContactHandler({
    clientAddress,
    hashAddress: () => Promise.reject(new Error("hashClientAddress needs a secret")),
    store: () => Promise.resolve({ stored: true }),
    logError: () => {},
  });
  const response = await handler(post(valid));
  assertEquals(response.status, 500);
  assertEquals(await response.json(), { error: "unavailable" });
});

Deno.test("the database answer is read strictly", () => {
  assertEquals(parseSubmitAnswer({ stored: true, id: "x" }), { stored: true });
  assertEquals(parseSubmitAnswer({ stored: false, scope: "client", retry_after: 42 }), {
    stored: false,
    retryAfter: 42,
  });
  for (const odd of [null, undefined, "yes", {}, { stored: "true" }, { stored: false }]) {
    assertThrows(() => parseSubmitAnswer(odd), JSON.stringify(odd));
  }
});
