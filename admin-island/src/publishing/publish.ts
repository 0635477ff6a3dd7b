// Publishing from the admin: once saves settle (debounced) the publish Edge Function is
// asked for a build; the status then follows the live site's build-info.json until
// its content revision reaches the one saved ('Live'), or the build fails.
import { atom, type ReadableAtom } from "nanostores";
import { accessError, canAct, checkAccess } from "../api/access.ts";
import type { AdminClient } from "../api/client.ts";
import { failures } from "../api/words.ts";
import { $saves } from "./saves.ts";
import { publishing } from "./words.ts";

export interface PublishRun {
  id: number;
  status: "queued" | "building" | "succeeded" | "failed";
  requested_revision: number;
  built_revision: number | null;
  requested_at: string;
  started_at?: string | null;
  finished_at: string | null;
  error: string | null;
}

export interface LiveInfo {
  revision: number;
  builtAt: string;
}

export interface PublishApi {
  /** Asks for a build; throws with a readable message when that fails. */
  request(): Promise<void>;
  runs(): Promise<PublishRun[]>;
  /** The live site's build-info.json, or null when it cannot be read. */
  live(): Promise<LiveInfo | null>;
  /** The database's content revision (bumped by every save). */
  savedRevision(): Promise<number>;
}

export type PublishState =
  | { phase: "checking" }
  /** `upToDate`: 'Publish now' found nothing new, so no build was asked for. */
  | { phase: "live"; builtAt: string; upToDate?: boolean }
  | { phase: "publishing" }
  | { phase: "failed"; reason: string }
  | { phase: "unpublished" };

export interface Publisher {
  $state: ReadableAtom<PublishState>;
  /** The recent runs, newest first, as last read; null until the first read. */
  $runs: ReadableAtom<PublishRun[] | null>;
  /**
   * The editor's 'Publish now': asks for a build, unless the live site already has
   * every saved change and none is under way (it then says the site is up to date).
   */
  publishNow(): Promise<void>;
  /**
   * Starts following: each save asks for a build once the saves settle, and the state
   * is read now. Call it once the screen is mounted (an effect), never while rendering:
   * React may render a component and throw the render away, and a publisher that
   * listened from birth would then go on asking for builds unseen, beside the one
   * mounted.
   */
  start(): Promise<void>;
  /** Reads the current state once (and keeps following it while a build runs). */
  refresh(): Promise<void>;
  /** Stops following the saves and the builds, until start() again. */
  stop(): void;
}

export const PUBLISH_FAILED_NOTE = "The site still shows the previous version.";

/**
 * How long the admin waits after the last save before asking for a build: long enough
 * that a run of clicks (toggles, a reorder) makes one request, short enough to keep
 * save-to-live within 5 s. Requests during a build still collapse into one more build
 * on the server.
 */
export const PUBLISH_DEBOUNCE_MS = 1000;

/**
 * How long after asking the admin keeps waiting for a run to show: past the publish
 * function's queue limit (10 minutes), which fails a run the host never starts.
 */
const REQUEST_LIMIT_MS = 11 * 60_000;

/**
 * How long a finished build may take to go live (the host uploads and switches the
 * site after the build): well past any host's deploy step.
 */
export const DEPLOY_LIMIT_MS = 15 * 60_000;

export const NOT_SWITCHED_REASON = "The build finished, but the host did not put it live.";

/** After a failure the status is read this many times less often. */
const FAILED_POLL_FACTOR = 5;

export function createPublisher(
  api: PublishApi,
  options: { debounceMs?: number; pollMs?: number } = {},
): Publisher {
  const debounceMs = options.debounceMs ?? PUBLISH_DEBOUNCE_MS;
  const pollMs = options.pollMs ?? 2000;
  const $state = atom<PublishState>({ phase: "checking" });
  const $runs = atom<PublishRun[] | null>(null);
  let debounce: ReturnType<typeof setTimeout> | undefined;
  let poll: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  /** When we last asked for a build: older failures are not ours. */
  let requestedAt = 0;

  function schedule(delayMs = pollMs) {
    clearTimeout(poll);
    if (!stopped) poll = setTimeout(() => void refresh(), delayMs);
  }

  /** The saved revision, the live site's and the runs, read together. */
  async function read() {
    const [saved, live, runs] = await Promise.all([api.savedRevision(), api.live(), api.runs()]);
    $runs.set(runs);
    const latest = runs[0];
    const running = latest?.status === "queued" || latest?.status === "building";
    return { saved, live, latest, running };
  }

  async function refresh(): Promise<void> {
    try {
      const { saved, live, latest, running } = await read();
      if (live && live.revision >= saved) {
        $state.set({ phase: "live", builtAt: live.builtAt });
        // A build of nothing new may still run: follow it, so the runs end up settled.
        if (running) schedule();
        return;
      }
      if (running) {
        $state.set({ phase: "publishing" });
        schedule();
        return;
      }
      if (latest?.status === "failed") {
        $state.set({ phase: "failed", reason: latest.error ?? "The build failed." });
        // A host may still build what it was said to have missed (a run failed as never
        // started while the host was busy, then built after all): keep looking, less
        // often, for as long as a deploy may take, so the status then turns Live.
        const failedAt = Date.parse(latest.finished_at ?? latest.requested_at);
        if (Date.now() - failedAt < DEPLOY_LIMIT_MS) schedule(pollMs * FAILED_POLL_FACTOR);
        return;
      }
      // Built, but the host has not switched the site yet: it uploads after the build.
      if (
        latest?.status === "succeeded" &&
        latest.built_revision !== null &&
        latest.built_revision >= saved
      ) {
        const finished = Date.parse(latest.finished_at ?? latest.requested_at);
        if (Date.now() - finished < DEPLOY_LIMIT_MS) {
          $state.set({ phase: "publishing" });
          schedule();
        } else {
          $state.set({ phase: "failed", reason: NOT_SWITCHED_REASON });
        }
        return;
      }
      // Asked a moment ago and no run shows yet: keep following.
      if (requestedAt > 0 && Date.now() - requestedAt < REQUEST_LIMIT_MS) {
        $state.set({ phase: "publishing" });
        schedule();
        return;
      }
      // Saved changes that nobody asked to publish (the page was left before the
      // saves settled): publish them now, so no save is ever left behind.
      if (requestedAt === 0) {
        await requestBuild();
        return;
      }
      $state.set({ phase: "unpublished" });
    } catch {
      // A failed status read is retried; it says nothing about the site.
      schedule();
    }
  }

  async function publishNow(): Promise<void> {
    clearTimeout(debounce);
    try {
      const { saved, live, running } = await read();
      if (live && live.revision >= saved && !running) {
        $state.set({ phase: "live", builtAt: live.builtAt, upToDate: true });
        return;
      }
    } catch {
      // Unknown whether anything is new: ask for a build, which is never wrong.
    }
    await requestBuild();
  }

  async function requestBuild(): Promise<void> {
    clearTimeout(debounce);
    requestedAt = Date.now();
    $state.set({ phase: "publishing" });
    try {
      await api.request();
    } catch (error) {
      $state.set({ phase: "failed", reason: (error as Error).message });
      return;
    }
    schedule();
  }

  let unsubscribe: (() => void) | undefined;

  return {
    $state,
    $runs,
    publishNow,
    refresh,
    start() {
      stopped = false;
      // Every save (see saves.ts) restarts the wait; the build is asked for once they settle.
      unsubscribe ??= $saves.listen(() => {
        $state.set({ phase: "publishing" });
        clearTimeout(debounce);
        debounce = setTimeout(() => void requestBuild(), debounceMs);
      });
      return refresh();
    },
    stop() {
      stopped = true;
      clearTimeout(debounce);
      clearTimeout(poll);
      unsubscribe?.();
      unsubscribe = undefined;
    },
  };
}

/** The PublishApi over supabase-js, the function and the site's own build-info.json. */
export function supabasePublishApi(client: AdminClient, siteOrigin: string): PublishApi {
  return {
    async request() {
      const { error } = await client.functions.invoke("publish", { body: { action: "publish" } });
      if (!error) return;
      let message: string = publishing.requestFailed;
      const response = (error as { context?: unknown }).context;
      if (response instanceof Response) {
        const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
        if (response.status === 401 || response.status === 403) {
          const access = await checkAccess(client);
          if (!canAct(access)) throw accessError(access);
        }
        if (typeof body?.message === "string") message = body.message;
        else if (response.status === 401) message = failures.sessionEnded;
      }
      throw new Error(message);
    },
    async runs() {
      const { data, error } = await client.functions.invoke("publish", { method: "GET" });
      if (error) throw error;
      return ((data as { runs?: PublishRun[] } | null)?.runs ?? []) as PublishRun[];
    },
    async live() {
      try {
        const response = await fetch(new URL("/build-info.json", siteOrigin), {
          cache: "no-store",
        });
        if (!response.ok) return null;
        const info = (await response.json()) as Partial<LiveInfo>;
        return typeof info.revision === "number" && typeof info.builtAt === "string"
          ? { revision: info.revision, builtAt: info.builtAt }
          : null;
      } catch {
        return null;
      }
    },
    async savedRevision() {
      const { data, error } = await client
        .from("content_revision")
        .select("revision")
        .eq("id", 1)
        .single();
      if (error) throw error;
      return Number(data.revision);
    },
  };
}
