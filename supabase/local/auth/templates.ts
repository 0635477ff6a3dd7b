// The emails Auth sends. Hosted Auth renders each one from a subject and a body that
// are Go html/template texts: its defaults (GoTrue's templatemailer), or the project's
// own, which `supabase config push` carries from config.toml's
// [auth.email.template.<type>] (subject, and content_path: a file relative to the
// repository, the folder above supabase/). Both the subject and the body go through
// html/template, so a value put into either is HTML-escaped.
//
// The stand-in renders the part of that language the product's templates use:
// `{{ .Field }}` for the fields GoTrue gives an email (SiteURL, ConfirmationURL, Email,
// Token, TokenHash, RedirectTo, and Data, the user's user_metadata) and
// `{{ .Data.key }}`, with `{{-`/`-}}` trimming. Anything else (if, range, pipes,
// functions, comments) is refused when the settings are read, naming the file, so a
// template that hosted Auth would render differently never starts here. A Data key the
// user lacks is refused when the email is rendered (Go would print "<no value>").

/** The emails the stand-in sends, by GoTrue's template names. */
export type EmailKind = "recovery" | "invite" | "magic_link";

/** Every template type GoTrue knows by config.toml's names; the stand-in sends EmailKind's. */
export const TEMPLATE_TYPES = [
  "invite",
  "confirmation",
  "recovery",
  "magic_link",
  "email_change",
  "reauthentication",
] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** What config.toml gives for one template: the subject and the body's text. */
export interface TemplateSource {
  subject?: string;
  body?: string;
  /** Where the body came from, for the refusals. */
  origin?: string;
}

/** The values GoTrue gives an email's template. */
export interface EmailFields {
  SiteURL: string;
  ConfirmationURL: string;
  Email: string;
  Token: string;
  TokenHash: string;
  RedirectTo: string;
  Data: Record<string, unknown>;
}

const FIELDS = new Set<string>([
  "SiteURL",
  "ConfirmationURL",
  "Email",
  "Token",
  "TokenHash",
  "RedirectTo",
  "NewEmail",
  "Data",
]);

/** GoTrue's default subjects and bodies (internal/mailer/templatemailer/templatemailer.go). */
const DEFAULTS: Record<EmailKind, { subject: string; body: string }> = {
  invite: {
    subject: "You've been invited",
    body: `<h2>You've been invited</h2>

<p>You've been invited to create an account. Follow the link below to accept.</p>
<p><a href="{{ .ConfirmationURL }}">Accept invitation</a></p>`,
  },
  recovery: {
    subject: "Reset your password",
    body: `<h2>Reset your password</h2>

<p>We received a request to reset your password. Follow the link below to choose a new one.</p>
<p><a href="{{ .ConfirmationURL }}">Reset password</a></p>
<p>If you didn't request this, you can safely ignore this email.</p>`,
  },
  magic_link: {
    subject: "Your sign-in link",
    body: `<h2>Your sign-in link</h2>

<p>Follow the link below to sign in. This link expires shortly and can only be used once.</p>
<p><a href="{{ .ConfirmationURL }}">Sign in</a></p>`,
  },
};

type Piece = string | { field: string; key?: string };

/** A parsed template: text, and the fields put between it. */
export type CompiledTemplate = Piece[];

const ACTION = /\{\{(-?)\s*([^{}]*?)\s*(-?)\}\}/g;
const FIELD_ACTION = /^\.([A-Za-z_][A-Za-z0-9_]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))?$/;

/** Parses a template, refusing what the stand-in would not render as hosted Auth does. */
export function compileTemplate(text: string, origin: string): CompiledTemplate {
  const pieces: Piece[] = [];
  let rest = 0;
  let trimNext = false;
  for (const match of text.matchAll(ACTION)) {
    let before = text.slice(rest, match.index);
    if (trimNext) before = before.replace(/^\s+/, "");
    if (match[1] === "-") before = before.replace(/\s+$/, "");
    if (before) pieces.push(before);
    const action = match[2] ?? "";
    const field = FIELD_ACTION.exec(action);
    const name = field?.[1] ?? "";
    if (!field || !FIELDS.has(name) || (name === "Data") !== (field[2] !== undefined)) {
      throw new Error(
        `${origin}: the local stand-in renders only {{ .Field }} (${[...FIELDS].filter((f) => f !== "Data").join(", ")}) and {{ .Data.key }} in email templates, not {{ ${action} }}. Hosted Auth renders the whole of Go's html/template; write the template within this part of it, or extend supabase/local/auth/templates.ts to render it as Go does.`,
      );
    }
    pieces.push(field[2] === undefined ? { field: name } : { field: name, key: field[2] });
    trimNext = match[3] === "-";
    rest = (match.index ?? 0) + match[0].length;
  }
  let tail = text.slice(rest);
  if (trimNext) tail = tail.replace(/^\s+/, "");
  if (tail.includes("{{")) throw new Error(`${origin}: an unclosed {{ in the email template`);
  if (tail) pieces.push(tail);
  return pieces;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"'+\0]/g,
    (ch) =>
      ({
        "&": "&amp;",
        "<": "&lt;",
        ">": "&gt;",
        '"': "&#34;",
        "'": "&#39;",
        "+": "&#43;",
        "\0": "\uFFFD",
      })[ch] ?? ch,
  );
}

function text(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  throw new Error("not a string, number or boolean");
}

/** Fills a compiled template in; a value is HTML-escaped, as html/template escapes it. */
export function renderTemplate(
  template: CompiledTemplate,
  fields: EmailFields,
  origin: string,
): string {
  return template
    .map((piece) => {
      if (typeof piece === "string") return piece;
      const { field, key } = piece;
      if (key === undefined) {
        return escapeHtml(text((fields as unknown as Record<string, unknown>)[field] ?? ""));
      }
      if (!Object.hasOwn(fields.Data, key)) {
        throw new Error(
          `${origin}: {{ .Data.${key} }}: the user's user_metadata has no "${key}" (hosted Auth would print "<no value>")`,
        );
      }
      try {
        return escapeHtml(text(fields.Data[key]));
      } catch (error) {
        throw new Error(`${origin}: {{ .Data.${key} }}: ${(error as Error).message}`);
      }
    })
    .join("");
}

/** The subject and body of each email, compiled once: the project's, else GoTrue's. */
export interface EmailTemplates {
  render(kind: EmailKind, fields: EmailFields): { subject: string; html: string };
}

export function emailTemplates(
  sources: Partial<Record<TemplateType, TemplateSource>> = {},
): EmailTemplates {
  // Every configured template is compiled, so checked, whether the stand-in sends it
  // or not; a type the project leaves alone is GoTrue's default where the stand-in
  // sends it.
  const defaults: Partial<Record<TemplateType, { subject: string; body: string }>> = DEFAULTS;
  const compiled = new Map<TemplateType, CompiledEmail>();
  for (const type of TEMPLATE_TYPES) {
    const source = sources[type];
    const fallback = defaults[type];
    if (!source && !fallback) continue;
    const origin = source?.origin ?? `GoTrue's default ${type} template`;
    compiled.set(type, {
      origin,
      subject: compileTemplate(source?.subject ?? fallback?.subject ?? "", `${origin} (subject)`),
      body: compileTemplate(source?.body ?? fallback?.body ?? "", origin),
    });
  }
  return {
    render(kind, fields) {
      const { origin, subject, body } = compiled.get(kind) as CompiledEmail;
      return {
        subject: renderTemplate(subject, fields, `${origin} (subject)`),
        html: renderTemplate(body, fields, origin),
      };
    },
  };
}

interface CompiledEmail {
  origin: string;
  subject: CompiledTemplate;
  body: CompiledTemplate;
}
