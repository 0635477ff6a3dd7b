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

/** Every message sent to `address`, newest first. */
export async function mailTo(stack: TestStack, address: string): Promise<Mail[]> {
  const query = encodeURIComponent(`to:"${address}"`);
  const res = await fetch(`${catcher(stack)}/api/v1/search?query=${query}&limit=200`);
  if (!res.ok) throw new Error(`mail catcher: ${res.status} ${await res.text()}`);
  const { messages } = (await res.json()) as { messages: { ID: string }[] };
  return Promise.all(
    messages.map(async ({ ID }) => {
      const one = await fetch(`${catcher(stack)}/api/v1/message/${ID}`);
      return (await one.json()) as Mail;
    }),
  );
}

/** Waits until `address` has been sent `count` messages (default 1); the newest first. */
export async function waitForMail(
  stack: TestStack,
  address: string,
  { count = 1, timeoutMs = 10_000 } = {},
): Promise<Mail[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await mailTo(stack, address);
    if (found.length >= count) return found;
    if (Date.now() > until) {
      throw new Error(`expected ${count} message(s) to ${address}, found ${found.length}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
