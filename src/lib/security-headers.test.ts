import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  withPolicy,
  writeSecurityHeaders,
} from "./security-headers.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes each inline script exactly as written, and nothing else", () => {
    const island = "(()=>{var e=async t=>{await(await t())()};})();";
    const html = `<head><script type="module" src="/_astro/a.js"></script>
      <script>${island}</script>
      <script type="application/ld+json">{"@type":"NGO"}</script>
      <script type="module">import "/x.js";\n</script><script></script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha(island), sha('import "/x.js";\n')]);
  });

  it("allows no script that only content's words spell out, in an attribute or as text", () => {
    const html = `<body><img alt='<script>window.x=1</script>' src="/a.png">
      <p>&lt;script&gt;window.y=1&lt;/script&gt;</p><textarea><script>window.z=1</script></textarea></body>`;
    expect(inlineScriptHashes(html)).toEqual([]);
  });
});

describe("contentSecurityPolicy", () => {
  const policy = contentSecurityPolicy(
    ["'sha256-b'", "'sha256-a'", "'sha256-a'"],
    "http://127.0.0.1:5432/",
  );

  it("allows only the site's scripts and the listed inline ones", () => {
    expect(policy).toContain("script-src 'self' 'sha256-a' 'sha256-b';");
    expect(policy).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|\*|https:)/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("lets the site reach its own Supabase only", () => {
    expect(policy).toContain("connect-src 'self' http://127.0.0.1:5432;");
    expect(policy).toContain("img-src 'self' data: blob: https: http://127.0.0.1:5432;");
    expect(contentSecurityPolicy([], undefined)).toContain("connect-src 'self';");
    expect(contentSecurityPolicy([], "not a url")).toContain("connect-src 'self';");
  });
});

describe("writeSecurityHeaders", () => {
  it("replaces the placeholder policy in the build's _headers with the real one", async () => {
    const dir = await mkdtemp(join(tmpdir(), "csp-"));
    try {
      await mkdir(join(dir, "about"), { recursive: true });
      await writeFile(join(dir, "index.html"), "<script>one()</script>");
      await writeFile(join(dir, "about", "index.html"), "<script>two()</script>");
      await writeFile(
        join(dir, "_headers"),
        "/*\n  X-Frame-Options: DENY\n  Content-Security-Policy: frame-ancestors 'none'\n/admin\n  X-Robots-Tag: noindex\n",
      );
      const policy = await writeSecurityHeaders(dir, "https://abc.supabase.co");
      const written = await readFile(join(dir, "_headers"), "utf8");
      expect(written).toBe(
        `/*\n  X-Frame-Options: DENY\n  Content-Security-Policy: ${policy}\n/admin\n  X-Robots-Tag: noindex\n`,
      );
      expect(policy).toContain(sha("one()"));
      expect(policy).toContain(sha("two()"));
      expect(policy).toContain("connect-src 'self' https://abc.supabase.co;");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses a headers file without a policy line to replace", () => {
    expect(() => withPolicy("/*\n  X-Frame-Options: DENY\n", "default-src 'self'")).toThrow();
  });
});
