import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pruneUnreferencedOriginals } from "./integration.ts";
import { removeUnusedSources } from "./loader.ts";

const a = "a".repeat(32);
const b = "b".repeat(32);
const c = "c".repeat(32);
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "content-integration-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("pruneUnreferencedOriginals", () => {
  it("deletes emitted originals of prepared pictures that nothing refers to", async () => {
    const images = join(dir, "site-images");
    const out = join(dir, "dist");
    await mkdir(images, { recursive: true });
    await mkdir(join(out, "_astro"), { recursive: true });
    await mkdir(join(out, "about"), { recursive: true });
    for (const name of [`${a}.png`, `${b}.jpg`]) await writeFile(join(images, name), "x");
    const files = [
      `${a}.Ab_-1234.png`, // original, unreferenced: removed
      `${a}.Ab_-1234_Z1x2y3.avif`, // optimised, referenced: kept
      `${b}.Cd-_5678.jpg`, // original, referenced by a page: kept
      `${c}.Ef123456.png`, // not a prepared picture: never touched
      "index.DxYz1234.css",
    ];
    for (const name of files) await writeFile(join(out, "_astro", name), "x");
    await writeFile(
      join(out, "about", "index.html"),
      `<img src="/_astro/${a}.Ab_-1234_Z1x2y3.avif"><a href="/_astro/${b}.Cd-_5678.jpg">`,
    );
    const removed = await pruneUnreferencedOriginals(out, images);
    expect(removed).toEqual([join("_astro", `${a}.Ab_-1234.png`)]);
    expect((await readdir(join(out, "_astro"))).sort()).toEqual(files.slice(1).sort());
  });

  it("does nothing without prepared pictures", async () => {
    expect(await pruneUnreferencedOriginals(join(dir, "dist"), join(dir, "none"))).toEqual([]);
  });
});

describe("removeUnusedSources", () => {
  it("deletes only our content-addressed files that are unused and a day old", async () => {
    const old = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    for (const name of [`${a}.png`, `${b}.jpg`, `${c}.png`, "README.txt", `${c}.png.123.tmp`]) {
      await writeFile(join(dir, name), "x");
      if (name !== `${c}.png`) await utimes(join(dir, name), old, old);
    }
    await removeUnusedSources(dir, [`${a}.png`]);
    // b: unused and old, deleted; c: unused but recent (another build may use it), kept.
    expect((await readdir(dir)).sort()).toEqual(
      [`${a}.png`, `${c}.png`, "README.txt", `${c}.png.123.tmp`].sort(),
    );
  });
});
