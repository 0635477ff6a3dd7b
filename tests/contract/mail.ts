// Reading the mail a stack sent, through the mail catcher's Mailpit-shaped API: the
// embedded stack's own catcher, or `supabase start`'s Mailpit (MAIL_CATCHER_URL).
import type { TestStack } from "./stack.ts";

export interface Mail {
  ID: string;
  From: { Name: string; Address: string };
  To: { Name: string; Address: string }[];
  Subject: string;
  Text: string;
  HTML: string;
}

function catcher(stack: TestStack): string {
  if (!stack.mailUrl) throw new Error("this stack has no mail catcher (set MAIL_CATCHER_URL)");
  return stack.mailUrl;
}

/** The catcher's summaries of every message sent to `address`, newest first. */
async function summaries(
  stack: TestStack,
  address: string,
): Promise<{ ID: string; Subject: string }[]> {
  const query = encodeURIComponent(`to:"${address}"`);
  const res = await fetch(`${catcher(stack)}/api/v1/search?query=${query}&limit=200`);
  if (!res.ok) throw new Error(`mail catcher: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { messages: { ID: string; Subject: string }[] }).messages;
}

/** Every message sent to `address` (only those whose subject matches, if given), newest first. */
export async function mailTo(
  stack: TestStack,
  address: string,
  { subject }: { subject?: RegExp } = {},
): Promise<Mail[]> {
  const messages = (await summaries(stack, address)).filter(
    (message) => !subject || subject.test(message.Subject),
  );
  return Promise.all(
    messages.map(async ({ ID }) => {
      const one = await fetch(`${catcher(stack)}/api/v1/message/${ID}`);
      return (await one.json()) as Mail;
    }),
  );
}

/** How many messages the catcher holds for `address` (without reading them). */
export async function mailCount(stack: TestStack, address: string): Promise<number> {
  return (await summaries(stack, address)).length;
}

export interface MailWait {
  /** How many matching messages to wait for (default 1). */
  count?: number;
  timeoutMs?: number;
  /** Only messages whose subject matches. */
  subject?: RegExp;
  /** Only messages whose text contains this. */
  text?: string;
}

/**
 * Waits until `address` has been sent `count` messages (default 1), counting only those
 * whose subject matches `subject` and whose text contains `text` when given; answers the
 * matching ones, newest first.
 */
export async function waitForMail(
  stack: TestStack,
  address: string,
  { count = 1, timeoutMs = 10_000, subject, text }: MailWait = {},
): Promise<[Mail, ...Mail[]]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailTo(stack, address, { subject })).filter(
      (mail) => text === undefined || mail.Text.includes(text),
    );
    if (found.length >= Math.max(count, 1)) return found as [Mail, ...Mail[]];
    if (Date.now() > until) {
      const which = [subject && `subject ${subject}`, text !== undefined && `text "${text}"`]
        .filter(Boolean)
        .join(", ");
      const seen = (await summaries(stack, address)).map((message) => message.Subject);
      throw new Error(
        `expected ${count} message(s) to ${address}${which ? ` with ${which}` : ""}, found ${
          found.length
        }; all subjects: ${JSON.stringify(seen)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Lets mail a request may have sent arrive, before checking that none (or no more) did.
 * On the embedded stack there is nothing to wait for: Auth answers only once its SMTP
 * send is done (supabase/local/auth/links.ts, deliver) and the catcher keeps a message
 * before it acknowledges it (supabase/local/mail/smtp.ts, onData), so whatever a request
 * sent is in the catcher when its answer arrives. A real project's Auth and Mailpit give
 * no such promise: there a short wait stays.
 */
export async function mailSettled(stack: TestStack, waitMs = 500): Promise<void> {
  if (stack.embedded) return;
  await new Promise((resolve) => setTimeout(resolve, waitMs));
}

/** The Auth link a message carries (the one to /auth/v1/verify). */
export function verifyLink(mail: Mail): string {
  for (const match of mail.HTML.matchAll(/href="([^"]+)"/g)) {
    const href = (match[1] ?? "").replace(/&amp;/g, "&");
    if (href.includes("/auth/v1/verify?")) return href;
  }
  throw new Error(`no /auth/v1/verify link in "${mail.Subject}"`);
}

/** Follows an emailed link as a browser would, without going further than Auth's answer. */
export async function follow(link: string): Promise<{ status: number; location: string }> {
  const res = await fetch(link, { redirect: "manual" });
  await res.body?.cancel();
  return { status: res.status, location: res.headers.get("location") ?? "" };
}

/** The parameters in a redirect's fragment. */
export function fragmentOf(location: string): URLSearchParams {
  const hash = location.indexOf("#");
  return new URLSearchParams(hash === -1 ? "" : location.slice(hash + 1));
}
