// The alert emails: what each says, where it links, who it goes to, and that nothing a
// visitor typed reaches the HTML unescaped.
import { assert, assertEquals, assertMatch } from "../_shared/assert.ts";
import {
  composeAlert,
  composeDigest,
  firstLines,
  type OutboxAlert,
  oneLine,
  recipientsFor,
  when,
} from "./compose.ts";

const SITE = "https://helpinghands.example";
const at = "2026-11-25T14:05:09Z";

const message = (payload: Record<string, unknown>): OutboxAlert => ({
  id: 1,
  kind: "message",
  created_at: at,
  payload: {
    name: "Asha Rai",
    email: "asha@example.org",
    subject: "Volunteering",
    excerpt: "I would like to help.\nOn weekends.",
    inquiry_type: "volunteer",
    received_at: at,
    ...payload,
  },
});

Deno.test("a message alert: sender, subject, first lines and the inbox link", () => {
  const mail = composeAlert(message({ phone: "+977 1 234" }), SITE);
  assertEquals(mail.subject, "New message: Volunteering");
  assertMatch(
    mail.text,
    /Asha Rai <asha@example\.org>, phone \+977 1 234 wrote through the contact form on 25 Nov 2026, 14:05 UTC/,
  );
  assertMatch(mail.text, /Type: Volunteer Opportunities/);
  assertMatch(mail.text, /> I would like to help\.\n> On weekends\./);
  assertMatch(mail.text, /inbox: https:\/\/helpinghands\.example\/admin\/messages/);
  assertMatch(mail.html, /href="https:\/\/helpinghands\.example\/admin\/messages"/);
});

Deno.test("what a visitor typed is escaped in HTML and kept to one line in the subject", () => {
  const mail = composeAlert(
    message({
      name: "<script>x</script>",
      subject: "Hi\r\nBcc: all@example.org",
      excerpt: "<img src=x onerror=alert(1)>",
    }),
    SITE,
  );
  assertEquals(mail.subject, "New message: Hi Bcc: all@example.org");
  assert(!mail.html.includes("<script>"), "no script tag");
  assert(!mail.html.includes("<img"), "no img tag");
  assertMatch(mail.html, /&lt;script&gt;/);
});

Deno.test("only the first lines of a long message are quoted", () => {
  const long = Array.from({ length: 10 }, (_, i) => `Line ${i + 1}`).join("\n");
  assertEquals(firstLines(long), "Line 1\nLine 2\nLine 3\nLine 4\nLine 5\nLine 6...");
  assertEquals(firstLines("x".repeat(600)).length, 503);
  assertEquals(oneLine("a".repeat(200)).length, 150);
  assertEquals(when("not a date"), "not a date");
});

Deno.test("without SITE_URL the mail says where to look instead of linking", () => {
  const mail = composeAlert(message({}));
  assertMatch(mail.text, /in the admin, under Messages/);
  assert(!mail.html.includes("href"), "no link");
});

Deno.test("a digest says how many, between when, and the newest subjects", () => {
  const mail = composeDigest(
    {
      count: 12,
      first_at: at,
      last_at: "2026-11-25T14:20:00Z",
      newest: [
        { subject: "Flood 12", name: "Bot", received_at: "2026-11-25T14:20:00Z" },
        { subject: "Flood 11", name: "Bot", received_at: "2026-11-25T14:19:00Z" },
      ],
    },
    SITE,
  );
  assertEquals(mail.subject, "12 new messages on the website");
  assertMatch(
    mail.text,
    /12 messages arrived through the contact form between 25 Nov 2026, 14:05 UTC and 25 Nov 2026, 14:20 UTC/,
  );
  assertMatch(mail.text, /The newest 2:\n- Flood 12, from Bot/);
  assertMatch(mail.text, /\/admin\/messages/);
});

const accounts = (number: string) => [
  { bank_name: "Sample Bank", account_name: "Helping Hands", account_number: number },
];
const qr = [{ title: "Mobile Payment", image_url: "https://cdn.example/qr.png" }];

Deno.test("a payment alert: who, what changed, before and after, and where to check", () => {
  const mail = composeAlert(
    {
      id: 2,
      kind: "payment",
      created_at: at,
      payload: {
        action: "UPDATE",
        actor_email: "mallory@example.org",
        actor_role: "authenticated",
        before: { bank_accounts: accounts("0001"), qr_codes: qr, is_active: true },
        after: { bank_accounts: accounts("0666"), qr_codes: qr, is_active: true },
        approval: null,
      },
    },
    SITE,
  );
  assertEquals(mail.subject, "Donation details changed by mallory@example.org");
  assertMatch(
    mail.text,
    /Bank account Sample Bank \(number 0001\) changed: account number 0001 → 0666\./,
  );
  assertMatch(
    mail.text,
    /Before:\n- Bank account: Sample Bank, account name Helping Hands, number 0001/,
  );
  assertMatch(
    mail.text,
    /After:\n- Bank account: Sample Bank, account name Helping Hands, number 0666/,
  );
  assertMatch(mail.text, /\/admin\/donate-management/);
});

Deno.test("an approved change names who proposed it and who approved it", () => {
  const mail = composeAlert(
    {
      id: 3,
      kind: "payment",
      created_at: at,
      payload: {
        actor_email: "second@example.org",
        before: { bank_accounts: accounts("0001"), qr_codes: qr },
        after: { bank_accounts: accounts("0002"), qr_codes: qr },
        approval: { proposed_by_email: "first@example.org", proposed_at: at },
      },
    },
    SITE,
  );
  assertMatch(
    mail.text,
    /proposed by first@example\.org on 25 Nov 2026, 14:05 UTC and approved by second@example\.org/,
  );
});

Deno.test("a proposal asks for approval; a rejection says nothing changed", () => {
  const proposal = composeAlert(
    {
      id: 4,
      kind: "approval",
      created_at: at,
      payload: {
        event: "proposed",
        target: "donate_content",
        proposed_by_email: "first@example.org",
        before: { bank_accounts: accounts("0001"), qr_codes: qr },
        after: { bank_accounts: accounts("0002"), qr_codes: qr },
      },
    },
    SITE,
  );
  assertEquals(
    proposal.subject,
    "Approval needed: first@example.org proposed a change to the donation details",
  );
  assertMatch(
    proposal.text,
    /Nothing changes on the website until a different administrator approves it/,
  );
  assertMatch(proposal.text, /account number 0001 → 0002/);
  assertMatch(proposal.text, /\/admin\/dashboard/);
  const off = composeAlert(
    {
      id: 5,
      kind: "approval",
      created_at: at,
      payload: {
        event: "proposed",
        target: "admin_settings",
        proposed_by_email: "first@example.org",
        before: { require_payment_approval: true },
        after: { require_payment_approval: false },
      },
    },
    SITE,
  );
  assertEquals(
    off.subject,
    "Approval needed: first@example.org asks to turn off second-admin approval",
  );
  const rejected = composeAlert(
    {
      id: 6,
      kind: "approval",
      created_at: at,
      payload: {
        event: "rejected",
        target: "donate_content",
        proposed_by_email: "first@example.org",
        decided_by_email: "second@example.org",
        before: { bank_accounts: accounts("0001") },
        after: { bank_accounts: accounts("0002") },
      },
    },
    SITE,
  );
  assertMatch(rejected.text, /second@example\.org rejected first@example\.org's request/);
});

Deno.test("a settings alert says where message alerts go now", () => {
  const mail = composeAlert(
    {
      id: 7,
      kind: "settings",
      created_at: at,
      payload: {
        actor_email: "first@example.org",
        before: { alert_address: null, require_payment_approval: false },
        after: { alert_address: "office@example.org", require_payment_approval: false },
      },
    },
    SITE,
  );
  assertEquals(mail.subject, "Alert settings changed by first@example.org");
  assertMatch(
    mail.text,
    /New-message alerts now go to office@example\.org \(before: every administrator\)/,
  );
});

Deno.test("turning second-admin approval off is named in the subject, and links to the Donate screen", () => {
  const settings = (before: boolean, after: boolean) =>
    composeAlert(
      {
        id: 8,
        kind: "settings",
        created_at: at,
        payload: {
          actor_email: "first@example.org",
          before: { alert_address: null, require_payment_approval: before },
          after: { alert_address: null, require_payment_approval: after },
        },
      },
      SITE,
    );
  const off = settings(true, false);
  assertEquals(
    off.subject,
    "Second-admin approval for payment details was turned off by first@example.org",
  );
  assertMatch(off.text, new RegExp(`${SITE}/admin/donate-management`));
  assertMatch(off.html, /Open the Donate screen/);
  assertEquals(
    settings(false, true).subject,
    "Second-admin approval for payment details was turned on by first@example.org",
  );
});

Deno.test("messages go to the address set, else every admin; payment alerts to every admin and that address", () => {
  const admins = ["a@example.org", "B@example.org"];
  assertEquals(recipientsFor("message", admins, null), ["a@example.org", "b@example.org"]);
  assertEquals(recipientsFor("digest", admins, "office@example.org"), ["office@example.org"]);
  assertEquals(recipientsFor("payment", admins, "office@example.org"), [
    "a@example.org",
    "b@example.org",
    "office@example.org",
  ]);
  assertEquals(recipientsFor("settings", [], null), []);
  // A member's apps removed: the whole team too, each address once.
  assertEquals(
    recipientsFor("factors", admins, "office@example.org", ["e@example.org", "A@example.org"]),
    ["a@example.org", "b@example.org", "e@example.org", "office@example.org"],
  );
});

Deno.test("a proposed new QR code picture is shown beside the old one, to compare", () => {
  const picture = (url: string) => [{ title: "Mobile Payment", image_url: url }];
  const mail = composeAlert(
    {
      id: 7,
      kind: "approval",
      created_at: at,
      payload: {
        event: "proposed",
        target: "donate_content",
        proposed_by_email: "first@example.org",
        before: { bank_accounts: [], qr_codes: picture("https://cdn.example/old-qr.png") },
        after: { bank_accounts: [], qr_codes: picture('https://cdn.example/new-qr.webp"><b>') },
      },
    },
    SITE,
  );
  assertMatch(mail.text, /QR code “Mobile Payment”, before: https:\/\/cdn\.example\/old-qr\.png/);
  assertMatch(
    mail.html,
    /<img src="https:\/\/cdn\.example\/old-qr\.png" alt="QR code “Mobile Payment”, before"/,
  );
  assertMatch(mail.html, /<img src="https:\/\/cdn\.example\/new-qr\.webp&quot;&gt;&lt;b&gt;"/);
  assert(!mail.html.includes('"><b>'), "the address is escaped");
  // Nothing to compare when the pictures stay the same.
  const same = composeAlert(
    {
      id: 8,
      kind: "approval",
      created_at: at,
      payload: {
        event: "proposed",
        target: "donate_content",
        proposed_by_email: "first@example.org",
        before: { bank_accounts: [], qr_codes: picture("https://cdn.example/qr.png") },
        after: {
          bank_accounts: [],
          qr_codes: [{ title: "Pay here", image_url: "https://cdn.example/qr.png" }],
        },
      },
    },
    SITE,
  );
  assert(!same.html.includes("<img"), "no pictures when none changed");
});
