// The catcher's SMTP side: a real SMTP server (smtp-server, from the nodemailer
// project) on 127.0.0.1 that takes every message, parses it with mailparser and keeps
// it. It delivers nothing anywhere. Like the Supabase CLI's Mailpit it needs no
// login; a client that logs in anyway is let in, whatever it sends.
import type { AddressInfo } from "node:net";
import { type AddressObject, simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerAddress } from "smtp-server";
import type { MailAddress, MailStore } from "./store.ts";

/** Largest message taken (Mailpit's default is 0, no limit; auth mail is small). */
const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

function addresses(field: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) =>
    object.value
      .filter((entry) => entry.address)
      .map((entry) => ({ Name: entry.name ?? "", Address: entry.address ?? "" })),
  );
}

function envelopeAddress(address: SMTPServerAddress | false): string {
  return address ? address.address : "";
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export interface SmtpListener {
  port: number;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:port (0: any free port) and keeps every message in `store`. */
export async function startSmtp(store: MailStore, port: number): Promise<SmtpListener> {
  const server = new SMTPServer({
    name: "mail-catcher.local",
    banner: "local mail catcher: nothing is delivered",
    logger: false,
    size: MAX_MESSAGE_BYTES,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? "anyone" });
    },
    onData(stream, session, callback) {
      readAll(stream)
        .then(async (raw) => {
          if ((stream as { sizeExceeded?: boolean }).sizeExceeded) {
            const error = new Error("Message exceeds fixed maximum message size") as Error & {
              responseCode?: number;
            };
            error.responseCode = 552;
            throw error;
          }
          const parsed = await simpleParser(raw);
          const to = addresses(parsed.to);
          const cc = addresses(parsed.cc);
          const named = new Set([...to, ...cc].map((entry) => entry.Address.toLowerCase()));
          const bcc = session.envelope.rcptTo
            .map((rcpt) => rcpt.address)
            .filter((address) => !named.has(address.toLowerCase()))
            .map((address) => ({ Name: "", Address: address }));
          store.add({
            MessageID: parsed.messageId ?? "",
            From: addresses(parsed.from)[0] ?? {
              Name: "",
              Address: envelopeAddress(session.envelope.mailFrom),
            },
            To: to,
            Cc: cc,
            Bcc: bcc,
            ReplyTo: addresses(parsed.replyTo),
            ReturnPath: envelopeAddress(session.envelope.mailFrom),
            Subject: parsed.subject ?? "",
            Date: (parsed.date ?? new Date()).toISOString(),
            Text: parsed.text ?? "",
            HTML: parsed.html || "",
            Size: raw.length,
          });
        })
        .then(
          () => callback(),
          (error: Error) => callback(error),
        );
    },
  });
  server.on("error", (error) => console.error("mail catcher (SMTP):", error.message));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
