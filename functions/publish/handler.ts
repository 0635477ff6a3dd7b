// The publish function's request handling, free of the network and the environment so
// `deno test` can drive every answer with fakes (index.ts wires the real ones).
//
//   OPTIONS                                   204, CORS preflight
//   GET                       (admin)         200 {runs}
//   POST {"action":"publish"} (admin)         202 {created, runs}; the deploy hook is
//                                             called only when this call queued a run
//   POST {"action":"health"} (admin)          200 {deployHook, buildToken, notifySecret,
//                                             mail, mailProblem}: which of the function's
//                                             secrets are set, as booleans (never a
//                                             value), for `npm run doctor`
//   POST {"action":"report", event, revision?, error?}
//                             (x-build-token) 200 {run}; how a build reports its progress
//   POST <a Netlify deploy>   (x-webhook-signature) 200 {run} or {ignored}; the host's
//                             own word that a production deploy went live or failed
//                             (netlify.ts); refused with 401 unless signed with
//                             NETLIFY_NOTIFY_SECRET
//   no or bad token                           401 {"error":"unauthorized"}
//   signed in, not an admin                   403 {"error":"forbidden"}
//   hook not set or failing                   502 {"error":"hook_failed", runs}
//   anything else failing                     500 {"error":"unavailable"}
//
// Before it queues a run or answers the runs, it fails the runs past their limits (a
// queued run the host never started, a build that never reported its end), so no
// stuck run holds publishing up for longer than those limits.
//
// `verify_jwt` is off (the platform check knows only the legacy JWT secret), so the
// caller's token and its admin claim are checked here. The deploy hook URL is a secret: it never appears in an answer or a log.
import { callerOf } from "../_shared/access.ts";
import type { Caller } from "../_shared/caller.ts";
import { endpointAnswers, readBodyBytes, sameSecret } from "../_shared/http.ts";
import { readDeployNotice, verifyNetlifySignature } from "./netlify.ts";

export type { Caller };

export interface PublishRun {
  id: number;
  status: "queued" | "building" | "succeeded" | "failed";
  requested_revision: number;
  built_revision: number | null;
  requested_at: string;
  started_at: string | null;
  finished_at: string | null;
  error: string | null;
}

/** How long a run may wait for its build to start, and a build may take (seconds). */
export interface PublishLimits {
  queueSeconds: number;
  buildSeconds: number;
}

/** The defaults: well past any host's start-up time, and its longest build. */
export const DEFAULT_LIMITS: PublishLimits = { queueSeconds: 10 * 60, buildSeconds: 30 * 60 };

export interface PublishDeps {
  /** Fails the runs past their limits, as of `now`. */
  expireRuns(limits: PublishLimits, now: Date): Promise<void>;
  limits: PublishLimits;
  /** The clock (tests set their own). */
  now?(): Date;
  /** Who the bearer token belongs to (checked with Supabase Auth). */
  identify(token: string): Promise<Caller>;
  /** Queues a run unless one is queued already (atomic in the database). */
  requestPublish(userId: string): Promise<{ created: boolean; run: PublishRun }>;
  /** Records a build's progress. */
  reportBuild(
    event: BuildEvent,
    revision: number | null,
    error: string | null,
  ): Promise<PublishRun>;
  recentRuns(): Promise<PublishRun[]>;
  /** Calls the deploy hook; throws a HookError whose message holds no URL. */
  callHook(): Promise<void>;
  /** The secret the build presents to report; unset refuses every report. */
  buildToken: string | undefined;
  /**
   * Records what the host says of a deploy it created at `createdAt`: it settles the
   * newest run, but never a run queued after that deploy was created.
   */
  reportDeploy(
    succeeded: boolean,
    error: string | null,
    createdAt: string | null,
  ): Promise<PublishRun | null>;
  /** The JWS secret of the host's deploy notifications; unset refuses them all. */
  notifySecret: string | undefined;
  /** Whether the DEPLOY_HOOK_URL secret is set. */
  hasDeployHook: boolean;
  /** Why the function secrets describe no usable mail service; null: they do. */
  mailProblem: string | null;
  logError?(message: string, error: unknown): void;
}

export type BuildEvent = "started" | "succeeded" | "failed";

export class HookError extends Error {}

const answers = endpointAnswers(["GET", "POST"]);
/** A deploy notification carries the whole deploy object, summary included. */
const MAX_BODY_BYTES = 64 * 1024;

export function createPublishHandler(deps: PublishDeps): (request: Request) => Promise<Response> {
  const logError = deps.logError ?? ((message, error) => console.error(message, error));
  const now = deps.now ?? (() => new Date());
  const expire = () => deps.expireRuns(deps.limits, now());

  async function requireAdmin(request: Request): Promise<Response | { userId: string }> {
    // Not admitAdmin: publish refuses with {error} alone (no message), and a POST's body
    // is read already (a GET has none).
    const caller = await callerOf(request, (token) => deps.identify(token));
    if (caller.kind === "none") return answers.json({ error: "unauthorized" }, 401);
    if (caller.kind === "user") return answers.json({ error: "forbidden" }, 403);
    return { userId: caller.userId };
  }

  async function publish(userId: string): Promise<Response> {
    await expire();
    const { created } = await deps.requestPublish(userId);
    if (created) {
      try {
        await deps.callHook();
      } catch (error) {
        const reason =
          error instanceof HookError ? error.message : "The deploy hook could not be called.";
        logError(`publish: ${reason}`, undefined);
        await deps.reportBuild("started", null, null);
        await deps.reportBuild("failed", null, reason);
        return answers.json(
          { error: "hook_failed", message: reason, runs: await deps.recentRuns() },
          502,
        );
      }
    }
    return answers.json({ created, runs: await deps.recentRuns() }, 202);
  }

  async function report(request: Request, body: Record<string, unknown>): Promise<Response> {
    const token = request.headers.get("x-build-token") ?? "";
    if (!deps.buildToken || !token || !sameSecret(token, deps.buildToken)) {
      return answers.json({ error: "unauthorized" }, 401);
    }
    const event = body.event;
    if (event !== "started" && event !== "succeeded" && event !== "failed") {
      return answers.json({ error: "invalid_event" }, 400);
    }
    const revision = body.revision;
    if (
      revision !== undefined &&
      revision !== null &&
      !(Number.isSafeInteger(revision) && (revision as number) >= 0)
    ) {
      return answers.json({ error: "invalid_revision" }, 400);
    }
    const error = typeof body.error === "string" ? body.error.slice(0, 2000) : null;
    const run = await deps.reportBuild(event, (revision as number | undefined) ?? null, error);
    return answers.json({ run }, 200);
  }

  async function notice(signature: string, bytes: Uint8Array, body: unknown): Promise<Response> {
    if (!deps.notifySecret || !(await verifyNetlifySignature(bytes, signature, deps.notifySecret)))
      return answers.json({ error: "unauthorized" }, 401);
    const deploy = readDeployNotice(body);
    if (!deploy) return answers.json({ error: "invalid_notification" }, 400);
    // Previews and branch deploys never touch the production runs.
    if (deploy.context !== "production")
      return answers.json({ ignored: "not a production deploy" }, 200);
    if (deploy.kind === "other") return answers.json({ ignored: `deploy ${deploy.state}` }, 200);
    const run = await deps.reportDeploy(
      deploy.kind === "ready",
      deploy.kind === "error" ? deploy.reason : null,
      deploy.createdAt,
    );
    return answers.json({ run }, 200);
  }

  return async (request) => {
    if (request.method === "OPTIONS") return answers.preflight();
    try {
      if (request.method === "GET") {
        const admin = await requireAdmin(request);
        if (admin instanceof Response) return admin;
        await expire();
        return answers.json({ runs: await deps.recentRuns() }, 200);
      }
      if (request.method !== "POST") return answers.json({ error: "method_not_allowed" }, 405);

      const read = await readBodyBytes(request, MAX_BODY_BYTES);
      if (!read.ok)
        return answers.json(
          { error: read.reason === "too_large" ? "payload_too_large" : "invalid_json" },
          read.reason === "too_large" ? 413 : 400,
        );
      let body: unknown;
      try {
        const text = new TextDecoder("utf-8", { fatal: true }).decode(read.bytes);
        body = text ? JSON.parse(text) : {};
      } catch {
        return answers.json({ error: "invalid_json" }, 400);
      }
      const signature = request.headers.get("x-webhook-signature");
      if (signature !== null) return await notice(signature, read.bytes, body);
      if (typeof body !== "object" || body === null || Array.isArray(body))
        return answers.json({ error: "invalid_json" }, 400);
      const fields = body as Record<string, unknown>;

      if (fields.action === "report") return await report(request, fields);
      if (fields.action === "health") {
        const admin = await requireAdmin(request);
        if (admin instanceof Response) return admin;
        return answers.json(
          {
            deployHook: deps.hasDeployHook,
            buildToken: Boolean(deps.buildToken),
            notifySecret: Boolean(deps.notifySecret),
            mail: deps.mailProblem === null,
            mailProblem: deps.mailProblem,
          },
          200,
        );
      }
      if (fields.action === "publish" || fields.action === undefined) {
        const admin = await requireAdmin(request);
        if (admin instanceof Response) return admin;
        return await publish(admin.userId);
      }
      return answers.json({ error: "unknown_action" }, 400);
    } catch (error) {
      logError("publish: request failed", error);
      return answers.json({ error: "unavailable" }, 500);
    }
  };
}
