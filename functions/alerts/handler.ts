// The alerts function's request handling, free of the network and the environment so
// `deno test` drives every answer with fakes (index.ts wires the real ones).
//
// The database writes every alert into public.alert_outbox (a trigger, whatever path a
// write took); this function only delivers. Each call takes what is due
// (claim_alerts: single alerts, or a digest of messages once too many came at once),
// sends each mail, and reports what became of it (finish_alerts): a failure is tried
// again later by the next call. It is called by the database itself through pg_net
// when an alert is added (as a Database Webhook would), and every minute by a
// Supabase Cron job; locally the stand-in plays both (supabase/local/hooks/).
//
//   POST (any body; a webhook's payload is ignored)   the secret key only; 200 {sent, failed}
//   OPTIONS                                           204
//   not POST                                          405 method_not_allowed
//   no token, or any token but the secret key         401 unauthorized
//   the database failing                              500 unavailable (logged)
import { bearerToken, discardBody, endpointAnswers } from "../_shared/http.ts";
import type { Mailer } from "../_shared/mail.ts";
import {
  type AlertKind,
  composeAlert,
  composeDigest,
  type DigestSummary,
  type OutboxAlert,
  recipientsFor,
} from "./compose.ts";

/** What claim_alerts answers. */
export interface Claim {
  claim_id: string;
  alerts: OutboxAlert[];
  digest: DigestSummary | null;
  admins: string[];
  /** Everyone on the team, editors too (the 'factors' alerts go to them all). */
  team: string[];
  alert_address: string | null;
}

/** What became of one mail: `id` null is the digest; `final` when trying again cannot help. */
export interface AlertResult {
  id: number | null;
  ok: boolean;
  error?: string;
  final?: boolean;
}

/** At most `messageLimit` message mails per `windowSeconds`; the rest go in a digest. */
export interface DeliveryLimits {
  messageLimit: number;
  windowSeconds: number;
}

export const DEFAULT_LIMITS: DeliveryLimits = { messageLimit: 3, windowSeconds: 3600 };

/** Claims one call takes at most, so a call always ends. */
export const MAX_ROUNDS = 5;

export interface AlertsDeps {
  /** Whether the token is the project's own secret key. */
  isSecretKey(token: string): boolean;
  claim(limits: DeliveryLimits): Promise<Claim>;
  finish(claimId: string, results: AlertResult[]): Promise<void>;
  /**
   * The mailer the secrets describe, sending under the organisation's name; rejects
   * with a MailConfigError when they describe none.
   */
  mailer(): Promise<Mailer>;
  /** The site's address, for the links in the mails (SITE_URL). */
  siteUrl?: string;
  limits?: DeliveryLimits;
  logError?(message: string, error: unknown): void;
}

const answers = endpointAnswers(["POST"]);

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === "object" && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return `code ${String(code ?? "?")}: ${String(message ?? "unknown error")}`;
  }
  return String(error);
}

/** The limits from the function's secrets (ALERT_MESSAGE_LIMIT, ALERT_WINDOW_SECONDS). */
export function limitsFrom(env: { get(name: string): string | undefined }): DeliveryLimits {
  const read = (name: string, fallback: number) => {
    const value = Number(env.get(name)?.trim() || Number.NaN);
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  return {
    messageLimit: read("ALERT_MESSAGE_LIMIT", DEFAULT_LIMITS.messageLimit),
    windowSeconds: read("ALERT_WINDOW_SECONDS", DEFAULT_LIMITS.windowSeconds),
  };
}

export function createAlertsHandler(deps: AlertsDeps): (request: Request) => Promise<Response> {
  const limits = deps.limits ?? DEFAULT_LIMITS;
  const logError =
    deps.logError ??
    ((message: string, error: unknown) => console.error(`alerts: ${message}: ${describe(error)}`));

  async function sendOne(
    mailer: Mailer | Error,
    kind: AlertKind | "digest",
    claim: Claim,
    compose: () => { subject: string; text: string; html: string },
  ): Promise<Omit<AlertResult, "id">> {
    const to = recipientsFor(kind, claim.admins, claim.alert_address, claim.team);
    if (to.length === 0) return { ok: false, error: "No administrator to send to", final: true };
    if (mailer instanceof Error) return { ok: false, error: mailer.message };
    let mail: ReturnType<typeof compose>;
    try {
      mail = compose();
    } catch (error) {
      return { ok: false, error: `Could not write the mail: ${describe(error)}`, final: true };
    }
    try {
      await mailer.send(to, mail.subject, mail.text, mail.html);
      return { ok: true };
    } catch (error) {
      logError(`sending a ${kind} alert failed`, error);
      return { ok: false, error: describe(error) };
    }
  }

  /** The mailer the secrets describe, or the error saying why there is none. */
  async function resolveMailer(): Promise<Mailer | Error> {
    try {
      return await deps.mailer();
    } catch (error) {
      logError("no mail service", error);
      return error instanceof Error ? error : new Error(String(error));
    }
  }

  async function deliver(): Promise<{ sent: number; failed: number }> {
    let sent = 0;
    let failed = 0;
    // Resolved once a call, when the first claim holds something to send: every round
    // uses the same one (no secrets read again, no new transport), and a call with
    // nothing due never looks for a mail service.
    let mailer: Mailer | Error | undefined;
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const claim = await deps.claim(limits);
      if (claim.alerts.length === 0 && !claim.digest) break;
      mailer ??= await resolveMailer();
      const results: AlertResult[] = [];
      for (const alert of claim.alerts) {
        const outcome = await sendOne(mailer, alert.kind, claim, () =>
          composeAlert(alert, deps.siteUrl),
        );
        results.push({ id: alert.id, ...outcome });
      }
      const digest = claim.digest;
      if (digest) {
        const outcome = await sendOne(mailer, "digest", claim, () =>
          composeDigest(digest, deps.siteUrl),
        );
        results.push({ id: null, ...outcome });
      }
      await deps.finish(claim.claim_id, results);
      for (const result of results) {
        if (result.ok) sent += 1;
        else failed += 1;
      }
    }
    return { sent, failed };
  }

  return async (request) => {
    const refused = await answers.refuseMethod(request);
    if (refused) return refused;
    // A webhook's payload is ignored.
    await discardBody(request);
    const token = bearerToken(request);
    if (token === null || !deps.isSecretKey(token)) {
      return answers.json({ error: "unauthorized" }, 401);
    }
    try {
      return answers.json(await deliver(), 200);
    } catch (error) {
      logError("delivery failed", error);
      return answers.json({ error: "unavailable" }, 500);
    }
  };
}
