// How Auth's emails leave: over SMTP to the project's mail server, as GoTrue's mail
// client sends them (From the configured sender, one recipient, an HTML body). With
// no SMTP server configured nothing is sent and sending succeeds, as GoTrue's no-op
// client does when SMTP_HOST is empty.
import nodemailer from "nodemailer";
import type { AuthSettings, SmtpSettings } from "./config.ts";

export interface AuthEmail {
  to: string;
  subject: string;
  html: string;
}

export interface AuthMailer {
  send(email: AuthEmail): Promise<void>;
}

/** How long a mail server may take to answer, at each step (ms). */
const SMTP_TIMEOUT_MS = 10_000;

export function smtpMailer(smtp: SmtpSettings, sender: AuthSettings["sender"]): AuthMailer {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.port === 465,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? "" } } : {}),
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(email) {
      await transport.sendMail({
        from: { name: sender.name, address: sender.address },
        to: email.to,
        subject: email.subject,
        html: email.html,
      });
    },
  };
}

export const noopMailer: AuthMailer = { send: async () => {} };
