// Supabase Auth as the admin uses it. The sign-in page talks to Auth alone, with
// @supabase/auth-js (the library supabase-js wraps for `client.auth`), so it loads
// none of the database, storage or functions clients; every other page uses the full
// client (api/client.ts). Both keep the session under the same storage key, through
// the same 'Remember me' storage, so a session made on the sign-in page is the one the
// signed-in pages find.
import { AuthClient } from "@supabase/auth-js";
import { rememberStorage } from "./remember-storage.ts";

/** Where the session is kept (localStorage or sessionStorage, see remember-storage.ts). */
export const SESSION_STORAGE_KEY = "charity-admin-auth";

/** The options both clients give Auth: where and how the session is kept. */
export const sessionOptions = {
  storage: rememberStorage,
  storageKey: SESSION_STORAGE_KEY,
  persistSession: true,
  autoRefreshToken: true,
} as const;

/** Supabase Auth's client: supabase-js's `client.auth` is one too. */
export type Auth = InstanceType<typeof AuthClient>;

/** What the account's functions (auth.ts) need of a client: its Auth part. */
export interface AuthHolder {
  auth: Auth;
}

export interface AuthConfig {
  supabaseUrl: string;
  publishableKey: string;
}

/**
 * An Auth client made as supabase-js makes its own: Auth's address under the project's,
 * and the publishable key as `apikey` and as the bearer until someone signs in. It is
 * made on first use, in the browser: the page is rendered ahead without one.
 */
/** Where Auth answers and what it is sent, as supabase-js sets them up. */
function authEndpoint({ supabaseUrl, publishableKey }: AuthConfig) {
  return {
    url: new URL("auth/v1", `${supabaseUrl.replace(/\/+$/, "")}/`).href,
    headers: { Authorization: `Bearer ${publishableKey}`, apikey: publishableKey },
  };
}

/**
 * A client that keeps no session: it checks a password (the current one, before a
 * change) without replacing the signed-in session, which may have verified a second
 * factor that a new sign-in would not have.
 */
export function checkingClient(config: AuthConfig): AuthHolder {
  return {
    auth: new AuthClient({
      ...authEndpoint(config),
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    }),
  };
}

export function signInClient(config: AuthConfig): AuthHolder {
  let made: Auth | null = null;
  const make = () =>
    new AuthClient({
      ...authEndpoint(config),
      ...sessionOptions,
      // The sign-in page takes no session from its address (emailed links lead to the
      // set-password screen, which uses the full client).
      detectSessionInUrl: false,
    });
  return {
    get auth() {
      made ??= make();
      return made;
    },
  };
}
