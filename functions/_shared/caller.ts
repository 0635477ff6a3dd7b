// Who is calling a function: the bearer token checked with Supabase Auth, and the admin
// claim read from app_metadata (which only the service key can set). `verify_jwt` at the
// gateway lets the anon key through, so every admin-only function asks this itself.
import { createClient, type SupabaseClient } from "npm:@supabase/supabase-js@2";

export type Caller = { kind: "admin"; userId: string } | { kind: "user" } | { kind: "none" };

const NO_SESSION = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
};

/** identify(token) for the project in env (SUPABASE_URL, SUPABASE_ANON_KEY). */
export function supabaseIdentify(env: Deno.Env): (token: string) => Promise<Caller> {
  let auth: SupabaseClient | undefined;
  return async (token: string) => {
    const url = env.get("SUPABASE_URL");
    const anonKey = env.get("SUPABASE_ANON_KEY");
    if (!url || !anonKey) throw new Error("SUPABASE_URL or SUPABASE_ANON_KEY is not set");
    auth ??= createClient(url, anonKey, NO_SESSION);
    const { data, error } = await auth.auth.getUser(token);
    if (error || !data.user) return { kind: "none" };
    // A banned account is signed out for every purpose, even while its token lasts.
    const bannedUntil = Date.parse(data.user.banned_until ?? "");
    if (bannedUntil > Date.now()) return { kind: "none" };
    return data.user.app_metadata?.role === "admin"
      ? { kind: "admin", userId: data.user.id }
      : { kind: "user" };
  };
}

/** A service-role client for the project in env, made on first use. */
export function serviceClient(env: Deno.Env): () => SupabaseClient {
  let client: SupabaseClient | undefined;
  return () => {
    const url = env.get("SUPABASE_URL");
    const serviceKey = env.get("SUPABASE_SERVICE_ROLE_KEY");
    if (!url || !serviceKey)
      throw new Error("SUPABASE_URL or SUPABASE_SERVICE_ROLE_KEY is not set");
    client ??= createClient(url, serviceKey, NO_SESSION);
    return client;
  };
}
