// Alerts end to end, as `npm start` runs them: a contact message or a change to the
// donation details lands in the outbox (a database trigger), the database asks the
// alerts function to deliver through the stand-in's pg_net (as a hosted project does
// through pg_net), and the function mails every administrator through the catcher.
// The message limits are shortened (2 mails per 4 s, the cron job every second) so a
// flood's digest arrives within the test; hosted they are 3 an hour.
import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Mail, mailTo, waitForMail } from "./mail.ts";
import {
  anonClient,
  embeddedOnly,
  REAL_PROJECT,
  serviceClient,
  signedInUser,
  startTestStack,
  type TestStack,
  type TestUser,
} from "./stack.ts";

const SITE = "http://127.0.0.1:4321";
const WINDOW_SECONDS = 4;

let stack: TestStack;
let first: TestUser;
let second: TestUser;
let addressCounter = 0;

/** A fresh sender address per message: 198.18.0.0/15 is reserved for benchmarking. */
function freshAddress(): string {
  addressCounter += 1;
  return `198.19.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

async function sendMessage(
  subject: string,
  message = "I would like to help.\nOn weekends.",
): Promise<void> {
  const response = await fetch(`${stack.url}/functions/v1/contact`, {
    method: "POST",
    headers: {
      apikey: stack.publishableKey,
      Authorization: `Bearer ${stack.publishableKey}`,
      "Content-Type": "application/json",
      "X-Forwarded-For": freshAddress(),
    },
    body: JSON.stringify({
      name: "Asha Rai",
      email: "asha@example.org",
      subject,
      message,
      inquiryType: "volunteer",
    }),
  });
  expect(response.status).toBe(201);
  await response.body?.cancel();
}

/** Waits for a mail to `address` whose subject matches: the newest such. */
async function mailMatching(address: string, subject: RegExp, timeoutMs = 20_000): Promise<Mail> {
  const [mail] = await waitForMail(stack, address, { subject, timeoutMs });
  return mail;
}

/**
 * Waits until the outbox has nothing left to deliver: no entry pending, held for a
 * digest, or being sent. The alerts function marks an entry sent only once its mail is
 * in the catcher, so every mail the outbox will send has arrived by then.
 */
async function outboxDrained(timeout = 20_000): Promise<void> {
  // The service client reads the outbox whatever its RLS says.
  const open = async () => {
    const { count, error } = await serviceClient(stack)
      .from("alert_outbox")
      .select("id", { count: "exact", head: true })
      .in("status", ["pending", "held", "sending"]);
    if (error) throw new Error(`could not read the outbox: ${error.message}`);
    return count;
  };
  await expect.poll(open, { timeout, interval: 150, message: "alerts left to deliver" }).toBe(0);
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe.skipIf(REAL_PROJECT)(
  `alerts ${embeddedOnly("the message limits are shortened for the test")}`,
  () => {
    beforeAll(async () => {
      stack = await startTestStack({
        mailSecrets: true,
        hostedHooks: { cronSeconds: 1 },
        functionSecrets: {
          SITE_URL: SITE,
          ALERT_MESSAGE_LIMIT: "2",
          ALERT_WINDOW_SECONDS: String(WINDOW_SECONDS),
        },
      });
      [first, second] = await Promise.all([
        signedInUser(stack, { admin: true }),
        signedInUser(stack, { admin: true }),
      ]);
    }, 60_000);

    afterAll(async () => {
      await stack?.close();
    });

    it("deployment_health tells an administrator, and only one, what delivers the alerts", async () => {
      const { data, error } = await first.client.rpc("deployment_health");
      expect(error).toBeNull();
      expect(data).toEqual({
        pg_net: true,
        pg_cron: true,
        vault_project_url: true,
        vault_secret_key: true,
        alerts_job: true,
        purge_job: true,
        alerts_waiting: 0,
      });
      const user = await signedInUser(stack);
      for (const client of [anonClient(stack), user.client]) {
        const refused = await client.rpc("deployment_health");
        expect(refused.data).toBeNull();
        expect(refused.error?.code).toBe("42501");
      }
    });

    it("a contact message reaches every admin: sender, subject, first lines, a link to the inbox", {
      timeout: 60_000,
    }, async () => {
      // The organisation's own name, not MAIL_FROM's, is the sender's name.
      const renamed = await serviceClient(stack)
        .from("organisation")
        .update({ name: "Riverside Care Trust" })
        .not("id", "is", null);
      expect(renamed.error).toBeNull();
      const subject = `Volunteering ${randomUUID().slice(0, 8)}`;
      await sendMessage(subject);
      for (const admin of [first, second]) {
        const mail = await mailMatching(
          admin.email,
          new RegExp(`^New message: ${literal(subject)}$`),
        );
        expect(mail.From.Address).toBe("noreply@helpinghands.local");
        expect(mail.From.Name).toBe("Riverside Care Trust");
        expect(mail.Text).toContain("Asha Rai <asha@example.org> wrote through the contact form");
        expect(mail.Text).toContain("> I would like to help.\n> On weekends.");
        expect(mail.Text).toContain(`${SITE}/admin/messages`);
        expect(mail.HTML).toContain(`href="${SITE}/admin/messages"`);
      }
    });

    it("a flood sends a few alerts, then one digest naming how many and the newest subjects", {
      timeout: 60_000,
    }, async () => {
      // The first test's alert leaves the window first.
      await new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 1000 + 500));
      const marker = randomUUID().slice(0, 8);
      const subjects = Array.from({ length: 6 }, (_, i) => `Flood ${marker} ${i + 1}`);
      for (const subject of subjects) await sendMessage(subject);

      const digest = await mailMatching(first.email, /^\d+ new messages on the website$/, 30_000);
      const singles = (await mailTo(stack, first.email)).filter((mail) =>
        mail.Subject.startsWith(`New message: Flood ${marker}`),
      );
      expect(singles).toHaveLength(2);
      const count = Number(/^(\d+)/.exec(digest.Subject)?.[1]);
      expect(count).toBe(subjects.length - singles.length);
      expect(digest.Text).toContain(`${count} messages arrived through the contact form`);
      const newest = subjects.slice(-count).reverse();
      expect(digest.Text.indexOf(newest[0] ?? "")).toBeGreaterThan(-1);
      expect(digest.Text.indexOf(newest[0] ?? "")).toBeLessThan(
        digest.Text.indexOf(newest[1] ?? ""),
      );
      expect(digest.Text).toContain(`${SITE}/admin/messages`);
      expect(digest.To.map((to) => to.Address).sort()).toEqual(
        expect.arrayContaining([first.email, second.email]),
      );
      // Nothing more: every message was either alerted or digested.
      await outboxDrained();
      const total = (await mailTo(stack, first.email)).filter((mail) =>
        /Flood|new messages/.test(mail.Subject),
      );
      expect(total).toHaveLength(3);
    });

    it("a bank-account edit through REST alerts every admin with the before and after", {
      timeout: 60_000,
    }, async () => {
      const { data: rows, error } = await first.client
        .from("donate_content")
        .select("id, bank_accounts")
        .eq("is_active", true)
        .limit(1);
      expect(error).toBeNull();
      const row = (rows ?? [])[0] as { id: string; bank_accounts: Record<string, string>[] };
      const before = row.bank_accounts[0]?.account_number ?? "";
      const after = `9${randomUUID().replace(/\D/g, "").slice(0, 9)}`;
      const accounts = row.bank_accounts.map((account, index) =>
        index === 0 ? { ...account, account_number: after } : account,
      );
      const updated = await first.client
        .from("donate_content")
        .update({ bank_accounts: accounts })
        .eq("id", row.id)
        .select();
      expect(updated.error).toBeNull();
      expect(updated.data).toHaveLength(1);
      for (const admin of [first, second]) {
        const mail = await mailMatching(
          admin.email,
          new RegExp(`^Donation details changed by ${literal(first.email)}$`),
        );
        expect(mail.Text).toContain(`account number ${before} → ${after}`);
        expect(mail.Text).toMatch(
          new RegExp(`Before:\\n- Bank account: .*number ${literal(before)}`),
        );
        expect(mail.Text).toMatch(new RegExp(`After:\\n- Bank account: .*number ${after}`));
        expect(mail.Text).toContain(`${SITE}/admin/donate-management`);
      }
    });

    it("with approval on, a REST edit stays pending until a different admin approves it", {
      timeout: 60_000,
    }, async () => {
      const anon: SupabaseClient = anonClient(stack);
      const on = await first.client
        .from("admin_settings")
        .update({ require_payment_approval: true })
        .eq("id", true)
        .select();
      expect(on.error).toBeNull();
      const { data: rows } = await first.client
        .from("donate_content")
        .select("id, bank_accounts")
        .eq("is_active", true)
        .limit(1);
      const row = (rows ?? [])[0] as { id: string; bank_accounts: Record<string, string>[] };
      const live = row.bank_accounts[0]?.account_number;
      const proposed = `7${randomUUID().replace(/\D/g, "").slice(0, 9)}`;
      const held = await first.client
        .from("donate_content")
        .update({
          bank_accounts: row.bank_accounts.map((account, index) =>
            index === 0 ? { ...account, account_number: proposed } : account,
          ),
        })
        .eq("id", row.id)
        .select();
      expect(held.error).toBeNull();
      expect(held.data).toEqual([]);
      const publicRead = async () => {
        const { data } = await anon.from("donate_content").select("bank_accounts").eq("id", row.id);
        return ((data ?? [])[0] as { bank_accounts: Record<string, string>[] }).bank_accounts[0]
          ?.account_number;
      };
      expect(await publicRead()).toBe(live);

      const request = await mailMatching(
        second.email,
        new RegExp(`^Approval needed: ${literal(first.email)} proposed a change`),
      );
      expect(request.Text).toContain(`account number ${live} → ${proposed}`);

      const { data: pending } = await second.client.rpc("pending_payment_changes");
      const change = (pending as { id: number; proposed_by_me: boolean }[]).at(-1);
      expect(change?.proposed_by_me).toBe(false);
      const own = await first.client.rpc("approve_payment_change", { p_change_id: change?.id });
      expect(own.error?.code).toBe("42501");
      expect(await publicRead()).toBe(live);

      const approved = await second.client.rpc("approve_payment_change", {
        p_change_id: change?.id,
      });
      expect(approved.error).toBeNull();
      expect(await publicRead()).toBe(proposed);
      const applied = await mailMatching(
        first.email,
        new RegExp(`^Donation details changed by ${literal(second.email)}$`),
      );
      expect(applied.Text).toContain(`proposed by ${first.email}`);

      // Turning approval off waits for the second admin too.
      await first.client
        .from("admin_settings")
        .update({ require_payment_approval: false })
        .eq("id", true);
      const { data: still } = await serviceClient(stack)
        .from("admin_settings")
        .select("require_payment_approval")
        .single();
      expect(still).toEqual({ require_payment_approval: true });
      const { data: requests } = await second.client.rpc("pending_payment_changes");
      const off = (requests as { id: number; target: string }[]).find(
        (item) => item.target === "admin_settings",
      );
      expect(off).toBeDefined();
      const done = await second.client.rpc("approve_payment_change", { p_change_id: off?.id });
      expect(done.error).toBeNull();
    });
  },
);
