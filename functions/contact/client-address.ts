// Who is sending: the client's address as the platform reports it, reduced to the unit
// rate limiting counts by.
//
// Hosted, the gateway sets X-Forwarded-For with the client's address first. The local
// stand-in (supabase/local/functions/) appends the socket's address to whatever
// X-Forwarded-For the request came with, so there too the first entry is the client as
// the outermost proxy saw it. The function therefore always takes the first entry.
//
// The first entry is whatever the outermost proxy was told, so a client that sends its
// own X-Forwarded-For may choose it; the global ceiling bounds what that can achieve.
//
// Addresses are read by ipaddr.js, with one rule of our own on top: an IPv4 address
// (alone or as the tail of an IPv6 one) counts only in plain dotted decimal, four parts
// without leading zeros. ipaddr.js also reads "010.1.1.1" (octal to some parsers),
// "0x7f.1" or "3232235777", which name different hosts to different readers; such text
// stays text, one bucket of its own.
import ipaddr from "npm:ipaddr.js@2";

/** What an address falls back to when the request names none. */
export const UNKNOWN_ADDRESS = "unknown";

/** Longest address text kept (anything longer is not an address anyway). */
const MAX_ADDRESS_LENGTH = 100;

/** The IPv4 address, when text is one in plain dotted decimal. */
function parseIpv4(text: string): ipaddr.IPv4 | undefined {
  return ipaddr.IPv4.isValidFourPartDecimal(text) ? ipaddr.IPv4.parse(text) : undefined;
}

/** The IPv6 address, when text is one (an embedded IPv4 tail in plain dotted decimal). */
function parseIpv6(text: string): ipaddr.IPv6 | undefined {
  if (!ipaddr.IPv6.isValid(text)) return undefined;
  const tail = text.slice(text.lastIndexOf(":") + 1);
  if (tail.includes(".") && !parseIpv4(tail)) return undefined;
  return ipaddr.IPv6.parse(text);
}

/**
 * The unit one sender is counted by, from one address as a proxy wrote it:
 * - IPv4: the address itself, without a port ("192.0.2.1:5678" -> "192.0.2.1");
 * - IPv6: its /64 network, written as its first four groups ("2001:db8:0:0::/64"),
 *   since one subscriber usually holds a whole /64 and could otherwise rotate through
 *   addresses at will; an IPv4-mapped address (::ffff:192.0.2.1) counts as IPv4, and
 *   so does the deprecated IPv4-compatible form (::192.0.2.1), which ipaddr.js reads
 *   as the mapped one;
 * - anything else: the text itself, lowercased and cut short (still one bucket).
 */
export function rateLimitKey(raw: string): string {
  let text = raw.trim().replace(/^"|"$/g, "").toLowerCase();
  if (!text) return UNKNOWN_ADDRESS;
  // [v6]:port or [v6]
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed?.[1]) text = bracketed[1];
  // v4:port
  const withPort = /^([\d.]+):\d+$/.exec(text);
  if (withPort?.[1]) text = withPort[1];
  // A zone (fe80::1%eth0) names the receiver's interface, not the sender.
  text = text.replace(/%.*$/, "");

  const ipv4 = parseIpv4(text);
  if (ipv4) return ipv4.toString();
  const ipv6 = text.includes(":") ? parseIpv6(text) : undefined;
  if (ipv6) {
    if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().toString();
    return `${ipv6.parts
      .slice(0, 4)
      .map((group) => group.toString(16))
      .join(":")}::/64`;
  }
  return text.slice(0, MAX_ADDRESS_LENGTH);
}

/** The rate-limit unit of the request's client: the first X-Forwarded-For entry. */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  const first = forwarded?.split(",")[0]?.trim();
  return first ? rateLimitKey(first) : UNKNOWN_ADDRESS;
}
