// The site's host files, `_redirects` and `_headers`, as the hosts read them. Netlify's
// own parsers (@netlify/redirect-parser, @netlify/headers-parser) read them. Every rule
// must also mean the same on Cloudflare Pages, whose parser is not published apart
// from wrangler: where the two hosts read a rule differently, or one ignores what the
// other takes, the rule is a problem. The build refuses a site with problems (the
// `hostFiles` integration below), so no host ever gets such a file in silence, and the
// local static server (scripts/lib/static-server.ts) serves the rules the stricter way.
// The rules below are Pages' and Netlify's own; docs/architecture.md ("How the hosts
// read _redirects and _headers") gives each one's source, and the host checks (tests/hosts/) run the vendors' own tools on
// the built site to prove both hosts agree.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseAllHeaders } from "@netlify/headers-parser";
import { parseAllRedirects } from "@netlify/redirect-parser";
import type { AstroIntegration } from "astro";

export const REDIRECTS_FILE = "_redirects";
export const HEADERS_FILE = "_headers";

/** One `_redirects` rule: `from to status`. */
export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  /** Its line in the file, from 1. */
  line: number;
  /** Cloudflare Pages' reading of `from`: `*` is the splat, `:name` one segment. */
  pattern: RegExp;
}

/** One `_headers` rule: a path pattern and the headers it sets. */
export interface HeaderRule {
  for: string;
  values: Record<string, string>;
  /** Cloudflare Pages' reading of `for`. */
  pattern: RegExp;
  /** Netlify's reading of `for` (a `/x/*` rule also matches `/x`). */
  netlifyPattern: RegExp;
}

export interface HostRules {
  redirects: RedirectRule[];
  headers: HeaderRule[];
}

/** Statuses Cloudflare Pages accepts in `_redirects`; Netlify takes these too. */
const PAGES_STATUSES = new Set([200, 301, 302, 303, 307, 308]);
/** Pages' documented limit on one `_redirects` line (its parser allows 2,000). */
const MAX_REDIRECT_LINE = 1000;
/** Pages ignores a `_headers` line longer than this. */
const MAX_HEADER_LINE = 2000;
const MAX_STATIC_REDIRECTS = 2000;
const MAX_DYNAMIC_REDIRECTS = 100;
const MAX_HEADER_RULES = 100;

const ESCAPE = /[-/\\^$*+?.()|[\]{}]/g;

/**
 * A path pattern as Cloudflare Pages matches it: the whole path, a `*` matching any
 * rest (the splat), a `:name` matching one segment.
 */
export function pagesPattern(path: string): RegExp {
  const source = path
    .split("*")
    .map((part) => part.replace(ESCAPE, "\\$&"))
    .join("(?<splat>.*)")
    .replace(/:([A-Za-z]\w*)/g, "(?<$1>[^/]+)");
  return new RegExp(`^${source}$`);
}

const isDynamic = (path: string) => path.includes("*") || /:[A-Za-z]/.test(path);

/** The lines that hold rules (not blank, not comments), with their line numbers. */
function ruleLines(text: string, comment: (line: string) => boolean) {
  return text
    .split("\n")
    .map((raw, index) => ({ raw, text: raw.trim(), line: index + 1 }))
    .filter(({ text }) => text !== "" && !comment(text));
}

async function readText(path: string): Promise<string> {
  return readFile(path, "utf8").catch(() => "");
}

interface NetlifyRedirect {
  from: string;
  to: string;
  status?: number;
  force: boolean;
  query: Record<string, string>;
  conditions: Record<string, unknown>;
  signed?: string;
  proxy: boolean;
}

/** Why Cloudflare Pages or Netlify would not take a parsed rule as it is, if so. */
function redirectProblem(redirect: NetlifyRedirect, raw: string): string | undefined {
  if (raw.length > MAX_REDIRECT_LINE)
    return `longer than Cloudflare Pages' ${MAX_REDIRECT_LINE} characters a rule.`;
  if (redirect.status === undefined)
    return "give the status: without one Netlify redirects with 301 and Cloudflare Pages with 302.";
  if (!PAGES_STATUSES.has(redirect.status))
    return `Cloudflare Pages ignores status ${redirect.status}: it takes 200, 301, 302, 303, 307 or 308.`;
  if (redirect.force)
    return "Cloudflare Pages ignores a rule forced with '!' (Netlify's shadowing flag).";
  if (
    Object.keys(redirect.query).length > 0 ||
    Object.keys(redirect.conditions).length > 0 ||
    redirect.signed
  )
    return "Cloudflare Pages takes only 'from to status': no query parameters or conditions.";
  if (redirect.proxy || (redirect.status === 200 && /^https?:/.test(redirect.to)))
    return "Cloudflare Pages does not proxy: a 200 rule must lead to a path of the site.";
  if (
    redirect.status === 200 &&
    /(\/\*|\/)$/.test(redirect.from) &&
    /\/index(\.html)?$/.test(redirect.to)
  )
    return "Cloudflare Pages ignores it as an infinite loop (it redirects .../index.html to .../ itself): lead to the folder instead, e.g. '/admin/'.";
  return undefined;
}

async function readRedirects(siteDir: string, problems: string[]): Promise<RedirectRule[]> {
  const file = join(siteDir, REDIRECTS_FILE);
  const lines = ruleLines(await readText(file), (text) => text.startsWith("#"));
  const parsed = await parseAllRedirects({
    redirectsFiles: [file],
    configRedirects: [],
    minimal: false,
  });
  for (const error of parsed.errors) problems.push(`${REDIRECTS_FILE}: ${String(error.message)}`);
  if (parsed.errors.length > 0) return [];
  const rules: RedirectRule[] = [];
  let dynamic = false;
  let staticCount = 0;
  let dynamicCount = 0;
  for (const [index, redirect] of (parsed.redirects as NetlifyRedirect[]).entries()) {
    const line = lines[index]?.line ?? 0;
    const problem =
      redirectProblem(redirect, lines[index]?.raw ?? "") ??
      (rules.some((rule) => rule.from === redirect.from)
        ? "a second rule for this path: Cloudflare Pages keeps only the first."
        : undefined);
    if (problem) {
      problems.push(`${REDIRECTS_FILE} line ${line} (${redirect.from} ${redirect.to}): ${problem}`);
      continue;
    }
    // Once one rule is dynamic, Pages counts every later rule as dynamic.
    dynamic ||= isDynamic(redirect.from);
    if (dynamic) dynamicCount += 1;
    else staticCount += 1;
    rules.push({
      from: redirect.from,
      to: redirect.to,
      status: redirect.status ?? 0,
      line,
      pattern: pagesPattern(redirect.from),
    });
  }
  if (staticCount > MAX_STATIC_REDIRECTS)
    problems.push(`${REDIRECTS_FILE}: more than Cloudflare Pages' ${MAX_STATIC_REDIRECTS} rules.`);
  if (dynamicCount > MAX_DYNAMIC_REDIRECTS)
    problems.push(
      `${REDIRECTS_FILE}: more than Cloudflare Pages' ${MAX_DYNAMIC_REDIRECTS} rules with '*' or ':name' (and every rule after the first of them).`,
    );
  return rules;
}

async function readHeaders(siteDir: string, problems: string[]): Promise<HeaderRule[]> {
  const file = join(siteDir, HEADERS_FILE);
  const lines = ruleLines(await readText(file), (text) => text.startsWith("#"));
  for (const { raw, line } of lines) {
    if (raw.length > MAX_HEADER_LINE)
      problems.push(
        `${HEADERS_FILE} line ${line}: Cloudflare Pages ignores a line longer than ${MAX_HEADER_LINE} characters (this one has ${raw.length}).`,
      );
    if (/^!\s/.test(raw.trim()))
      problems.push(
        `${HEADERS_FILE} line ${line}: Netlify ignores Cloudflare's '! Header' (removing a header).`,
      );
  }
  const parsed = await parseAllHeaders({
    headersFiles: [file],
    configHeaders: [],
    minimal: false,
  });
  for (const error of parsed.errors) problems.push(`${HEADERS_FILE}: ${error.message}`);
  if (parsed.headers.length > MAX_HEADER_RULES)
    problems.push(`${HEADERS_FILE}: more than Cloudflare Pages' ${MAX_HEADER_RULES} rules.`);
  return parsed.headers.map((header) => ({
    for: header.for,
    values: header.values,
    pattern: pagesPattern(header.for),
    netlifyPattern: "forRegExp" in header ? header.forRegExp : pagesPattern(header.for),
  }));
}

/** Every file of the site, as the paths a visitor may ask for it by. */
async function sitePaths(siteDir: string): Promise<{ files: Set<string>; paths: string[] }> {
  const files = new Set<string>();
  const paths: string[] = [];
  const entries = await readdir(siteDir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const name = join(entry.parentPath, entry.name).slice(siteDir.length).replaceAll("\\", "/");
    const path = name.startsWith("/") ? name : `/${name}`;
    files.add(path);
    paths.push(path);
    if (path.endsWith("/index.html")) paths.push(path.slice(0, -"index.html".length));
    else if (path.endsWith(".html")) paths.push(path.slice(0, -".html".length));
  }
  return { files, paths };
}

/** A concrete path each rule's own pattern names (`*` and `:name` filled in). */
const examplePath = (pattern: string) => pattern.replaceAll("*", "x").replace(/:[A-Za-z]\w*/g, "x");

/**
 * Problems between the rules and the site's files: a redirect where a file is (Netlify
 * serves the file, Pages redirects), and a header that two rules set for one path
 * (Pages joins the two values, Netlify keeps one).
 */
function crossProblems(rules: HostRules, site: { files: Set<string>; paths: string[] }) {
  const problems: string[] = [];
  for (const rule of rules.redirects) {
    if (rule.status === 200) continue;
    const shadowed = site.paths.find((path) => site.files.has(path) && rule.pattern.test(path));
    if (shadowed)
      problems.push(
        `${REDIRECTS_FILE} line ${rule.line} (${rule.from} ${rule.to}): ${shadowed} is a file of the site: Netlify serves the file there and Cloudflare Pages redirects.`,
      );
  }
  const probes = new Set([
    ...site.paths,
    ...rules.headers.map((rule) => examplePath(rule.for)),
    ...rules.headers.map((rule) => examplePath(rule.for).replace(/\/x$/, "")),
  ]);
  const reported = new Set<string>();
  for (const path of probes) {
    const setBy = new Map<string, string[]>();
    for (const rule of rules.headers) {
      if (!rule.pattern.test(path) && !rule.netlifyPattern.test(path)) continue;
      for (const name of Object.keys(rule.values)) {
        const key = name.toLowerCase();
        setBy.set(key, [...(setBy.get(key) ?? []), rule.for]);
      }
    }
    for (const [name, fors] of setBy) {
      const key = `${name} ${fors.join(" ")}`;
      if (fors.length < 2 || reported.has(key)) continue;
      reported.add(key);
      problems.push(
        `${HEADERS_FILE}: ${name} is set by ${fors.map((f) => `'${f}'`).join(" and ")}, which both match ${path}: Cloudflare Pages joins the values and Netlify keeps one. Set each header for a path by one rule.`,
      );
    }
  }
  return problems;
}

/**
 * The rules of a built site's `_redirects` and `_headers` (none where a file is
 * absent), with every problem found: empty `problems` means both hosts read the files
 * the same way.
 */
export async function readHostRules(
  siteDir: string,
): Promise<{ rules: HostRules; problems: string[] }> {
  const problems: string[] = [];
  const rules = {
    redirects: await readRedirects(siteDir, problems),
    headers: await readHeaders(siteDir, problems),
  };
  problems.push(...crossProblems(rules, await sitePaths(siteDir)));
  return { rules, problems };
}

/** The first rule that matches a path, with `:splat` and `:name` filled in. */
export function redirectFor(
  rules: RedirectRule[],
  pathname: string,
): { to: string; status: number } | undefined {
  for (const rule of rules) {
    const match = rule.pattern.exec(pathname);
    if (!match) continue;
    let to = rule.to;
    for (const [name, value] of Object.entries(match.groups ?? {}))
      to = to.replaceAll(`:${name}`, value ?? "");
    return { to, status: rule.status };
  }
  return undefined;
}

/** The headers the rules give a path, as Pages matches them, in file order. */
export function headersFor(rules: HeaderRule[], pathname: string): [string, string][] {
  return rules
    .filter((rule) => rule.pattern.test(pathname))
    .flatMap((rule) => Object.entries(rule.values));
}

/** The build refuses a site whose host files the two hosts would read differently. */
export function hostFiles(): AstroIntegration {
  return {
    name: "host-files",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const { rules, problems } = await readHostRules(fileURLToPath(dir));
        if (problems.length > 0) {
          throw new Error(
            `The site's _redirects or _headers would not work the same on Netlify and Cloudflare Pages:\n- ${problems.join("\n- ")}`,
          );
        }
        logger.info(
          `_redirects (${rules.redirects.length} rules) and _headers (${rules.headers.length} rules) read the same on Netlify and Cloudflare Pages.`,
        );
      },
    },
  };
}
