// Sign-in, sign-out and who is signed in. The admin claim lives in app_metadata,
// which only the secret key can set; the database checks it on every request.
import type { Session } from "@supabase/supabase-js";
import type { AdminClient } from "./client.ts";
import { setRemember } from "./remember-storage.ts";

export function isAdmin(session: Session | null): boolean {
  return session?.user.app_metadata?.role === "admin";
}

export type SignInResult = { ok: true } | { ok: false; message: string };

export const WRONG_CREDENTIALS = "Invalid username or password. Please try again.";

export async function signIn(
  client: AdminClient,
  email: string,
  password: string,
  remember: boolean,
): Promise<SignInResult> {
  setRemember(remember);
  try {
    const { error } = await client.auth.signInWithPassword({ email: email.trim(), password });
    if (!error) return { ok: true };
    if (error.status === 400 || error.code === "invalid_credentials")
      return { ok: false, message: WRONG_CREDENTIALS };
    if (error.status === 429)
      return {
        ok: false,
        message: "Too many sign-in attempts. Please wait a minute and try again.",
      };
    return { ok: false, message: `Sign-in failed: ${error.message}` };
  } catch {
    return {
      ok: false,
      message: "The server could not be reached. Check the connection and try again.",
    };
  }
}

export async function signOut(client: AdminClient): Promise<void> {
  // Ends this session on the server too; the local copy is cleared either way.
  await client.auth.signOut({ scope: "local" }).catch(() => undefined);
}
