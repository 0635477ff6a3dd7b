// Link targets built from content (a certificate's PDF, the organisation's logo in
// the structured data) pass through here before they reach the page. The database
// already refuses anything but http(s) addresses and site paths
// (private.is_link_url); this is the site's own allow-list on top, so a row that got
// past the database some other way (an older schema, a restored dump) still cannot
// put javascript:, vbscript:, data: or a protocol-relative //host into an href.
//
// Plain TypeScript: no astro:* imports, so it is unit-tested directly.

/** The schemes a link from content may use. */
export const LINK_SCHEMES = ["http:", "https:", "mailto:", "tel:"] as const;
/** The schemes of a web page or file address (no mailto:, no tel:). */
export const WEB_SCHEMES = ["http:", "https:"] as const;

export const MAX_LINK_LENGTH = 2048;

// Whitespace and control characters: browsers drop tabs and newlines anywhere in a
// URL and C0 controls around it, so "java\tscript:" would still run. Quotes, angle
// brackets, backticks and backslashes have no business in a stored link either
// (a backslash reads as a slash: "/\host" is another site).
const UNSAFE_CHARACTER =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff"'<>`\\]/u;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * The address itself when it is safe as a link target from content: an http(s) URL
 * with a host, a mailto: or tel: link, or a path on the site ("/x", "#x", "?x");
 * otherwise null (javascript:, vbscript:, data:, file:, //host, "/\host", anything
 * with whitespace, control or quote characters, or longer than 2048 characters).
 */
export function safeHref(value: unknown, schemes: readonly string[] = LINK_SCHEMES): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LINK_LENGTH) {
    return null;
  }
  if (UNSAFE_CHARACTER.test(value)) return null;
  if (value.startsWith("/")) return value.startsWith("//") ? null : value;
  if (value.startsWith("#") || value.startsWith("?")) return value;
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (!scheme || !schemes.includes(`${scheme}:`)) return null;
  if (scheme === "http" || scheme === "https") {
    try {
      const parsed = new URL(value);
      if (!parsed.hostname || !/^https?:\/\/[^/]/i.test(value)) return null;
    } catch {
      return null;
    }
  } else if (value.length === scheme.length + 1) {
    return null;
  }
  return value;
}

/** Like safeHref, for addresses that must be a web page or file: http(s) or a site path. */
export function safeWebUrl(value: unknown): string | null {
  return safeHref(value, WEB_SCHEMES);
}
