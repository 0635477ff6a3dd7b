// The admin's publish status: saves settle before one publish request; the status
// follows the runs and the live build-info.json.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createPublisher,
  DEPLOY_LIMIT_MS,
  type LiveInfo,
  NOT_SWITCHED_REASON,
  type PublishApi,
  type PublishRun,
} from "./publish.ts";
import { signalSaved } from "./saves.ts";

function fakeApi() {
  const state = {
    saved: 5,
    live: { revision: 5, builtAt: "2026-11-22T10:00:00.000Z" } as LiveInfo | null,
    runs: [] as PublishRun[],
    requests: 0,
    requestError: null as Error | null,
  };
  const api: PublishApi = {
    request: async () => {
      state.requests += 1;
      if (state.requestError) throw state.requestError;
      state.runs.unshift(run("queued"));
    },
    runs: async () => state.runs,
    live: async () => state.live,
    savedRevision: async () => state.saved,
  };
  return { api, state };
}

function run(status: PublishRun["status"], error: string | null = null): PublishRun {
  return {
    id: Math.floor(Math.random() * 1e6),
    status,
    requested_revision: 0,
    built_revision: null,
    requested_at: new Date().toISOString(),
    finished_at: null,
    error,
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("publisher", () => {
  it("stays Live but follows a build of nothing new until its run settles", async () => {
    const { api, state } = fakeApi();
    state.runs = [run("building")];
    const publisher = createPublisher(api, { pollMs: 500 });
    await publisher.refresh();
    expect(publisher.$state.get().phase).toBe("live");
    expect(publisher.$runs.get()?.[0]?.status).toBe("building");
    state.runs = [{ ...(state.runs[0] as PublishRun), status: "succeeded" }];
    await vi.advanceTimersByTimeAsync(500);
    expect(publisher.$runs.get()?.[0]?.status).toBe("succeeded");
    expect(publisher.$state.get().phase).toBe("live");
    publisher.stop();
  });

  it("shows Live with the build time when the live site has the saved revision", async () => {
    const { api } = fakeApi();
    const publisher = createPublisher(api);
    await publisher.refresh();
    expect(publisher.$state.get()).toEqual({ phase: "live", builtAt: "2026-11-22T10:00:00.000Z" });
    publisher.stop();
  });

  it("publishes once after a burst of saves settles, then follows the build to Live", async () => {
    const { api, state } = fakeApi();
    const publisher = createPublisher(api, { debounceMs: 1000, pollMs: 500 });
    await publisher.start();
    for (let i = 0; i < 20; i += 1) {
      state.saved += 1;
      signalSaved();
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(publisher.$state.get().phase).toBe("publishing");
    expect(state.requests).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.requests).toBe(1);

    await vi.advanceTimersByTimeAsync(500);
    expect(publisher.$state.get().phase).toBe("publishing");
    state.runs[0] = { ...(state.runs[0] as PublishRun), status: "succeeded" };
    state.live = { revision: state.saved, builtAt: "2026-11-22T10:05:00.000Z" };
    await vi.advanceTimersByTimeAsync(500);
    expect(publisher.$state.get()).toEqual({ phase: "live", builtAt: "2026-11-22T10:05:00.000Z" });
    publisher.stop();
  });

  it("shows the reason when the build fails", async () => {
    const { api, state } = fakeApi();
    state.saved = 6;
    state.runs = [run("failed", 'Could not load the content table "banners"')];
    const publisher = createPublisher(api);
    await publisher.refresh();
    expect(publisher.$state.get()).toEqual({
      phase: "failed",
      reason: 'Could not load the content table "banners"',
    });
    expect(state.requests).toBe(0);
    publisher.stop();
  });

  it("after a failure keeps looking, less often, so a build the host starts late turns it Live", async () => {
    const { api, state } = fakeApi();
    state.saved = 6;
    const never = { ...run("failed", "The host never started the build."), finished_at: null };
    state.runs = [never];
    const runs = vi.spyOn(api, "runs");
    const publisher = createPublisher(api, { pollMs: 1000 });
    await publisher.refresh();
    expect(publisher.$state.get()).toEqual({
      phase: "failed",
      reason: "The host never started the build.",
    });
    // Not every poll interval, but a few times as long.
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toHaveBeenCalledTimes(1);
    // The host starts the build after all.
    state.runs = [run("building"), never];
    await vi.advanceTimersByTimeAsync(4000);
    expect(publisher.$state.get().phase).toBe("publishing");
    state.live = { revision: 6, builtAt: "2026-11-22T10:12:00.000Z" };
    await vi.advanceTimersByTimeAsync(1000);
    expect(publisher.$state.get()).toEqual({ phase: "live", builtAt: "2026-11-22T10:12:00.000Z" });
    expect(state.requests).toBe(0);
    publisher.stop();
  });

  it("stops looking once a failure is older than any deploy takes", async () => {
    const { api, state } = fakeApi();
    state.saved = 6;
    state.runs = [
      {
        ...run("failed", "The build failed."),
        finished_at: new Date(Date.now() - DEPLOY_LIMIT_MS - 1000).toISOString(),
      },
    ];
    const runs = vi.spyOn(api, "runs");
    const publisher = createPublisher(api, { pollMs: 1000 });
    await publisher.refresh();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toHaveBeenCalledTimes(1);
    expect(publisher.$state.get().phase).toBe("failed");
    publisher.stop();
  });

  it("asks for nothing until started, and nothing once stopped: a save reaches only the started one", async () => {
    // React may render the signed-in part, make a publisher, and throw that render away:
    // the publisher it made must not go on asking for builds beside the mounted one.
    const { api, state } = fakeApi();
    const discarded = createPublisher(api, { debounceMs: 100 });
    const mounted = createPublisher(api, { debounceMs: 100 });
    await mounted.start();
    state.saved += 1;
    signalSaved();
    await vi.advanceTimersByTimeAsync(100);
    expect(state.requests).toBe(1);
    expect(discarded.$state.get().phase).toBe("checking");

    mounted.stop();
    state.saved += 1;
    signalSaved();
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.requests).toBe(1);
    // Started again (the screen mounted again), it follows the saves once, not twice.
    await mounted.start();
    await mounted.start();
    const before = state.requests;
    state.saved += 1;
    signalSaved();
    await vi.advanceTimersByTimeAsync(100);
    expect(state.requests).toBe(before + 1);
    mounted.stop();
    discarded.stop();
  });

  it("publishes saved changes left unpublished when a page was closed too soon", async () => {
    const { api, state } = fakeApi();
    state.saved = 7;
    state.runs = [run("succeeded")];
    const publisher = createPublisher(api);
    await publisher.refresh();
    expect(state.requests).toBe(1);
    expect(publisher.$state.get().phase).toBe("publishing");
    publisher.stop();
  });

  it("keeps following a good build until the host puts it live, however long the deploy", async () => {
    const { api, state } = fakeApi();
    const publisher = createPublisher(api, { debounceMs: 100, pollMs: 1000 });
    await publisher.start();
    state.saved = 6;
    signalSaved();
    await vi.advanceTimersByTimeAsync(100);
    expect(state.requests).toBe(1);
    // The build ends; the host is still uploading, for minutes.
    state.runs[0] = {
      ...(state.runs[0] as PublishRun),
      status: "succeeded",
      built_revision: 6,
      finished_at: new Date().toISOString(),
    };
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(publisher.$state.get().phase).toBe("publishing");
    state.live = { revision: 6, builtAt: "2026-11-22T10:09:00.000Z" };
    await vi.advanceTimersByTimeAsync(1000);
    expect(publisher.$state.get()).toEqual({ phase: "live", builtAt: "2026-11-22T10:09:00.000Z" });
    publisher.stop();
  });

  it("says Publish failed when a good build never goes live", async () => {
    const { api, state } = fakeApi();
    state.saved = 6;
    state.runs = [
      {
        ...run("succeeded"),
        built_revision: 6,
        finished_at: new Date(Date.now() - DEPLOY_LIMIT_MS - 1000).toISOString(),
      },
    ];
    const publisher = createPublisher(api);
    await publisher.refresh();
    expect(publisher.$state.get()).toEqual({ phase: "failed", reason: NOT_SWITCHED_REASON });
    expect(state.requests).toBe(0);
    publisher.stop();
  });

  it("keeps waiting for a run that has not shown yet, past a minute", async () => {
    const { api, state } = fakeApi();
    state.saved = 6;
    state.live = { revision: 5, builtAt: "2026-11-22T10:00:00.000Z" };
    const publisher = createPublisher(api, { pollMs: 1000 });
    api.request = async () => {
      state.requests += 1;
    };
    await publisher.publishNow();
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(publisher.$state.get().phase).toBe("publishing");
    publisher.stop();
  });

  it("says so when the request itself fails", async () => {
    const { api, state } = fakeApi();
    state.requestError = new Error("The deploy hook answered HTTP 500.");
    state.saved = 6;
    const publisher = createPublisher(api);
    await publisher.publishNow();
    expect(publisher.$state.get()).toEqual({
      phase: "failed",
      reason: "The deploy hook answered HTTP 500.",
    });
    publisher.stop();
  });

  it("'Publish now' with nothing new says the site is up to date and asks for no build", async () => {
    const { api, state } = fakeApi();
    const publisher = createPublisher(api);
    await publisher.publishNow();
    expect(state.requests).toBe(0);
    expect(publisher.$state.get()).toEqual({
      phase: "live",
      builtAt: "2026-11-22T10:00:00.000Z",
      upToDate: true,
    });
    // A saved change not yet live is published.
    state.saved = 6;
    await publisher.publishNow();
    expect(state.requests).toBe(1);
    expect(publisher.$state.get().phase).toBe("publishing");
    publisher.stop();
  });

  it("'Publish now' while the live site cannot be read asks for a build", async () => {
    const { api, state } = fakeApi();
    state.live = null;
    const publisher = createPublisher(api);
    await publisher.publishNow();
    expect(state.requests).toBe(1);
    publisher.stop();
  });
});
