// Abuse group "uploads": files that must never reach the media bucket. Every case goes
// over HTTP to the real `media` Edge Function (in Deno, behind the embedded stack's
// gateway) with a signed-in admin's token, the strongest caller an attacker could hold,
// except the cases about who may call. A case counts as refused only when the answer is
// a 4xx with a readable message AND the bucket (objects and files on disk) and every
// content table are exactly as before.
//
// Also counted: the admin's own first check (checkImageFile) and direct writes to the
// bucket that skip the function. Controls: each accepted type really is stored and
// served with its type, so the group would notice if everything were refused.
import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkImageFile } from "../../admin-island/src/uploads/images.ts";
import { MAX_UPLOAD_BYTES, SMALL_PICTURE_MAX_BYTES } from "../../functions/_shared/media-rules.ts";
import { CONTENT_TABLES } from "../../src/lib/schema/tables.ts";
import {
  accessToken,
  anonClient,
  serviceClient,
  signedInUser,
  startTestStack,
  type TestStack,
  type TestUser,
} from "../contract/stack.ts";
import { scale, Tally } from "./tally.ts";

const tally = new Tally("uploads");

let stack: TestStack;
let service: SupabaseClient;
let admin: TestUser;
let user: TestUser;
let adminToken: string;
let userToken: string;
/** Real images of every accepted type, made with sharp. */
const real: Record<string, Buffer> = {};
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
const EXTENSION: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/avif": "avif",
  "application/pdf": "pdf",
};

/** Every object in the bucket (service role), every file on disk, and every table's rows. */
async function snapshot(): Promise<string> {
  const objects: string[] = [];
  async function walk(prefix: string): Promise<void> {
    const { data, error } = await service.storage
      .from("media")
      .list(prefix, { limit: 1000, sortBy: { column: "name", order: "asc" } });
    if (error) throw new Error(`list ${prefix}: ${error.message}`);
    for (const entry of data ?? []) {
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.id === null) await walk(path);
      else objects.push(`${path}:${(entry.metadata as { size?: number } | null)?.size}`);
    }
  }
  await walk("");
  const dir = stack.storageDir;
  const files = dir
    ? (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
        .sort()
    : [];
  const counts = await Promise.all(
    CONTENT_TABLES.map(async (table) => {
      const { count, error } = await service
        .from(table)
        .select("*", { count: "exact", head: true });
      if (error) throw new Error(`count ${table}: ${error.message}`);
      return `${table}=${count}`;
    }),
  );
  return JSON.stringify({ objects, files, counts });
}

/** The last snapshot taken after a refused case: the next case's "before". */
let known: string | undefined;

interface Sent {
  status: number;
  message: string;
}

async function send(
  body: BodyInit,
  options: { type?: string; path?: string; token?: string | null; signal?: AbortSignal } = {},
): Promise<Sent> {
  const path = options.path ?? `abuse/${randomUUID()}.png`;
  const headers: Record<string, string> = { apikey: stack.publishableKey };
  if (options.type !== undefined) headers["content-type"] = options.type;
  const token = options.token === undefined ? adminToken : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${stack.url}/functions/v1/media?path=${encodeURIComponent(path)}`, {
    method: "POST",
    headers,
    body,
    signal: options.signal,
    duplex: "half",
  } as RequestInit);
  const text = await res.text();
  let message = "";
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    message = typeof parsed.message === "string" ? parsed.message : "";
  } catch {
    message = "";
  }
  return { status: res.status, message };
}

/** One hostile upload: refused with a 4xx and a readable message, and nothing changed. */
async function expectRefused(
  name: string,
  body: BodyInit,
  options: Parameters<typeof send>[1] = {},
): Promise<void> {
  const before = known ?? (await snapshot());
  known = undefined;
  let sent: Sent;
  try {
    sent = await send(body, options);
  } catch (error) {
    tally.error(name, error);
    return;
  }
  if (sent.status >= 500) {
    tally.error(name, `HTTP ${sent.status} ${sent.message}`);
    return;
  }
  const after = await snapshot();
  const unchanged = after === before;
  known = after;
  const refused = sent.status >= 400 && sent.status < 500 && unchanged;
  tally.refused(
    `${name} (HTTP ${sent.status}${unchanged ? "" : ", bucket or rows changed"})`,
    refused,
  );
  // A refusal the editor cannot read is not a clear message (the gateway's own 401s,
  // e.g. for a forged token, carry one too).
  if (refused && sent.message.length < 10) tally.error(name, `unclear message "${sent.message}"`);
}

const text = (value: string) => new Uint8Array(Buffer.from(value));
const bytes = (buffer: Buffer) => new Uint8Array(buffer);

beforeAll(async () => {
  stack = await startTestStack();
  service = serviceClient(stack);
  [admin, user] = await Promise.all([signedInUser(stack, { admin: true }), signedInUser(stack)]);
  adminToken = await accessToken(admin);
  userToken = await accessToken(user);
  const picture = () =>
    sharp({ create: { width: 4, height: 3, channels: 3, background: "#2e86c1" } });
  real["image/png"] = await picture().png().toBuffer();
  real["image/jpeg"] = await picture().jpeg().toBuffer();
  real["image/gif"] = await picture().gif().toBuffer();
  real["image/webp"] = await picture().webp().toBuffer();
  real["image/avif"] = await picture().avif().toBuffer();
  real["application/pdf"] = PDF;
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

describe("uploads", () => {
  beforeEach(() => {
    known = undefined;
  });

  it("controls: every accepted type is stored and served as itself", async () => {
    for (const [type, data] of Object.entries(real)) {
      const folder = type === "application/pdf" ? "certificates/abuse" : "abuse/controls";
      const path = `${folder}/${randomUUID()}.${EXTENSION[type]}`;
      const sent = await send(bytes(data), { type, path });
      const served = await fetch(
        `${stack.url}/storage/v1/object/public/media/${path.split("/").map(encodeURIComponent).join("/")}`,
      );
      const same = Buffer.from(await served.arrayBuffer()).equals(data);
      tally.holds(
        `${type} stored and served`,
        sent.status === 201 && served.headers.get("content-type") === type && same,
      );
    }
  }, 60_000);

  it("who may upload: nobody but an admin", async () => {
    const png = bytes(real["image/png"] as Buffer);
    await expectRefused("no token", png, { type: "image/png", token: null });
    await expectRefused("the anon key as token", png, {
      type: "image/png",
      token: stack.publishableKey,
    });
    await expectRefused("a signed-in non-admin", png, { type: "image/png", token: userToken });
    await expectRefused("a token with a wrong signature", png, {
      type: "image/png",
      token: `${adminToken.slice(0, adminToken.lastIndexOf(".") + 1)}AAAA`,
    });
    // Straight to Storage, around the function: the bucket takes writes from the
    // service role only.
    for (const [who, client] of [
      ["admin", admin.client],
      ["user", user.client],
      ["anon", anonClient(stack)],
    ] as const) {
      const before = await snapshot();
      const { error } = await client.storage
        .from("media")
        .upload(`abuse/direct-${who}.png`, new Blob(["<html><script>alert(1)</script>"]), {
          contentType: "image/png",
        });
      tally.refused(
        `direct upload to the bucket as ${who}`,
        error !== null && (await snapshot()) === before,
      );
    }
  }, 60_000);

  it("files that are not images (or PDFs) are refused", async () => {
    const hostile: [string, Uint8Array<ArrayBuffer>][] = [
      ["plain text", text("just some words")],
      ["HTML page", text("<!doctype html><html><script>alert(document.cookie)</script></html>")],
      ["JavaScript", text("fetch('/steal?c='+document.cookie)")],
      ["JSON", text('{"a":1}')],
      ["XML", text('<?xml version="1.0"?><x/>')],
      ["ZIP archive", text("PK\u0003\u0004\u0014\u0000\u0000\u0000")],
      ["Windows program", text("MZ\u0090\u0000\u0003\u0000\u0000\u0000")],
      ["ELF program", new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0])],
      [
        "MP4 video",
        new Uint8Array([0, 0, 0, 24, ...text("ftypisom"), 0, 0, 0, 0, ...text("isom")]),
      ],
      ["truncated PNG signature", new Uint8Array([0x89, 0x50, 0x4e, 0x47])],
      ["empty file", new Uint8Array(0)],
      ["random bytes", new Uint8Array(Buffer.from(randomUUID().repeat(20)))],
    ];
    for (const [name, body] of hostile) {
      for (const type of ["image/png", "image/jpeg", "image/webp", "application/octet-stream"]) {
        await expectRefused(`${name} as ${type}`, body, {
          type,
          path: `abuse/${randomUUID()}.${EXTENSION[type] ?? "png"}`,
        });
      }
    }
  }, 120_000);

  it("SVG carrying script is refused however it is labelled", async () => {
    const svgs = [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      '<svg><foreignObject><iframe src="javascript:alert(1)"/></foreignObject></svg>',
    ];
    for (const [index, svg] of svgs.entries()) {
      for (const [type, extension] of [
        ["image/svg+xml", "svg"],
        ["image/png", "png"],
        ["image/svg+xml", "png"],
        ["text/xml", "png"],
      ] as const) {
        await expectRefused(`SVG ${index + 1} as ${type} .${extension}`, text(svg), {
          type,
          path: `abuse/${randomUUID()}.${extension}`,
        });
      }
    }
  }, 60_000);

  it("content that does not match its declared type is refused", async () => {
    for (const [actual, data] of Object.entries(real)) {
      for (const declared of Object.keys(real)) {
        if (declared === actual) continue;
        const folder = declared === "application/pdf" ? "certificates/abuse" : "abuse";
        await expectRefused(`${actual} declared as ${declared}`, bytes(data), {
          type: declared,
          path: `${folder}/${randomUUID()}.${EXTENSION[declared]}`,
        });
      }
      // The right type but the wrong name, or no type at all.
      const wrongExtension = actual === "image/png" ? "jpg" : "png";
      await expectRefused(`${actual} named .${wrongExtension}`, bytes(data), {
        type: actual,
        path: `abuse/${randomUUID()}.${wrongExtension}`,
      });
      await expectRefused(`${actual} named .html`, bytes(data), {
        type: actual,
        path: `abuse/${randomUUID()}.html`,
      });
      await expectRefused(`${actual} with no Content-Type`, new Blob([bytes(data)]), {
        path: `abuse/${randomUUID()}.${EXTENSION[actual]}`,
      });
    }
    // A real image with HTML after it is still an image (served as one, inert); HTML
    // with an image's first bytes behind a byte-order mark is not.
    await expectRefused(
      "HTML behind a BOM and a PNG signature",
      new Uint8Array([0xef, 0xbb, 0xbf, ...(real["image/png"] as Buffer)]),
      { type: "image/png" },
    );
    await expectRefused("a PDF outside certificates/", bytes(PDF), {
      type: "application/pdf",
      path: `gallery/home/${randomUUID()}.pdf`,
    });
  }, 120_000);

  it("bad object names are refused", async () => {
    const png = bytes(real["image/png"] as Buffer);
    for (const path of [
      "",
      "a.png",
      "../a.png",
      "abuse/../../etc/passwd.png",
      "/abuse/a.png",
      "abuse//a.png",
      "abuse/a.png.html",
      "abuse/a.png%00.html",
      "abuse/a\u0000.png",
      "Abuse/a.png",
      "abuse/ä.png",
      "abuse/a b.png",
      "abuse/.png",
      `abuse/${"x".repeat(300)}.png`,
      `${"a/".repeat(12)}a.png`,
    ]) {
      await expectRefused(`path ${JSON.stringify(path)}`, png, { type: "image/png", path });
    }
  }, 60_000);

  it("files over the 10 MB limit are refused, sent whole or streamed", async () => {
    const header = real["image/png"] as Buffer;
    const oversize = (size: number) => {
      const data = new Uint8Array(size);
      data.set(header);
      return data;
    };
    await expectRefused("10 MB + 1 byte", oversize(MAX_UPLOAD_BYTES + 1), { type: "image/png" });
    await expectRefused("15 MB", oversize(15 * 1024 * 1024), { type: "image/png" });
    // No Content-Length: the size is only known as the bytes arrive.
    await expectRefused(
      "12 MB streamed",
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(header));
          for (let i = 0; i < 12; i += 1) controller.enqueue(new Uint8Array(1024 * 1024));
          controller.close();
        },
      }),
      { type: "image/png" },
    );
  }, 60_000);

  it("an upload abandoned half-way leaves nothing behind", async () => {
    for (let i = 0; i < scale(2, 10); i += 1) {
      const before = await snapshot();
      const controller = new AbortController();
      const body = new ReadableStream<Uint8Array>({
        async pull(stream) {
          stream.enqueue(new Uint8Array(256 * 1024));
          await new Promise((resolve) => setTimeout(resolve, 20));
        },
      });
      setTimeout(() => controller.abort(), 150);
      const outcome = await send(body, { type: "image/png", signal: controller.signal }).then(
        () => "answered",
        () => "aborted",
      );
      // Give the function a moment to notice the dropped connection.
      await new Promise((resolve) => setTimeout(resolve, 300));
      tally.refused(
        `abandoned upload ${i + 1} (${outcome})`,
        outcome === "aborted" && (await snapshot()) === before,
      );
    }
    // The function still serves the next upload.
    const after = await send(bytes(real["image/png"] as Buffer), { type: "image/png" });
    tally.holds("an upload after the abandoned ones works", after.status === 201);
  }, 60_000);

  it("generated files: other types' bytes behind every declared type", async () => {
    // Each accepted signature spliced in front of hostile text, declared as another type,
    // or every byte random: none may be stored.
    const count = scale(24, 300);
    const types = Object.keys(real);
    for (let i = 0; i < count; i += 1) {
      const declared = types[i % types.length] as string;
      const donor = types[(i * 7 + 3) % types.length] as string;
      const head = (real[donor] as Buffer).subarray(0, 4 + (i % 12));
      const body =
        i % 3 === 0
          ? new Uint8Array(Buffer.from(randomUUID().repeat(4 + (i % 9))))
          : new Uint8Array([...head, ...text(`<script>alert(${i})</script>`)]);
      if (donor === declared && i % 3 !== 0) continue;
      const folder = declared === "application/pdf" ? "certificates/abuse" : "abuse";
      await expectRefused(`generated ${i}: ${donor} head as ${declared}`, body, {
        type: declared,
        path: `${folder}/${randomUUID()}.${EXTENSION[declared]}`,
      });
    }
  }, 300_000);

  it("the admin's own check refuses non-images and oversize files before sending", () => {
    const file = (size: number, type: string, name: string) =>
      new File([new Uint8Array(size)], name, { type });
    const cases: [string, File, number][] = [
      ["SVG", file(100, "image/svg+xml", "logo.svg"), MAX_UPLOAD_BYTES],
      ["HTML", file(100, "text/html", "page.html"), MAX_UPLOAD_BYTES],
      ["PDF as an image", file(100, "application/pdf", "doc.pdf"), MAX_UPLOAD_BYTES],
      ["no type", file(100, "", "mystery"), MAX_UPLOAD_BYTES],
      [
        "6 MB where 5 MB is the limit",
        file(6 * 1024 * 1024, "image/png", "big.png"),
        SMALL_PICTURE_MAX_BYTES,
      ],
      [
        "11 MB where 10 MB is the limit",
        file(11 * 1024 * 1024, "image/jpeg", "big.jpg"),
        MAX_UPLOAD_BYTES,
      ],
    ];
    for (const [name, candidate, limit] of cases) {
      let message = "";
      try {
        checkImageFile(candidate, limit);
      } catch (error) {
        message = (error as Error).message;
      }
      tally.refused(`admin check: ${name}`, message.length > 10);
    }
    let accepted = true;
    try {
      checkImageFile(file(100, "image/webp", "ok.webp"), SMALL_PICTURE_MAX_BYTES);
    } catch {
      accepted = false;
    }
    tally.holds("admin check: a small WebP passes", accepted);
  });

  it("reports", () => {
    tally.report();
    expect(tally.tried).toBeGreaterThan(100);
  });
});
