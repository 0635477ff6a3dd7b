// The Content-Security-Policy of the site, written into the build's `_headers` after
// every build (astro.config.mjs registers the integration). `public/_headers` holds
// the other headers and a placeholder policy; this replaces it with the real one:
//
// - scripts only from the site itself, plus the inline scripts Astro emitted (each
//   allowed by its SHA-256, found by reading every built page): no injected script,
//   inline handler or javascript: URL can run, on the public pages or in the admin;
// - connections only to the site and the project's Supabase (PUBLIC_SUPABASE_URL);
// - images from the site, the project's Storage, data:/blob: previews and any https
//   address (editors may paste one);
// - no plugins, no <base> elsewhere, no framing by anyone, forms posting only here.
// Styles stay open to inline ones: the admin's toast library inserts its stylesheet at
// run time and React renders style attributes; styles cannot run code.

import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { type DefaultTreeAdapterMap, parse } from "parse5";

/** Script types a browser does not run (data blocks): they need no hash. */
const DATA_BLOCK = /^\s*(application\/(ld\+)?json|text\/template)\s*$/i;

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

function* scriptsOf(node: Node): Generator<Element> {
  if ("tagName" in node && node.tagName === "script") yield node;
  // A <template>'s children sit in its content fragment.
  const children =
    "content" in node ? node.content.childNodes : "childNodes" in node ? node.childNodes : [];
  for (const child of children) yield* scriptsOf(child);
}

/**
 * The SHA-256 sources ('sha256-…') of the inline scripts a page runs: the <script>
 * elements an HTML parser finds, so words that merely look like a script (inside an
 * attribute, say) are never allowed.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const script of scriptsOf(parse(html))) {
    const attribute = (name: string) => script.attrs.find((attr) => attr.name === name)?.value;
    const type = attribute("type");
    if (attribute("src") !== undefined || (type !== undefined && DATA_BLOCK.test(type))) continue;
    const body = script.childNodes.map((child) => ("value" in child ? child.value : "")).join("");
    if (body === "") continue;
    hashes.push(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return hashes;
}

/** The origin of the project's Supabase, or null when the build has none. */
function originOf(url: string | undefined): string | null {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(scriptHashes: string[], supabaseUrl?: string): string {
  const supabase = originOf(supabaseUrl);
  const api = supabase ? ` ${supabase}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(scriptHashes)].sort().join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${api}`,
    "font-src 'self'",
    `connect-src 'self'${api}`,
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const POLICY_LINE = /^(\s+)Content-Security-Policy:.*$/m;

/** The headers file with its Content-Security-Policy line replaced by `policy`. */
export function withPolicy(headersFile: string, policy: string): string {
  if (!POLICY_LINE.test(headersFile)) {
    throw new Error("_headers has no Content-Security-Policy line under /* to replace");
  }
  return headersFile.replace(POLICY_LINE, (_line, indent: string) => {
    return `${indent}Content-Security-Policy: ${policy}`;
  });
}

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith(".html")) yield path;
  }
}

/** Writes the policy for the built site in outDir into outDir/_headers. */
export async function writeSecurityHeaders(outDir: string, supabaseUrl?: string): Promise<string> {
  const hashes: string[] = [];
  for await (const file of htmlFiles(outDir)) {
    hashes.push(...inlineScriptHashes(await readFile(file, "utf8")));
  }
  const policy = contentSecurityPolicy(hashes, supabaseUrl);
  const headersPath = join(outDir, "_headers");
  await writeFile(headersPath, withPolicy(await readFile(headersPath, "utf8"), policy));
  return policy;
}

export function securityHeaders(): AstroIntegration {
  return {
    name: "security-headers",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const policy = await writeSecurityHeaders(
          fileURLToPath(dir),
          process.env.PUBLIC_SUPABASE_URL,
        );
        const scripts = policy.match(/'sha256-/g)?.length ?? 0;
        logger.info(
          `Content-Security-Policy written to _headers (${scripts} inline scripts allowed).`,
        );
      },
    },
  };
}
