// Who is sending: the client's address as the platform reports it, reduced to the unit
// rate limiting counts by.
//
// Hosted, the gateway sets X-Forwarded-For with the client's address first. The local
// stand-in (supabase/local/functions.ts) appends the socket's address to whatever
// X-Forwarded-For the request came with, so there too the first entry is the client as
// the outermost proxy saw it. The function therefore always takes the first entry.
//
// The first entry is whatever the outermost proxy was told, so a client that sends its
// own X-Forwarded-For may choose it; the global ceiling bounds what that can achieve.

/** What an address falls back to when the request names none. */
export const UNKNOWN_ADDRESS = "unknown";

/** Longest address text kept (anything longer is not an address anyway). */
const MAX_ADDRESS_LENGTH = 100;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** The dotted-decimal IPv4 address (no leading zeros), or undefined. */
function parseIpv4(text: string): string | undefined {
  return IPV4.test(text) ? text : undefined;
}

/** The eight 16-bit groups of an IPv6 address, or undefined when text is not one. */
function parseIpv6(text: string): number[] | undefined {
  let rest = text;
  // An embedded IPv4 tail (::ffff:192.0.2.1) stands for the last two groups.
  const lastColon = rest.lastIndexOf(":");
  if (lastColon >= 0 && rest.slice(lastColon + 1).includes(".")) {
    const ipv4 = parseIpv4(rest.slice(lastColon + 1));
    if (!ipv4) return undefined;
    const [a = 0, b = 0, c = 0, d = 0] = ipv4.split(".").map(Number);
    rest = `${rest.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = rest.split("::");
  if (halves.length > 2) return undefined;
  const groupsOf = (part: string): number[] | undefined => {
    if (part === "") return [];
    const groups: number[] = [];
    for (const group of part.split(":")) {
      if (!/^[0-9a-f]{1,4}$/.test(group)) return undefined;
      groups.push(Number.parseInt(group, 16));
    }
    return groups;
  };
  const head = groupsOf(halves[0] ?? "");
  if (!head) return undefined;
  if (halves.length === 1) {
    return head.length === 8 ? head : undefined;
  }
  const after = groupsOf(halves[1] ?? "");
  if (!after) return undefined;
  const known = head.length + after.length;
  if (known > 7) return undefined;
  return [...head, ...new Array<number>(8 - known).fill(0), ...after];
}

/**
 * The unit one sender is counted by, from one address as a proxy wrote it:
 * - IPv4: the address itself, without a port ("192.0.2.1:5678" -> "192.0.2.1");
 * - IPv6: its /64 network, since one subscriber usually holds a whole /64 and could
 *   otherwise rotate through addresses at will; an IPv4-mapped address counts as IPv4;
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
  if (ipv4) return ipv4;
  if (text.includes(":")) {
    const groups = parseIpv6(text);
    if (groups) {
      const mapped = groups.slice(0, 6).every((g, i) => (i < 5 ? g === 0 : g === 0xffff));
      if (mapped) {
        const [hi = 0, lo = 0] = groups.slice(6);
        return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
      }
      return `${groups
        .slice(0, 4)
        .map((g) => g.toString(16))
        .join(":")}::/64`;
    }
  }
  return text.slice(0, MAX_ADDRESS_LENGTH);
}

/** The rate-limit unit of the request's client: the first X-Forwarded-For entry. */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  const first = forwarded?.split(",")[0]?.trim();
  return first ? rateLimitKey(first) : UNKNOWN_ADDRESS;
}
