// The admin's one Supabase client. The static shell passes the project URL and the
// publishable key (never a secret key: this code runs in the browser); the signed-in
// user's token then rides on every request and RLS decides what it may do.
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "../../../supabase/database.types.ts";
import { isSetPasswordLink } from "../account/auth.ts";
import { sessionOptions } from "../account/auth-client.ts";

export type AdminClient = SupabaseClient<Database>;

let client: AdminClient | null = null;

export interface ClientConfig {
  supabaseUrl: string;
  publishableKey: string;
}

export function getClient(config?: ClientConfig): AdminClient {
  if (client) return client;
  if (!config) throw new Error("The admin's Supabase client is not configured yet.");
  client = createClient<Database>(config.supabaseUrl, config.publishableKey, {
    auth: {
      ...sessionOptions,
      // Only the set-password screen takes the session an emailed link brings.
      detectSessionInUrl: isSetPasswordLink,
    },
  });
  return client;
}
