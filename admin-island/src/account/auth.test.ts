// The admin's password calls against the embedded stack: a reset request that
// answers alike for any address and says when to wait, a new password held to Auth's
// rules, changing one's own password only with the current one, the emailed link read
// from the address.

import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "smol-toml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  anonClient,
  signedInUser,
  startTestStack,
  type TestStack,
} from "../../../tests/contract/stack.ts";
import type { AdminClient } from "../api/client.ts";
import {
  changePassword,
  isSetPasswordLink,
  MIN_PASSWORD_LENGTH,
  newPasswordProblem,
  readLink,
  requestPasswordReset,
  SET_PASSWORD_PATH,
  setNewPassword,
} from "./auth.ts";
import { checkingClient } from "./auth-client.ts";
import { passwords } from "./words.ts";

const ORIGIN = "http://127.0.0.1:4321";
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

const asAdminClient = (client: unknown) => client as AdminClient;

describe("password rules", () => {
  it("asks for Auth's own minimum length (config.toml)", async () => {
    const config = parse(
      await readFile(join(import.meta.dirname, "../../../supabase/config.toml"), "utf8"),
    ) as { auth: { minimum_password_length: number } };
    expect(MIN_PASSWORD_LENGTH).toBe(config.auth.minimum_password_length);
  });

  it("checks a new password typed twice", () => {
    const ok = "a".repeat(MIN_PASSWORD_LENGTH);
    expect(newPasswordProblem("", "")).toBe(passwords.newRequired);
    expect(newPasswordProblem(ok.slice(1), ok.slice(1))).toBe(
      passwords.tooShort(MIN_PASSWORD_LENGTH),
    );
    expect(newPasswordProblem("é".repeat(40), "é".repeat(40))).toBe(passwords.tooLong);
    expect(newPasswordProblem(ok, `${ok}x`)).toBe(passwords.mismatch);
    expect(newPasswordProblem(ok, ok)).toBeNull();
  });
});

describe("the emailed link in the address", () => {
  it("reads a session, Auth's refusal, or nothing", () => {
    const page = `${ORIGIN}${SET_PASSWORD_PATH}`;
    expect(readLink(`${page}#access_token=x&refresh_token=y&type=invite`)).toEqual({
      kind: "session",
      purpose: "invite",
    });
    expect(readLink(`${page}#access_token=x&type=recovery`)).toEqual({
      kind: "session",
      purpose: "recovery",
    });
    expect(
      readLink(
        `${page}#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`,
      ),
    ).toEqual({ kind: "expired" });
    expect(readLink(page)).toEqual({ kind: "none" });
  });

  it("lets supabase-js take it only on the set-password screen", () => {
    const params = { access_token: "x", refresh_token: "y" };
    expect(isSetPasswordLink(new URL(`${ORIGIN}${SET_PASSWORD_PATH}`), params)).toBe(true);
    expect(isSetPasswordLink(new URL(`${ORIGIN}${SET_PASSWORD_PATH}/`), params)).toBe(true);
    expect(isSetPasswordLink(new URL(`${ORIGIN}${SET_PASSWORD_PATH}`), { error_code: "x" })).toBe(
      true,
    );
    expect(isSetPasswordLink(new URL(`${ORIGIN}${SET_PASSWORD_PATH}`), {})).toBe(false);
    expect(isSetPasswordLink(new URL(`${ORIGIN}/admin/dashboard`), params)).toBe(false);
    expect(isSetPasswordLink(new URL(`${ORIGIN}/`), params)).toBe(false);
  });
});

describe("asking for a reset link", () => {
  it("answers alike for an account and for nobody, then says to wait", async () => {
    const user = await signedInUser(stack);
    const client = asAdminClient(anonClient(stack));
    expect(await requestPasswordReset(client, user.email, ORIGIN)).toEqual({ ok: true });
    expect(
      await requestPasswordReset(client, `nobody-${randomUUID()}@example.org`, ORIGIN),
    ).toEqual({ ok: true });
    expect(await requestPasswordReset(client, user.email, ORIGIN)).toEqual({
      ok: false,
      message: passwords.wait,
    });
  });
});

describe("setting and changing a password", () => {
  it("refuses a password Auth finds too weak, or the same as before, in words", async () => {
    const user = await signedInUser(stack);
    const client = asAdminClient(user.client);
    expect(await setNewPassword(client, "short")).toEqual({
      ok: false,
      message: passwords.weak(MIN_PASSWORD_LENGTH),
    });
    expect(await setNewPassword(client, user.password)).toEqual({
      ok: false,
      message: passwords.samePassword,
    });
    const next = `next-${randomUUID()}`;
    expect(await setNewPassword(client, next)).toEqual({ ok: true });
    const again = await anonClient(stack).auth.signInWithPassword({
      email: user.email,
      password: next,
    });
    expect(again.error).toBeNull();
  });

  it("changes one's own password only with the current one", async () => {
    const user = await signedInUser(stack, { admin: true });
    const client = asAdminClient(user.client);
    const next = `changed-${randomUUID()}`;
    const checker = checkingClient({
      supabaseUrl: stack.url,
      publishableKey: stack.publishableKey,
    });
    expect(await changePassword(client, checker, user.email, "not-the-password", next)).toEqual({
      ok: false,
      message: passwords.currentWrong,
    });
    // An administrator whose session verified a second factor: it stays that session.
    expect(await changePassword(client, checker, user.email, user.password, next)).toEqual({
      ok: true,
    });
    const old = await anonClient(stack).auth.signInWithPassword({
      email: user.email,
      password: user.password,
    });
    expect(old.error?.code).toBe("invalid_credentials");
    // The session that made the change goes on.
    expect((await client.auth.getUser()).data.user?.id).toBe(user.id);
  });
});
