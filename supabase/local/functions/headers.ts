// The headers a proxied request and its answer carry. Connection-scoped headers never
// cross the proxy either way; the function learns the caller's address, protocol and
// host from X-Forwarded-For, X-Forwarded-Proto and X-Forwarded-Host.
import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

/** Headers that belong to one connection, never forwarded either way. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "expect",
]);

type NodeEnv = { incoming?: { socket?: { remoteAddress?: string } } } | undefined;

/** The caller's headers for the function, with the forwarding headers added. */
export function forwardedHeaders(c: Context): Record<string, string> {
  const headers: Record<string, string> = {};
  const connectionScoped = new Set(
    (c.req.header("connection") ?? "")
      .split(",")
      .map((token) => token.trim().toLowerCase())
      .filter(Boolean),
  );
  c.req.raw.headers.forEach((value, key) => {
    if (!HOP_BY_HOP.has(key) && !connectionScoped.has(key)) headers[key] = value;
  });
  const remote = (c.env as NodeEnv)?.incoming?.socket?.remoteAddress;
  if (remote) {
    headers["x-forwarded-for"] = headers["x-forwarded-for"]
      ? `${headers["x-forwarded-for"]}, ${remote}`
      : remote;
  }
  headers["x-forwarded-proto"] ??= new URL(c.req.url).protocol.replace(":", "");
  if (headers.host) headers["x-forwarded-host"] ??= headers.host;
  return headers;
}

/** The function's answer headers, repeated ones kept, connection-scoped ones dropped. */
export function answerHeaders(res: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    const name = res.rawHeaders[i] as string;
    if (!HOP_BY_HOP.has(name.toLowerCase())) headers.append(name, res.rawHeaders[i + 1] as string);
  }
  return headers;
}
