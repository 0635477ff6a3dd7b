// The emails Auth sends, with the default subjects of GoTrue's mailer and short plain
// bodies: a heading, one sentence, the link. Sent as HTML, as GoTrue sends them.

export type EmailKind = "recovery" | "invite" | "magiclink";

const SUBJECTS: Record<EmailKind, string> = {
  recovery: "Reset your password",
  invite: "You've been invited",
  magiclink: "Your sign-in link",
};

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch,
  );
}

function body(kind: EmailKind, link: string, otp: string): string {
  const href = escapeHtml(link);
  if (kind === "recovery") {
    return `<h2>Reset your password</h2>
<p>Someone asked to reset the password of this account. Follow the link to choose a new one:</p>
<p><a href="${href}">Reset password</a></p>
<p>Or enter this code: ${escapeHtml(otp)}</p>
<p>If it was not you, ignore this email: your password stays as it is.</p>`;
  }
  if (kind === "invite") {
    return `<h2>You have been invited</h2>
<p>You have been invited to create an account. Follow the link to accept and choose a password:</p>
<p><a href="${href}">Accept the invitation</a></p>`;
  }
  return `<h2>Your sign-in link</h2>
<p>Follow the link to sign in. It works once:</p>
<p><a href="${href}">Sign in</a></p>
<p>Or enter this code: ${escapeHtml(otp)}</p>`;
}

export function renderEmail(kind: EmailKind, link: string, otp: string) {
  return { subject: SUBJECTS[kind], html: body(kind, link, otp) };
}
