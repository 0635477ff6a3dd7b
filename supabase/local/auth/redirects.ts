// Where an emailed link may send its user afterwards, decided as GoTrue decides it:
// the request's redirect_to (a `redirect_to` header, then the query string or a form
// body), else the Referer, if allowed; otherwise the site URL. Allowed are: the site
// URL's scheme, host and port (any port for localhost and loopback addresses), any
// loopback IP address, and the additional redirect URLs as globs in which `*` spans
// no `.` or `/`, `**` spans anything, `?` is one character, `[...]` a class and
// `{a,b}` alternatives. Decimal-number hosts and hosts with odd characters never are.
import { isIP } from "node:net";
import type { Context } from "hono";
import type { AuthSettings } from "./config.ts";

const LOCALHOST = new Set(["localhost", "127.0.0.1", "::1", "0.0.0.0", "::"]);
const REGULAR_HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;

/**
 * The host as written (Go's URL.Hostname()): WHATWG URLs would rewrite a decimal host
 * such as 2130706433 into 127.0.0.1, which GoTrue refuses as written.
 */
function hostnameOf(url: string): string {
  const match = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/.exec(url);
  return (match?.[1] ?? "").replace(/^\[(.*)\]$/, "$1");
}

function isLoopback(host: string): boolean {
  if (isIP(host) === 4) return host.startsWith("127.");
  if (isIP(host) === 6) return host === "::1" || host === "0:0:0:0:0:0:0:1";
  return false;
}

function escapeRegExp(ch: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(ch) ? `\\${ch}` : ch;
}

/** A glob with `.` and `/` as separators, as a whole-string RegExp. */
export function globToRegExp(glob: string): RegExp {
  let source = "";
  let inAlternatives = 0;
  for (let i = 0; i < glob.length; i += 1) {
    const ch = glob[i] as string;
    if (ch === "\\" && i + 1 < glob.length) {
      i += 1;
      source += escapeRegExp(glob[i] as string);
    } else if (ch === "*" && glob[i + 1] === "*") {
      source += ".*";
      i += 1;
    } else if (ch === "*") {
      source += "[^./]*";
    } else if (ch === "?") {
      source += "[^./]";
    } else if (ch === "[") {
      const end = glob.indexOf("]", i + 1);
      if (end === -1) {
        source += "\\[";
        continue;
      }
      let cls = glob.slice(i + 1, end);
      if (cls.startsWith("!")) cls = `^${cls.slice(1)}`;
      source += `[${cls.replace(/\\/g, "\\\\")}]`;
      i = end;
    } else if (ch === "{") {
      inAlternatives += 1;
      source += "(?:";
    } else if (ch === "}" && inAlternatives > 0) {
      inAlternatives -= 1;
      source += ")";
    } else if (ch === "," && inAlternatives > 0) {
      source += "|";
    } else {
      source += escapeRegExp(ch);
    }
  }
  return new RegExp(`^${source}$`);
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** Where links may lead: the settings' site URL and allow-list, the globs compiled once. */
export interface RedirectRules {
  siteUrl: string;
  site: URL | undefined;
  siteHost: string;
  globs: RegExp[];
}

export function redirectRules(
  settings: Pick<AuthSettings, "siteUrl" | "additionalRedirectUrls">,
): RedirectRules {
  return {
    siteUrl: settings.siteUrl,
    site: parse(settings.siteUrl),
    siteHost: hostnameOf(settings.siteUrl),
    globs: settings.additionalRedirectUrls.map((glob) => globToRegExp(glob)),
  };
}

export function isRedirectUrlValid(rules: RedirectRules, redirectUrl: string): boolean {
  if (!redirectUrl) return false;
  const base = rules.site;
  const target = parse(redirectUrl);
  if (!base || !target) return false;
  const host = hostnameOf(redirectUrl);
  if (
    rules.siteHost === host &&
    base.protocol === target.protocol &&
    (base.port === target.port || LOCALHOST.has(host.toLowerCase()))
  ) {
    return true;
  }
  const scheme = target.protocol.replace(/:$/, "").toLowerCase();
  if (/^[0-9]+$/.test(host)) return false;
  if (isIP(host)) return isLoopback(host);
  if ((scheme === "http" || scheme === "https") && !REGULAR_HOSTNAME.test(host)) return false;
  const withoutFragment = redirectUrl.split("#")[0] ?? "";
  return rules.globs.some((glob) => glob.test(withoutFragment));
}

/** The redirect_to a request names: its header, else its query string or form body. */
async function requestedRedirect(c: Context): Promise<string> {
  const header = c.req.header("redirect_to");
  if (header) return header;
  const query = c.req.query("redirect_to");
  if (query) return query;
  const type = c.req.header("content-type") ?? "";
  if (c.req.method !== "GET" && type.startsWith("application/x-www-form-urlencoded")) {
    const form = new URLSearchParams(await c.req.raw.clone().text());
    return form.get("redirect_to") ?? "";
  }
  return "";
}

/** GoTrue's referrer: the requested redirect, else the Referer, if allowed; else the site. */
export async function referrer(c: Context, rules: RedirectRules): Promise<string> {
  const requested = await requestedRedirect(c);
  if (isRedirectUrlValid(rules, requested)) return requested;
  const referer = c.req.header("referer") ?? "";
  if (isRedirectUrlValid(rules, referer)) return referer;
  return rules.siteUrl;
}
