// The team function (functions/team) through the stack, as the admin app calls it:
// inviting (the mail in the catcher, accepting it, choosing a password, signed in as
// an admin), inviting again, removing (the removed admin's unexpired token refused by
// REST writes and the functions at once), the last administrator, yourself, and every
// caller that is not an admin. Each change leaves an entry in the audit log.
import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { follow, fragmentOf, mailSettled, mailTo, verifyLink, waitForMail } from "./mail.ts";
import {
  accessToken,
  anonClient,
  embeddedOnly,
  newEmail,
  REAL_PROJECT,
  serviceClient,
  signedInUser,
  startTestStack,
  type TestStack,
  tokenClient,
} from "./stack.ts";

const SITE_URL = process.env.AUTH_SITE_URL || "http://127.0.0.1:4321";
const SET_PASSWORD = `${SITE_URL}/admin/reset-password`;
const NO_CATCHER = REAL_PROJECT && !process.env.MAIL_CATCHER_URL;
/** The subject of supabase/templates/invite.html, as config.toml gives it. */
const INVITE_SUBJECT = "You are invited to help run the charity's website";
/** A charity name the invitation must escape. */
const CHARITY = "St. Mary's <Home> & Friends";

let stack: TestStack;
let service: SupabaseClient;

beforeAll(async () => {
  stack = await startTestStack();
  service = serviceClient(stack);
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

interface Member {
  id: string;
  email: string;
  status: "invited" | "active";
  lastSignInAt: string | null;
  you: boolean;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** Calls the team function as the admin app does: the publishable key and a bearer. */
async function team(bearer: string, body?: Record<string, unknown>): Promise<Answer> {
  const response = await fetch(`${stack.url}/functions/v1/team`, {
    method: body ? "POST" : "GET",
    headers: {
      apikey: stack.publishableKey,
      authorization: `Bearer ${bearer}`,
      "content-type": "application/json",
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { text };
  }
  return { status: response.status, body: parsed };
}

async function members(bearer: string): Promise<Member[]> {
  const answer = await team(bearer);
  expect(answer.status).toBe(200);
  return answer.body.members as Member[];
}

/** The team entries of the audit log about one member, oldest first. */
async function teamEntries(memberId: string) {
  const { data, error } = await service
    .from("audit_log")
    .select("actor_id, actor_email, table_name, row_id, action, old_data, new_data")
    .eq("table_name", "admins")
    .eq("row_id", memberId)
    .order("id");
  expect(error).toBeNull();
  return data ?? [];
}

/** A client that sends this bearer token, as a browser holding it would. */
const withToken = (bearer: string) => tokenClient(stack, bearer);

/** What a token may write: a hidden project inserted, then deleted again. */
async function canWrite(bearer: string): Promise<{ ok: boolean; detail: string }> {
  const inserted = await withToken(bearer)
    .from("projects")
    .insert({
      title: `Team probe ${randomUUID()}`,
      description: "Written to see who may write",
      category_name: "Water",
      is_active: false,
    })
    .select("id");
  const id = (inserted.data as { id: string }[] | null)?.[0]?.id;
  if (id) await service.from("projects").delete().eq("id", id);
  return { ok: Boolean(id), detail: inserted.error?.code ?? `${inserted.data?.length ?? 0} rows` };
}

/** Accepts an emailed invitation: the session from the link, then a chosen password. */
async function accept(email: string) {
  const [mail] = await waitForMail(stack, email);
  if (!mail) throw new Error("no mail");
  expect(mail.Subject).toBe(INVITE_SUBJECT);
  const link = verifyLink(mail);
  expect(new URL(link).searchParams.get("redirect_to")).toBe(SET_PASSWORD);
  const followed = await follow(link);
  expect(followed.status).toBe(303);
  expect(followed.location.startsWith(`${SET_PASSWORD}#`)).toBe(true);
  const fragment = fragmentOf(followed.location);
  expect(fragment.get("type")).toBe("invite");
  // The link's session already carries the admin role the function gave.
  const linkClaims = decodeJwt(fragment.get("access_token") ?? "");
  expect((linkClaims.app_metadata as { role?: string }).role).toBe("admin");
  const client = anonClient(stack);
  const session = await client.auth.setSession({
    access_token: fragment.get("access_token") ?? "",
    refresh_token: fragment.get("refresh_token") ?? "",
  });
  expect(session.error).toBeNull();
  const password = `chosen-${randomUUID()}`;
  expect((await client.auth.updateUser({ password })).error).toBeNull();
  const signIn = await anonClient(stack).auth.signInWithPassword({ email, password });
  expect(signIn.error).toBeNull();
  const token = signIn.data.session?.access_token ?? "";
  expect((decodeJwt(token).app_metadata as { role?: string }).role).toBe("admin");
  return { id: signIn.data.user?.id ?? "", token, password };
}

describe.skipIf(NO_CATCHER)("inviting an administrator", () => {
  it("mails an invitation; accepting it and choosing a password signs them in as an admin", async () => {
    const inviter = await signedInUser(stack, { admin: true });
    const inviterToken = await accessToken(inviter);
    const email = newEmail("invited");

    const invited = await team(inviterToken, {
      action: "invite",
      role: "admin",
      email: email.toUpperCase(),
      redirectTo: SET_PASSWORD,
      siteName: CHARITY,
    });
    expect(invited).toEqual({
      status: 200,
      body: { ok: true, message: `Invitation sent to ${email}.` },
    });
    // The invitation says whose website it is and who invited, escaped.
    const [mail] = await waitForMail(stack, email);
    expect(mail?.HTML).toContain(
      `${inviter.email} has invited you to join the team that runs the website of St. Mary&#39;s &lt;Home&gt; &amp; Friends (${SITE_URL}).`,
    );
    expect(mail?.HTML).not.toContain(CHARITY);
    const listed = (await members(inviterToken)).find((m) => m.email === email);
    expect(listed).toMatchObject({ status: "invited", lastSignInAt: null, you: false });

    const accepted = await accept(email);
    expect(accepted.id).toBe(listed?.id);
    // An admin now: their token writes content and the functions take it.
    expect(await canWrite(accepted.token)).toMatchObject({ ok: true });
    expect((await team(accepted.token)).status).toBe(200);
    const publish = await fetch(`${stack.url}/functions/v1/publish`, {
      headers: { apikey: stack.publishableKey, authorization: `Bearer ${accepted.token}` },
    });
    await publish.body?.cancel();
    expect(publish.status).not.toBe(401);
    expect(publish.status).not.toBe(403);

    const after = (await members(inviterToken)).find((m) => m.email === email);
    expect(after?.status).toBe("active");
    expect(after?.lastSignInAt).toBeTruthy();

    expect(await teamEntries(accepted.id)).toEqual([
      {
        actor_id: inviter.id,
        actor_email: inviter.email,
        table_name: "admins",
        row_id: accepted.id,
        action: "INVITE",
        old_data: null,
        new_data: { email, role: "admin", status: "invited" },
      },
    ]);
  });

  it("refuses an address already on the team, and says nothing more of who has an account", async () => {
    const inviter = await signedInUser(stack, { admin: true });
    const token = await accessToken(inviter);
    const member = await signedInUser(stack, { admin: true });
    const again = await team(token, {
      action: "invite",
      role: "admin",
      email: member.email,
      redirectTo: SET_PASSWORD,
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("already_member");

    // An account that is not an admin, and an address with none: the same answer.
    const volunteer = await signedInUser(stack);
    const fresh = newEmail("fresh");
    const forAccount = await team(token, {
      action: "invite",
      role: "admin",
      email: volunteer.email,
      redirectTo: SET_PASSWORD,
    });
    const forNobody = await team(token, {
      action: "invite",
      role: "admin",
      email: fresh,
      redirectTo: SET_PASSWORD,
    });
    expect(forAccount.status).toBe(200);
    expect(forNobody.status).toBe(200);
    expect(Object.keys(forAccount.body).sort()).toEqual(Object.keys(forNobody.body).sort());
    // Both get an invitation; the account without the role is closed, its password too.
    for (const address of [volunteer.email, fresh]) {
      const [mail] = await waitForMail(stack, address);
      expect(mail?.Subject, address).toBe(INVITE_SUBJECT);
    }
    const { data } = await service.auth.admin.getUserById(volunteer.id);
    expect(data.user).toBeNull();
    const oldPassword = await anonClient(stack).auth.signInWithPassword({
      email: volunteer.email,
      password: volunteer.password,
    });
    expect(oldPassword.error?.code).toBe("invalid_credentials");
    expect((await members(token)).find((m) => m.email === volunteer.email)?.status).toBe("invited");
  });

  it("leads links only to the set-password screen", async () => {
    const token = await accessToken(await signedInUser(stack, { admin: true }));
    const email = newEmail("redirect");
    const refused = await team(token, {
      action: "invite",
      role: "admin",
      email,
      redirectTo: "https://evil.example/steal",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("invalid_redirect");
    await mailSettled(stack);
    expect(await mailTo(stack, email)).toEqual([]);
  });

  it("withdraws an invitation not yet accepted: the account goes and the link stops working", async () => {
    const token = await accessToken(await signedInUser(stack, { admin: true }));
    const email = newEmail("withdrawn");
    expect(
      (await team(token, { action: "invite", role: "admin", email, redirectTo: SET_PASSWORD }))
        .status,
    ).toBe(200);
    const member = (await members(token)).find((m) => m.email === email);
    const [mail] = await waitForMail(stack, email);
    if (!mail) throw new Error("no mail");
    const removed = await team(token, { action: "remove", userId: member?.id });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(`The invitation to ${email} was withdrawn.`);
    expect((await members(token)).some((m) => m.email === email)).toBe(false);
    const { data } = await service.auth.admin.getUserById(member?.id ?? "");
    expect(data.user).toBeNull();
    const followed = await follow(verifyLink(mail));
    expect(fragmentOf(followed.location).get("error_code")).toBe("otp_expired");
    expect((await teamEntries(member?.id ?? "")).map((e) => e.action)).toEqual([
      "INVITE",
      "REMOVE",
    ]);
  });
});

describe.skipIf(NO_CATCHER || REAL_PROJECT)(
  `inviting again ${embeddedOnly("ages an invitation in the database")}`,
  () => {
    it("waits a minute per address, then sends a new link that replaces the first", async () => {
      const inviter = await signedInUser(stack, { admin: true });
      const token = await accessToken(inviter);
      const email = newEmail("resent");
      await team(token, { action: "invite", role: "admin", email, redirectTo: SET_PASSWORD });
      const member = (await members(token)).find((m) => m.email === email);
      const resend = { action: "resend", userId: member?.id, redirectTo: SET_PASSWORD };
      const soon = await team(token, resend);
      expect(soon.status).toBe(429);
      expect(soon.body.error).toBe("too_soon");

      await stack.db?.query(
        "update auth.users set confirmation_sent_at = now() - interval '2 minutes' where id = $1",
        [member?.id],
      );
      const later = await team(token, resend);
      expect(later.status).toBe(200);
      const [newest, first] = (await waitForMail(stack, email, { count: 2 })).map(verifyLink);
      expect(fragmentOf((await follow(first ?? "")).location).get("error_code")).toBe(
        "otp_expired",
      );
      expect(fragmentOf((await follow(newest ?? "")).location).get("access_token")).toBeTruthy();
      expect((await teamEntries(member?.id ?? "")).map((e) => [e.action, e.actor_id])).toEqual([
        ["INVITE", inviter.id],
        ["RESEND", inviter.id],
      ]);
    });
  },
);

describe("removing an administrator", () => {
  it("takes the role away at once: their unexpired token is refused by REST writes and the functions", async () => {
    const remover = await signedInUser(stack, { admin: true });
    const removed = await signedInUser(stack, { admin: true });
    const removedToken = await accessToken(removed);
    expect(await canWrite(removedToken)).toMatchObject({ ok: true });

    const answer = await team(await accessToken(remover), { action: "remove", userId: removed.id });
    expect(answer).toEqual({
      status: 200,
      body: {
        ok: true,
        message: `${removed.email} was removed from the team and their account closed.`,
        removedSelf: false,
      },
    });
    // The token still says admin and has not expired...
    expect((decodeJwt(removedToken).app_metadata as { role?: string }).role).toBe("admin");
    // ...but the account no longer does, and that is what counts.
    expect(await canWrite(removedToken)).toMatchObject({ ok: false });
    const update = await withToken(removedToken)
      .from("projects")
      .update({ title: "Tampered" })
      .not("id", "is", null)
      .select("id");
    expect(update.data ?? []).toEqual([]);
    for (const [name, init] of [
      ["team", { method: "GET" }],
      ["publish", { method: "GET" }],
      ["trash", { method: "POST", body: JSON.stringify({ action: "purge" }) }],
      ["media", { method: "POST", body: "x" }],
    ] as const) {
      const path = name === "media" ? "media?path=team/probe.png" : name;
      const response = await fetch(`${stack.url}/functions/v1/${path}`, {
        ...init,
        headers: {
          apikey: stack.publishableKey,
          authorization: `Bearer ${removedToken}`,
          "content-type": name === "media" ? "image/png" : "application/json",
        },
      });
      await response.body?.cancel();
      // Auth knows the token's user no more: the functions take it as no session.
      expect(response.status, name).toBe(401);
    }
    // The account is closed: its password signs in no more.
    const { data } = await service.auth.admin.getUserById(removed.id);
    expect(data.user).toBeNull();
    const signIn = await anonClient(stack).auth.signInWithPassword({
      email: removed.email,
      password: removed.password,
    });
    expect(signIn.error?.code).toBe("invalid_credentials");
    expect((await members(await accessToken(remover))).some((m) => m.id === removed.id)).toBe(
      false,
    );
    expect(await teamEntries(removed.id)).toEqual([
      {
        actor_id: remover.id,
        actor_email: remover.email,
        table_name: "admins",
        row_id: removed.id,
        action: "REMOVE",
        old_data: { email: removed.email, role: "admin", status: "active" },
        new_data: null,
      },
    ]);
  });

  it.skipIf(NO_CATCHER)(
    "invites a removed administrator again as anyone new: Invited until they accept, with a new password",
    async () => {
      const admin = await signedInUser(stack, { admin: true });
      const token = await accessToken(admin);
      const former = await signedInUser(stack, { admin: true });
      expect((await team(token, { action: "remove", userId: former.id })).status).toBe(200);

      const again = await team(token, {
        action: "invite",
        role: "admin",
        email: former.email,
        redirectTo: SET_PASSWORD,
        siteName: CHARITY,
      });
      expect(again.body).toEqual({ ok: true, message: `Invitation sent to ${former.email}.` });
      const listed = (await members(token)).find((m) => m.email === former.email);
      expect(listed?.status).toBe("invited");
      expect(listed?.id).not.toBe(former.id);
      // Nothing of the old account works, and no password-reset mail was sent.
      const oldPassword = await anonClient(stack).auth.signInWithPassword({
        email: former.email,
        password: former.password,
      });
      expect(oldPassword.error?.code).toBe("invalid_credentials");
      const accepted = await accept(former.email);
      expect(accepted.id).toBe(listed?.id);
      expect((await mailTo(stack, former.email)).map((m) => m.Subject)).toEqual([INVITE_SUBJECT]);
      expect((await members(token)).find((m) => m.email === former.email)?.status).toBe("active");
    },
  );

  it("never removes the last active administrator; removing yourself needs confirmSelf", async () => {
    const last = await signedInUser(stack, { admin: true });
    const token = await accessToken(last);
    // Everyone else leaves first (invitations too: they are no active admins).
    for (const member of await members(token)) {
      if (member.you) continue;
      const answer = await team(token, { action: "remove", userId: member.id });
      expect(answer.status, member.email).toBe(200);
    }
    expect((await members(token)).map((m) => m.id)).toEqual([last.id]);

    const unconfirmed = await team(token, { action: "remove", userId: last.id });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body.error).toBe("confirm_self");
    const refused = await team(token, { action: "remove", userId: last.id, confirmSelf: true });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: "last_admin",
      message:
        "The last administrator cannot be removed: invite someone else, and remove this account once they have accepted.",
    });
    expect(await canWrite(token)).toMatchObject({ ok: true });

    // With a second active admin, leaving is allowed, and takes effect at once.
    const second = await signedInUser(stack, { admin: true });
    const left = await team(token, { action: "remove", userId: last.id, confirmSelf: true });
    expect(left).toEqual({
      status: 200,
      body: { ok: true, message: "You have left the team.", removedSelf: true },
    });
    expect((await team(token)).status).toBe(401);
    expect(await canWrite(token)).toMatchObject({ ok: false });
    const secondToken = await accessToken(second);
    expect((await members(secondToken)).map((m) => m.id)).toEqual([second.id]);
    const lastAgain = await team(secondToken, {
      action: "remove",
      userId: second.id,
      confirmSelf: true,
    });
    expect(lastAgain.body.error).toBe("last_admin");
  });
});

describe("callers who are not admins", () => {
  it("refuses anon, a signed-in non-admin, API keys and forged tokens, and changes nothing", async () => {
    const admin = await signedInUser(stack, { admin: true });
    const adminToken = await accessToken(admin);
    const user = await signedInUser(stack);
    const userToken = await accessToken(user);
    const before = await members(adminToken);
    const target = newEmail("never");
    const claims = decodeJwt(userToken);
    const forgedAdmin = { ...claims, sub: admin.id, app_metadata: { role: "admin" } };
    const [head, , signature] = userToken.split(".");
    const edited = `${head}.${Buffer.from(JSON.stringify(forgedAdmin)).toString("base64url")}.${signature}`;
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${Buffer.from(JSON.stringify(forgedAdmin)).toString("base64url")}.`;
    const wrongSecret = await new SignJWT(forgedAdmin)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode(randomUUID()));

    const bearers: [string, string, number][] = [
      ["the publishable key", stack.publishableKey, 401],
      ["the secret key", stack.secretKey, 401],
      ["a non-admin's token", userToken, 403],
      ["a token edited to say admin", edited, 401],
      ["an unsigned token", unsigned, 401],
      ["a token signed with a wrong secret", wrongSecret, 401],
    ];
    const requests: (Record<string, unknown> | undefined)[] = [
      undefined,
      { action: "list" },
      { action: "invite", role: "admin", email: target, redirectTo: SET_PASSWORD },
      { action: "resend", userId: admin.id, redirectTo: SET_PASSWORD },
      { action: "remove", userId: admin.id, confirmSelf: true },
    ];
    for (const [name, bearer, status] of bearers) {
      for (const request of requests) {
        const answer = await team(bearer, request);
        expect(answer.status, `${name} ${JSON.stringify(request)}`).toBe(status);
        expect(answer.body.members).toBeUndefined();
        expect(typeof answer.body.message).toBe("string");
      }
    }
    const noBearer = await fetch(`${stack.url}/functions/v1/team`, {
      headers: { apikey: stack.publishableKey },
    });
    await noBearer.body?.cancel();
    expect(noBearer.status).toBe(401);

    expect(await members(adminToken)).toEqual(before);
    const { data } = await service.auth.admin.getUserById(admin.id);
    expect(data.user?.app_metadata.role).toBe("admin");
    if (!NO_CATCHER) {
      await mailSettled(stack);
      expect(await mailTo(stack, target)).toEqual([]);
    }
  });

  it("lets only admins read the team's audit entries", async () => {
    const admin = await signedInUser(stack, { admin: true });
    const member = await signedInUser(stack, { admin: true });
    await team(await accessToken(admin), { action: "remove", userId: member.id });
    const read = (client: SupabaseClient) =>
      client.from("audit_log").select("action").eq("table_name", "admins").eq("row_id", member.id);
    expect((await read(admin.client)).data).toEqual([{ action: "REMOVE" }]);
    const user = await signedInUser(stack);
    expect((await read(user.client)).data ?? []).toEqual([]);
    expect((await read(anonClient(stack))).data ?? []).toEqual([]);
    // Nobody writes one directly, not even the secret key.
    const forged = await service.from("audit_log").insert({
      actor_role: "service_role",
      table_name: "admins",
      row_id: member.id,
      action: "INVITE",
    });
    expect(forged.error?.code).toBe("42501");
    const rpc = await admin.client.rpc("record_team_change", {
      p_actor: admin.id,
      p_action: "INVITE",
      p_member: member.id,
    });
    expect(rpc.error?.code).toBe("42501");
  });
});
