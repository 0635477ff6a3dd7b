// What Storage routes and the stand-in does not: refused out loud (501, naming the
// feature, in the shape of that part of Storage), through raw HTTP and through
// supabase-js; the stand-in's own routes still answer, and an unrouted path gets
// Storage's 404.
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "../keys.ts";
import { PIXEL, storageStandIn } from "./test-stand-in.ts";
import { UNSUPPORTED } from "./unsupported.ts";

const stand = storageStandIn();
const { request, uploadRaw, publicBytes } = stand;
const REFUSED = /is not supported by the local stand-in/;

/** A concrete path for a route's Hono pattern. */
function concrete(pattern: string): string {
  return pattern
    .replace(/:bucket\/:name\{\.\*\}/, "media/folder/a.png")
    .replace(/:rest\{\.\*\}/, "media/a.png")
    .replace(/:(bucket|id|name)\b/g, "media")
    .replace(/:[a-z]+/g, "p");
}

describe("refused routes", () => {
  it("answer every unimplemented route 501 in the error shape of its part of Storage", async () => {
    for (const route of UNSUPPORTED) {
      for (const method of route.methods) {
        for (const pattern of route.paths) {
          const path = concrete(pattern);
          const res = await request(method, path, { as: "service" });
          const label = `${method} ${path}`;
          expect(res.status, label).toBe(501);
          const message = `${route.feature} is not supported by the local stand-in; use \`supabase start\` or a hosted project for it`;
          if (route.shape === "s3") {
            expect(res.headers.get("content-type"), label).toContain("application/xml");
            const xml = await res.text();
            expect(xml, label).toContain("<Code>STANDIN501</Code>");
            expect(xml, label).toContain(`<Message>${message.replace(/&/g, "&amp;")}</Message>`);
          } else if (route.shape === "iceberg") {
            expect(await res.json(), label).toEqual({
              error: { message, type: "STANDIN501", code: 501 },
            });
          } else {
            expect(await res.json(), label).toEqual({
              statusCode: "501",
              code: "STANDIN501",
              error: "STANDIN501",
              message,
            });
          }
          if (method === "GET") {
            expect((await request("HEAD", path, { as: "service" })).status, label).toBe(501);
          }
        }
      }
    }
  }, 30_000);

  it("refuse a path under a fixed segment that would otherwise name a bucket", async () => {
    const cases: [string, string, RegExp][] = [
      ["POST", "/object/sign/media/a.png", /^Creating a signed URL /],
      ["GET", "/object/sign/media/a.png?token=x", /^Reading by signed URL /],
      ["PUT", "/object/upload/sign/media/a.png?token=x", /^Uploading to a signed upload URL /],
      ["GET", "/object/info/public/media/a.png", /^Reading an object's info /],
      ["POST", "/object/list-v2/media", /^Listing objects \(list-v2\) /],
      ["DELETE", "/object/media/a.png", /^Deleting one object by its path/],
      ["DELETE", "/object/media/", /^Deleting one object by its path/],
    ];
    for (const [method, path, message] of cases) {
      const res = await request(method, path, { as: "service" });
      expect(res.status, path).toBe(501);
      expect(((await res.json()) as { message: string }).message, path).toMatch(message);
    }
  });
});

describe("the stand-in's own routes", () => {
  it("still win over the refusals, and a bucket named like a refused route still takes uploads", async () => {
    await stand.db.exec(
      "insert into storage.buckets (id, name, public) values ('copy', 'copy', true)",
    );
    expect((await uploadRaw("copy/sign/a.png", PIXEL, { as: "service" })).status).toBe(200);
    expect(await publicBytes("copy/sign/a.png")).toEqual(PIXEL);
    const got = await request("GET", "/object/authenticated/copy/sign/a.png", { as: "service" });
    expect(got.status).toBe(200);
    const list = await request("POST", "/object/list/copy", {
      as: "service",
      body: JSON.stringify({ prefix: "sign" }),
      headers: { "content-type": "application/json" },
    });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { name: string }[]).map((entry) => entry.name)).toEqual([
      "a.png",
    ]);
    const removed = await request("DELETE", "/object/copy", {
      as: "service",
      body: JSON.stringify({ prefixes: ["sign/a.png"] }),
      headers: { "content-type": "application/json" },
    });
    expect(removed.status).toBe(200);
  });
});

describe("unrouted paths", () => {
  it("answer Storage's 404: its own shape under its REST prefixes, Fastify's elsewhere", async () => {
    const storage404 = (method: string, url: string) => ({
      statusCode: "404",
      error: "Not Found",
      message: `Route ${method}:${url} not found`,
      code: "InvalidRequest",
    });
    for (const [method, url] of [
      ["PATCH", "/object/media/a.png"],
      ["DELETE", "/object"],
      ["POST", "/object/"],
      ["GET", "/bucket/media/lifecycle"],
      ["GET", "/render/image/nope/media/a.png?width=10"],
      ["POST", "/vector/NoSuchOperation"],
    ] as const) {
      const res = await request(method, url, { as: "service" });
      expect(res.status, url).toBe(404);
      expect(await res.json(), url).toEqual(storage404(method, url));
    }
    for (const url of ["/nope?x=1", "/iceberg/nope", "/bucketful"]) {
      const res = await request("GET", url, { as: "service" });
      expect(res.status, url).toBe(404);
      expect(await res.json(), url).toEqual({
        message: `Route GET:${url} not found`,
        error: "Not Found",
        statusCode: 404,
      });
    }
  });
});

describe("supabase-js", () => {
  let client: SupabaseClient;
  beforeAll(async () => {
    client = createClient(stand.apiUrl, apiKeys(stand.keys).secret, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    expect((await uploadRaw("open/js/a.png", PIXEL, { as: "service" })).status).toBe(200);
  });

  it("surfaces the refusal as the error of each call the stand-in does not play", async () => {
    const open = () => client.storage.from("open");
    const calls: [string, () => Promise<{ error: unknown }>][] = [
      ["listBuckets", () => client.storage.listBuckets()],
      ["getBucket", () => client.storage.getBucket("open")],
      ["createBucket", () => client.storage.createBucket("new-bucket")],
      ["updateBucket", () => client.storage.updateBucket("open", { public: false })],
      ["emptyBucket", () => client.storage.emptyBucket("open")],
      ["deleteBucket", () => client.storage.deleteBucket("open")],
      ["createSignedUrl", () => open().createSignedUrl("js/a.png", 60)],
      ["createSignedUrls", () => open().createSignedUrls(["js/a.png"], 60)],
      ["createSignedUploadUrl", () => open().createSignedUploadUrl("js/b.png")],
      ["uploadToSignedUrl", () => open().uploadToSignedUrl("js/b.png", "token", PIXEL)],
      ["move", () => open().move("js/a.png", "js/moved.png")],
      ["copy", () => open().copy("js/a.png", "js/copied.png")],
      ["info", () => open().info("js/a.png")],
      ["download with a transform", () => open().download("js/a.png", { transform: { width: 1 } })],
      ["analytics.listBuckets", () => client.storage.analytics.listBuckets()],
    ];
    for (const [name, call] of calls) {
      const { error } = await call();
      expect(error, name).toMatchObject({ status: 501, message: expect.stringMatching(REFUSED) });
    }
    // Nothing moved, copied, emptied or deleted.
    expect(await publicBytes("open/js/a.png")).toEqual(PIXEL);
    const { rows } = await stand.db.query<{ name: string }>(
      "select name from storage.objects where bucket_id = 'open' and name like 'js/%'",
    );
    expect(rows.map((row) => row.name)).toEqual(["js/a.png"]);
  }, 30_000);
});
