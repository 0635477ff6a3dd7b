// The stand-in's PostgREST, feature by feature (features.ts): each implemented feature
// answers as PostgREST's documentation says, each refused one is refused out loud (501
// STANDIN501, naming it, changing nothing), and nothing is answered a third way.
// With SUPABASE_URL and keys set (see ../contract/stack.ts) the same suite runs against
// a real project, after fixture.sql was run there once: implemented features must
// answer the same, and refused ones must be answered (not refused) by hosted.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../contract/stack.ts";
import { type Conformance, conformance } from "./client.ts";
import { FEATURES, ITEMS } from "./features.ts";

let stack: TestStack;
let t: Conformance;

beforeAll(async () => {
  stack = await startTestStack();
  // Before the first API request, so the schema cache sees the fixture.
  await stack.db?.exec(await readFile(join(import.meta.dirname, "fixture.sql"), "utf8"));
  t = conformance(stack);
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

beforeEach(async () => {
  const cleared = await t.client.from("conformance_items").delete().gte("id", 0);
  if (cleared.error?.code === "PGRST205") {
    throw new Error(
      "conformance_items is missing: run tests/conformance/fixture.sql in the project first",
    );
  }
  expect(cleared.error).toBeNull();
  const filled = await t.client.from("conformance_items").insert(ITEMS);
  expect(filled.error).toBeNull();
});

describe("PostgREST on the stand-in: implemented as documented", () => {
  for (const feature of FEATURES) {
    if (feature.played !== "implemented") continue;
    it(feature.name, () => feature.check(t));
  }
});

describe("PostgREST on the stand-in: refused out loud, changing nothing", () => {
  for (const feature of FEATURES) {
    if (feature.played !== "refused") continue;
    it(`${feature.name} (hosted ${feature.hosted})`, async () => {
      const before = (await t.client.from("conformance_items").select("*").order("id")).data;
      const answer = await feature.send(t);
      if (t.embedded) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(501);
        const body = answer.body as Record<string, unknown>;
        expect(Object.keys(body).sort()).toEqual(["code", "details", "hint", "message"]);
        expect(body.code).toBe("STANDIN501");
        expect(body.message).toMatch(/ is not supported by the local stand-in$/);
        expect((await t.client.from("conformance_items").select("*").order("id")).data).toEqual(
          before,
        );
      } else {
        expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(400);
      }
    });
  }
});
