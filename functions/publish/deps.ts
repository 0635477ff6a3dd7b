// The real dependencies of the publish function: Supabase Auth to identify callers,
// the database (service role) for the runs, and the deploy hook.
import { serviceClient, supabaseIdentify } from "../_shared/caller.ts";
import { mailProblem } from "../_shared/mail.ts";
import {
  type BuildEvent,
  DEFAULT_LIMITS,
  HookError,
  type PublishDeps,
  type PublishLimits,
  type PublishRun,
} from "./handler.ts";

const HOOK_TIMEOUT_MS = 10_000;
const DB_TIMEOUT_MS = 10_000;

/** A limit in seconds from a secret, or the default when unset or not a positive number. */
function seconds(env: Deno.Env, name: string, fallback: number): number {
  const raw = env.get(name)?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (Number.isInteger(value) && value > 0 && value <= 24 * 3600) return value;
  console.error(`publish: ${name} must be a whole number of seconds (1-86400); using the default.`);
  return fallback;
}

export function publishLimits(env: Deno.Env): PublishLimits {
  return {
    queueSeconds: seconds(env, "PUBLISH_QUEUE_LIMIT_SECONDS", DEFAULT_LIMITS.queueSeconds),
    buildSeconds: seconds(env, "PUBLISH_BUILD_LIMIT_SECONDS", DEFAULT_LIMITS.buildSeconds),
  };
}

export function createDeps(env: Deno.Env): PublishDeps {
  const hookUrl = env.get("DEPLOY_HOOK_URL");
  const db = serviceClient(env);

  return {
    buildToken: env.get("PUBLISH_BUILD_TOKEN") || undefined,
    identify: supabaseIdentify(env),
    limits: publishLimits(env),

    async expireRuns(limits: PublishLimits, now: Date) {
      const { error } = await db()
        .rpc("expire_publish_runs", {
          p_queue_limit_seconds: limits.queueSeconds,
          p_build_limit_seconds: limits.buildSeconds,
          p_now: now.toISOString(),
        })
        .abortSignal(AbortSignal.timeout(DB_TIMEOUT_MS));
      if (error) throw error;
    },

    async requestPublish(userId: string) {
      const { data, error } = await db()
        .rpc("request_publish", { p_requested_by: userId })
        .abortSignal(AbortSignal.timeout(DB_TIMEOUT_MS));
      if (error) throw error;
      return data as { created: boolean; run: PublishRun };
    },

    notifySecret: env.get("NETLIFY_NOTIFY_SECRET") || undefined,
    hasDeployHook: Boolean(hookUrl?.trim()),
    mailProblem: mailProblem(env),

    async reportDeploy(succeeded: boolean, error: string | null, createdAt: string | null) {
      const { data, error: failure } = await db()
        .rpc("report_deploy", {
          p_succeeded: succeeded,
          p_error: error,
          ...(createdAt ? { p_created_at: createdAt } : {}),
        })
        .abortSignal(AbortSignal.timeout(DB_TIMEOUT_MS));
      if (failure) throw failure;
      return data as PublishRun | null;
    },

    async reportBuild(event: BuildEvent, revision: number | null, error: string | null) {
      const { data, error: failure } = await db()
        .rpc("report_build", { p_event: event, p_revision: revision, p_error: error })
        .abortSignal(AbortSignal.timeout(DB_TIMEOUT_MS));
      if (failure) throw failure;
      return data as PublishRun;
    },

    async recentRuns() {
      const { data, error } = await db()
        .from("publish_runs")
        .select(
          "id, status, requested_revision, built_revision, requested_at, started_at, finished_at, error",
        )
        .order("id", { ascending: false })
        .limit(10)
        .abortSignal(AbortSignal.timeout(DB_TIMEOUT_MS));
      if (error) throw error;
      return data as PublishRun[];
    },

    async callHook() {
      if (!hookUrl) throw new HookError("No deploy hook is set up (the DEPLOY_HOOK_URL secret).");
      let response: Response;
      try {
        response = await fetch(hookUrl, {
          method: "POST",
          signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
        });
      } catch {
        // The error's own text would carry the URL; it stays out of answers and logs.
        throw new HookError("The deploy hook could not be reached.");
      }
      await response.body?.cancel();
      if (!response.ok) throw new HookError(`The deploy hook answered HTTP ${response.status}.`);
    },
  };
}
