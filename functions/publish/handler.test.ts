// Every answer of the publish function, through the handler with fakes: who may
// publish, that the hook secret never leaves, and that bursts collapse.
import { SignJWT } from "npm:jose@6";
import { assert, assertEquals } from "../_shared/assert.ts";
import { sameSecret } from "../_shared/http.ts";
import {
  type BuildEvent,
  type Caller,
  createPublishHandler,
  HookError,
  type PublishDeps,
  type PublishRun,
} from "./handler.ts";

const URL = "http://127.0.0.1/publish";
const HOOK_URL = "https://api.netlify.example/build_hooks/SECRET-HOOK-ID";
const BUILD_TOKEN = "build-token-0123456789";
const NOTIFY_SECRET = "netlify-jws-secret-0123456789";

/** An in-memory copy of request_publish / report_build (the migration's rules). */
function setup(
  options: {
    hook?: () => Promise<void>;
    callers?: Record<string, Caller>;
    deps?: Partial<PublishDeps>;
  } = {},
) {
  const runs: PublishRun[] = [];
  // The clock: tests move it on.
  let clock = Date.parse("2026-11-24T10:00:00Z");
  const logged: string[] = [];
  let hookCalls = 0;
  let nextId = 1;
  const callers: Record<string, Caller> = {
    "admin-token": { kind: "admin", userId: "admin-1" },
    "user-token": { kind: "user" },
    ...options.callers,
  };
  const make = (status: PublishRun["status"]): PublishRun => ({
    id: nextId++,
    status,
    requested_revision: 7,
    built_revision: null,
    requested_at: new Date(clock).toISOString(),
    started_at: null,
    finished_at: null,
    error: null,
  });
  const deps: PublishDeps = {
    buildToken: BUILD_TOKEN,
    notifySecret: NOTIFY_SECRET,
    hasDeployHook: true,
    mailProblem: null,
    // As report_deploy does it: the newest run, skipping runs queued after the deploy
    // was created (they wait for a build of their own).
    reportDeploy(succeeded, error, createdAt) {
      const about = runs.find(
        (run) =>
          createdAt === null ||
          run.status !== "queued" ||
          Date.parse(run.requested_at) <= Date.parse(createdAt),
      );
      if (!about && (succeeded || runs.length > 0)) return Promise.resolve(null);
      const newest = about ?? make("failed");
      if (!runs.includes(newest)) runs.unshift(newest);
      if (succeeded && (newest.status === "queued" || newest.status === "building"))
        newest.status = "succeeded";
      if (!succeeded && newest.status !== "failed") {
        newest.status = "failed";
        newest.error = error;
      }
      return Promise.resolve(newest);
    },
    limits: { queueSeconds: 600, buildSeconds: 1800 },
    now: () => new Date(clock),
    // As expire_publish_runs does it: builds past their limit first; then a queued run,
    // while no build runs, once it has waited past the queue limit since its request or
    // the end of the run before it, whichever is later.
    expireRuns(limits, now) {
      const since = (at: string) => now.getTime() - Date.parse(at);
      const end = (run: PublishRun, error: string) => {
        run.status = "failed";
        run.finished_at = now.toISOString();
        run.error = error;
      };
      for (const run of runs) {
        if (
          run.status === "building" &&
          since(run.started_at ?? run.requested_at) > limits.buildSeconds * 1000
        ) {
          end(
            run,
            `The build did not finish within ${Math.ceil(limits.buildSeconds / 60)} minutes.`,
          );
        }
      }
      if (runs.some((run) => run.status === "building")) return Promise.resolve();
      for (const [index, run] of runs.entries()) {
        if (run.status !== "queued") continue;
        // Runs are newest first: the ones after this one came before it.
        const ends = runs
          .slice(index + 1)
          .flatMap((earlier) => (earlier.finished_at ? [Date.parse(earlier.finished_at)] : []));
        const waitingSince = Math.max(Date.parse(run.requested_at), ...ends);
        if (now.getTime() - waitingSince > limits.queueSeconds * 1000) {
          end(run, "The host never started the build.");
        }
      }
      return Promise.resolve();
    },
    identify: (token) => Promise.resolve(callers[token] ?? { kind: "none" }),
    requestPublish() {
      const queued = runs.find((run) => run.status === "queued");
      if (queued) return Promise.resolve({ created: false, run: queued });
      const run = make("queued");
      runs.unshift(run);
      return Promise.resolve({ created: true, run });
    },
    reportBuild(event: BuildEvent, revision, error) {
      const find = (status: PublishRun["status"]) => {
        const found = runs.find((run) => run.status === status);
        if (found) return found;
        const run = make(status);
        runs.unshift(run);
        return run;
      };
      if (event === "started") {
        const queued = find("queued");
        queued.status = "building";
        queued.started_at = new Date(clock).toISOString();
        return Promise.resolve(queued);
      }
      const building = find("building");
      building.status = event;
      building.built_revision = revision;
      building.finished_at = new Date(clock).toISOString();
      building.error = error;
      return Promise.resolve(building);
    },
    recentRuns: () => Promise.resolve(runs.slice(0, 10)),
    callHook: async () => {
      hookCalls += 1;
      if (options.hook) await options.hook();
    },
    logError: (message, error) =>
      logged.push(`${message} ${error instanceof Error ? error.message : String(error ?? "")}`),
    ...options.deps,
  };
  return {
    handler: createPublishHandler(deps),
    runs,
    logged,
    hookCalls: () => hookCalls,
    advance: (seconds: number) => {
      clock += seconds * 1000;
    },
    now: () => new Date(clock).toISOString(),
  };
}

function call(
  handler: (request: Request) => Promise<Response>,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { "content-type": "application/json", ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  return handler(
    new Request(URL, {
      method: init.method ?? "POST",
      headers,
      body: init.method === "GET" ? undefined : JSON.stringify(init.body ?? { action: "publish" }),
    }),
  );
}

Deno.test("refuses callers without a token, with the anon key, or who are not admins", async () => {
  const { handler, hookCalls, runs } = setup({ callers: { "anon-key": { kind: "none" } } });
  assertEquals((await call(handler)).status, 401);
  assertEquals((await call(handler, { token: "anon-key" })).status, 401);
  assertEquals((await call(handler, { token: "forged.jwt.token" })).status, 401);
  const user = await call(handler, { token: "user-token" });
  assertEquals(user.status, 403);
  assertEquals(await user.json(), { error: "forbidden" });
  assertEquals((await call(handler, { method: "GET", token: "user-token" })).status, 403);
  assertEquals(hookCalls(), 0);
  assertEquals(runs.length, 0);
});

Deno.test("an admin's call queues a run and calls the hook; a burst collapses into one", async () => {
  const { handler, hookCalls, runs } = setup();
  const first = await call(handler, { token: "admin-token" });
  assertEquals(first.status, 202);
  assertEquals((await first.json()).created, true);
  const burst = await Promise.all(
    Array.from({ length: 19 }, () => call(handler, { token: "admin-token" })),
  );
  for (const response of burst) {
    assertEquals(response.status, 202);
    assertEquals((await response.json()).created, false);
  }
  assertEquals(hookCalls(), 1);
  assertEquals(runs.length, 1);

  // Once that build has started, the next call marks exactly one more build.
  const started = await call(handler, {
    headers: { "x-build-token": BUILD_TOKEN },
    body: { action: "report", event: "started" },
  });
  assertEquals(started.status, 200);
  await Promise.all(Array.from({ length: 5 }, () => call(handler, { token: "admin-token" })));
  assertEquals(hookCalls(), 2);
  assertEquals(
    runs.map((run) => run.status),
    ["queued", "building"],
  );
});

Deno.test("answers the recent runs to admins", async () => {
  const { handler } = setup();
  await call(handler, { token: "admin-token" });
  const response = await call(handler, { method: "GET", token: "admin-token" });
  assertEquals(response.status, 200);
  const body = await response.json();
  assertEquals(body.runs.length, 1);
  assertEquals(body.runs[0].status, "queued");
});

Deno.test("tells admins which secrets are set, as booleans, and changes nothing", async () => {
  const { handler, runs, hookCalls } = setup();
  const health = await call(handler, { token: "admin-token", body: { action: "health" } });
  assertEquals(health.status, 200);
  assertEquals(await health.json(), {
    deployHook: true,
    buildToken: true,
    notifySecret: true,
    mail: true,
    mailProblem: null,
  });
  assertEquals(runs.length, 0);
  assertEquals(hookCalls(), 0);
  for (const token of [undefined, "user-token"]) {
    const refused = await call(handler, { token, body: { action: "health" } });
    assertEquals(refused.status, token ? 403 : 401);
  }

  const bare = setup({
    deps: {
      hasDeployHook: false,
      buildToken: undefined,
      notifySecret: undefined,
      mailProblem: "MAIL_FROM is not set: the sender of the mail",
    },
  });
  const missing = await call(bare.handler, { token: "admin-token", body: { action: "health" } });
  const body = await missing.json();
  assertEquals(body, {
    deployHook: false,
    buildToken: false,
    notifySecret: false,
    mail: false,
    mailProblem: "MAIL_FROM is not set: the sender of the mail",
  });
  assert(!JSON.stringify(body).includes(BUILD_TOKEN), "no secret in the answer");
});

Deno.test("builds report with the build token only", async () => {
  const { handler, runs } = setup();
  await call(handler, { token: "admin-token" });
  const report = { action: "report", event: "started" };
  assertEquals((await call(handler, { body: report })).status, 401);
  assertEquals(
    (await call(handler, { body: report, headers: { "x-build-token": "wrong" } })).status,
    401,
  );
  assertEquals((await call(handler, { token: "admin-token", body: report })).status, 401);
  assertEquals(runs[0]?.status, "queued");

  const headers = { "x-build-token": BUILD_TOKEN };
  assertEquals(
    (await call(handler, { headers, body: { action: "report", event: "exploded" } })).status,
    400,
  );
  assertEquals(
    (await call(handler, { headers, body: { action: "report", event: "succeeded", revision: -1 } }))
      .status,
    400,
  );
  assertEquals((await call(handler, { headers, body: report })).status, 200);
  const done = await call(handler, {
    headers,
    body: {
      action: "report",
      event: "failed",
      revision: 9,
      error: "Could not load the content table",
    },
  });
  assertEquals(done.status, 200);
  assertEquals(runs[0]?.status, "failed");
  assertEquals(runs[0]?.error, "Could not load the content table");
});

Deno.test("the deploy hook's URL never appears in an answer or a log, even when it fails", async () => {
  const { handler, logged, runs } = setup({
    hook: () => Promise.reject(new HookError("The deploy hook answered HTTP 500.")),
  });
  const response = await call(handler, { token: "admin-token" });
  assertEquals(response.status, 502);
  const text = await response.text();
  assert(!text.includes(HOOK_URL) && !text.includes("SECRET-HOOK-ID"), text);
  assertEquals(JSON.parse(text).message, "The deploy hook answered HTTP 500.");
  assertEquals(runs[0]?.status, "failed");
  assert(
    logged.every((line) => !line.includes("SECRET-HOOK-ID")),
    logged.join("\n"),
  );

  // An unexpected error (its message could hold anything) is not passed on either.
  const leaky = setup({
    hook: () => Promise.reject(new Error(`error sending request for url (${HOOK_URL})`)),
  });
  const leakyText = await (await call(leaky.handler, { token: "admin-token" })).text();
  assert(!leakyText.includes("SECRET-HOOK-ID"), leakyText);
  assert(
    leaky.logged.every((line) => !line.includes("SECRET-HOOK-ID")),
    leaky.logged.join("\n"),
  );
});

Deno.test("refuses bad bodies and methods", async () => {
  const { handler } = setup();
  assertEquals((await handler(new Request(URL, { method: "OPTIONS" }))).status, 204);
  assertEquals((await call(handler, { method: "PUT", token: "admin-token" })).status, 405);
  const notJson = await handler(
    new Request(URL, {
      method: "POST",
      headers: { authorization: "Bearer admin-token" },
      body: "{nope",
    }),
  );
  assertEquals(notJson.status, 400);
  assertEquals(
    (await call(handler, { token: "admin-token", body: { action: "delete-everything" } })).status,
    400,
  );
  assertEquals(
    (
      await call(handler, {
        token: "admin-token",
        body: { action: "publish", pad: "x".repeat(70_000) },
      })
    ).status,
    413,
  );
});

Deno.test("compares secrets fully", () => {
  assert(sameSecret("abc", "abc"));
  assert(!sameSecret("abc", "abd"));
  assert(!sameSecret("abc", "abcd"));
  assert(!sameSecret("", "abc"));
});

Deno.test("a run the host never started fails after the queue limit; the next publish calls the hook again", async () => {
  const { handler, runs, hookCalls, advance } = setup();
  const admin = { token: "admin-token" };
  assertEquals((await call(handler, admin)).status, 202);
  assertEquals(hookCalls(), 1);
  // Within the limit, saves join the waiting run.
  advance(9 * 60);
  await call(handler, admin);
  assertEquals(hookCalls(), 1);
  // Past it, the run fails with a reason an editor can read, and a new one is queued.
  advance(2 * 60);
  const answer = await call(handler, admin);
  assertEquals(answer.status, 202);
  assertEquals(hookCalls(), 2);
  assertEquals(runs[1]?.status, "failed");
  assertEquals(runs[1]?.error, "The host never started the build.");
  assertEquals(runs[0]?.status, "queued");
});

Deno.test("a run asked for during a long build waits for that build, then has the queue limit to start", async () => {
  const { handler, runs, hookCalls, advance } = setup();
  const admin = { token: "admin-token" };
  const report = (event: string) =>
    call(handler, {
      body: { action: "report", event, revision: 7 },
      headers: { "x-build-token": BUILD_TOKEN },
    });
  await call(handler, admin);
  await report("started");
  // A save during the build queues one more, which waits while the build runs 15 minutes.
  advance(60);
  await call(handler, admin);
  assertEquals(hookCalls(), 2);
  advance(14 * 60);
  await call(handler, { method: "GET", token: "admin-token" });
  assertEquals(runs[0]?.status, "queued");
  await report("succeeded");
  // The host starts it 9 minutes after the build ended: still its turn.
  advance(9 * 60);
  await call(handler, { method: "GET", token: "admin-token" });
  assertEquals(runs[0]?.status, "queued");
  await report("started");
  assertEquals(runs[0]?.status, "building");
  await report("succeeded");
  assertEquals(
    runs.map((run) => run.status),
    ["succeeded", "succeeded"],
  );
  // Had it not started within the queue limit of that build's end, it would have failed.
  await call(handler, admin);
  await report("started");
  advance(60);
  await call(handler, admin);
  await report("succeeded");
  advance(11 * 60);
  await call(handler, { method: "GET", token: "admin-token" });
  assertEquals(runs[0]?.status, "failed");
  assertEquals(runs[0]?.error, "The host never started the build.");
});

Deno.test("a build that never reports its end fails after the build limit, seen by the next read", async () => {
  const { handler, runs, advance } = setup();
  await call(handler, { token: "admin-token" });
  await call(handler, {
    body: { action: "report", event: "started" },
    headers: { "x-build-token": BUILD_TOKEN },
  });
  advance(29 * 60);
  await call(handler, { method: "GET", token: "admin-token" });
  assertEquals(runs[0]?.status, "building");
  advance(2 * 60);
  const read = await call(handler, { method: "GET", token: "admin-token" });
  const body = (await read.json()) as { runs: PublishRun[] };
  assertEquals(body.runs[0]?.status, "failed");
  assertEquals(body.runs[0]?.error, "The build did not finish within 30 minutes.");
});

/** A deploy notification as Netlify sends it: the deploy as JSON, signed over its bytes. */
async function notification(deploy: Record<string, unknown>, secret = NOTIFY_SECRET) {
  const body = JSON.stringify(deploy);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body));
  const sha256 = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
  const signature = await new SignJWT({ sha256 })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer("netlify")
    .sign(new TextEncoder().encode(secret));
  return { body, signature };
}

function notify(
  handler: (request: Request) => Promise<Response>,
  note: { body: string; signature: string },
) {
  return handler(
    new Request(URL, {
      method: "POST",
      headers: { "content-type": "application/json", "x-webhook-signature": note.signature },
      body: note.body,
    }),
  );
}

Deno.test("a production deploy the host says failed, after a good build, fails the run with its reason", async () => {
  const { handler, runs } = setup();
  await call(handler, { token: "admin-token" });
  const token = { "x-build-token": BUILD_TOKEN };
  await call(handler, { body: { action: "report", event: "started" }, headers: token });
  await call(handler, {
    body: { action: "report", event: "succeeded", revision: 7 },
    headers: token,
  });
  assertEquals(runs[0]?.status, "succeeded");
  const answer = await notify(
    handler,
    await notification({ state: "error", context: "production", error_message: "Upload failed" }),
  );
  assertEquals(answer.status, 200);
  assertEquals(runs[0]?.status, "failed");
  assertEquals(runs[0]?.error, "The host could not deploy the site: Upload failed");
});

Deno.test("a deploy the host says is live settles a run its build could not report", async () => {
  const { handler, runs } = setup();
  await call(handler, { token: "admin-token" });
  const answer = await notify(
    handler,
    await notification({ state: "ready", context: "production" }),
  );
  assertEquals(answer.status, 200);
  assertEquals(runs[0]?.status, "succeeded");
});

Deno.test("a notice of a deploy created before a run was asked for leaves that run to its own build", async () => {
  const { handler, runs, advance, now } = setup();
  const token = { "x-build-token": BUILD_TOKEN };
  // A build runs; a save then queues a run whose build the host never starts.
  await call(handler, { token: "admin-token" });
  await call(handler, { body: { action: "report", event: "started" }, headers: token });
  const deployCreated = now();
  advance(2);
  await call(handler, { token: "admin-token" });
  assertEquals(
    runs.map((run) => run.status),
    ["queued", "building"],
  );
  // The running build's deploy goes live: it settles the build, not the queued run.
  const live = await notify(
    handler,
    await notification({ state: "ready", context: "production", created_at: deployCreated }),
  );
  assertEquals(live.status, 200);
  assertEquals(
    runs.map((run) => run.status),
    ["queued", "succeeded"],
  );
  // Its failure would fail the build's run, not the queued one either.
  const failed = await notify(
    handler,
    await notification({
      state: "error",
      context: "production",
      error_message: "Upload failed",
      created_at: deployCreated,
    }),
  );
  assertEquals(failed.status, 200);
  assertEquals(
    runs.map((run) => run.status),
    ["queued", "failed"],
  );
});

Deno.test("notifications with a bad signature, or of previews, change nothing", async () => {
  const { handler, runs } = setup();
  await call(handler, { token: "admin-token" });
  const failed = { state: "error", context: "production", error_message: "x" };
  const forged = await notification(failed, "not-the-secret");
  assertEquals((await notify(handler, forged)).status, 401);
  // The signature covers the exact bytes: another body under a good signature fails.
  const good = await notification({ state: "ready", context: "production" });
  assertEquals(
    (await notify(handler, { body: JSON.stringify(failed), signature: good.signature })).status,
    401,
  );
  assertEquals((await notify(handler, { body: good.body, signature: "not.a.jws" })).status, 401);
  for (const context of ["deploy-preview", "branch-deploy"]) {
    const preview = await notify(handler, await notification({ ...failed, context }));
    assertEquals(preview.status, 200);
    assertEquals(await preview.json(), { ignored: "not a production deploy" });
  }
  assertEquals(runs[0]?.status, "queued");
  assertEquals(runs.length, 1);
});
