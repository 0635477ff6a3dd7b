// The loaders against the embedded stack, with a stand-in for Astro's data store:
// every load clears its collection first, so rows deleted or deactivated since the
// last build never survive, and a failed load leaves nothing behind.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { LoaderContext } from "astro/loaders";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { serviceClient, startTestStack, type TestStack } from "../../../tests/contract/stack.ts";
import { imageKey } from "./image-source.ts";
import { imagesLoader, resetSnapshot, revisionLoader, tableLoader } from "./loader.ts";

const repoRoot = join(import.meta.dirname, "..", "..", "..");

class FakeStore {
  entries = new Map<string, { id: string; data: Record<string, unknown> }>();
  clears = 0;
  clear() {
    this.clears++;
    this.entries.clear();
  }
  set(entry: { id: string; data: Record<string, unknown> }) {
    this.entries.set(entry.id, entry);
    return true;
  }
}

let stack: TestStack;
let cacheDir: string;
const warnings: string[] = [];

function context(collection: string, store: FakeStore): LoaderContext {
  const logger = {
    info: () => {},
    warn: (m: string) => warnings.push(m),
    error: () => {},
    debug: () => {},
  };
  return {
    collection,
    store,
    logger,
    config: {
      root: pathToFileURL(`${cacheDir}/`),
      publicDir: pathToFileURL(join(repoRoot, "public/")),
      cacheDir: pathToFileURL(`${cacheDir}/`),
    },
    parseData: async ({ data }: { data: Record<string, unknown> }) => data,
  } as unknown as LoaderContext;
}

function useEnv(url: string, key: string) {
  process.env.PUBLIC_SUPABASE_URL = url;
  process.env.PUBLIC_SUPABASE_PUBLISHABLE_KEY = key;
}

beforeAll(async () => {
  stack = await startTestStack();
  cacheDir = await mkdtemp(join(tmpdir(), "loader-test-"));
}, 60_000);

afterAll(async () => {
  await stack?.close();
  await rm(cacheDir, { recursive: true, force: true });
  delete process.env.PUBLIC_SUPABASE_URL;
  delete process.env.PUBLIC_SUPABASE_PUBLISHABLE_KEY;
});

afterEach(() => {
  resetSnapshot();
});

describe("table loaders", () => {
  it("load the active rows, and a later load drops a row deactivated meanwhile", async () => {
    useEnv(stack.url, stack.publishableKey);
    const store = new FakeStore();
    await tableLoader("banners").load(context("banners", store));
    expect(store.entries.size).toBe(3);
    const [first] = [...store.entries.values()];
    expect(first?.data.title).toBe("Together, We Build Brighter Futures");

    await serviceClient(stack).from("banners").update({ is_active: false }).eq("id", first?.id);
    // A second load of the same collection is a new sync: it reads afresh.
    await tableLoader("banners").load(context("banners", store));
    expect(store.clears).toBe(2);
    expect(store.entries.size).toBe(2);
    expect(store.entries.has(String(first?.id))).toBe(false);
  });

  it("share one read per sync, the revision included", async () => {
    useEnv(stack.url, stack.publishableKey);
    const causes = new FakeStore();
    const revision = new FakeStore();
    await Promise.all([
      tableLoader("causes").load(context("causes", causes)),
      revisionLoader().load(context("content_revision", revision)),
    ]);
    expect(causes.entries.size).toBe(6);
    expect(Number(revision.entries.get("current")?.data.revision)).toBeGreaterThan(0);
  });

  it("leave the store empty and throw, naming the table, when a read fails", async () => {
    useEnv(stack.url, "not-the-anon-key");
    const store = new FakeStore();
    store.set({ id: "stale", data: {} });
    await expect(tableLoader("projects").load(context("projects", store))).rejects.toThrow(
      /Could not load the content table "content_revision" from http:\/\/127\.0\.0\.1:\d+/,
    );
    expect(store.entries.size).toBe(0);
  });

  it("stop, naming the column, when the database has a column the site's schema lacks", async () => {
    useEnv(stack.url, stack.publishableKey);
    const db = stack.db;
    if (!db) throw new Error("the test stack exposes its database");
    await db.exec("alter table public.certifications add column zz_unknown_column text");
    try {
      const store = new FakeStore();
      await expect(
        tableLoader("certifications").load(context("certifications", store)),
      ).rejects.toThrow(/certifications has a column the site does not know: zz_unknown_column/);
      expect(store.entries.size).toBe(0);
    } finally {
      await db.exec("alter table public.certifications drop column zz_unknown_column");
    }
  });

  it("stop with a message to set the variables or use npm start when they are missing", async () => {
    delete process.env.PUBLIC_SUPABASE_URL;
    delete process.env.PUBLIC_SUPABASE_PUBLISHABLE_KEY;
    const store = new FakeStore();
    await expect(tableLoader("banners").load(context("banners", store))).rejects.toThrow(
      /PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_PUBLISHABLE_KEY are not set.*npm start/,
    );
  });
});

describe("the Supabase address", () => {
  it("may also come from the project's .env file, as Astro reads it", async () => {
    delete process.env.PUBLIC_SUPABASE_URL;
    delete process.env.PUBLIC_SUPABASE_PUBLISHABLE_KEY;
    const envFile = join(cacheDir, ".env");
    await writeFile(
      envFile,
      `PUBLIC_SUPABASE_URL=${stack.url}\nPUBLIC_SUPABASE_PUBLISHABLE_KEY=${stack.publishableKey}\n`,
    );
    try {
      const store = new FakeStore();
      await tableLoader("certifications").load(context("certifications", store));
      expect(store.entries.size).toBe(4);
    } finally {
      await rm(envFile);
    }
  });
});

describe("images loader", () => {
  it("stores every prepared picture by key, broken ones as broken", async () => {
    useEnv(stack.url, stack.publishableKey);
    const service = serviceClient(stack);
    const pixel =
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
    const dataUrl = `data:image/png;base64,${pixel}`;
    await service
      .from("home_gallery")
      .insert({ image_url: dataUrl, sort_order: 9, is_active: true });
    await service
      .from("home_gallery")
      .insert({ image_url: "/images/seed/missing.jpg", sort_order: 10, is_active: true });

    const store = new FakeStore();
    await imagesLoader().load(context("site_images", store));
    const ok = store.entries.get(imageKey(dataUrl))?.data;
    expect(ok).toMatchObject({ status: "ok", width: 1, height: 1 });
    expect(String(ok?.image)).toMatch(/site-images\/[0-9a-f]{32}\.png$/);
    expect(store.entries.get(imageKey("/images/seed/missing.jpg"))?.data).toEqual({
      status: "broken",
      reason: "no such file in public/",
    });
    expect(store.entries.get(imageKey("/images/placeholders/banner.png"))?.data.status).toBe("ok");
    expect(warnings.some((w) => w.includes("/images/seed/missing.jpg"))).toBe(true);
  });
});
