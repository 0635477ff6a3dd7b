import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { headersFor, readHostRules, redirectFor } from "./host-rules.ts";

const publicDir = join(import.meta.dirname, "..", "..", "public");
const dirs: string[] = [];

/** A built site of these files. */
async function site(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "host-rules-"));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), content);
  }
  return dir;
}

afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function problemsOf(files: Record<string, string>): Promise<string[]> {
  return (await readHostRules(await site(files))).problems;
}

describe("the site's own host files", () => {
  it("read the same on Netlify and Cloudflare Pages", async () => {
    const dir = await site({
      _redirects: await readFile(join(publicDir, "_redirects"), "utf8"),
      _headers: await readFile(join(publicDir, "_headers"), "utf8"),
      "index.html": "home",
      "admin/index.html": "admin",
      "admin/dashboard/index.html": "admin",
      "_astro/app.Ab12.js": "",
      "build-info.json": "{}",
    });
    const { rules, problems } = await readHostRules(dir);
    expect(problems).toEqual([]);
    expect(redirectFor(rules.redirects, "/admin/banners/3/edit")).toEqual({
      to: "/admin/",
      status: 200,
    });
    expect(redirectFor(rules.redirects, "/about/")).toBeUndefined();
    const header = (path: string, name: string) =>
      headersFor(rules.headers, path).find(([key]) => key.toLowerCase() === name)?.[1];
    expect(header("/_astro/app.Ab12.js", "cache-control")).toBe(
      "public, max-age=31536000, immutable",
    );
    expect(header("/build-info.json", "cache-control")).toBe("no-cache");
    expect(header("/about/", "cache-control")).toBeUndefined();
    expect(header("/admin/banners", "x-robots-tag")).toBe("noindex, nofollow");
    expect(header("/about/", "x-frame-options")).toBe("DENY");
  });
});

describe("_redirects rules the hosts read differently", () => {
  it.each([
    ["/admin/*  /admin/index.html  200", "infinite loop"],
    ["/docs/  /docs/index  200", "infinite loop"],
    ["/old  /new", "give the status"],
    ["/old  /new  404", "ignores status 404"],
    ["/old  /new  301!", "forced with '!'"],
    ["/store  id=:id  /products/:id  301", "no query parameters or conditions"],
    ["/fr/*  /french/:splat  302  Country=fr", "no query parameters or conditions"],
    ["/api/*  https://api.example.org/:splat  200", "does not proxy"],
    [`/long  /${"x".repeat(1000)}  301`, "1000 characters"],
    ["/a  /b  301\n/a  /c  302", "keeps only the first"],
    ["/a", "Missing destination"],
  ])("%s", async (rule, why) => {
    const problems = await problemsOf({ _redirects: `${rule}\n` });
    expect(problems.join("\n")).toContain(why);
  });

  it("a redirect where the site has a file (Netlify serves the file)", async () => {
    const problems = await problemsOf({
      _redirects: "/about/*  /team/  301\n",
      "about/index.html": "about",
    });
    expect(problems).toEqual([expect.stringContaining("/about/index.html is a file of the site")]);
  });

  it("more rules than Pages takes", async () => {
    const many = Array.from({ length: 101 }, (_, i) => `/p${i}/*  /q${i}/  301`).join("\n");
    expect((await problemsOf({ _redirects: many })).join("\n")).toContain("more than");
  });

  it("says the line of each problem", async () => {
    const problems = await problemsOf({ _redirects: "# rules\n\n/ok  /fine  301\n/old  /new\n" });
    expect(problems).toEqual([expect.stringMatching(/^_redirects line 4 \(\/old \/new\)/)]);
  });
});

describe("_headers rules the hosts read differently", () => {
  it("a line longer than Pages reads (a long Content-Security-Policy)", async () => {
    const policy = `script-src 'self' ${"'sha256-abc' ".repeat(200)}`;
    const problems = await problemsOf({ _headers: `/*\n  Content-Security-Policy: ${policy}\n` });
    expect(problems.join("\n")).toContain("longer than 2000 characters");
  });

  it("Cloudflare's '! Header', which Netlify ignores", async () => {
    const problems = await problemsOf({
      _headers: "/*\n  X-Frame-Options: DENY\n/embed/*\n  ! X-Frame-Options\n",
    });
    expect(problems.join("\n")).toContain("Netlify ignores");
  });

  it("one header set by two rules that match one path", async () => {
    const problems = await problemsOf({
      _headers: "/admin\n  X-Robots-Tag: noindex\n/admin/*\n  X-Robots-Tag: noindex\n",
    });
    expect(problems).toEqual([
      expect.stringContaining("x-robots-tag is set by '/admin' and '/admin/*', which both match"),
    ]);
  });

  it("a header line before any path (Netlify's parser)", async () => {
    expect((await problemsOf({ _headers: "X-Frame-Options: DENY\n" })).join("\n")).toContain(
      "Path should come before header",
    );
  });

  it("more rules than Pages takes", async () => {
    const many = Array.from({ length: 101 }, (_, i) => `/p${i}\n  X-A: ${i}`).join("\n");
    expect((await problemsOf({ _headers: many })).join("\n")).toContain("more than");
  });
});

describe("matching as Cloudflare Pages does", () => {
  it("fills in :splat and :name placeholders, first rule first", async () => {
    const { rules, problems } = await readHostRules(
      await site({
        _redirects: "/blog/:year/:slug  /posts/:slug?y=:year  301\n/docs/*  /help/:splat  302\n",
      }),
    );
    expect(problems).toEqual([]);
    expect(redirectFor(rules.redirects, "/blog/2026/hello")).toEqual({
      to: "/posts/hello?y=2026",
      status: 301,
    });
    expect(redirectFor(rules.redirects, "/docs/a/b")).toEqual({ to: "/help/a/b", status: 302 });
    expect(redirectFor(rules.redirects, "/blog/2026")).toBeUndefined();
  });

  it("a /x/* header rule does not match /x itself", async () => {
    const { rules } = await readHostRules(await site({ _headers: "/x/*\n  A: 1\n" }));
    expect(headersFor(rules.headers, "/x/y")).toEqual([["A", "1"]]);
    expect(headersFor(rules.headers, "/x")).toEqual([]);
  });
});
