// The alert emails, in words an administrator reads at a glance: a new message (who,
// the subject and its first lines, with a link to the inbox), a digest of many
// messages, a change to the donation details (what changed, before and after, who
// made it and who approved it), a change waiting for approval, a change to the
// alert settings, and a member's authenticator apps removed by an administrator. Each
// mail has a plain text body and the same in HTML; everything that came from outside
// (names, subjects, messages, addresses) is escaped in HTML.
import { INQUIRY_TYPE_LABELS, type InquiryType } from "../_shared/contact-rules.ts";
import {
  type AlertSettings,
  describePaymentChange,
  describeSettingsChange,
  type PaymentRecord,
  paymentDetails,
  qrCodePictures,
  qrPictureLabel,
} from "../_shared/payment-words.ts";

export type AlertKind = "message" | "payment" | "approval" | "settings" | "factors";

/** One entry of the outbox, as claim_alerts answers it. */
export interface OutboxAlert {
  id: number;
  kind: AlertKind;
  payload: Record<string, unknown>;
  created_at: string;
}

/** The held messages one digest gathers, as claim_alerts answers them. */
export interface DigestSummary {
  count: number;
  first_at: string;
  last_at: string;
  newest: { subject: string | null; name: string | null; received_at: string }[];
}

export interface Mail {
  subject: string;
  text: string;
  html: string;
}

/** The admin pages a mail links to, under the site's address (SITE_URL). */
export const PAGES = {
  inbox: "/admin/messages",
  donate: "/admin/donate-management",
  team: "/admin/team",
  dashboard: "/admin/dashboard",
} as const;

/** How many of a message's lines an alert quotes, and how many characters at most. */
export const EXCERPT_LINES = 6;
export const EXCERPT_CHARS = 500;
const SUBJECT_CHARS = 150;

type Block =
  | { p: string }
  | { list: string[]; heading?: string }
  | { quote: string }
  | { link: { before: string; href: string | null; label: string; fallback: string } }
  | { pictures: { label: string; url: string }[]; heading: string };

/**
 * The QR codes of a record as pictures to look at: each one's title and web address
 * (an uploaded picture held inline, data:, has none to show).
 */
function qrPictures(record: PaymentRecord | null, side: string): { label: string; url: string }[] {
  return qrCodePictures(record)
    .filter((qr) => /^https?:\/\//i.test(qr.url))
    .map((qr) => ({ label: qrPictureLabel(qr.title, side), url: qr.url }));
}

/** The QR codes before and after a change, as pictures, when there are any. */
function qrPictureBlocks(before: PaymentRecord | null, after: PaymentRecord | null): Block[] {
  const blocks: Block[] = [];
  const was = qrPictures(before, "before");
  const now = qrPictures(after, "after");
  if (was.length === 0 && now.length === 0) return blocks;
  // Only when a picture changed: otherwise the words say all.
  const same = was.map((p) => p.url).join("\n") === now.map((p) => p.url).join("\n");
  if (same) return blocks;
  blocks.push({
    heading: "The QR codes, to compare before anyone pays into them:",
    pictures: [...was, ...now],
  });
  return blocks;
}

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** One line, no control characters, not too long. */
export function oneLine(text: string, max = SUBJECT_CHARS): string {
  // Control characters (CR and LF among them) and line separators become spaces.
  const flat = [...text]
    .map((char) => {
      const code = char.charCodeAt(0);
      return code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029 ? " " : char;
    })
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 3).trimEnd()}...` : flat;
}

/** '25 Nov 2026, 14:05 UTC'; the text itself when it is no date. */
export function when(iso: unknown): string {
  const date = new Date(String(iso));
  if (Number.isNaN(date.getTime())) return String(iso ?? "");
  const months = [
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "May",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Oct",
    "Nov",
    "Dec",
  ];
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** The first lines of a message, as an alert quotes them. */
export function firstLines(message: string): string {
  const lines = message.replace(/\r\n?/g, "\n").split("\n");
  let kept = lines.slice(0, EXCERPT_LINES).join("\n").trim();
  let cut = lines.length > EXCERPT_LINES;
  if (kept.length > EXCERPT_CHARS) {
    kept = kept.slice(0, EXCERPT_CHARS).trimEnd();
    cut = true;
  }
  return cut ? `${kept}...` : kept;
}

function render(subject: string, blocks: Block[]): Mail {
  const text: string[] = [];
  const html: string[] = [];
  for (const block of blocks) {
    if ("p" in block) {
      text.push(block.p);
      html.push(`<p>${escapeHtml(block.p)}</p>`);
    } else if ("list" in block) {
      text.push(
        [block.heading, ...block.list.map((line) => `- ${line}`)].filter(Boolean).join("\n"),
      );
      html.push(
        `${block.heading ? `<p><strong>${escapeHtml(block.heading)}</strong></p>` : ""}<ul>${block.list
          .map((line) => `<li>${escapeHtml(line)}</li>`)
          .join("")}</ul>`,
      );
    } else if ("quote" in block) {
      text.push(
        block.quote
          .split("\n")
          .map((line) => `> ${line}`)
          .join("\n"),
      );
      html.push(
        `<blockquote style="margin:0;padding-left:12px;border-left:3px solid #ccc;white-space:pre-wrap">${escapeHtml(block.quote)}</blockquote>`,
      );
    } else if ("pictures" in block) {
      text.push([block.heading, ...block.pictures.map((p) => `- ${p.label}: ${p.url}`)].join("\n"));
      html.push(
        `<p><strong>${escapeHtml(block.heading)}</strong></p><p>${block.pictures
          .map(
            (p) =>
              `<a href="${escapeHtml(p.url)}" style="display:inline-block;margin:0 12px 12px 0;text-align:center"><img src="${escapeHtml(p.url)}" alt="${escapeHtml(p.label)}" width="160" height="160" style="display:block;width:160px;height:160px;object-fit:contain;border:1px solid #ccc"><span>${escapeHtml(p.label)}</span></a>`,
          )
          .join("")}</p>`,
      );
    } else {
      const { before, href, label, fallback } = block.link;
      if (href) {
        text.push(`${before} ${href}`);
        html.push(
          `<p>${escapeHtml(before)} <a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`,
        );
      } else {
        text.push(fallback);
        html.push(`<p>${escapeHtml(fallback)}</p>`);
      }
    }
  }
  return {
    subject: oneLine(subject),
    text: `${text.join("\n\n")}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${html.join("")}</body></html>`,
  };
}

function pageUrl(site: string | undefined, path: string): string | null {
  if (!site) return null;
  return `${site.replace(/\/+$/, "")}${path}`;
}

const str = (value: unknown): string => (typeof value === "string" ? value : "");

/** Who made a change, in words: their address, or the server's key. */
function who(email: unknown, role: unknown): string {
  if (typeof email === "string" && email) return email;
  if (role === "service_role") return "a script or task using the server's secret key";
  return "someone";
}

export function composeMessage(alert: OutboxAlert, site?: string): Mail {
  const m = alert.payload;
  const name = oneLine(str(m.name), 200) || "Someone";
  const subject = oneLine(str(m.subject), 300) || "(no subject)";
  const type = INQUIRY_TYPE_LABELS[str(m.inquiry_type) as InquiryType] ?? str(m.inquiry_type);
  const phone = str(m.phone) ? `, phone ${oneLine(str(m.phone), 40)}` : "";
  return render(`New message: ${subject}`, [
    {
      p: `${name} <${oneLine(str(m.email), 320)}>${phone} wrote through the contact form on ${when(m.received_at ?? alert.created_at)}.`,
    },
    { list: [`Subject: ${subject}`, ...(type ? [`Type: ${type}`] : [])] },
    { quote: firstLines(str(m.excerpt)) || "(empty)" },
    {
      link: {
        before: "Read and answer it in the inbox:",
        href: pageUrl(site, PAGES.inbox),
        label: "Open the inbox",
        fallback: "Read and answer it in the admin, under Messages.",
      },
    },
  ]);
}

export function composeDigest(digest: DigestSummary, site?: string): Mail {
  const count = digest.count;
  const newest = digest.newest.map(
    (item) =>
      `${oneLine(item.subject ?? "", 200) || "(no subject)"}, from ${oneLine(item.name ?? "", 100) || "someone"}, ${when(item.received_at)}`,
  );
  return render(`${count} new ${count === 1 ? "message" : "messages"} on the website`, [
    {
      p: `${count} ${count === 1 ? "message" : "messages"} arrived through the contact form between ${when(digest.first_at)} and ${when(digest.last_at)}. So many came at once that they are gathered in this one email instead of one each.`,
    },
    { heading: count > newest.length ? `The newest ${newest.length}:` : "They are:", list: newest },
    {
      link: {
        before: "Read and answer them in the inbox:",
        href: pageUrl(site, PAGES.inbox),
        label: "Open the inbox",
        fallback: "Read and answer them in the admin, under Messages.",
      },
    },
  ]);
}

function record(value: unknown): PaymentRecord | null {
  return typeof value === "object" && value !== null ? (value as PaymentRecord) : null;
}

export function composePayment(alert: OutboxAlert, site?: string): Mail {
  const p = alert.payload;
  const actor = who(p.actor_email, p.actor_role);
  const approval = record(p.approval);
  const before = record(p.before);
  const after = record(p.after);
  const blocks: Block[] = [
    {
      p: `${actor} changed the donation details on the website on ${when(alert.created_at)}. Donors see the new details as soon as the site is published (usually within a minute).`,
    },
  ];
  if (approval) {
    blocks.push({
      p: `The change was proposed by ${who(approval.proposed_by_email, null)} on ${when(approval.proposed_at)} and approved by ${actor}.`,
    });
  }
  blocks.push(
    { heading: "What changed:", list: describePaymentChange(before, after) },
    { heading: "Before:", list: paymentDetails(before, "done") },
    { heading: "After:", list: paymentDetails(after) },
    ...qrPictureBlocks(before, after),
    {
      link: {
        before:
          "If you did not expect this change, sign in now and check the donation details; their History can put the previous details back:",
        href: pageUrl(site, PAGES.donate),
        label: "Open the Donate page of the admin",
        fallback:
          "If you did not expect this change, sign in now and check the Donate page of the admin; its History can put the previous details back.",
      },
    },
  );
  return render(`Donation details changed by ${actor}`, blocks);
}

export function composeApproval(alert: OutboxAlert, site?: string): Mail {
  const p = alert.payload;
  const proposer = who(p.proposed_by_email, null);
  const settings = p.target === "admin_settings";
  const what = settings
    ? "turn off the second administrator's approval of payment-detail changes"
    : "change the donation details";
  const lines = settings
    ? describeSettingsChange(
        record(p.before) as AlertSettings | null,
        record(p.after) as AlertSettings | null,
      )
    : describePaymentChange(record(p.before), record(p.after), "proposed");
  const link = {
    href: pageUrl(site, PAGES.dashboard),
    label: "Open the admin dashboard",
  };
  switch (p.event) {
    case "proposed":
      return render(
        settings
          ? `Approval needed: ${proposer} asks to turn off second-admin approval`
          : `Approval needed: ${proposer} proposed a change to the donation details`,
        [
          {
            p: `${proposer} asked to ${what} on ${when(alert.created_at)}. Nothing changes on the website until a different administrator approves it.`,
          },
          { heading: "What it would change:", list: lines },
          ...(settings
            ? []
            : [
                {
                  heading: "Before this change:",
                  list: paymentDetails(record(p.before), "proposed"),
                },
                { heading: "As proposed:", list: paymentDetails(record(p.after)) },
                ...qrPictureBlocks(record(p.before), record(p.after)),
              ]),
          {
            link: {
              ...link,
              before:
                "Approve or reject it on the dashboard (if you did not expect it, reject it and check who has access):",
              fallback:
                "Approve or reject it on the admin dashboard. If you did not expect it, reject it and check who has access.",
            },
          },
        ],
      );
    default: {
      const decider = who(p.decided_by_email, null);
      const withdrawn = p.event === "withdrawn";
      return render(
        withdrawn
          ? `Withdrawn: ${proposer}'s proposed change to the ${settings ? "approval setting" : "donation details"}`
          : `Rejected: ${proposer}'s proposed change to the ${settings ? "approval setting" : "donation details"}`,
        [
          {
            p: withdrawn
              ? `${proposer} withdrew their request to ${what}. Nothing changed on the website.`
              : `${decider} rejected ${proposer}'s request to ${what}. Nothing changed on the website.`,
          },
          { heading: "It would have changed:", list: lines },
          {
            link: {
              ...link,
              before: "See the admin dashboard:",
              fallback: "See the admin dashboard for the details.",
            },
          },
        ],
      );
    }
  }
}

export function composeSettings(alert: OutboxAlert, site?: string): Mail {
  const p = alert.payload;
  const actor = who(p.actor_email, p.actor_role);
  const approval = record(p.approval);
  const before = record(p.before) as AlertSettings | null;
  const after = record(p.after) as AlertSettings | null;
  // The approval of payment changes is what guards the donation details: its change
  // is named in the subject, and the link leads to where it is set (the Donate screen).
  const approvalChanged = before?.require_payment_approval !== after?.require_payment_approval;
  const subject = approvalChanged
    ? `Second-admin approval for payment details was turned ${after?.require_payment_approval ? "on" : "off"} by ${actor}`
    : `Alert settings changed by ${actor}`;
  const lines = describeSettingsChange(before, after);
  return render(subject, [
    { p: `${actor} changed the website's alert settings on ${when(alert.created_at)}.` },
    ...(approval
      ? [
          {
            p: `The change was asked for by ${who(approval.proposed_by_email, null)} and approved by ${actor}.`,
          },
        ]
      : []),
    { list: lines },
    {
      link: {
        before: "If you did not expect this, sign in and check the settings:",
        href: pageUrl(site, approvalChanged ? PAGES.donate : PAGES.inbox),
        label: approvalChanged ? "Open the Donate screen" : "Open the admin",
        fallback: "If you did not expect this, sign in to the admin and check the settings.",
      },
    },
  ]);
}

/** A member's authenticator apps were removed by an administrator (a lost phone). */
export function composeFactors(alert: OutboxAlert, site?: string): Mail {
  const p = alert.payload;
  const actor = who(p.actor_email, null);
  const member = oneLine(str(p.member_email), 320) || "a member of the team";
  return render(`Two-step sign-in removed for ${member}`, [
    {
      p: `${actor} removed the authenticator apps of ${member} on ${when(p.at ?? alert.created_at)}, as is done when someone has lost their phone. Until ${member} sets up a new app, their account signs in with a password alone and cannot change the payment details or the team.`,
    },
    {
      link: {
        before:
          "If you did not expect this, someone may be trying to take over the account: sign in now, check the team, and tell the others:",
        href: pageUrl(site, PAGES.team),
        label: "Open the Team screen",
        fallback:
          "If you did not expect this, someone may be trying to take over the account: sign in to the admin now, check the Team screen, and tell the others.",
      },
    },
  ]);
}

export function composeAlert(alert: OutboxAlert, site?: string): Mail {
  switch (alert.kind) {
    case "factors":
      return composeFactors(alert, site);
    case "message":
      return composeMessage(alert, site);
    case "payment":
      return composePayment(alert, site);
    case "approval":
      return composeApproval(alert, site);
    case "settings":
      return composeSettings(alert, site);
  }
}

/**
 * Who an alert goes to. Messages (and digests): the address set in the admin, else
 * every administrator. Anything about the payment details or the settings: every
 * administrator and that address too, always, so a stolen password cannot point the
 * alerts about itself elsewhere. A member's authenticator apps removed: everyone on the
 * team (editors too), every administrator and that address.
 */
export function recipientsFor(
  kind: AlertKind | "digest",
  admins: string[],
  alertAddress: string | null,
  team: string[] = [],
): string[] {
  const unique = (list: string[]) => [...new Set(list.map((address) => address.toLowerCase()))];
  if (kind === "message" || kind === "digest") {
    return alertAddress ? [alertAddress.toLowerCase()] : unique(admins);
  }
  const everyone = kind === "factors" ? [...admins, ...team] : admins;
  return unique(alertAddress ? [...everyone, alertAddress] : everyone);
}
