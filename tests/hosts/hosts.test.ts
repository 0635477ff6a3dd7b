// What we ship, judged by the hosts' own tools rather than our imitations of them:
// Netlify's build runs twice on a clean copy of the repository (the second reuses the
// optimised images and the admin app through the cache plugin), and the built site is
// served by Netlify's engine, Cloudflare Pages' engine and the local static server,
// which must all pass the same checks. The versions are tools/package-lock.json's.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseAllHeaders } from "@netlify/headers-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminRoutes } from "../../admin-island/src/app/routes.ts";
import { type Stack, startStack } from "../../scripts/lib/stack.ts";
import { type StaticServer, startStaticServer } from "../../scripts/lib/static-server.ts";
import { ensureTools } from "../../scripts/tools.ts";
import { apiKeys } from "../../supabase/local/keys.ts";
import {
  cleanCopy,
  type Engine,
  type Finished,
  filesUnder,
  netlifyEngine,
  pagesEngine,
  runTool,
} from "./engines.ts";

const repoRoot = join(import.meta.dirname, "..", "..");
const BUILD_TOKEN = "host-checks-build-token";

let work: string;
let project: string;
let dist: string;
let stack: Stack;
let local: StaticServer;
const builds: Finished[] = [];
let engines: Engine[] = [];

beforeAll(async () => {
  await ensureTools();
  work = await mkdtemp(join(tmpdir(), "host-checks-"));
  project = join(work, "project");
  dist = join(project, "dist");
  stack = await startStack({
    dataDir: join(work, "data"),
    apiPort: 0,
    functionSecrets: { PUBLISH_BUILD_TOKEN: BUILD_TOKEN },
  });
  await cleanCopy(repoRoot, project);
  // The host's environment variables (README, "The CDN").
  const env = {
    PUBLIC_SUPABASE_URL: stack.apiUrl,
    PUBLIC_SUPABASE_PUBLISHABLE_KEY: apiKeys(stack.keys).publishable,
    SITE_URL: "https://helpinghands.example",
    PUBLISH_BUILD_TOKEN: BUILD_TOKEN,
  };
  builds.push(await runTool("netlify", ["build", "--offline"], { cwd: project, env }));
  // The next build starts on a new machine: no build output and no Astro cache in
  // node_modules, only what Netlify's cache utility kept.
  await rm(join(project, "node_modules", ".astro"), { recursive: true, force: true });
  await rm(dist, { recursive: true, force: true });
  builds.push(await runTool("netlify", ["build", "--offline"], { cwd: project, env }));
  // Kept for reading after a run (test-results/ is not committed).
  const logs = join(repoRoot, "test-results", "hosts");
  await mkdir(logs, { recursive: true });
  for (const [index, build] of builds.entries())
    await writeFile(join(logs, `netlify-build-${index + 1}.log`), build.output);
  if (builds.some((build) => build.code !== 0)) return;
  local = await startStaticServer({ siteDir: dist, port: 0, host: "127.0.0.1" });
  engines = [
    { name: "the local static server", url: local.url, output: () => "", stop: local.close },
    ...(await Promise.all([netlifyEngine(project, dist), pagesEngine(project, dist)])),
  ];
}, 1_200_000);

afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.stop()));
  await stack?.close();
  if (work) await rm(work, { recursive: true, force: true });
}, 60_000);

/** Netlify's build output from its last lines, for a failure message. */
const tail = (build: Finished | undefined) => build?.output.split("\n").slice(-60).join("\n");

describe("Netlify's build on a clean copy of the repository", () => {
  it("passes, with the cache plugin loaded", () => {
    const [first] = builds;
    expect(first?.code, tail(first)).toBe(0);
    expect(first?.output).toContain("./netlify/plugins/astro-cache");
    expect(first?.output).toContain("building the admin app");
    expect(first?.output).not.toMatch(/Invalid event|internal error/);
    console.log(`Netlify build, cold: ${first?.seconds.toFixed(1)} s`);
  });

  it("passes again, reusing the optimised images and the admin app kept by the plugin", () => {
    const [, second] = builds;
    expect(second?.code, tail(second)).toBe(0);
    expect(second?.output).toContain("reusing the admin app built for this code");
    // Every optimised picture came from the cache: Astro generated none.
    const generated = second?.output.match(/^\s*▶ .*\(before: .*\)$/gm) ?? [];
    expect(generated, "pictures optimised again").toEqual([]);
    expect(second?.output).toMatch(/reused cache entry/);
    console.log(`Netlify build, warm: ${second?.seconds.toFixed(1)} s`);
  });
});

/** The paths of the admin: its own, unknown deep links, and every route of the app. */
const adminPaths = [
  "/admin",
  "/admin/",
  "/admin/dashboard",
  "/admin/banners/3/edit",
  "/admin/a/screen/that/does/not/exist",
  ...adminRoutes.map((route) => route.path),
];

async function get(engine: Engine, path: string): Promise<Response> {
  return fetch(new URL(path, engine.url), { signal: AbortSignal.timeout(15_000) });
}

describe.each(["the local static server", "Netlify", "Cloudflare Pages"])(
  "served by %s",
  (which) => {
    const engine = () => {
      const found = engines.find((candidate) => candidate.name.startsWith(which));
      if (!found) throw new Error(`${which} is not serving: the builds failed`);
      return found;
    };

    it("every admin path, unknown ones included, reaches the admin app", async () => {
      for (const path of adminPaths) {
        const response = await get(engine(), path);
        const body = await response.text();
        expect(response.status, path).toBe(200);
        // Its own shell mounts the app; the sign-in page's shell (/admin/, which the
        // rewrite serves for the rest) mounts the entry that loads the app there.
        expect(body, path).toMatch(
          /<astro-island[^>]+component-url="\/_astro\/(AdminApp|AdminEntry)\./,
        );
      }
    });

    it("sends the security headers with public and admin pages", async () => {
      for (const path of ["/", "/about/", "/donate/", "/admin/", "/admin/banners"]) {
        const response = await get(engine(), path);
        await response.body?.cancel();
        expect(response.status, path).toBe(200);
        const header = (name: string) => response.headers.get(name);
        expect(header("x-frame-options"), path).toBe("DENY");
        expect(header("x-content-type-options"), path).toBe("nosniff");
        expect(header("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
        expect(header("permissions-policy"), path).toContain("camera=()");
        expect(header("content-security-policy"), path).toMatch(/script-src 'self'/);
        expect(header("content-security-policy"), path).toContain("frame-ancestors 'none'");
      }
      const admin = await get(engine(), "/admin/banners");
      await admin.body?.cancel();
      expect(admin.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    });

    it("answers unknown public paths with the 404 page", async () => {
      const notFound = await readFile(join(dist, "404.html"), "utf8");
      const title = notFound.match(/<title>([^<]*)<\/title>/)?.[1];
      for (const path of ["/no-such-page", "/about/no-such-thing/", "/_astro/missing.js"]) {
        const response = await get(engine(), path);
        expect(response.status, path).toBe(404);
        expect(await response.text(), path).toContain(`<title>${title}</title>`);
      }
    });

    // `netlify dev` serves files through a static server of its own whose Cache-Control
    // ("public, max-age=0") overwrites what `_headers` sets (netlify-cli's
    // utils/proxy.js passes its headers last), so there the caching rules are asked of
    // Netlify's own parser: the headers its CDN gives each path.
    const cacheControl = async (path: string) => {
      if (which !== "Netlify") {
        const response = await get(engine(), path);
        await response.body?.cancel();
        expect(response.status, path).toBe(200);
        return response.headers.get("cache-control");
      }
      const { headers, errors } = await parseAllHeaders({
        headersFiles: [join(dist, "_headers")],
        configHeaders: [],
        minimal: false,
      });
      expect(errors).toEqual([]);
      const values = headers
        .filter((rule) => "forRegExp" in rule && rule.forRegExp.test(path))
        .flatMap((rule) => Object.entries(rule.values))
        .filter(([name]) => name.toLowerCase() === "cache-control");
      return values.map(([, value]) => value).join(", ") || null;
    };

    it("never caches /build-info.json", async () => {
      expect(await cacheControl("/build-info.json")).toBe("no-cache");
    });

    it("caches /_astro/* for a year, immutable", async () => {
      const asset = (await filesUnder(join(dist, "_astro")))[0];
      expect(asset).toBeDefined();
      expect(await cacheControl(`/_astro${asset}`)).toBe("public, max-age=31536000, immutable");
    });
  },
);

describe("what the hosts' tools say about the project's files", () => {
  const says = (which: string) =>
    engines.find((engine) => engine.name.startsWith(which))?.output() ?? "";

  it("Cloudflare Pages reads every rule and ignores none", async () => {
    const output = says("Cloudflare Pages");
    expect(output).not.toMatch(/invalid|ignored|infinite loop/i);
    const redirects = (await readFile(join(dist, "_redirects"), "utf8"))
      .split("\n")
      .filter((line) => line.trim() && !line.trim().startsWith("#")).length;
    expect(output).toMatch(new RegExp(`Parsed ${redirects} valid redirect rules?`));
    expect(output).toMatch(/Parsed \d+ valid header rules?/);
  });

  it("Netlify warns about nothing in them", () => {
    // Its own Node deprecation notices are not about the project's files.
    const aboutRules = /(redirect|header)s?\b.*\b(invalid|could not|error|warn|ignor)/i;
    expect(says("Netlify")).not.toMatch(aboutRules);
    for (const build of builds) expect(build.output).not.toMatch(aboutRules);
  });
});
