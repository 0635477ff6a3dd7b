import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adminBundleKey, adminOutput } from "./admin-bundle.ts";
import { buildEnv } from "./content/build-env.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "admin-bundle-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function put(path: string, text: string) {
  await mkdir(join(dir, path, ".."), { recursive: true });
  await writeFile(join(dir, path), text);
}

describe("adminBundleKey", () => {
  it("changes with the code and the public settings, never with tests", async () => {
    await put("admin-island/src/app/App.tsx", "export const a = 1;");
    await put("src/lib/site.ts", "export const name = 'x';");
    const env = { PUBLIC_SUPABASE_URL: "https://a.supabase.co" };
    const key = await adminBundleKey(dir, env);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(await adminBundleKey(dir, env)).toBe(key);

    await put("admin-island/src/app/App.test.tsx", "it('x', () => {});");
    await put("admin-island/src/testing/setup.ts", "export {};");
    expect(await adminBundleKey(dir, env)).toBe(key);

    expect(await adminBundleKey(dir, { PUBLIC_SUPABASE_URL: "https://b.supabase.co" })).not.toBe(
      key,
    );
    await put("src/lib/site.ts", "export const name = 'y';");
    expect(await adminBundleKey(dir, env)).not.toBe(key);
  });
});

describe("buildEnv", () => {
  it("reads the Supabase settings of the .env files, which Astro loads only later, so the key follows them", async () => {
    const url = process.env.PUBLIC_SUPABASE_URL;
    delete process.env.PUBLIC_SUPABASE_URL;
    try {
      await put("admin-island/src/app/App.tsx", "export const a = 1;");
      await put(".env", "PUBLIC_SUPABASE_URL=https://a.supabase.co\nOTHER_SECRET=x\n");
      const first = buildEnv(dir);
      expect(first.PUBLIC_SUPABASE_URL).toBe("https://a.supabase.co");
      expect(first.OTHER_SECRET).toBeUndefined();
      await put(".env", "PUBLIC_SUPABASE_URL=https://b.supabase.co\n");
      expect(await adminBundleKey(dir, buildEnv(dir))).not.toBe(await adminBundleKey(dir, first));
    } finally {
      if (url !== undefined) process.env.PUBLIC_SUPABASE_URL = url;
    }
  });
});

describe("adminOutput", () => {
  it("lists the admin's pages and every asset they reach, and nothing else", async () => {
    await put(
      "dist/admin/index.html",
      '<link rel="stylesheet" href="/_astro/admin.Ab12.css"><astro-island component-url="/_astro/AdminApp.Cd34.js" renderer-url="/_astro/client.Ef56.js">',
    );
    await put(
      "dist/admin/dashboard/index.html",
      '<script src="/_astro/AdminApp.Cd34.js"></script>',
    );
    await put("dist/_astro/AdminApp.Cd34.js", 'import{a}from"./chunk.Gh78.js";');
    await put("dist/_astro/chunk.Gh78.js", "export const a=1;");
    await put("dist/_astro/client.Ef56.js", "export{};");
    await put("dist/_astro/admin.Ab12.css", "body{}");
    await put("dist/_astro/GalleryViewer.Ij90.js", "export{};");
    await put("dist/index.html", '<script src="/_astro/GalleryViewer.Ij90.js"></script>');
    expect((await adminOutput(join(dir, "dist"))).sort()).toEqual(
      [
        "admin/dashboard/index.html",
        "admin/index.html",
        "_astro/AdminApp.Cd34.js",
        "_astro/admin.Ab12.css",
        "_astro/chunk.Gh78.js",
        "_astro/client.Ef56.js",
      ].sort(),
    );
  });
});
