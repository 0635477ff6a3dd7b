// Stores a message through public.submit_contact_message (migration
// 20261122002000_contact_rate_limit.sql) with the secret key: the rate limit check,
// the attempt's record and the insert happen in one database transaction.
import { createClient, type SupabaseClient } from "npm:@supabase/supabase-js@2";
import type { ContactMessage } from "../_shared/contact-rules.ts";
import type { RateLimits, StoreResult } from "./handler.ts";

/** How long one store may take before the function gives up and answers 500. */
const STORE_TIMEOUT_MS = 10_000;

/** What the database function answers. */
interface SubmitAnswer {
  stored?: unknown;
  retry_after?: unknown;
}

/** Reads the database function's answer; anything unexpected is an error. */
export function parseSubmitAnswer(data: unknown): StoreResult {
  const answer = (typeof data === "object" && data !== null ? data : {}) as SubmitAnswer;
  if (answer.stored === true) return { stored: true };
  if (answer.stored === false && typeof answer.retry_after === "number" && answer.retry_after > 0) {
    return { stored: false, retryAfter: answer.retry_after };
  }
  throw new Error("submit_contact_message gave an unexpected answer");
}

export function createStore(
  url: string | undefined,
  secretKey: string | undefined,
): (message: ContactMessage, clientHash: string, limits: RateLimits) => Promise<StoreResult> {
  let client: SupabaseClient | undefined;
  return async (message, clientHash, limits) => {
    if (!url || !secretKey) {
      throw new Error("SUPABASE_URL or the secret key (SUPABASE_SECRET_KEYS) is not set");
    }
    client ??= createClient(url, secretKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const { data, error } = await client
      .rpc("submit_contact_message", {
        p_client_hash: clientHash,
        p_name: message.name,
        p_email: message.email,
        p_phone: message.phone,
        p_subject: message.subject,
        p_message: message.message,
        p_inquiry_type: message.inquiryType,
        p_client_limit: limits.clientLimit,
        p_global_limit: limits.globalLimit,
        p_window_seconds: limits.windowSeconds,
      })
      .abortSignal(AbortSignal.timeout(STORE_TIMEOUT_MS));
    if (error) throw error;
    return parseSubmitAnswer(data);
  };
}
