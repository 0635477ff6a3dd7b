// The answers every endpoint gives alike, and the JSON object body reader.
import { assert, assertEquals } from "./assert.ts";
import { endpointAnswers, readJsonObject } from "./http.ts";

const URL = "http://127.0.0.1/endpoint";

Deno.test("an endpoint's answers carry its CORS headers; refusals are {error, message}", async () => {
  const answers = endpointAnswers(["GET", "POST"]);
  assertEquals(answers.cors["Access-Control-Allow-Methods"], "GET, POST, OPTIONS");
  const refusal = answers.error(429, "too_many", "Later.", { "Retry-After": "60" });
  assertEquals(refusal.status, 429);
  assertEquals(refusal.headers.get("retry-after"), "60");
  assertEquals(refusal.headers.get("access-control-allow-origin"), "*");
  assertEquals(refusal.headers.get("content-type"), "application/json; charset=utf-8");
  assertEquals(await refusal.json(), { error: "too_many", message: "Later." });
  const preflight = answers.preflight();
  assertEquals(preflight.status, 204);
  assertEquals(preflight.headers.get("access-control-allow-methods"), "GET, POST, OPTIONS");
});

Deno.test("methods: OPTIONS is the preflight, others not served are 405 with Allow", async () => {
  const answers = endpointAnswers(["POST"]);
  assertEquals((await answers.refuseMethod(new Request(URL, { method: "OPTIONS" })))?.status, 204);
  assertEquals(await answers.refuseMethod(new Request(URL, { method: "POST", body: "x" })), null);
  const put = new Request(URL, { method: "PUT", body: "unread" });
  const refused = await answers.refuseMethod(put, "Only POST is accepted.");
  assertEquals(refused?.status, 405);
  assertEquals(refused?.headers.get("allow"), "POST, OPTIONS");
  assertEquals(await refused?.json(), {
    error: "method_not_allowed",
    message: "Only POST is accepted.",
  });
  assert(put.bodyUsed, "the body is cancelled");
  const bare = await answers.refuseMethod(new Request(URL, { method: "DELETE" }));
  assertEquals(await bare?.json(), { error: "method_not_allowed" });
});

Deno.test("a JSON object body: too large, or anything but an object, is refused", async () => {
  const read = (body: BodyInit) => readJsonObject(new Request(URL, { method: "POST", body }), 16);
  assertEquals(await read('{"action":"x"}'), { ok: true, value: { action: "x" } });
  assertEquals(await read('{"action":"far too long"}'), { ok: false, reason: "too_large" });
  for (const body of ["", "{nope", "[1]", "null", '"text"', "3"]) {
    assertEquals(await read(body), { ok: false, reason: "invalid" }, body);
  }
  assertEquals(await read(new Uint8Array([0x7b, 0xff, 0x7d])), { ok: false, reason: "invalid" });
});
