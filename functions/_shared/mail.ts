// One way for the Edge Functions to send notification mail:
//   const mailer = mailerFromEnv(Deno.env);
//   await mailer.send(["a@example.org"], "Subject", "Plain text", "<p>optional HTML</p>");
// The function secrets choose how it leaves:
// - RESEND_API_KEY: Resend's HTTP API (https://api.resend.com/emails), what hosted
//   Edge Functions should use;
// - SMTP_HOST and SMTP_PORT (with SMTP_USER and SMTP_PASS to log in): SMTP through
//   nodemailer. Port 465 speaks TLS from the start; any other port upgrades with
//   STARTTLS, which is required unless the server is on this machine. Hosted Edge
//   Functions may not open connections to ports 25 and 587, so those are refused
//   here too, the same everywhere. `npm start` sets these to its mail catcher.
// MAIL_FROM is the sender either way; given the organisation's name, the mail goes out
// under that name from MAIL_FROM's address. Setting neither service, or both, is a
// configuration error that says which secrets to set.
import nodemailer from "npm:nodemailer@10";
import { isMailboxAddress } from "./email-rules.ts";

/** Hosted Edge Functions cannot connect to these ports ("Limits": outgoing 25 and 587). */
export const BLOCKED_SMTP_PORTS: readonly number[] = [25, 587];
export const RESEND_ENDPOINT = "https://api.resend.com/emails";
/** How long one send may take (ms). */
const SEND_TIMEOUT_MS = 15_000;

export interface Mailer {
  /** Which service sends: "smtp" or "resend". */
  readonly via: "smtp" | "resend";
  send(to: string[], subject: string, text: string, html?: string): Promise<void>;
}

/** The secrets name no mail service, or name one badly. */
export class MailConfigError extends Error {
  override name = "MailConfigError";
}

/** The mail service refused or could not be reached. */
export class MailSendError extends Error {
  override name = "MailSendError";
}

/** What nodemailer's createTransport gives, the part used here (a fake in tests). */
export interface SmtpTransport {
  sendMail(message: {
    from: string;
    to: string[];
    subject: string;
    text: string;
    html?: string;
  }): Promise<unknown>;
}

export interface SmtpOptions {
  host: string;
  port: number;
  secure: boolean;
  requireTLS: boolean;
  auth?: { user: string; pass: string };
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

export interface MailDeps {
  createSmtpTransport(options: SmtpOptions): SmtpTransport;
  fetch: typeof fetch;
}

const realDeps: MailDeps = {
  createSmtpTransport: (options) => nodemailer.createTransport(options) as SmtpTransport,
  fetch: (input, init) => fetch(input, init),
};

interface Env {
  get(name: string): string | undefined;
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

function secret(env: Env, name: string): string {
  return env.get(name)?.trim() ?? "";
}

/** The recipients, subject and bodies of one message, checked before anything is sent. */
function checkMessage(to: string[], subject: string, text: string): void {
  if (to.length === 0) throw new TypeError("mail: at least one recipient is needed");
  const bad = to.find((address) => !isMailboxAddress(address));
  if (bad !== undefined) throw new TypeError(`mail: not an email address: ${JSON.stringify(bad)}`);
  if (!subject.trim() || /[\r\n]/.test(subject)) {
    throw new TypeError("mail: the subject must be one non-empty line");
  }
  if (!text.trim()) throw new TypeError("mail: the text must not be empty");
}

function smtpMailer(env: Env, from: string, deps: MailDeps): Mailer {
  const host = secret(env, "SMTP_HOST");
  const rawPort = secret(env, "SMTP_PORT");
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port < 1 || port > 65535) {
    throw new MailConfigError(`SMTP_PORT must be a port number, not ${JSON.stringify(rawPort)}`);
  }
  if (BLOCKED_SMTP_PORTS.includes(port)) {
    throw new MailConfigError(
      `SMTP_PORT ${port} is closed to hosted Edge Functions (ports 25 and 587 are not allowed); use port 465, or Resend's HTTP API (RESEND_API_KEY)`,
    );
  }
  const user = secret(env, "SMTP_USER");
  const transport = deps.createSmtpTransport({
    host,
    port,
    secure: port === 465,
    // Credentials and mail travel encrypted unless the server is on this machine.
    requireTLS: port !== 465 && !LOOPBACK_HOSTS.has(host.toLowerCase()),
    ...(user ? { auth: { user, pass: env.get("SMTP_PASS") ?? "" } } : {}),
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  return {
    via: "smtp",
    async send(to, subject, text, html) {
      checkMessage(to, subject, text);
      try {
        await transport.sendMail({ from, to, subject, text, ...(html ? { html } : {}) });
      } catch (error) {
        throw new MailSendError(
          `SMTP ${host}:${port} refused the mail: ${(error as Error).message}`,
        );
      }
    },
  };
}

function resendMailer(apiKey: string, from: string, deps: MailDeps): Mailer {
  return {
    via: "resend",
    async send(to, subject, text, html) {
      checkMessage(to, subject, text);
      let response: Response;
      try {
        response = await deps.fetch(RESEND_ENDPOINT, {
          method: "POST",
          headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
          body: JSON.stringify({ from, to, subject, text, ...(html ? { html } : {}) }),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
      } catch (error) {
        throw new MailSendError(`Resend could not be reached: ${(error as Error).message}`);
      }
      if (!response.ok) {
        const detail = await response.text().catch(() => "");
        let message = detail;
        try {
          message = (JSON.parse(detail) as { message?: string }).message ?? detail;
        } catch {
          // Not JSON: the text as it came.
        }
        throw new MailSendError(`Resend refused the mail (${response.status}): ${message}`);
      }
      await response.body?.cancel();
    },
  };
}

/** The address in a sender such as 'Helping Hands <alerts@example.org>', or the whole of it. */
export function senderAddress(from: string): string {
  return /<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

/**
 * A sender that shows `name` (the organisation's, as its editors wrote it) with the
 * address of `from`. The name is one quoted line: no line break or control character
 * can reach the header, and quotes and backslashes are escaped.
 */
export function namedSender(from: string, name: string | null | undefined): string {
  const shown = (name ?? "")
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!shown) return from;
  return `"${shown.replace(/[\\"]/g, "\\$&")}" <${senderAddress(from)}>`;
}

/**
 * The mailer the function secrets describe; a MailConfigError says what is missing.
 * `senderName` (the organisation's name) replaces MAIL_FROM's name when given.
 */
export function mailerFromEnv(
  env: Env,
  deps: MailDeps = realDeps,
  senderName?: string | null,
): Mailer {
  const apiKey = secret(env, "RESEND_API_KEY");
  const host = secret(env, "SMTP_HOST");
  if (apiKey && host) {
    throw new MailConfigError(
      "Both RESEND_API_KEY and SMTP_HOST are set; set the secrets of one mail service only",
    );
  }
  if (!apiKey && !host) {
    throw new MailConfigError(
      "No mail service is configured: set RESEND_API_KEY (Resend's HTTP API), or SMTP_HOST and SMTP_PORT (with SMTP_USER and SMTP_PASS), and MAIL_FROM",
    );
  }
  const given = secret(env, "MAIL_FROM");
  if (!given) throw new MailConfigError("MAIL_FROM is not set: the sender of the mail");
  const from = namedSender(given, senderName);
  return apiKey ? resendMailer(apiKey, from, deps) : smtpMailer(env, from, deps);
}

/**
 * Why the function secrets describe no usable mail service (the reason names secrets,
 * never their values), or null when they do. Nothing is sent.
 */
export function mailProblem(env: Env): string | null {
  try {
    mailerFromEnv(env);
    return null;
  } catch (error) {
    if (error instanceof MailConfigError) return error.message;
    throw error;
  }
}
