// The sign-in page's Auth client against a real stand-in: the session it makes is the
// one the full client of the signed-in pages finds, and it is the same auth-js that
// supabase-js wraps.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceClient } from "../../../tests/contract/stack.ts";
import { getClient } from "../api/client.ts";
import { type ScreenStack, startScreenStack } from "../testing/stack.ts";
import { signIn } from "./auth.ts";
import { SESSION_STORAGE_KEY, signInClient } from "./auth-client.ts";

const root = join(import.meta.dirname, "..", "..", "..");
const dependencies = (file: string): Record<string, string> =>
  JSON.parse(readFileSync(join(root, file), "utf8")).dependencies;

let screen: ScreenStack;
beforeAll(async () => {
  screen = await startScreenStack();
});
afterAll(() => screen?.close());

describe("the sign-in page's Auth client", () => {
  it("is the @supabase/auth-js that supabase-js itself depends on", () => {
    const ours = dependencies("package.json")["@supabase/auth-js"];
    const theirs = dependencies("node_modules/@supabase/supabase-js/package.json")[
      "@supabase/auth-js"
    ];
    expect(ours).toBe(theirs);
  });

  it("signs in and keeps the session where the signed-in pages' client finds it", async () => {
    const email = `sign-in-${crypto.randomUUID()}@helpinghands.example`;
    const password = `pw-${crypto.randomUUID()}`;
    const created = await serviceClient(screen.stack).auth.admin.createUser({
      email,
      password,
      email_confirm: true,
      app_metadata: { role: "admin" },
    });
    expect(created.error).toBeNull();
    const config = { supabaseUrl: screen.stack.url, publishableKey: screen.stack.publishableKey };

    const page = signInClient(config);
    expect(await signIn(page, email, "not-the-password", true)).toEqual({
      ok: false,
      message: "Invalid username or password. Please try again.",
    });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();

    expect(await signIn(page, email, password, true)).toEqual({ ok: true });
    // 'Remember me': the session outlives the tab.
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toContain(email);

    const { data } = await getClient(config).auth.getSession();
    expect(data.session?.user.email).toBe(email);
    // The session works for the database too: the admin reads the settings RLS keeps
    // from everyone else.
    const settings = await getClient().from("admin_settings").select("id");
    expect(settings.error).toBeNull();
    expect(settings.data).toHaveLength(1);
  });
});
