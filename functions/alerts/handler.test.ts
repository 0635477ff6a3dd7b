// Every answer of the alerts function, through the handler with fakes: who may ask for
// delivery, what is sent to whom, and what is reported back for each mail.
import { assertEquals, assertMatch } from "../_shared/assert.ts";
import { MailConfigError, type Mailer } from "../_shared/mail.ts";
import type { OutboxAlert } from "./compose.ts";
import {
  type AlertResult,
  type AlertsDeps,
  type Claim,
  createAlertsHandler,
  limitsFrom,
  MAX_ROUNDS,
} from "./handler.ts";

const URL = "http://127.0.0.1/alerts";
const SECRET = "sb_secret_0123456789abcdef";

const messageAlert: OutboxAlert = {
  id: 1,
  kind: "message",
  created_at: "2026-11-25T14:05:00Z",
  payload: { name: "Asha", email: "asha@example.org", subject: "Hello", excerpt: "Hi there" },
};
const paymentAlert: OutboxAlert = {
  id: 2,
  kind: "payment",
  created_at: "2026-11-25T14:06:00Z",
  payload: {
    actor_email: "first@example.org",
    before: { bank_accounts: [{ bank_name: "B", account_name: "A", account_number: "1" }] },
    after: { bank_accounts: [{ bank_name: "B", account_name: "A", account_number: "2" }] },
  },
};

function setup(claims: Partial<Claim>[], options: { failSend?: boolean; noMail?: boolean } = {}) {
  const sent: { to: string[]; subject: string }[] = [];
  const finished: { claimId: string; results: AlertResult[] }[] = [];
  const queue = [...claims];
  const mailer: Mailer = {
    via: "smtp",
    async send(to, subject) {
      if (options.failSend) throw new Error("connection refused");
      sent.push({ to, subject });
    },
  };
  const deps: AlertsDeps = {
    isSecretKey: (token) => token === SECRET,
    claim: async () => ({
      claim_id: `claim-${finished.length + 1}`,
      alerts: [],
      digest: null,
      admins: ["a@example.org", "b@example.org"],
      team: [],
      alert_address: null,
      ...(queue.shift() ?? {}),
    }),
    finish: async (claimId, results) => {
      finished.push({ claimId, results });
    },
    mailer: async () => {
      if (options.noMail) throw new MailConfigError("No mail service is configured");
      return mailer;
    },
    siteUrl: "https://helpinghands.example",
    logError: () => {},
  };
  const handle = createAlertsHandler(deps);
  const post = (token: string | null = SECRET, body = '{"type":"INSERT","record":{}}') =>
    handle(
      new Request(URL, {
        method: "POST",
        headers: token ? { authorization: `Bearer ${token}` } : {},
        body,
      }),
    );
  return { post, handle, sent, finished };
}

Deno.test("the secret key delivers what is claimed, to every admin, and reports each mail", async () => {
  const t = setup([{ alerts: [messageAlert, paymentAlert] }]);
  const response = await t.post();
  assertEquals(response.status, 200);
  assertEquals(await response.json(), { sent: 2, failed: 0 });
  assertEquals(t.sent, [
    { to: ["a@example.org", "b@example.org"], subject: "New message: Hello" },
    {
      to: ["a@example.org", "b@example.org"],
      subject: "Donation details changed by first@example.org",
    },
  ]);
  assertEquals(t.finished, [
    {
      claimId: "claim-1",
      results: [
        { id: 1, ok: true },
        { id: 2, ok: true },
      ],
    },
  ]);
});

Deno.test("a digest goes to the address set for messages, reported as id null", async () => {
  const t = setup([
    {
      alert_address: "office@example.org",
      digest: {
        count: 5,
        first_at: "2026-11-25T14:00:00Z",
        last_at: "2026-11-25T14:01:00Z",
        newest: [],
      },
    },
  ]);
  assertEquals((await t.post()).status, 200);
  assertEquals(t.sent, [{ to: ["office@example.org"], subject: "5 new messages on the website" }]);
  assertEquals(t.finished[0]?.results, [{ id: null, ok: true }]);
});

Deno.test("a refusing mail service or no mail service: each alert is reported failed, to be tried again", async () => {
  for (const options of [{ failSend: true }, { noMail: true }]) {
    const t = setup([{ alerts: [messageAlert] }], options);
    const response = await t.post();
    assertEquals(response.status, 200);
    assertEquals(await response.json(), { sent: 0, failed: 1 });
    const [result] = t.finished[0]?.results ?? [];
    assertEquals(result?.ok, false);
    assertEquals(result?.final, undefined);
    assertMatch(result?.error ?? "", /connection refused|No mail service/);
  }
});

Deno.test("no administrator to write to: failed for good", async () => {
  const t = setup([{ alerts: [paymentAlert], admins: [] }]);
  await t.post();
  assertEquals(t.finished[0]?.results, [
    { id: 2, ok: false, error: "No administrator to send to", final: true },
  ]);
});

Deno.test("claims again until nothing is due, at most a few rounds", async () => {
  const t = setup([{ alerts: [messageAlert] }, { alerts: [paymentAlert] }]);
  assertEquals(await (await t.post()).json(), { sent: 2, failed: 0 });
  assertEquals(t.finished.length, 2);
  const endless = setup(Array.from({ length: 20 }, () => ({ alerts: [messageAlert] })));
  await endless.post();
  assertEquals(endless.finished.length, MAX_ROUNDS);
});

Deno.test("anything but the secret key is refused before anything is claimed", async () => {
  for (const token of [null, "sb_secret_wrong", "eyJhbGciOiJIUzI1NiJ9.e30.x", "sb_publishable_x"]) {
    const t = setup([{ alerts: [messageAlert] }]);
    const response = await t.post(token);
    assertEquals(response.status, 401, String(token));
    assertEquals(t.sent, []);
    assertEquals(t.finished, []);
  }
});

Deno.test("only POST; OPTIONS is a preflight; a failing database is a 500", async () => {
  const t = setup([]);
  assertEquals((await t.handle(new Request(URL, { method: "GET" }))).status, 405);
  assertEquals((await t.handle(new Request(URL, { method: "OPTIONS" }))).status, 204);
  const broken = createAlertsHandler({
    isSecretKey: () => true,
    claim: () => Promise.reject(new Error("database down")),
    finish: async () => {},
    mailer: async () => {
      throw new Error("unused");
    },
    logError: () => {},
  });
  const response = await broken(
    new Request(URL, { method: "POST", headers: { authorization: `Bearer ${SECRET}` } }),
  );
  assertEquals(response.status, 500);
  assertEquals(await response.json(), { error: "unavailable" });
});

Deno.test("the limits come from the secrets, with sensible defaults", () => {
  const env = (values: Record<string, string>) => ({ get: (name: string) => values[name] });
  assertEquals(limitsFrom(env({})), { messageLimit: 3, windowSeconds: 3600 });
  assertEquals(limitsFrom(env({ ALERT_MESSAGE_LIMIT: "2", ALERT_WINDOW_SECONDS: "5" })), {
    messageLimit: 2,
    windowSeconds: 5,
  });
  assertEquals(limitsFrom(env({ ALERT_MESSAGE_LIMIT: "-1", ALERT_WINDOW_SECONDS: "x" })), {
    messageLimit: 3,
    windowSeconds: 3600,
  });
});

Deno.test("the mail service is looked up once a call, and not at all when nothing is due", async () => {
  let lookups = 0;
  let claims = 0;
  const handle = createAlertsHandler({
    isSecretKey: (token) => token === SECRET,
    claim: async () => {
      claims += 1;
      return {
        claim_id: `claim-${claims}`,
        alerts: claims <= 3 ? [{ ...messageAlert, id: claims }] : [],
        digest: null,
        admins: ["a@example.org"],
        team: [],
        alert_address: null,
      };
    },
    finish: async () => {},
    mailer: async () => {
      lookups += 1;
      return { via: "smtp", send: async () => {} };
    },
    logError: () => {},
  });
  const post = () =>
    handle(new Request(URL, { method: "POST", headers: { authorization: `Bearer ${SECRET}` } }));
  assertEquals(await (await post()).json(), { sent: 3, failed: 0 });
  assertEquals(lookups, 1);
  assertEquals(await (await post()).json(), { sent: 0, failed: 0 });
  assertEquals(lookups, 1);
});
