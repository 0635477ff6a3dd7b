// The emails' templates as hosted Auth renders them (Go's html/template, values escaped
// in the subject and the body), the part of the language the stand-in renders and the
// rest it refuses, and config.toml's [auth.email.template.*] read as the CLI reads it.
import { describe, expect, it } from "vitest";
import { authSettingsFrom, loadAuthSettings } from "./config.ts";
import { compileTemplate, type EmailFields, renderTemplate } from "./templates.ts";

const FIELDS: EmailFields = {
  SiteURL: "https://charity.example",
  ConfirmationURL: "https://project.example/auth/v1/verify?token=abc&type=invite&redirect_to=x",
  Email: "new@example.org",
  Token: "123456",
  TokenHash: "abc",
  RedirectTo: "https://charity.example/admin/reset-password",
  Data: { site_name: "St. Mary's <Home> & Friends", invited_by: "ana@example.org", year: 1998 },
};

function render(text: string, fields: EmailFields = FIELDS): string {
  return renderTemplate(compileTemplate(text, "test.html"), fields, "test.html");
}

describe("the templates' language", () => {
  it("fills fields and user_metadata in, escaped as html/template escapes them", () => {
    expect(render("<p>{{ .Data.site_name }} · {{.Email}} · {{ .Data.year }}</p>")).toBe(
      "<p>St. Mary&#39;s &lt;Home&gt; &amp; Friends · new@example.org · 1998</p>",
    );
    expect(render('<a href="{{ .ConfirmationURL }}">go</a>')).toBe(
      '<a href="https://project.example/auth/v1/verify?token=abc&amp;type=invite&amp;redirect_to=x">go</a>',
    );
    expect(render("a + b {{ .Token }}")).toBe("a + b 123456");
  });

  it("trims around {{- and -}} as Go does", () => {
    expect(render("<b>  \n {{- .Token -}}  \n</b>")).toBe("<b>123456</b>");
  });

  it("refuses what it does not render as Go would, naming the file", () => {
    for (const action of [
      "{{ if .Data.x }}",
      "{{ range .Data }}",
      "{{ .Data }}",
      "{{ .Token | html }}",
      '{{ printf "%s" .Email }}',
      "{{/* a comment */}}",
      "{{ .Unknown }}",
      "{{ .Email.x }}",
      "{{ .Data.a.b }}",
    ]) {
      expect(
        () => compileTemplate(`<p>${action}</p>`, "supabase/templates/x.html"),
        action,
      ).toThrow(/^supabase\/templates\/x\.html: the local stand-in renders only/);
    }
    expect(() => compileTemplate("<p>{{ .Email </p>", "x.html")).toThrow(/unclosed/);
  });

  it("refuses user_metadata the user lacks, where Go would print <no value>", () => {
    expect(() => render("{{ .Data.missing }}")).toThrow(/has no "missing"/);
    expect(() => render("{{ .Data.list }}", { ...FIELDS, Data: { list: [1] } })).toThrow(
      /not a string/,
    );
  });
});

describe("config.toml's templates", () => {
  it("are the project's invitation and reset emails", () => {
    const { emailTemplates: templates } = loadAuthSettings();
    const invite = templates.render("invite", FIELDS);
    expect(invite.subject).toBe("You are invited to help run the charity's website");
    expect(invite.html).toContain(
      "ana@example.org has invited you to join the team that runs the website of St. Mary&#39;s &lt;Home&gt; &amp; Friends (https://charity.example).",
    );
    expect(invite.html).toContain(
      '<a href="https://project.example/auth/v1/verify?token=abc&amp;type=invite&amp;redirect_to=x">Accept the invitation</a>',
    );
    const recovery = templates.render("recovery", { ...FIELDS, Data: {} });
    expect(recovery.subject).toBe("Reset your password");
    expect(recovery.html).toContain("the account new@example.org on https://charity.example");
    expect(recovery.html).toContain(
      'under "Reading the email on another device?", enter this code: <strong>123456</strong>',
    );
  });

  it("fall back to GoTrue's own emails where config.toml has none", () => {
    const templates = authSettingsFrom({}).emailTemplates;
    expect(templates.render("invite", FIELDS)).toEqual({
      subject: "You've been invited",
      html: `<h2>You've been invited</h2>

<p>You've been invited to create an account. Follow the link below to accept.</p>
<p><a href="https://project.example/auth/v1/verify?token=abc&amp;type=invite&amp;redirect_to=x">Accept invitation</a></p>`,
    });
    expect(templates.render("recovery", FIELDS).html).not.toContain("123456");
  });

  it("are read from content_path, relative to the repository, and refused as the CLI refuses them", () => {
    const read = (path: string) => {
      if (path === "./supabase/templates/ok.html") return "<p>{{ .Email }}</p>";
      throw new Error(`open ${path}: no such file or directory`);
    };
    const settings = authSettingsFrom(
      {
        auth: {
          email: {
            template: {
              invite: { subject: "Hi {{ .Email }}", content_path: "./supabase/templates/ok.html" },
            },
          },
        },
      },
      read,
    );
    expect(settings.emailTemplates.render("invite", FIELDS)).toEqual({
      subject: "Hi new@example.org",
      html: "<p>new@example.org</p>",
    });
    const config = (template: Record<string, unknown>) => ({ auth: { email: { template } } });
    expect(() => authSettingsFrom(config({ invite: { content: "<p>x</p>" } }), read)).toThrow(
      "Invalid config for auth.email.template.invite.content: please use content_path instead",
    );
    expect(() =>
      authSettingsFrom(config({ invite: { content_path: "./gone.html" } }), read),
    ).toThrow(
      /^Invalid config for auth\.email\.template\.invite\.content_path: open \.\/gone\.html/,
    );
    expect(() => authSettingsFrom(config({ welcome: { subject: "x" } }), read)).toThrow(
      "[auth.email.template.welcome]: Auth has no email template of that name",
    );
    // A template the stand-in would render differently stops the start, named.
    expect(() =>
      authSettingsFrom(config({ confirmation: { subject: "{{ if .Email }}x{{ end }}" } }), read),
    ).toThrow(
      /^\[auth\.email\.template\.confirmation\] \(subject\): the local stand-in renders only/,
    );
  });
});
