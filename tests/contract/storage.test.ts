// The `media` bucket through supabase-js and the `media` function, as the admin UI and
// the public site use them: admins upload through the function (which stores with the
// service role), list and remove directly; everyone reads by public URL; nobody else
// writes or lists, and nobody but the service role writes directly. Runs against the embedded stand-in by default and
// against a real Supabase when SUPABASE_URL and the keys are set (see stack.ts), so
// it asserts only what hosted Storage answers.
import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accessToken,
  anonClient,
  embeddedOnly,
  REAL_PROJECT,
  serviceClient,
  signedInUser,
  startTestStack,
  type TestStack,
  type TestUser,
} from "./stack.ts";

const _root = join(import.meta.dirname, "..", "..");

// A 1x1 PNG, and a different (2x2) one made with sharp.
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
const TEN_MIB = 10 * 1024 * 1024;

const png = (bytes: Buffer) => new Blob([new Uint8Array(bytes)], { type: "image/png" });

let stack: TestStack;
let anon: SupabaseClient;
/** The identity the media function stores with. */
let service: SupabaseClient;
let admin: TestUser;
let user: TestUser;
let other: Buffer;
/** Everything this file writes lives under its own folder, so a shared project stays clean. */
const run = `contract-${randomUUID()}`;
const certificates = `certificates/${run}`;

const media = (client: SupabaseClient) => client.storage.from("media");

/** Reads a public URL; a nonce keeps a CDN from answering with what it cached before a change. */
async function publicGet(path: string, init?: RequestInit): Promise<Response> {
  const { publicUrl } = media(anon).getPublicUrl(path, { cacheNonce: randomUUID() }).data;
  return fetch(publicUrl, init);
}

async function expectPublicMissing(path: string): Promise<void> {
  const res = await publicGet(path);
  expect(res.status).toBe(400);
  const body = (await res.json()) as { statusCode: string; error: string; message: string };
  expect(body).toMatchObject({
    statusCode: "404",
    error: "not_found",
    message: "Object not found",
  });
}

async function expectPublicBytes(path: string, bytes: Buffer): Promise<Response> {
  const res = await publicGet(path);
  expect(res.status).toBe(200);
  expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  return res;
}

/** Every file under the embedded stack's storage folder, temp files included. */
async function filesOnDisk(): Promise<string[]> {
  const dir = stack.storageDir;
  if (!dir) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

function statusOf(error: unknown): string | undefined {
  return (error as { statusCode?: string } | null)?.statusCode;
}

beforeAll(async () => {
  stack = await startTestStack();
  anon = anonClient(stack);
  service = serviceClient(stack);
  [admin, user] = await Promise.all([signedInUser(stack, { admin: true }), signedInUser(stack)]);
  other = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#c0392b" } })
    .png()
    .toBuffer();
}, 60_000);

afterAll(async () => {
  if (admin) {
    // Leaves nothing behind on a shared project, whatever a failed test left.
    const leftovers = [
      `${run}/pixel.png`,
      `${run}/replace.png`,
      `${run}/doc.pdf`,
      `${run}/anon.png`,
      `${run}/user.png`,
      `${run}/big.png`,
      `${run}/logo.svg`,
      `${run}/notes.txt`,
      `${run}/direct.png`,
      `${run}/via-function.png`,
      `${certificates}/registration.pdf`,
    ];
    await media(admin.client).remove(leftovers);
  }
  await stack?.close();
});

describe("media bucket", () => {
  it("the service role uploads a PNG and its public URL serves it with the right headers", async () => {
    const path = `${run}/pixel.png`;
    const { data, error } = await media(service).upload(path, png(PIXEL));
    expect(error).toBeNull();
    expect(data).toMatchObject({ path, fullPath: `media/${path}` });
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const res = await expectPublicBytes(path, PIXEL);
    expect(res.headers.get("content-type")).toBe("image/png");
    // storage-js uploads with cacheControl "3600" unless told otherwise.
    expect(res.headers.get("cache-control")).toContain("max-age=3600");
    expect(res.headers.get("last-modified")).toBeTruthy();
    const etag = res.headers.get("etag");
    expect(etag).toBeTruthy();

    const again = await publicGet(path, { headers: { "If-None-Match": etag ?? "" } });
    expect(again.status).toBe(304);

    const head = await publicGet(path, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/png");
    expect(head.headers.get("content-length")).toBe(String(PIXEL.length));
  });

  it("the service role uploads a PDF under certificates/", async () => {
    const path = `${certificates}/registration.pdf`;
    const { error } = await media(service).upload(
      path,
      new Blob([new Uint8Array(PDF)], { type: "application/pdf" }),
    );
    expect(error).toBeNull();
    const res = await expectPublicBytes(path, PDF);
    expect(res.headers.get("content-type")).toBe("application/pdf");
  });

  it("an admin cannot write to the bucket directly: uploads go through the media function", async () => {
    const before = await filesOnDisk();
    const direct = await media(admin.client).upload(`${run}/direct.png`, png(PIXEL));
    expect(statusOf(direct.error)).toBe("403");
    expect(direct.error?.message).toBe("new row violates row-level security policy");
    const pdf = await media(admin.client).upload(
      `${certificates}/direct.pdf`,
      new Blob([new Uint8Array(PDF)], { type: "application/pdf" }),
    );
    expect(statusOf(pdf.error)).toBe("403");
    const replace = await media(admin.client).update(`${run}/pixel.png`, png(other));
    expect(statusOf(replace.error)).toBe("403");
    await expectPublicMissing(`${run}/direct.png`);
    await expectPublicBytes(`${run}/pixel.png`, PIXEL);
    expect(await filesOnDisk()).toEqual(before);
  });

  it("the media function stores an admin's image and answers its public URL", async () => {
    const path = `${run}/via-function.png`;
    const res = await fetch(`${stack.url}/functions/v1/media?path=${encodeURIComponent(path)}`, {
      method: "POST",
      headers: {
        apikey: stack.publishableKey,
        authorization: `Bearer ${await accessToken(admin)}`,
        "content-type": "image/png",
      },
      body: new Uint8Array(other),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { path: string; url: string };
    expect(body.path).toBe(path);
    const served = await fetch(body.url);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(other)).toBe(true);
  });

  it("the bucket refuses SVG and plain text, even from the service role (415)", async () => {
    const svg = await media(service).upload(
      `${run}/logo.svg`,
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
        type: "image/svg+xml",
      }),
    );
    expect(statusOf(svg.error)).toBe("415");
    expect(svg.error?.message).toBe("mime type image/svg+xml is not supported");

    const text = await media(service).upload(
      `${run}/notes.txt`,
      new Blob(["hello"], { type: "text/plain" }),
    );
    expect(statusOf(text.error)).toBe("415");
    expect(text.error?.message).toBe("mime type text/plain is not supported");

    await expectPublicMissing(`${run}/logo.svg`);
    await expectPublicMissing(`${run}/notes.txt`);
  });

  it("the bucket refuses a file over 10 MB (413) and keeps neither file nor row", async () => {
    const path = `${run}/big.png`;
    const { data, error } = await media(service).upload(path, png(Buffer.alloc(TEN_MIB + 1)));
    expect(data).toBeNull();
    expect(statusOf(error)).toBe("413");
    expect(error?.message).toBe("The object exceeded the maximum allowed size");
    await expectPublicMissing(path);
    expect((await filesOnDisk()).filter((file) => file.includes("big.png"))).toEqual([]);
    expect((await filesOnDisk()).filter((file) => file.startsWith(".uploads"))).toEqual([]);
  }, 30_000);

  it("anon and a signed-in non-admin can neither upload, update nor remove", async () => {
    const path = `${run}/pixel.png`;
    const before = await filesOnDisk();

    for (const [who, client] of [
      ["anon", anon],
      ["user", user.client],
    ] as const) {
      const upload = await media(client).upload(`${run}/${who}.png`, png(PIXEL));
      expect(statusOf(upload.error), `${who} upload`).toBe("403");
      expect(upload.error?.message).toBe("new row violates row-level security policy");
      await expectPublicMissing(`${run}/${who}.png`);

      const update = await media(client).update(path, png(other));
      expect(statusOf(update.error), `${who} update`).toBe("403");

      const upsert = await media(client).upload(path, png(other), { upsert: true });
      expect(statusOf(upsert.error), `${who} upsert`).toBe("403");

      // RLS hides the rows from them: nothing is removed, and that is no error.
      const removed = await media(client).remove([path]);
      expect(removed.error).toBeNull();
      expect(removed.data).toEqual([]);

      await expectPublicBytes(path, PIXEL);
    }
    expect(await filesOnDisk()).toEqual(before);
  });

  it("upsert false on an existing object is a 409; upsert true and update replace it", async () => {
    const path = `${run}/replace.png`;
    expect((await media(service).upload(path, png(PIXEL))).error).toBeNull();

    const duplicate = await media(service).upload(path, png(other));
    expect(statusOf(duplicate.error)).toBe("409");
    expect(duplicate.error?.message).toBe("The resource already exists");
    await expectPublicBytes(path, PIXEL);

    const first = await media(service).upload(path, png(other), { upsert: true });
    expect(first.error).toBeNull();
    await expectPublicBytes(path, other);

    const second = await media(service).update(path, png(PIXEL), { cacheControl: "60" });
    expect(second.error).toBeNull();
    expect(second.data?.id).toBe(first.data?.id);
    const res = await expectPublicBytes(path, PIXEL);
    expect(res.headers.get("cache-control")).toContain("max-age=60");
  });

  it("listing: anon and non-admins see nothing, the admin sees the folder", async () => {
    expect(await media(anon).list()).toEqual({ data: [], error: null });
    expect(await media(anon).list(run)).toEqual({ data: [], error: null });
    expect(await media(user.client).list(run)).toEqual({ data: [], error: null });

    const { data, error } = await media(admin.client).list(run);
    expect(error).toBeNull();
    const names = (data ?? []).map((entry) => entry.name);
    expect(names).toEqual(expect.arrayContaining(["pixel.png", "replace.png", "via-function.png"]));
    const pixel = data?.find((entry) => entry.name === "pixel.png");
    expect(pixel?.metadata).toMatchObject({ mimetype: "image/png", size: PIXEL.length });
  });

  it("remove returns the removed objects, and their public URLs then 404", async () => {
    const paths = [
      `${run}/pixel.png`,
      `${run}/replace.png`,
      `${run}/via-function.png`,
      `${certificates}/registration.pdf`,
    ];
    const { data, error } = await media(admin.client).remove([...paths, `${run}/never-was.png`]);
    expect(error).toBeNull();
    expect((data ?? []).map((row) => row.name).sort()).toEqual([...paths].sort());
    expect(data?.[0]).toMatchObject({ bucket_id: "media" });

    for (const path of paths) await expectPublicMissing(path);
    expect((await filesOnDisk()).filter((file) => file.includes(run))).toEqual([]);

    const again = await media(admin.client).remove(paths);
    expect(again).toEqual({ data: [], error: null });
  });
});

describe.skipIf(REAL_PROJECT)(
  `what the stand-in does not play ${embeddedOnly("hosted Storage has these features")}`,
  () => {
    it("signed URLs, move, copy and the bucket API are refused out loud (501), changing nothing", async () => {
      const path = `${run}/refused.png`;
      expect((await media(service).upload(path, png(PIXEL))).error).toBeNull();
      const answers = [
        await service.storage.listBuckets(),
        await media(service).createSignedUrl(path, 60),
        await media(service).move(path, `${run}/moved.png`),
        await media(service).copy(path, `${run}/copied.png`),
      ];
      for (const { error } of answers) {
        expect(error).toMatchObject({
          status: 501,
          message: expect.stringContaining("is not supported by the local stand-in"),
        });
      }
      await expectPublicBytes(path, PIXEL);
      await expectPublicMissing(`${run}/moved.png`);
      await expectPublicMissing(`${run}/copied.png`);
      expect((await media(service).remove([path])).error).toBeNull();
    });
  },
);
