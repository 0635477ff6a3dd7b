// The notification mailer with fake transports: which service the secrets choose, what
// each is handed, the ports hosted refuses, and the errors for missing or broken setups.
import { assert, assertEquals, assertMatch, assertRejects } from "./assert.ts";
import {
  MailConfigError,
  type MailDeps,
  MailSendError,
  mailerFromEnv,
  namedSender,
  RESEND_ENDPOINT,
  type SmtpOptions,
  senderAddress,
} from "./mail.ts";

function envOf(values: Record<string, string>) {
  return { get: (name: string) => values[name] };
}

function fakes(options: { smtpFails?: boolean; resendStatus?: number } = {}) {
  const transports: SmtpOptions[] = [];
  const sent: unknown[] = [];
  const requests: { url: string; init: RequestInit }[] = [];
  const deps: MailDeps = {
    createSmtpTransport(smtp) {
      transports.push(smtp);
      return {
        async sendMail(message) {
          if (options.smtpFails) throw new Error("connection refused");
          sent.push(message);
          return { messageId: "<1@test>" };
        },
      };
    },
    async fetch(input, init) {
      requests.push({ url: String(input), init: init ?? {} });
      const status = options.resendStatus ?? 200;
      const body = status === 200 ? { id: "re_1" } : { statusCode: status, message: "Bad key" };
      return new Response(JSON.stringify(body), { status });
    },
  };
  return { deps, transports, sent, requests };
}

const SMTP = { SMTP_HOST: "127.0.0.1", SMTP_PORT: "2525", MAIL_FROM: "Site <noreply@site.test>" };

function configError(fn: () => unknown, pattern: RegExp) {
  try {
    fn();
  } catch (error) {
    assert(error instanceof MailConfigError, `expected MailConfigError, got ${error}`);
    assertMatch(error.message, pattern);
    return;
  }
  throw new Error("expected a MailConfigError");
}

Deno.test("SMTP secrets send through SMTP, with text and HTML", async () => {
  const { deps, transports, sent } = fakes();
  const mailer = mailerFromEnv(envOf(SMTP), deps);
  assertEquals(mailer.via, "smtp");
  await mailer.send(["a@site.test", "b@site.test"], "New message", "Hello", "<p>Hello</p>");
  assertEquals(transports[0]?.host, "127.0.0.1");
  assertEquals(transports[0]?.port, 2525);
  assertEquals(transports[0]?.secure, false);
  assertEquals(transports[0]?.requireTLS, false, "the catcher on this machine needs no TLS");
  assertEquals(transports[0]?.auth, undefined);
  assertEquals(sent, [
    {
      from: "Site <noreply@site.test>",
      to: ["a@site.test", "b@site.test"],
      subject: "New message",
      text: "Hello",
      html: "<p>Hello</p>",
    },
  ]);
});

Deno.test("a remote SMTP server: TLS from the start on 465, logging in with the user", () => {
  const { deps, transports } = fakes();
  mailerFromEnv(
    envOf({
      ...SMTP,
      SMTP_HOST: "smtp.example.org",
      SMTP_PORT: "465",
      SMTP_USER: "u",
      SMTP_PASS: "p",
    }),
    deps,
  );
  assertEquals(transports[0]?.secure, true);
  assertEquals(transports[0]?.auth, { user: "u", pass: "p" });
  mailerFromEnv(envOf({ ...SMTP, SMTP_HOST: "smtp.example.org", SMTP_PORT: "2525" }), deps);
  assertEquals(transports[1]?.requireTLS, true, "STARTTLS is required off this machine");
});

Deno.test("ports 25 and 587, closed to hosted Edge Functions, are refused", () => {
  for (const port of ["25", "587"]) {
    configError(
      () => mailerFromEnv(envOf({ ...SMTP, SMTP_PORT: port }), fakes().deps),
      /not allowed.*465.*RESEND_API_KEY/,
    );
  }
  configError(() => mailerFromEnv(envOf({ ...SMTP, SMTP_PORT: "" }), fakes().deps), /SMTP_PORT/);
});

Deno.test("RESEND_API_KEY sends through Resend's API", async () => {
  const { deps, requests } = fakes();
  const mailer = mailerFromEnv(
    envOf({ RESEND_API_KEY: "re_key", MAIL_FROM: "Site <noreply@site.test>" }),
    deps,
  );
  assertEquals(mailer.via, "resend");
  await mailer.send(["a@site.test"], "New message", "Hello");
  assertEquals(requests.length, 1);
  const request = requests[0];
  assert(request);
  assertEquals(request.url, RESEND_ENDPOINT);
  assertEquals(request.init.method, "POST");
  assertEquals((request.init.headers as Record<string, string>).Authorization, "Bearer re_key");
  assertEquals(JSON.parse(String(request.init.body)), {
    from: "Site <noreply@site.test>",
    to: ["a@site.test"],
    subject: "New message",
    text: "Hello",
  });
});

Deno.test("no service, both, or no sender: a clear configuration error", () => {
  const { deps } = fakes();
  configError(() => mailerFromEnv(envOf({}), deps), /RESEND_API_KEY.*SMTP_HOST.*MAIL_FROM/);
  configError(
    () => mailerFromEnv(envOf({ ...SMTP, RESEND_API_KEY: "re_key" }), deps),
    /one mail service/,
  );
  configError(() => mailerFromEnv(envOf({ ...SMTP, MAIL_FROM: "" }), deps), /MAIL_FROM/);
});

Deno.test("a refusing service is a MailSendError; a bad message is refused before sending", async () => {
  const resend = fakes({ resendStatus: 401 });
  const viaResend = mailerFromEnv(
    envOf({ RESEND_API_KEY: "re_bad", MAIL_FROM: "noreply@site.test" }),
    resend.deps,
  );
  await assertRejects(() => viaResend.send(["a@site.test"], "Hi", "Text"));
  try {
    await viaResend.send(["a@site.test"], "Hi", "Text");
  } catch (error) {
    assert(error instanceof MailSendError);
    assertMatch(error.message, /401.*Bad key/);
  }
  const smtp = fakes({ smtpFails: true });
  const viaSmtp = mailerFromEnv(envOf(SMTP), smtp.deps);
  try {
    await viaSmtp.send(["a@site.test"], "Hi", "Text");
    throw new Error("expected a failure");
  } catch (error) {
    assert(error instanceof MailSendError);
    assertMatch(error.message, /connection refused/);
  }
  const ok = fakes();
  const mailer = mailerFromEnv(envOf(SMTP), ok.deps);
  await assertRejects(() => mailer.send([], "Hi", "Text"));
  await assertRejects(() => mailer.send(["not an address"], "Hi", "Text"));
  await assertRejects(() => mailer.send(["a@site.test"], "Two\nlines", "Text"));
  await assertRejects(() => mailer.send(["a@site.test"], "Hi", " "));
  assertEquals(ok.sent, []);
});

Deno.test("the organisation's name is the sender's name, from MAIL_FROM's address, on one quoted line", async () => {
  const { deps, sent } = fakes();
  const mailer = mailerFromEnv(envOf(SMTP), deps, 'Friends of the "River" Home');
  await mailer.send(["a@site.test"], "New message", "Hello");
  assertEquals(
    (sent[0] as { from: string }).from,
    '"Friends of the \\"River\\" Home" <noreply@site.test>',
  );
  // A line break or control character never reaches the header; a bare address gets the name.
  assertEquals(
    namedSender("alerts@site.test", "Evil\r\nBcc: x@y.test"),
    '"Evil Bcc: x@y.test" <alerts@site.test>',
  );
  assertEquals(namedSender("Site <noreply@site.test>", "  "), "Site <noreply@site.test>");
  assertEquals(namedSender("Site <noreply@site.test>", null), "Site <noreply@site.test>");
  assertEquals(senderAddress("Site <noreply@site.test>"), "noreply@site.test");
});
