// Every answer of the team function, through the handler with fakes: who may call it,
// inviting, inviting again and removing, the last administrator, removing yourself,
// the email limits, and refusals that carry words and never the cause.
import { assert, assertEquals } from "../_shared/assert.ts";
import {
  AuthFailure,
  type AuthUser,
  type Caller,
  createTeamHandler,
  type InviteData,
  MESSAGES,
  type TeamChange,
  type TeamDeps,
  type TeamMember,
} from "./handler.ts";

const URL = "http://127.0.0.1/team";
const SITE = "https://charity.example";
const SET_PASSWORD = `${SITE}/admin/reset-password`;
const T0 = Date.parse("2026-11-25T10:00:00Z");

const ids = {
  ana: "00000000-0000-4000-8000-00000000000a",
  ben: "00000000-0000-4000-8000-00000000000b",
  cat: "00000000-0000-4000-8000-00000000000c",
  vol: "00000000-0000-4000-8000-00000000000d",
  eve: "00000000-0000-4000-8000-00000000000e",
};

function user(id: string, email: string, extra: Partial<AuthUser> = {}): AuthUser {
  return {
    id,
    email,
    role: "admin",
    invitedAt: null,
    confirmedAt: "2026-11-01T00:00:00Z",
    lastSignInAt: "2026-11-20T09:00:00Z",
    confirmationSentAt: null,
    recoverySentAt: null,
    bannedUntil: null,
    createdAt: "2026-11-01T00:00:00Z",
    verifiedFactors: 0,
    ...extra,
  };
}

interface Options {
  users?: AuthUser[];
  inviteFails?: AuthFailure | Error;
  recordFails?: boolean;
  /** Users a concurrent removal takes away while this one runs. */
  concurrently?: (users: AuthUser[]) => void;
  mailsPerHour?: number;
  siteUrl?: string;
  /** Each user's authenticator apps. */
  factors?: [string, string[]][];
}

function setup(options: Options = {}) {
  let users: AuthUser[] = options.users ?? [
    user(ids.ana, "ana@example.org"),
    user(ids.ben, "ben@example.org"),
  ];
  let clock = T0;
  const recorded: TeamChange[] = [];
  const invited: { email: string; redirectTo: string; data?: InviteData }[] = [];
  const errors: string[] = [];
  let nextId = 100;
  let usersCalls = 0;
  const callers: Record<string, Caller> = {
    "ana-token": { kind: "admin", userId: ids.ana },
    "ben-token": { kind: "admin", userId: ids.ben },
    "eve-token": { kind: "editor", userId: ids.eve },
    "ana-password-only-token": { kind: "admin", userId: ids.ana },
    "user-token": { kind: "user" },
  };
  /** The tokens whose sessions verified a second factor (aal2). */
  const verified = new Set(["ana-token", "ben-token"]);
  const factors = new Map<string, string[]>(options.factors ?? []);
  const deps: TeamDeps = {
    identify: async (token) => callers[token] ?? { kind: "none" },
    siteUrl: options.siteUrl,
    mailsPerHour: options.mailsPerHour,
    now: () => new Date(clock),
    async users() {
      usersCalls += 1;
      if (usersCalls > 1) options.concurrently?.(users);
      return users.map((u) => ({ ...u }));
    },
    async invite(email, redirectTo, data) {
      if (options.inviteFails) throw options.inviteFails;
      invited.push({ email, redirectTo, ...(data ? { data } : {}) });
      const sentAt = new Date(clock).toISOString();
      const existing = users.find((u) => u.email === email);
      if (existing) {
        existing.confirmationSentAt = sentAt;
        return { ...existing };
      }
      const created = user(`00000000-0000-4000-8000-000000000${nextId++}`, email, {
        role: null,
        confirmedAt: null,
        lastSignInAt: null,
        invitedAt: sentAt,
        confirmationSentAt: sentAt,
      });
      users.push(created);
      return { ...created };
    },
    async setRole(id, role) {
      const found = users.find((u) => u.id === id);
      if (!found) throw new Error("no such user");
      found.role = role;
    },
    async deleteUser(id) {
      users = users.filter((u) => u.id !== id);
    },
    async secondFactorVerified(token) {
      return verified.has(token);
    },
    async factorsOf(userId) {
      return [...(factors.get(userId) ?? [])];
    },
    async deleteFactor(userId, factorId) {
      factors.set(
        userId,
        (factors.get(userId) ?? []).filter((id) => id !== factorId),
      );
    },
    async record(change) {
      if (options.recordFails) throw new Error("database is down: relation secret");
      recorded.push(change);
    },
    async mailsSince(since) {
      return recorded.filter(
        (c) => (c.action === "INVITE" || c.action === "RESEND") && clock >= since.getTime(),
      ).length;
    },
    logError: (message) => errors.push(message),
  };
  const handle = createTeamHandler(deps);
  const call = (
    token: string | null,
    body?: unknown,
    method = body === undefined ? "GET" : "POST",
  ) =>
    handle(
      new Request(URL, {
        method,
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body:
          body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      }),
    );
  return {
    call,
    handle,
    recorded,
    invited,
    errors,
    users: () => users,
    factors: (userId: string) => factors.get(userId) ?? [],
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

async function read(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

const CHARITY = "St. Mary's Helping Hands";
const invite = (
  email: string,
  redirectTo = SET_PASSWORD,
  siteName: unknown = CHARITY,
  role: unknown = "admin",
) => ({
  action: "invite",
  email,
  role,
  redirectTo,
  siteName,
});

Deno.test("only administrators may call it: no token 401, a forged or unknown one 401, an editor or a user 403", async () => {
  const t = setup();
  for (const [token, status, error] of [
    [null, 401, "unauthorized"],
    ["forged-token", 401, "unauthorized"],
    ["user-token", 403, "forbidden"],
    ["eve-token", 403, "forbidden"],
  ] as const) {
    for (const body of [
      undefined,
      { action: "list" },
      invite("x@example.org"),
      { action: "role", userId: ids.eve, role: "admin" },
      { action: "remove", userId: ids.ben },
    ]) {
      const response = await t.call(token, body);
      assertEquals(response.status, status, `${token} ${JSON.stringify(body)}`);
      const answer = await read(response);
      assertEquals(answer.error, error);
      assertEquals(typeof answer.message, "string");
      assertEquals("members" in answer, false);
    }
  }
  assertEquals(t.invited, []);
  assertEquals(t.recorded, []);
  assertEquals(t.users().length, 2);
});

Deno.test("a refused caller gets the same answer whichever address they name", async () => {
  const t = setup({
    users: [user(ids.ana, "ana@example.org"), user(ids.vol, "vol@example.org", { role: null })],
  });
  for (const token of [null, "user-token"]) {
    const known = await t.call(token, invite("vol@example.org"));
    const unknown = await t.call(token, invite("nobody@example.org"));
    assertEquals(known.status, unknown.status);
    assertEquals(await known.text(), await unknown.text());
  }
});

Deno.test("lists editors and administrators with their roles (not other users), active before invited, marking the caller", async () => {
  const t = setup({
    users: [
      user(ids.ben, "ben@example.org", { role: "editor" }),
      user(ids.cat, "cat@example.org", {
        confirmedAt: null,
        lastSignInAt: null,
        invitedAt: "2026-11-24T00:00:00Z",
      }),
      user(ids.vol, "vol@example.org", { role: null }),
      user(ids.ana, "ana@example.org"),
    ],
  });
  for (const response of [
    await t.call("ana-token"),
    await t.call("ana-token", { action: "list" }),
  ]) {
    assertEquals(response.status, 200);
    assertEquals(response.headers.get("cache-control"), "no-store");
    const { members } = (await response.json()) as { members: TeamMember[] };
    assertEquals(
      members.map((m) => [m.email, m.role, m.status, m.you]),
      [
        ["ana@example.org", "admin", "active", true],
        ["ben@example.org", "editor", "active", false],
        ["cat@example.org", "admin", "invited", false],
      ],
    );
    assertEquals(members[2]?.invitedAt, "2026-11-24T00:00:00Z");
    assertEquals(members[0]?.lastSignInAt, "2026-11-20T09:00:00Z");
  }
});

Deno.test("invites a new address: Auth's invitation to the set-password screen, the admin role, an audit entry", async () => {
  const t = setup();
  const response = await t.call("ana-token", invite("  New.Person@Example.org "));
  assertEquals(response.status, 200);
  assertEquals(await read(response), {
    ok: true,
    message: MESSAGES.invited("new.person@example.org"),
  });
  // The invitation names the charity and who invited (the template reads them).
  assertEquals(t.invited, [
    {
      email: "new.person@example.org",
      redirectTo: SET_PASSWORD,
      data: { site_name: CHARITY, invited_by: "ana@example.org" },
    },
  ]);
  const created = t.users().find((u) => u.email === "new.person@example.org");
  assertEquals(created?.role, "admin");
  assertEquals(t.recorded, [
    {
      actor: ids.ana,
      action: "INVITE",
      member: created?.id,
      before: null,
      after: { email: "new.person@example.org", role: "admin", status: "invited" },
    },
  ]);
  const { members } = (await (await t.call("ana-token")).json()) as { members: TeamMember[] };
  assertEquals(members.find((m) => m.email === "new.person@example.org")?.status, "invited");
});

Deno.test("an account left without the role is closed and invited afresh, with the same answer as a new address", async () => {
  const t = setup({
    users: [user(ids.ana, "ana@example.org"), user(ids.vol, "vol@example.org", { role: null })],
  });
  const known = await t.call("ana-token", invite("vol@example.org"));
  const unknown = await t.call("ana-token", invite("fresh@example.org"));
  assertEquals([known.status, unknown.status], [200, 200]);
  const [a, b] = [await read(known), await read(unknown)];
  assertEquals(Object.keys(a), Object.keys(b));
  assertEquals(a.message, MESSAGES.invited("vol@example.org"));
  // Both got an invitation; the old account (and its password) is gone.
  assertEquals(
    t.invited.map((i) => i.email),
    ["vol@example.org", "fresh@example.org"],
  );
  assertEquals(
    t.users().some((u) => u.id === ids.vol),
    false,
  );
  const vol = t.users().find((u) => u.email === "vol@example.org");
  assertEquals([vol?.role, vol?.confirmedAt], ["admin", null]);
  assertEquals(t.recorded[0]?.before, { email: "vol@example.org", role: null, status: "active" });
  assertEquals(t.recorded[0]?.after, {
    email: "vol@example.org",
    role: "admin",
    status: "invited",
  });
  const { members } = (await (await t.call("ana-token")).json()) as { members: TeamMember[] };
  assertEquals(members.find((m) => m.email === "vol@example.org")?.status, "invited");
});

Deno.test("the invitation names the site's host when the admin sends no usable charity name", async () => {
  for (const siteName of [undefined, "", "   ", 42, "x".repeat(121), "Bell\u0007"]) {
    const t = setup();
    const body = { ...invite("new@example.org"), siteName };
    const response = await t.call("ben-token", body);
    assertEquals(response.status, 200, JSON.stringify(siteName));
    assertEquals(t.invited[0]?.data, {
      site_name: "charity.example",
      invited_by: "ben@example.org",
    });
  }
  const t = setup();
  await t.call("ana-token", invite("new@example.org", SET_PASSWORD, "  Helping   Hands  "));
  assertEquals(t.invited[0]?.data?.site_name, "Helping Hands");
});

Deno.test("links lead to the SITE_URL's set-password screen when it is set, else to the one the admin names", async () => {
  const t = setup({ siteUrl: "https://site.example/" });
  await t.call(
    "ana-token",
    invite("a@example.org", "https://elsewhere.example/admin/reset-password"),
  );
  assertEquals(t.invited[0]?.redirectTo, "https://site.example/admin/reset-password");

  const u = setup();
  for (const bad of [
    "https://evil.example/steal",
    "javascript:alert(1)//admin/reset-password",
    "https://user:pw@site.example/admin/reset-password",
    "/admin/reset-password",
    42,
    undefined,
  ]) {
    const response = await u.call("ana-token", {
      action: "invite",
      email: "a@example.org",
      role: "editor",
      redirectTo: bad,
    });
    assertEquals(response.status, 400, String(bad));
    assertEquals((await read(response)).error, "invalid_redirect");
  }
  await u.call(
    "ana-token",
    invite("a@example.org", "http://127.0.0.1:4321/admin/reset-password?x=1#y"),
  );
  assertEquals(u.invited[0]?.redirectTo, "http://127.0.0.1:4321/admin/reset-password");
});

Deno.test("refuses what is not an email address, and an address already on the team", async () => {
  const t = setup({
    users: [
      user(ids.ana, "ana@example.org"),
      user(ids.cat, "cat@example.org", {
        confirmedAt: null,
        confirmationSentAt: "2026-11-20T00:00:00Z",
      }),
    ],
  });
  for (const email of [
    "",
    "no-at-sign",
    "a@b",
    "two@@example.org",
    "<a@example.org>",
    `${"x".repeat(250)}@example.org`,
    7,
  ]) {
    const response = await t.call("ana-token", {
      action: "invite",
      email,
      redirectTo: SET_PASSWORD,
    });
    assertEquals(response.status, 400, String(email));
    assertEquals((await read(response)).error, "invalid_email");
  }
  const member = await t.call("ana-token", invite("ANA@example.org"));
  assertEquals(member.status, 409);
  assertEquals(await read(member), { error: "already_member", message: MESSAGES.alreadyMember });
  const invitedAlready = await t.call("ana-token", invite("cat@example.org"));
  assertEquals(invitedAlready.status, 409);
  assertEquals(await read(invitedAlready), {
    error: "already_invited",
    message: MESSAGES.alreadyInvited,
  });
  assertEquals(t.invited, []);
  assertEquals(t.recorded, []);
});

Deno.test("resends an invitation not yet accepted, once a minute per address", async () => {
  const t = setup();
  await t.call("ana-token", invite("cat@example.org"));
  const cat = t.users().find((u) => u.email === "cat@example.org");
  if (!cat) throw new Error("not invited");
  const resend = { action: "resend", userId: cat.id, redirectTo: SET_PASSWORD };

  const soon = await t.call("ana-token", resend);
  assertEquals(soon.status, 429);
  assertEquals(soon.headers.get("retry-after"), "60");
  assertEquals(await read(soon), { error: "too_soon", message: MESSAGES.tooSoon });

  t.tick(61_000);
  const later = await t.call("ben-token", resend);
  assertEquals(later.status, 200);
  assertEquals(await read(later), { ok: true, message: MESSAGES.resent("cat@example.org") });
  assertEquals(t.invited.length, 2);
  assertEquals(
    t.recorded.map((c) => [c.action, c.actor, c.member]),
    [
      ["INVITE", ids.ana, cat.id],
      ["RESEND", ids.ben, cat.id],
    ],
  );

  const accepted = await t.call("ana-token", { ...resend, userId: ids.ben });
  assertEquals(accepted.status, 409);
  assertEquals((await read(accepted)).error, "already_accepted");
  const stranger = await t.call("ana-token", { ...resend, userId: ids.vol });
  assertEquals(stranger.status, 404);
  const notAnId = await t.call("ana-token", { ...resend, userId: "../../admin" });
  assertEquals(notAnId.status, 400);
});

Deno.test("stops at the hourly number of team emails, counted in the log", async () => {
  const t = setup({ mailsPerHour: 2 });
  assertEquals((await t.call("ana-token", invite("one@example.org"))).status, 200);
  assertEquals((await t.call("ana-token", invite("two@example.org"))).status, 200);
  const third = await t.call("ana-token", invite("three@example.org"));
  assertEquals(third.status, 429);
  assertEquals(await read(third), { error: "too_many", message: MESSAGES.tooMany });
  assertEquals(t.invited.length, 2);
});

Deno.test("Auth's refusals of an email become words, and change nothing", async () => {
  for (const [failure, status, error] of [
    [new AuthFailure(429, "over_email_send_rate_limit"), 429, "too_many"],
    [new AuthFailure(500, "unexpected_failure"), 502, "mail_failed"],
    [new AuthFailure(422, "validation_failed"), 400, "invalid_email"],
  ] as const) {
    const t = setup({ inviteFails: failure });
    const response = await t.call("ana-token", invite("new@example.org"));
    assertEquals(response.status, status);
    const body = await read(response);
    assertEquals(body.error, error);
    assertEquals(t.users().length, 2);
    assertEquals(t.recorded, []);
  }
});

Deno.test("removes an active admin by closing the account, and withdraws an unaccepted invitation", async () => {
  const t = setup();
  await t.call("ana-token", invite("cat@example.org"));
  const cat = t.users().find((u) => u.email === "cat@example.org");

  const removed = await t.call("ana-token", { action: "remove", userId: ids.ben });
  assertEquals(removed.status, 200);
  assertEquals(await read(removed), {
    ok: true,
    message: MESSAGES.removed("ben@example.org"),
    removedSelf: false,
  });
  // Ben's account goes, password and all; so does Cat's never-used one.
  assertEquals(
    t.users().some((u) => u.id === ids.ben),
    false,
  );
  const withdrawn = await t.call("ana-token", { action: "remove", userId: cat?.id });
  assertEquals(withdrawn.status, 200);
  assertEquals((await read(withdrawn)).message, MESSAGES.withdrawn("cat@example.org"));
  assertEquals(
    t.users().some((u) => u.email === "cat@example.org"),
    false,
  );
  assertEquals(
    t.recorded.slice(1).map((c) => [c.action, c.member, c.before, c.after]),
    [
      ["REMOVE", ids.ben, { email: "ben@example.org", role: "admin", status: "active" }, null],
      ["REMOVE", cat?.id, { email: "cat@example.org", role: "admin", status: "invited" }, null],
    ],
  );
  // Removed once: not on the team any more.
  const again = await t.call("ana-token", { action: "remove", userId: ids.ben });
  assertEquals(again.status, 404);
});

Deno.test("nobody removes the last active admin, even with invitations waiting", async () => {
  const t = setup({
    users: [
      user(ids.ana, "ana@example.org"),
      user(ids.cat, "cat@example.org", { confirmedAt: null }),
      user(ids.ben, "ben@example.org", { bannedUntil: "2999-01-01T00:00:00Z" }),
    ],
  });
  const response = await t.call("ana-token", {
    action: "remove",
    userId: ids.ana,
    confirmSelf: true,
  });
  assertEquals(response.status, 409);
  assertEquals(await read(response), { error: "last_admin", message: MESSAGES.lastAdmin });
  assertEquals(t.users().find((u) => u.id === ids.ana)?.role, "admin");
  assertEquals(t.recorded, []);
});

Deno.test("two removals at once never leave the team without an active admin", async () => {
  // While Ana removes Ben, Ben removes Ana: each saw the other as the admin left.
  const t = setup({
    concurrently: (users) => {
      const ana = users.find((u) => u.id === ids.ana);
      if (ana) ana.role = null;
    },
  });
  const response = await t.call("ana-token", { action: "remove", userId: ids.ben });
  assertEquals(response.status, 409);
  assertEquals((await read(response)).error, "last_admin");
  assertEquals(t.users().find((u) => u.id === ids.ben)?.role, "admin");
  assertEquals(t.recorded, []);
});

Deno.test("invites as an editor or an administrator, and refuses any other role", async () => {
  const t = setup();
  for (const role of [undefined, "owner", "Admin", "", null, ["admin"]]) {
    const response = await t.call("ana-token", { ...invite("new@example.org"), role });
    assertEquals(response.status, 400, String(role));
    assertEquals(await read(response), { error: "invalid_role", message: MESSAGES.invalidRole });
  }
  assertEquals(t.invited, []);
  const response = await t.call(
    "ana-token",
    invite("new@example.org", SET_PASSWORD, CHARITY, "editor"),
  );
  assertEquals(response.status, 200);
  assertEquals(t.users().find((u) => u.email === "new@example.org")?.role, "editor");
  assertEquals(t.recorded.at(-1)?.after, {
    email: "new@example.org",
    role: "editor",
    status: "invited",
  });
});

Deno.test("changes a member's role, and records it", async () => {
  const t = setup({
    users: [user(ids.ana, "ana@example.org"), user(ids.eve, "eve@example.org", { role: "editor" })],
  });
  const promote = await t.call("ana-token", { action: "role", userId: ids.eve, role: "admin" });
  assertEquals(promote.status, 200);
  assertEquals(await read(promote), {
    ok: true,
    message: MESSAGES.roleChanged("eve@example.org", "admin"),
  });
  assertEquals(t.users().find((u) => u.id === ids.eve)?.role, "admin");
  assertEquals(t.recorded, [
    {
      actor: ids.ana,
      action: "ROLE",
      member: ids.eve,
      before: { email: "eve@example.org", role: "editor", status: "active" },
      after: { email: "eve@example.org", role: "admin", status: "active" },
    },
  ]);
  // Ana may now step down to editor: Eve is an administrator.
  const demote = await t.call("ana-token", { action: "role", userId: ids.ana, role: "editor" });
  assertEquals(demote.status, 200);
  assertEquals(t.users().find((u) => u.id === ids.ana)?.role, "editor");
  // The same role again changes nothing and records nothing.
  const same = await t.call("ana-token", { action: "role", userId: ids.eve, role: "admin" });
  assertEquals(await read(same), {
    ok: true,
    message: MESSAGES.roleUnchanged("eve@example.org", "admin"),
  });
  assertEquals(t.recorded.length, 2);
});

Deno.test("refuses a role change to an unknown role, for someone not on the team, or of the last administrator", async () => {
  const t = setup({
    users: [
      user(ids.ana, "ana@example.org"),
      user(ids.cat, "cat@example.org", { confirmedAt: null }),
      user(ids.vol, "vol@example.org", { role: null }),
    ],
  });
  for (const [body, status, error] of [
    [{ action: "role", userId: ids.cat, role: "owner" }, 400, "invalid_role"],
    [{ action: "role", userId: "not-a-uuid", role: "editor" }, 400, "invalid_request"],
    [{ action: "role", userId: ids.vol, role: "editor" }, 404, "not_found"],
    [{ action: "role", userId: ids.ana, role: "editor" }, 409, "last_admin"],
  ] as const) {
    const response = await t.call("ana-token", body);
    assertEquals(response.status, status, JSON.stringify(body));
    assertEquals((await read(response)).error, error);
  }
  assertEquals(t.users().find((u) => u.id === ids.ana)?.role, "admin");
  assertEquals(t.recorded, []);
});

Deno.test("two demotions at once never leave the team without an active administrator", async () => {
  // While Ana makes Ben an editor, Ben makes Ana one: each saw the other as the one left.
  const t = setup({
    concurrently: (users) => {
      const ana = users.find((u) => u.id === ids.ana);
      if (ana) ana.role = "editor";
    },
  });
  const response = await t.call("ana-token", { action: "role", userId: ids.ben, role: "editor" });
  assertEquals(response.status, 409);
  assertEquals(await read(response), { error: "last_admin", message: MESSAGES.lastAdminRole });
  assertEquals(t.users().find((u) => u.id === ids.ben)?.role, "admin");
  assertEquals(t.recorded, []);
});

Deno.test("an administrator whose session verified no second factor lists the team, and changes nothing", async () => {
  const t = setup({ factors: [[ids.ben, ["f1"]]] });
  const list = await t.call("ana-password-only-token");
  assertEquals(list.status, 200);
  for (const body of [
    invite("new@example.org"),
    { action: "resend", userId: ids.ben, redirectTo: SET_PASSWORD },
    { action: "role", userId: ids.ben, role: "editor" },
    { action: "factors", userId: ids.ben },
    { action: "remove", userId: ids.ben },
  ]) {
    const response = await t.call("ana-password-only-token", body);
    assertEquals(response.status, 403, JSON.stringify(body));
    assertEquals(await read(response), {
      error: "second_factor_required",
      message: MESSAGES.secondFactor,
    });
  }
  assertEquals(t.invited, []);
  assertEquals(t.recorded, []);
  assertEquals(t.factors(ids.ben), ["f1"]);
  assertEquals(t.users().find((u) => u.id === ids.ben)?.role, "admin");
});

Deno.test("removes another member's authenticator apps (a lost phone), and records it", async () => {
  const t = setup({
    factors: [
      [ids.ben, ["f1", "f2"]],
      [ids.ana, ["f3"]],
    ],
  });
  const response = await t.call("ana-token", { action: "factors", userId: ids.ben });
  assertEquals(response.status, 200);
  assertEquals(await read(response), {
    ok: true,
    message: MESSAGES.factorsRemoved("ben@example.org"),
  });
  assertEquals(t.factors(ids.ben), []);
  assertEquals(t.recorded, [
    {
      actor: ids.ana,
      action: "FACTORS",
      member: ids.ben,
      before: { email: "ben@example.org", role: "admin", status: "active", factors: 2 },
      after: { email: "ben@example.org", role: "admin", status: "active", factors: 0 },
    },
  ]);
  // One's own apps are removed on the Account screen, where Auth asks for a code.
  const own = await t.call("ana-token", { action: "factors", userId: ids.ana });
  assertEquals(own.status, 409);
  assertEquals((await read(own)).error, "not_yourself");
  assertEquals(t.factors(ids.ana), ["f3"]);
  // Nothing to remove: said, and not recorded.
  const none = await t.call("ana-token", { action: "factors", userId: ids.ben });
  assertEquals(await read(none), { ok: true, message: MESSAGES.noFactors("ben@example.org") });
  assertEquals(t.recorded.length, 1);
});

Deno.test("removing yourself needs {confirmSelf: true}, then says so", async () => {
  const t = setup();
  for (const confirmSelf of [undefined, false, "true", 1]) {
    const response = await t.call("ana-token", { action: "remove", userId: ids.ana, confirmSelf });
    assertEquals(response.status, 409, String(confirmSelf));
    assertEquals(await read(response), { error: "confirm_self", message: MESSAGES.confirmSelf });
  }
  assertEquals(t.users().find((u) => u.id === ids.ana)?.role, "admin");
  const response = await t.call("ana-token", {
    action: "remove",
    userId: ids.ana,
    confirmSelf: true,
  });
  assertEquals(response.status, 200);
  assertEquals(await read(response), {
    ok: true,
    message: MESSAGES.removedSelf,
    removedSelf: true,
  });
  assertEquals(
    t.users().some((u) => u.id === ids.ana),
    false,
  );
  assertEquals(t.recorded[0]?.actor, ids.ana);
});

Deno.test("a change that could not be recorded says so, without the cause", async () => {
  const t = setup({ recordFails: true });
  const response = await t.call("ana-token", { action: "remove", userId: ids.ben });
  assertEquals(response.status, 500);
  const text = await response.text();
  assertEquals(JSON.parse(text), { error: "not_recorded", message: MESSAGES.notRecorded });
  assert(!text.includes("relation"), text);
  assertEquals(t.errors.length, 1);
});

Deno.test("failures answer 500 with words only; the cause is logged", async () => {
  const t = setup({ inviteFails: new Error("connect ECONNREFUSED 10.0.0.3:9999 sb_secret_abc") });
  const response = await t.call("ana-token", invite("new@example.org"));
  assertEquals(response.status, 500);
  const text = await response.text();
  assertEquals(JSON.parse(text), { error: "unavailable", message: MESSAGES.unavailable });
  assert(!/ECONNREFUSED|sb_secret|10\.0\.0/.test(text), text);
  assertEquals(t.errors, ["team: request failed"]);
});

Deno.test("bad requests: unknown actions, bodies that are not JSON objects, other methods", async () => {
  const t = setup();
  for (const body of ['{"action":"promote"}', "not json", "[1,2]", "null", '"invite"', "{}"]) {
    const response = await t.call("ana-token", body, "POST");
    assertEquals(response.status, 400, body);
    assertEquals((await read(response)).error, "invalid_request");
  }
  const large = await t.call(
    "ana-token",
    JSON.stringify({ action: "invite", email: "x".repeat(10_000) }),
    "POST",
  );
  assertEquals(large.status, 400);
  for (const method of ["PUT", "DELETE", "PATCH"]) {
    const response = await t.call("ana-token", "{}", method);
    assertEquals(response.status, 405, method);
    assertEquals(response.headers.get("allow"), "GET, POST, OPTIONS");
  }
  const preflight = await t.handle(new Request(URL, { method: "OPTIONS" }));
  assertEquals(preflight.status, 204);
  assertEquals(preflight.headers.get("access-control-allow-methods"), "GET, POST, OPTIONS");
});
