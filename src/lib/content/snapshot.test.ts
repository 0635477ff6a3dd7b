import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../supabase/local/server.ts";
import { serviceClient, startTestStack, type TestStack } from "../../../tests/contract/stack.ts";
import { imageKey } from "./image-source.ts";
import {
  ContentLoadError,
  describeError,
  imageUrlsToPrepare,
  MISSING_ENV_MESSAGE,
  PLACEHOLDER_KINDS,
  placeholderUrl,
  prepareImages,
  readTables,
  supabaseEnv,
  tableErrorMessage,
} from "./snapshot.ts";

const repoPublic = join(import.meta.dirname, "..", "..", "..", "public");

describe("supabaseEnv", () => {
  it("says to set the variables or use npm start when they are missing", () => {
    expect(() => supabaseEnv({})).toThrow(ContentLoadError);
    expect(() => supabaseEnv({ PUBLIC_SUPABASE_URL: "http://x" })).toThrow(MISSING_ENV_MESSAGE);
    expect(MISSING_ENV_MESSAGE).toContain("PUBLIC_SUPABASE_URL");
    expect(MISSING_ENV_MESSAGE).toContain("PUBLIC_SUPABASE_ANON_KEY");
    expect(MISSING_ENV_MESSAGE).toContain("npm start");
  });

  it("refuses a URL that is not http(s)", () => {
    expect(() =>
      supabaseEnv({ PUBLIC_SUPABASE_URL: "javascript:alert(1)", PUBLIC_SUPABASE_ANON_KEY: "k" }),
    ).toThrow(/not an http\(s\) URL/);
  });

  it("reads the publishable key, and a legacy project's anon key when it has no other", () => {
    expect(
      supabaseEnv({
        PUBLIC_SUPABASE_URL: "http://api.test",
        PUBLIC_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_new",
        PUBLIC_SUPABASE_ANON_KEY: "legacy",
      }).publishableKey,
    ).toBe("sb_publishable_new");
    expect(
      supabaseEnv({ PUBLIC_SUPABASE_URL: "http://api.test", PUBLIC_SUPABASE_ANON_KEY: "legacy" })
        .publishableKey,
    ).toBe("legacy");
  });

  it("refuses a secret key, which every page would publish", () => {
    const serviceRoleJwt = [
      Buffer.from('{"alg":"HS256"}').toString("base64url"),
      Buffer.from('{"role":"service_role"}').toString("base64url"),
      "sig",
    ].join(".");
    for (const key of ["sb_secret_abc", serviceRoleJwt]) {
      expect(() =>
        supabaseEnv({
          PUBLIC_SUPABASE_URL: "http://api.test",
          PUBLIC_SUPABASE_PUBLISHABLE_KEY: key,
        }),
      ).toThrow(/secret key/);
    }
  });

  it("trims and drops a trailing slash", () => {
    expect(
      supabaseEnv({
        PUBLIC_SUPABASE_URL: " http://127.0.0.1:54321/ ",
        PUBLIC_SUPABASE_ANON_KEY: "k",
      }),
    ).toEqual({ url: "http://127.0.0.1:54321", publishableKey: "k" });
  });
});

describe("error messages", () => {
  it("name the table, the address and the cause in one line", () => {
    const message = tableErrorMessage("banners", "http://127.0.0.1:9", {
      message: "TypeError: fetch failed",
      details:
        "TypeError: fetch failed\n\nCaused by: Error: connect ECONNREFUSED 127.0.0.1:9\n    at x",
      code: "",
    });
    expect(message).toBe(
      'Could not load the content table "banners" from http://127.0.0.1:9: TypeError: fetch failed; connect ECONNREFUSED 127.0.0.1:9. The build stops here so the last good deploy stays live.',
    );
  });

  it("keep PostgREST codes", () => {
    expect(describeError({ message: 'relation "public.x" does not exist', code: "42P01" })).toBe(
      'relation "public.x" does not exist; code 42P01',
    );
  });
});

describe("readTables with a stubbed API", () => {
  function stub(fail?: string) {
    const calls: string[] = [];
    const fetchStub = (async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      const table = url.pathname.split("/").at(-1) ?? "";
      calls.push(`${table}?${url.searchParams.toString()}`);
      if (table === fail) {
        return new Response(JSON.stringify({ message: "permission denied", code: "42501" }), {
          status: 401,
          headers: { "content-type": "application/json" },
        });
      }
      const body = table === "content_revision" ? [{ id: 1, revision: 7, updated_at: "" }] : [];
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    }) as typeof fetch;
    return { calls, fetchStub };
  }

  it("reads the revision before any table, then every table with its filter and order", async () => {
    const { calls, fetchStub } = stub();
    const result = await readTables(
      { url: "http://api.test", publishableKey: "k" },
      { fetch: fetchStub },
    );
    expect(result.revision).toEqual({ id: 1, revision: 7, updated_at: "" });
    expect(calls[0]).toMatch(/^content_revision\?/);
    expect(calls).toHaveLength(38);
    expect(calls.find((c) => c.startsWith("banners?"))).toContain("is_active=eq.true");
    expect(calls.find((c) => c.startsWith("banners?"))).toContain("order=sort_order.asc");
    expect(calls.find((c) => c.startsWith("projects?"))).toContain("order=created_at.desc");
    expect(calls.find((c) => c.startsWith("about_content?"))).not.toContain("is_active");
  });

  it("fails with the table's name when one read fails", async () => {
    const { fetchStub } = stub("causes");
    await expect(
      readTables({ url: "http://api.test", publishableKey: "k" }, { fetch: fetchStub }),
    ).rejects.toThrow(
      /content table "causes" from http:\/\/api\.test: permission denied; code 42501/,
    );
  });

  it("fails on content_revision first, before reading the tables", async () => {
    const { calls, fetchStub } = stub("content_revision");
    await expect(
      readTables({ url: "http://api.test", publishableKey: "k" }, { fetch: fetchStub }),
    ).rejects.toThrow(/"content_revision"/);
    expect(calls).toHaveLength(1);
  });
});

describe("prepareImages", () => {
  it("always prepares the placeholders, the defaults and the rows' images", () => {
    const urls = imageUrlsToPrepare({
      banners: [{ image_url: "https://example.com/a.jpg" }],
      donate_content: [{ qr_codes: [{ title: "t", image_url: "/images/qr.png" }] }],
    });
    for (const kind of PLACEHOLDER_KINDS) expect(urls).toContain(placeholderUrl(kind));
    expect(urls).toContain("/images/seed/banner-1.jpg");
    expect(urls).toContain("https://example.com/a.jpg");
    expect(urls).toContain("/images/qr.png");
  });

  it("leaves out the pictures of a table no public page shows (the admin's titled gallery)", () => {
    const urls = imageUrlsToPrepare({
      gallery_images: [{ image_url: "https://example.com/admin-only.jpg" }],
      home_gallery: [{ image_url: "https://example.com/shown.jpg" }],
    });
    expect(urls).not.toContain("https://example.com/admin-only.jpg");
    expect(urls).toContain("https://example.com/shown.jpg");
  });

  it("drops refused addresses and records broken ones", async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), "prepare-images-"));
    const broken: string[] = [];
    try {
      const records = await prepareImages(
        [
          "javascript:alert(1)",
          "/images/placeholders/logo.png",
          "/images/seed/no-such-file.jpg",
          "https://example.com/404.png",
        ],
        {
          publicDir: repoPublic,
          cacheDir,
          fetch: (async () => new Response("", { status: 404 })) as typeof fetch,
          onBroken: (url) => broken.push(url),
        },
      );
      expect(records.map((r) => r.key)).toEqual([
        imageKey("/images/placeholders/logo.png"),
        imageKey("/images/seed/no-such-file.jpg"),
        imageKey("https://example.com/404.png"),
      ]);
      expect(records[0]?.result).toMatchObject({ ok: true, width: 400, height: 400 });
      expect(records[1]?.result).toEqual({ ok: false, reason: "no such file in public/" });
      expect(records[2]?.result).toEqual({ ok: false, reason: "HTTP 404" });
      expect(broken.sort()).toEqual([
        "/images/seed/no-such-file.jpg",
        "https://example.com/404.png",
      ]);
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  });
});

describe("readTables against the embedded stack", () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
  });

  it("returns active rows only, in the public order", async () => {
    const { revision, tables } = await readTables({
      url: stack.url,
      publishableKey: stack.publishableKey,
    });
    expect(Number(revision?.revision)).toBeGreaterThan(0);
    expect(tables.banners.map((b) => b.title)).toEqual([
      "Together, We Build Brighter Futures",
      "Be Part of Our Family",
      "Education Opens Every Door",
    ]);
    expect(tables.logo_settings).toHaveLength(1);
    expect(tables.projects.every((p) => p.is_active === true)).toBe(true);
    expect(tables.projects).toHaveLength(6);
    expect(tables.about_content).toHaveLength(1);
  });

  it("sees a deactivation at the next read", async () => {
    const service = serviceClient(stack);
    const { data } = await service.from("causes").select("id").eq("title", "Safe Homes").single();
    await service.from("causes").update({ is_active: false }).eq("id", data?.id);
    const { tables } = await readTables({ url: stack.url, publishableKey: stack.publishableKey });
    expect(tables.causes.map((c) => c.title)).not.toContain("Safe Homes");
    expect(tables.causes).toHaveLength(5);
  });

  it("fails with the table named when the API is down", async () => {
    const port = await freePort();
    await expect(
      readTables({ url: `http://127.0.0.1:${port}`, publishableKey: stack.publishableKey }),
    ).rejects.toThrow(
      /content table "content_revision" from http:\/\/127\.0\.0\.1:\d+: .*fetch failed/,
    );
  }, 30_000);

  it("fails with the table named when the key is wrong", async () => {
    await expect(readTables({ url: stack.url, publishableKey: "not-a-key" })).rejects.toThrow(
      /content table "content_revision"/,
    );
  });
});
