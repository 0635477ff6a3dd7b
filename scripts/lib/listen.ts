// Starting and stopping a Hono app on a local HTTP server.
import type { Server } from "node:http";
import { createServer } from "node:net";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";

export interface Listening {
  /** The port actually bound (useful when 0 was asked for). */
  port: number;
  close(): Promise<void>;
}

/** Listens on hostname:port (0: any free port) and resolves once it is bound. */
export function listen(app: Hono, port: number, hostname: string): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname }) as Server;
    server.once("error", reject);
    server.once("listening", () => {
      server.off("error", reject);
      const address = server.address();
      const bound = typeof address === "object" && address ? address.port : port;
      resolve({
        port: bound,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
            // A browser may hold a request open; do not let it delay a stop for long.
            setTimeout(() => server.closeAllConnections(), 1000).unref();
          }),
      });
    });
  });
}

/** Host as it goes in a URL: IPv6 in brackets; "any address" shown as localhost. */
export function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "::" || host === "") return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}

/** Rejects (EADDRINUSE and the like) when hostname:port cannot be bound right now. */
export function checkPortFree(port: number, hostname: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(port, hostname, () => probe.close(() => resolve()));
  });
}
