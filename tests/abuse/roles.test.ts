// Editors against what only administrators may change, through every path the stack
// offers (REST, RPC, the team function), tokens from before a role change, and forged
// `aal` claims against what needs a second factor. An
// editor changes the content; the payment details, the settings, the logo and the team
// are refused by the database (or the function) whatever the client claims. Runs on the
// embedded stack, or on a real project when SUPABASE_URL is set.
import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accessToken,
  serviceClient,
  signedInUser,
  startTestStack,
  type TestStack,
  type TestUser,
  tokenClient,
} from "../contract/stack.ts";
import { decodePayload, editPayload, randomSecret, sign } from "./access-tokens.ts";

const SET_PASSWORD = "http://127.0.0.1:4321/admin/reset-password";
const BANK_ACCOUNT = {
  bank_name: "Probe Bank",
  account_name: "Mallory",
  account_number: "000111222",
};
const LOGO = {
  logo_url: "/images/seed/logo.png",
  logo_name: "MALLORY",
  tagline: "Not the charity",
  is_active: false,
};

let stack: TestStack;
let service: SupabaseClient;
let admin: TestUser;
let editor: TestUser;
let donateId: string;
let logoId: string;

beforeAll(async () => {
  stack = await startTestStack();
  service = serviceClient(stack);
  [admin, editor] = await Promise.all([
    signedInUser(stack, { admin: true }),
    signedInUser(stack, { editor: true }),
  ]);
  const donate = await service
    .from("donate_content")
    .select("id")
    .eq("is_active", true)
    .limit(1)
    .single();
  if (donate.error) throw new Error(donate.error.message);
  donateId = donate.data.id as string;
  const logo = await service.from("logo_settings").insert(LOGO).select("id").single();
  if (logo.error) throw new Error(logo.error.message);
  logoId = logo.data.id as string;
}, 60_000);

afterAll(async () => {
  await service?.from("logo_settings").delete().eq("id", logoId);
  await stack?.close();
});

/** A client that sends this bearer token, as a browser holding it would. */
const withToken = (bearer: string) => tokenClient(stack, bearer);

async function team(bearer: string, body?: Record<string, unknown>) {
  const response = await fetch(`${stack.url}/functions/v1/team`, {
    method: body ? "POST" : "GET",
    headers: {
      apikey: stack.publishableKey,
      authorization: `Bearer ${bearer}`,
      "content-type": "application/json",
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The payment details as the database holds them now. */
async function donateRow() {
  const { data } = await service.from("donate_content").select("*").eq("id", donateId).single();
  return data;
}

/**
 * Every way to change what only administrators change, as `client`: each must be
 * refused (an error, or no row touched) and leave the rows as they were.
 */
async function administratorsOnly(client: SupabaseClient): Promise<string[]> {
  const before = { donate: await donateRow(), settings: await settingsRow() };
  const allowed: string[] = [];
  const attempts: [string, () => PromiseLike<{ error: unknown; data?: unknown }>][] = [
    [
      "REST insert into donate_content",
      () =>
        client
          .from("donate_content")
          .insert({ qr_codes: [], bank_accounts: [BANK_ACCOUNT], is_active: true })
          .select(),
    ],
    [
      "REST update of donate_content",
      () =>
        client
          .from("donate_content")
          .update({ bank_accounts: [BANK_ACCOUNT] })
          .eq("id", donateId)
          .select(),
    ],
    [
      "REST delete of donate_content",
      () => client.from("donate_content").delete().eq("id", donateId).select(),
    ],
    [
      "RPC change_payment_details",
      () =>
        client.rpc("change_payment_details", {
          p_action: "UPDATE",
          p_row_id: donateId,
          p_values: { bank_accounts: [BANK_ACCOUNT] },
        }),
    ],
    ["RPC approve_payment_change", () => client.rpc("approve_payment_change", { p_change_id: 1 })],
    ["RPC pending_payment_changes", () => client.rpc("pending_payment_changes")],
    [
      "REST update of admin_settings (approval)",
      () =>
        client
          .from("admin_settings")
          .update({ require_payment_approval: true })
          .eq("id", true)
          .select(),
    ],
    [
      "REST update of admin_settings (alert address)",
      () =>
        client
          .from("admin_settings")
          .update({ alert_address: "mallory@example.org" })
          .eq("id", true)
          .select(),
    ],
    ["REST insert into logo_settings", () => client.from("logo_settings").insert(LOGO).select()],
    ["RPC activate_logo", () => client.rpc("activate_logo", { logo_id: logoId })],
  ];
  for (const [what, attempt] of attempts) {
    const { error, data } = await attempt();
    const touched = Array.isArray(data) ? data.length > 0 : data !== null && data !== undefined;
    if (!error && touched) allowed.push(what);
  }
  for (const [what, read] of [
    ["read payment_changes", () => client.from("payment_changes").select("id")],
    ["read alert_outbox", () => client.from("alert_outbox").select("id")],
    ["read admin_settings", () => client.from("admin_settings").select("alert_address")],
  ] as const) {
    const { data } = await read();
    if ((data ?? []).length > 0) allowed.push(what);
  }
  expect(await donateRow()).toEqual(before.donate);
  expect(await settingsRow()).toEqual(before.settings);
  return allowed;
}

async function settingsRow() {
  const { data } = await service.from("admin_settings").select("*").eq("id", true).single();
  return data;
}

describe("an editor", () => {
  it("changes the content", async () => {
    const { data, error } = await editor.client
      .from("causes")
      .insert({
        title: `Editor's cause ${randomUUID()}`,
        description: "Written by an editor",
        image_url: "/images/seed/a.jpg",
      })
      .select("id");
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    await service.from("causes").delete().eq("id", data?.[0]?.id);
  });

  it("is refused every change of the payment details, the settings and the logo, by REST and RPC", async () => {
    expect(await administratorsOnly(editor.client)).toEqual([]);
  });

  it("is refused by the team function, whatever it asks, including their own promotion", async () => {
    const token = await accessToken(editor);
    const before = await service.auth.admin.getUserById(editor.id);
    for (const body of [
      undefined,
      { action: "list" },
      {
        action: "invite",
        email: `mallory-${randomUUID()}@example.org`,
        role: "admin",
        redirectTo: SET_PASSWORD,
      },
      { action: "role", userId: editor.id, role: "admin" },
      { action: "remove", userId: admin.id },
    ]) {
      const answer = await team(token, body);
      expect(answer, JSON.stringify(body)).toMatchObject({
        status: 403,
        body: { error: "forbidden" },
      });
    }
    const after = await service.auth.admin.getUserById(editor.id);
    expect(after.data.user?.app_metadata.role).toBe("editor");
    expect(after.data.user?.app_metadata).toEqual(before.data.user?.app_metadata);
  });

  it("cannot make themselves an administrator through Auth", async () => {
    await editor.client.auth.updateUser({ data: { role: "admin" } });
    await editor.client.auth.refreshSession();
    expect(await administratorsOnly(editor.client)).toEqual([]);
  });
});

describe("a token from before a role change", () => {
  it("of an administrator made an editor: refused at once, by the database and the team function", async () => {
    const demoted = await signedInUser(stack, { admin: true });
    const token = await accessToken(demoted);
    expect((await team(token)).status).toBe(200);
    const { error } = await service.auth.admin.updateUserById(demoted.id, {
      app_metadata: { role: "editor" },
    });
    expect(error).toBeNull();
    // The token still says admin; the account says editor.
    expect(await administratorsOnly(withToken(token))).toEqual([]);
    expect((await team(token)).status).toBe(403);
    // As an editor, it still changes the content.
    const { data } = await withToken(token)
      .from("causes")
      .insert({
        title: `Demoted's cause ${randomUUID()}`,
        description: "Still an editor",
        image_url: "/images/seed/a.jpg",
      })
      .select("id");
    expect(data).toHaveLength(1);
    await service.from("causes").delete().eq("id", data?.[0]?.id);
  });

  it("of an editor made an administrator: nothing more until it is renewed", async () => {
    const promoted = await signedInUser(stack, { editor: true });
    const token = await accessToken(promoted);
    const { error } = await service.auth.admin.updateUserById(promoted.id, {
      app_metadata: { role: "admin" },
    });
    expect(error).toBeNull();
    expect(await administratorsOnly(withToken(token))).toEqual([]);
    await promoted.client.auth.refreshSession();
    const { data } = await promoted.client.from("admin_settings").select("alert_address");
    expect(data).toHaveLength(1);
  });
});

/** What an administrator may do without a second factor: the logo, and reading. */
const AT_AAL1 = new Set([
  "REST insert into logo_settings",
  "RPC activate_logo",
  "RPC pending_payment_changes",
  "read payment_changes",
  "read alert_outbox",
  "read admin_settings",
]);

/** Of what went through, what needed a second factor (the changes that move money). */
const secondFactorPaths = (allowed: string[]) => allowed.filter((what) => !AT_AAL1.has(what));

describe("a forged second factor", () => {
  it("an aal2 claim without a verified code changes no payment detail and no team", async () => {
    const admin = await signedInUser(stack, { admin: true, secondFactor: false });
    const real = await accessToken(admin);
    expect(decodePayload(real).aal).toBe("aal1");
    const forged = [
      // The token edited: its signature no longer matches.
      editPayload(real, (claims) => ({ ...claims, aal: "aal2" })),
      // Signed with a key of the attacker's own.
      await sign({ ...decodePayload(real), aal: "aal2" }, randomSecret()),
    ];
    // Signed with the project's own legacy secret (as if it had leaked): the claim is
    // valid, but the session's row still says aal1.
    if (stack.jwtSecret) {
      forged.push(await sign({ ...decodePayload(real), aal: "aal2" }, stack.jwtSecret));
    }
    for (const token of forged) {
      expect(secondFactorPaths(await administratorsOnly(withToken(token)))).toEqual([]);
      const answer = await team(token, { action: "role", userId: editor.id, role: "admin" });
      expect([401, 403]).toContain(answer.status);
    }
    // The password-only session itself: an administrator's, but not for these paths.
    expect(secondFactorPaths(await administratorsOnly(admin.client))).toEqual([]);
    await service.from("logo_settings").delete().eq("logo_name", LOGO.logo_name);
    const own = await team(real, { action: "role", userId: editor.id, role: "admin" });
    expect(own).toMatchObject({ status: 403, body: { error: "second_factor_required" } });
    const after = await service.auth.admin.getUserById(editor.id);
    expect(after.data.user?.app_metadata.role).toBe("editor");
  });
});
