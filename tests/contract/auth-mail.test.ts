// Auth's emailed links, driven through supabase-js as the admin will drive them, and
// read back from the mail catcher: password resets (the link, the session it gives,
// the new password), invitations (accepting one, choosing a password), the answers
// that must not tell whether an address has an account, the per-address wait between
// two emails, where a link may lead, and who may invite. Runs against the embedded
// stand-in, or a real Supabase whose mail lands in a catcher (MAIL_CATCHER_URL, e.g.
// `supabase start`'s Mailpit).
import { randomUUID } from "node:crypto";
import { createClient, isAuthApiError, type SupabaseClient } from "@supabase/supabase-js";
import { decodeJwt } from "jose";
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
} from "./stack.ts";

/** The project's site URL (config.toml's site_url for the embedded stack). */
const SITE_URL = process.env.AUTH_SITE_URL || "http://127.0.0.1:4321";
const RESET_PAGE = `${SITE_URL}/admin/reset-password`;
const WELCOME_PAGE = `${SITE_URL}/admin/welcome`;
const NO_CATCHER = REAL_PROJECT && !process.env.MAIL_CATCHER_URL;

let stack: TestStack;
let service: SupabaseClient;

beforeAll(async () => {
  stack = await startTestStack();
  service = serviceClient(stack);
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

async function confirmedUser(prefix = "reset") {
  const email = newEmail(prefix);
  const password = `pw-${randomUUID()}`;
  const { data, error } = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
  });
  if (error || !data.user) throw new Error(`could not create ${email}: ${error?.message}`);
  return { id: data.user.id, email, password };
}

/** A client signed in with the session an emailed link handed over. */
async function clientFromRedirect(location: string) {
  const fragment = fragmentOf(location);
  const client = anonClient(stack);
  const { data, error } = await client.auth.setSession({
    access_token: fragment.get("access_token") ?? "",
    refresh_token: fragment.get("refresh_token") ?? "",
  });
  expect(error).toBeNull();
  return { client, user: data.user };
}

describe.skipIf(NO_CATCHER)("password reset by email", () => {
  it("mails a link that signs the user in, so they can choose a new password", async () => {
    const user = await confirmedUser();
    const { data, error } = await anonClient(stack).auth.resetPasswordForEmail(user.email, {
      redirectTo: RESET_PAGE,
    });
    expect(error).toBeNull();
    expect(data).toEqual({});

    const [mail] = await waitForMail(stack, user.email);
    if (!mail) throw new Error("no mail");
    expect(mail.Subject).toBe("Reset your password");
    expect(mail.To.map((to) => to.Address)).toEqual([user.email]);
    const link = verifyLink(mail);
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${stack.url}/auth/v1/verify`);
    expect(url.searchParams.get("type")).toBe("recovery");
    expect(url.searchParams.get("redirect_to")).toBe(RESET_PAGE);

    // The link answers 303 to the page, the session in the fragment (the implicit flow).
    const followed = await follow(link);
    expect(followed.status).toBe(303);
    expect(followed.location.startsWith(`${RESET_PAGE}#`)).toBe(true);
    const fragment = fragmentOf(followed.location);
    expect(fragment.get("type")).toBe("recovery");
    expect(fragment.get("token_type")).toBe("bearer");
    expect(fragment.get("expires_in")).toBe("3600");
    expect(fragment.has("sb")).toBe(true);
    const claims = decodeJwt(fragment.get("access_token") ?? "");
    expect(claims.sub).toBe(user.id);
    expect(claims.amr).toEqual([{ method: "otp", timestamp: expect.any(Number) }]);

    const { client, user: signedIn } = await clientFromRedirect(followed.location);
    expect(signedIn?.id).toBe(user.id);
    const next = `new-pw-${randomUUID()}`;
    expect((await client.auth.updateUser({ password: next })).error).toBeNull();

    const fresh = await anonClient(stack).auth.signInWithPassword({
      email: user.email,
      password: next,
    });
    expect(fresh.error).toBeNull();
    const old = await anonClient(stack).auth.signInWithPassword({
      email: user.email,
      password: user.password,
    });
    expect(old.error?.code).toBe("invalid_credentials");

    // A link works once.
    const again = await follow(link);
    expect(again.status).toBe(303);
    const refused = fragmentOf(again.location);
    expect(again.location.startsWith(`${RESET_PAGE}#`)).toBe(true);
    expect(refused.get("error")).toBe("access_denied");
    expect(refused.get("error_code")).toBe("otp_expired");
    expect(refused.get("error_description")).toBe("Email link is invalid or has expired");
  });

  it("answers an address without an account exactly as one with, and sends it nothing", async () => {
    const known = await confirmedUser("known");
    const unknown = newEmail("nobody");
    const ask = (email: string) =>
      fetch(`${stack.url}/auth/v1/recover`, {
        method: "POST",
        headers: {
          apikey: stack.publishableKey,
          "content-type": "application/json",
          "x-supabase-api-version": "2024-01-01",
        },
        body: JSON.stringify({ email }),
      });
    const [forKnown, forUnknown] = [await ask(known.email), await ask(unknown)];
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forKnown.status).toBe(200);
    expect(await forUnknown.text()).toBe(await forKnown.text());
    expect(forUnknown.headers.get("content-type")).toBe(forKnown.headers.get("content-type"));

    await waitForMail(stack, known.email);
    expect(await mailTo(stack, unknown)).toEqual([]);
  });

  it("sends one address one link a minute: a second request is refused with 429", async () => {
    const user = await confirmedUser("twice");
    const client = anonClient(stack);
    expect((await client.auth.resetPasswordForEmail(user.email)).error).toBeNull();
    const second = await client.auth.resetPasswordForEmail(user.email);
    expect(isAuthApiError(second.error)).toBe(true);
    expect(second.error?.status).toBe(429);
    expect(second.error?.code).toBe("over_email_send_rate_limit");
    const seconds = Number(
      /^For security purposes, you can only request this after (\d+) seconds\.$/.exec(
        second.error?.message ?? "",
      )?.[1],
    );
    expect(seconds).toBeGreaterThan(40);
    expect(seconds).toBeLessThanOrEqual(60);
    await waitForMail(stack, user.email);
    await mailSettled(stack);
    expect(await mailTo(stack, user.email)).toHaveLength(1);
  });

  it("leads only where it may: an address outside the allow-list falls back to the site URL", async () => {
    const user = await confirmedUser("redirect");
    const { error } = await anonClient(stack).auth.resetPasswordForEmail(user.email, {
      redirectTo: "https://evil.example/steal",
    });
    expect(error).toBeNull();
    const [mail] = await waitForMail(stack, user.email);
    if (!mail) throw new Error("no mail");
    const link = verifyLink(mail);
    expect(new URL(link).searchParams.get("redirect_to")).toBe(SITE_URL);
    const followed = await follow(link);
    expect(followed.status).toBe(303);
    expect(followed.location.startsWith(`${SITE_URL}#`)).toBe(true);
    expect(followed.location).not.toContain("evil.example");
  });
});

describe.skipIf(NO_CATCHER)("password reset with flowType 'pkce'", () => {
  it("the link answers ?code=, which the client exchanges with its verifier, once", async () => {
    const user = await confirmedUser("pkce");
    const kept = new Map<string, string>();
    const client = createClient(stack.url, stack.publishableKey, {
      auth: {
        flowType: "pkce",
        persistSession: true,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        storage: {
          getItem: (key) => kept.get(key) ?? null,
          setItem: (key, value) => void kept.set(key, value),
          removeItem: (key) => void kept.delete(key),
        },
      },
    });
    const asked = await client.auth.resetPasswordForEmail(user.email, { redirectTo: RESET_PAGE });
    expect(asked.error).toBeNull();
    const [mail] = await waitForMail(stack, user.email);
    if (!mail) throw new Error("no mail");
    const link = verifyLink(mail);
    expect(new URL(link).searchParams.get("token")).toMatch(/^pkce_[0-9a-f]{56}$/);

    const followed = await follow(link);
    expect(followed.status).toBe(303);
    expect(followed.location.startsWith(`${RESET_PAGE}?code=`)).toBe(true);
    const code = new URL(followed.location).searchParams.get("code") ?? "";
    expect(fragmentOf(followed.location).has("access_token")).toBe(false);

    const exchange = (verifier: string) =>
      fetch(`${stack.url}/auth/v1/token?grant_type=pkce`, {
        method: "POST",
        headers: {
          apikey: stack.publishableKey,
          "content-type": "application/json",
          "x-supabase-api-version": "2024-01-01",
        },
        body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
      });
    const wrong = await exchange("x".repeat(43));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      code: "bad_code_verifier",
      message: "code challenge does not match previously saved code verifier",
    });

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(decodeJwt(data.session?.access_token ?? "").amr).toEqual([
      { method: "recovery", timestamp: expect.any(Number) },
    ]);
    const password = `pkce-pw-${randomUUID()}`;
    expect((await client.auth.updateUser({ password })).error).toBeNull();
    const signIn = await anonClient(stack).auth.signInWithPassword({ email: user.email, password });
    expect(signIn.error).toBeNull();

    const reused = await exchange("x".repeat(43));
    expect(reused.status).toBe(404);
    expect((await reused.json()).code).toBe("flow_state_not_found");
  });
});

/**
 * What the project's invite template (supabase/templates/invite.html) reads from the
 * user_metadata; the team function always gives both.
 */
const INVITE_DATA = { site_name: "Helping Hands", invited_by: "ana@example.org" };

describe.skipIf(NO_CATCHER)("invitations", () => {
  it("create an unconfirmed user and mail a link; accepting it lets them choose a password", async () => {
    const email = newEmail("invited");
    const { data, error } = await service.auth.admin.inviteUserByEmail(email, {
      redirectTo: WELCOME_PAGE,
      data: { name: "New volunteer", ...INVITE_DATA },
    });
    expect(error).toBeNull();
    const invited = data.user;
    if (!invited) throw new Error("no user");
    expect(invited.email).toBe(email);
    expect(invited.invited_at).toBeTruthy();
    expect(invited.email_confirmed_at).toBeUndefined();
    expect(invited.last_sign_in_at).toBeUndefined();
    expect(invited.user_metadata).toMatchObject({ name: "New volunteer" });
    expect(invited.app_metadata).toMatchObject({ provider: "email", providers: ["email"] });

    // Not able to sign in yet: there is no password.
    const early = await anonClient(stack).auth.signInWithPassword({
      email,
      password: "any-password-at-all",
    });
    expect(early.error?.code).toBe("invalid_credentials");

    const [mail] = await waitForMail(stack, email);
    if (!mail) throw new Error("no mail");
    expect(mail.Subject).toBe("You are invited to help run the charity's website");
    expect(mail.HTML).toContain(
      "ana@example.org has invited you to join the team that runs the website of Helping Hands",
    );
    const link = verifyLink(mail);
    expect(new URL(link).searchParams.get("type")).toBe("invite");
    const followed = await follow(link);
    expect(followed.status).toBe(303);
    expect(followed.location.startsWith(`${WELCOME_PAGE}#`)).toBe(true);
    expect(fragmentOf(followed.location).get("type")).toBe("invite");

    const { client, user } = await clientFromRedirect(followed.location);
    expect(user?.id).toBe(invited.id);
    expect(user?.email_confirmed_at).toBeTruthy();
    const password = `chosen-${randomUUID()}`;
    expect((await client.auth.updateUser({ password })).error).toBeNull();
    const signIn = await anonClient(stack).auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.id).toBe(invited.id);

    // What the team list reads: invited, confirmed, and when they last signed in.
    const listed = await service.auth.admin.getUserById(invited.id);
    expect(listed.data.user?.invited_at).toBe(invited.invited_at);
    expect(listed.data.user?.email_confirmed_at).toBeTruthy();
    expect(listed.data.user?.last_sign_in_at).toBeTruthy();
  });

  it("sends an unconfirmed user a new invitation, and refuses a confirmed one", async () => {
    const email = newEmail("reinvited");
    expect(
      (await service.auth.admin.inviteUserByEmail(email, { data: INVITE_DATA })).error,
    ).toBeNull();
    // Inviting again keeps the first invitation's user_metadata (Auth ignores `data`).
    const again = await service.auth.admin.inviteUserByEmail(email);
    expect(again.error).toBeNull();
    const mails = await waitForMail(stack, email, { count: 2 });
    const [newest, first] = mails.map(verifyLink);
    expect(newest).not.toBe(first);
    // Only the newest invitation still works.
    expect(fragmentOf((await follow(first ?? "")).location).get("error_code")).toBe("otp_expired");
    expect(fragmentOf((await follow(newest ?? "")).location).get("access_token")).toBeTruthy();

    const member = await confirmedUser("member");
    const refused = await service.auth.admin.inviteUserByEmail(member.email, {
      data: INVITE_DATA,
    });
    expect(refused.error?.status).toBe(422);
    expect(refused.error?.code).toBe("email_exists");
  });

  it("are for the service role only: anon and an admin's own token are refused", async () => {
    const email = newEmail("uninvited");
    const asAnon = await anonClient(stack).auth.admin.inviteUserByEmail(email);
    expect(asAnon.data.user).toBeNull();
    expect(asAnon.error?.status).toBe(403);
    expect(asAnon.error?.code).toBe("not_admin");

    const admin = await signedInUser(stack, { admin: true });
    const token = await accessToken(admin);
    const res = await fetch(`${stack.url}/auth/v1/invite`, {
      method: "POST",
      headers: {
        apikey: stack.publishableKey,
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ email }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("x-sb-error-code")).toBe("not_admin");

    // Nobody was created and nothing was sent.
    const lookup = await service.auth.admin.generateLink({ type: "recovery", email });
    expect(lookup.error?.status).toBe(404);
    expect(lookup.error?.code).toBe("user_not_found");
    expect(await mailTo(stack, email)).toEqual([]);
  });
});

describe("links without email", () => {
  it("generate_link gives a recovery link and code that verifyOtp accepts", async () => {
    const user = await confirmedUser("generated");
    const { data, error } = await service.auth.admin.generateLink({
      type: "recovery",
      email: user.email,
      options: { redirectTo: RESET_PAGE },
    });
    expect(error).toBeNull();
    const properties = data.properties;
    if (!properties) throw new Error("no link");
    expect(properties.verification_type).toBe("recovery");
    expect(properties.redirect_to).toBe(RESET_PAGE);
    expect(properties.email_otp).toMatch(/^\d{6}$/);
    expect(properties.action_link).toContain("/auth/v1/verify?token=");
    expect(data.user?.recovery_sent_at).toBeTruthy();

    const client = anonClient(stack);
    const verified = await client.auth.verifyOtp({
      token_hash: properties.hashed_token,
      type: "recovery",
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.id).toBe(user.id);
    expect(verified.data.session?.access_token).toBeTruthy();
    // Used up.
    const twice = await anonClient(stack).auth.verifyOtp({
      token_hash: properties.hashed_token,
      type: "recovery",
    });
    expect(twice.error?.status).toBe(403);
    expect(twice.error?.code).toBe("otp_expired");
  });

  it("verifyOtp takes the address and the code from the email too", async () => {
    const user = await confirmedUser("code");
    const { data } = await service.auth.admin.generateLink({ type: "recovery", email: user.email });
    const wrong = await anonClient(stack).auth.verifyOtp({
      email: user.email,
      token: "000000" === data.properties?.email_otp ? "111111" : "000000",
      type: "recovery",
    });
    expect(wrong.error?.status).toBe(403);
    expect(wrong.error?.code).toBe("otp_expired");
    expect(wrong.error?.message).toBe("Token has expired or is invalid");
    const right = await anonClient(stack).auth.verifyOtp({
      email: user.email,
      token: data.properties?.email_otp ?? "",
      type: "recovery",
    });
    expect(right.error).toBeNull();
    expect(right.data.user?.id).toBe(user.id);
  });
});

describe.skipIf(REAL_PROJECT)(
  `expired links ${embeddedOnly("ages a link in the database")}`,
  () => {
    it("a link older than otp_expiry is refused", async () => {
      const user = await confirmedUser("aged");
      const { data } = await service.auth.admin.generateLink({
        type: "recovery",
        email: user.email,
      });
      await stack.db?.query(
        "update auth.users set recovery_sent_at = now() - interval '2 hours' where id = $1",
        [user.id],
      );
      const followed = await follow(data.properties?.action_link ?? "");
      expect(followed.status).toBe(303);
      expect(fragmentOf(followed.location).get("error_code")).toBe("otp_expired");
    });
  },
);
