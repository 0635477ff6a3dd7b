// The local mail catcher, as the Supabase CLI runs Mailpit ([local_smtp] in config.toml):
// Auth and the Edge Functions send real SMTP to it, and people and tests read what
// arrived on its page and through its Mailpit-shaped API. Both listen on 127.0.0.1 only.
import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { mailApi } from "./api.ts";
import { startSmtp } from "./smtp.ts";
import { MailStore } from "./store.ts";

export interface MailCatcher {
  /** The page and the API: http://127.0.0.1:<port> (API under /api/v1). */
  url: string;
  smtpHost: string;
  smtpPort: number;
  store: MailStore;
  close(): Promise<void>;
}

export interface MailCatcherOptions {
  /** The page and API's port; 0 (the default): any free port. */
  port?: number;
  /** The SMTP port; 0 (the default): any free port. */
  smtpPort?: number;
}

export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const store = new MailStore();
  const smtp = await startSmtp(store, options.smtpPort ?? 0);
  let server: ServerType | undefined;
  try {
    const app = mailApi(store);
    server = await new Promise<ServerType>((resolve, reject) => {
      const started = serve(
        { fetch: app.fetch, port: options.port ?? 0, hostname: "127.0.0.1" },
        () => resolve(started),
      );
      started.once("error", reject);
    });
  } catch (error) {
    await smtp.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const web = server;
  return {
    url: `http://127.0.0.1:${port}`,
    smtpHost: "127.0.0.1",
    smtpPort: smtp.port,
    store,
    async close() {
      await smtp.close();
      await new Promise<void>((resolve) => web.close(() => resolve()));
    },
  };
}
