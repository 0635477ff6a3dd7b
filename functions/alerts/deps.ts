// The real dependencies of the alerts function: the database (secret key) to claim
// and finish alerts, and the mailer the function secrets describe, sending under the
// organisation's name (its record; MAIL_FROM's own name when it cannot be read).
import { isServerKey, serviceClient } from "../_shared/caller.ts";
import { mailerFromEnv } from "../_shared/mail.ts";
import type { AlertResult, AlertsDeps, Claim } from "./handler.ts";
import { limitsFrom } from "./handler.ts";

/** How long a claim is the claimant's alone (s): longer than sending it can take. */
const LEASE_SECONDS = 120;
/** How long one database call may take (ms). */
const DATABASE_TIMEOUT_MS = 10_000;

export function createDeps(env: Deno.Env): AlertsDeps {
  const service = serviceClient(env);
  return {
    isSecretKey: (token) => isServerKey(env, token),

    async claim(limits): Promise<Claim> {
      const { data, error } = await service()
        .rpc("claim_alerts", {
          p_message_limit: limits.messageLimit,
          p_window_seconds: limits.windowSeconds,
          p_lease_seconds: LEASE_SECONDS,
        })
        .abortSignal(AbortSignal.timeout(DATABASE_TIMEOUT_MS));
      if (error) throw error;
      const claim = (data ?? {}) as Partial<Claim>;
      return {
        claim_id: String(claim.claim_id ?? ""),
        alerts: claim.alerts ?? [],
        digest: claim.digest ?? null,
        admins: claim.admins ?? [],
        team: claim.team ?? [],
        alert_address: claim.alert_address ?? null,
      };
    },

    async finish(claimId: string, results: AlertResult[]) {
      const { error } = await service()
        .rpc("finish_alerts", { p_claim_id: claimId, p_results: results })
        .abortSignal(AbortSignal.timeout(DATABASE_TIMEOUT_MS));
      if (error) throw error;
    },

    async mailer() {
      const { data, error } = await service()
        .from("organisation")
        .select("name")
        .order("created_at", { ascending: false })
        .limit(1)
        .abortSignal(AbortSignal.timeout(DATABASE_TIMEOUT_MS));
      if (error) console.error("alerts: the organisation's name could not be read", error);
      const name = (data?.[0] as { name?: unknown } | undefined)?.name;
      return mailerFromEnv(env, undefined, typeof name === "string" ? name : null);
    },
    siteUrl: env.get("SITE_URL")?.trim() || undefined,
    limits: limitsFrom(env),
  };
}
