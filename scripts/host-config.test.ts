// The host configuration that ships with the repository: Netlify builds the site the
// way `npm run build` does, with the cache plugin. (The host checks, tests/hosts/, run
// Netlify's own build on it; these are the quick checks.)
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");

describe("host configuration", () => {
  it("netlify.toml builds with npm run build into dist, on Node 24", async () => {
    const config = parse(await readFile(join(root, "netlify.toml"), "utf8")) as {
      build: { command: string; publish: string; environment: Record<string, string> };
    };
    expect(config.build.command).toBe("npm run build");
    expect(config.build.publish).toBe("dist");
    expect(Number(config.build.environment.NODE_VERSION)).toBeGreaterThanOrEqual(22);
  });

  it("keeps Astro's cache between Netlify builds with its cache utility", async () => {
    const config = parse(await readFile(join(root, "netlify.toml"), "utf8")) as {
      plugins: { package: string }[];
    };
    expect(config.plugins.map((plugin) => plugin.package)).toEqual([
      "./netlify/plugins/astro-cache",
    ]);
    const plugin = (await import("../netlify/plugins/astro-cache/index.js")) as {
      onPreBuild(args: unknown): Promise<void>;
      onPostBuild(args: unknown): Promise<void>;
    };
    // Netlify takes every export of a plugin for an event handler, and stops the build
    // at any other ("Invalid event").
    expect(Object.keys(plugin).sort()).toEqual(["onPostBuild", "onPreBuild"]);
    const calls: string[] = [];
    const utils = {
      cache: {
        restore: async (path: string) => void calls.push(`restore ${path}`),
        save: async (path: string) => void calls.push(`save ${path}`),
      },
    };
    await plugin.onPreBuild({ utils });
    await plugin.onPostBuild({ utils });
    expect(calls).toEqual(["restore ./node_modules/.astro", "save ./node_modules/.astro"]);
  });
});
