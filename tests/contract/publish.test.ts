// The publish function on the embedded stack, in real Deno, over the real migration:
// only admins may publish, bursts collapse into one hook call, builds report with
// their token, and nobody else reads or writes the runs.
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accessToken,
  anonClient,
  embeddedOnly,
  REAL_PROJECT,
  signedInUser,
  startTestStack,
  type TestStack,
  type TestUser,
} from "./stack.ts";

const BUILD_TOKEN = "contract-build-token-4f1c";
const NOTIFY_SECRET = "contract-netlify-jws-secret-77aa";

/** A Netlify deploy notification: the deploy as JSON, signed (JWS) over its bytes. */
async function notify(deploy: Record<string, unknown>, secret = NOTIFY_SECRET) {
  const body = JSON.stringify(deploy);
  const sha256 = createHash("sha256").update(body).digest("hex");
  const signature = await new SignJWT({ sha256 })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer("netlify")
    .sign(new TextEncoder().encode(secret));
  return fetch(endpoint, {
    method: "POST",
    headers: { "content-type": "application/json", "x-webhook-signature": signature },
    body,
  });
}
let stack: TestStack;
let hook: Server;
let hookCalls = 0;
let hookStatus = 200;
let admin: TestUser;
let user: TestUser;
let endpoint: string;

beforeAll(async () => {
  if (REAL_PROJECT) return;
  hook = createServer((request, response) => {
    hookCalls += 1;
    request.resume();
    response.writeHead(hookStatus).end();
  });
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
  const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hooks/secret-hook-id`;
  stack = await startTestStack({
    functionSecrets: {
      DEPLOY_HOOK_URL: hookUrl,
      PUBLISH_BUILD_TOKEN: BUILD_TOKEN,
      NETLIFY_NOTIFY_SECRET: NOTIFY_SECRET,
    },
  });
  endpoint = `${stack.url}/functions/v1/publish`;
  [admin, user] = await Promise.all([signedInUser(stack, { admin: true }), signedInUser(stack)]);
}, 90_000);

afterAll(async () => {
  await stack?.close();
  await new Promise((resolve) => hook?.close(resolve));
});

function post(bearer: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(endpoint, {
    method: "POST",
    headers: {
      apikey: stack.publishableKey,
      authorization: `Bearer ${bearer}`,
      "content-type": "application/json",
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

/** As scripts/build.ts reports: the build token and nothing else, no API key at all. */
function report(body: unknown, buildToken = BUILD_TOKEN) {
  return fetch(endpoint, {
    method: "POST",
    headers: { "content-type": "application/json", "x-build-token": buildToken },
    body: JSON.stringify(body),
  });
}

describe.skipIf(REAL_PROJECT)(
  `publish function ${embeddedOnly("counts the calls to a local deploy hook")}`,
  () => {
    it("refuses the anon key and signed-in users who are not admins", async () => {
      expect((await post(stack.publishableKey, { action: "publish" })).status).toBe(401);
      const refused = await post(await accessToken(user), { action: "publish" });
      expect(refused.status).toBe(403);
      // An admin's token with its signature replaced is checked by the function itself.
      const [header, payload] = (await accessToken(admin)).split(".");
      const forged = await post(`${header}.${payload}.${"A".repeat(86)}`, { action: "publish" });
      expect(forged.status).toBe(401);
      expect(hookCalls).toBe(0);
    });

    it("queues one build for a burst of admin calls, and tells the admin", async () => {
      const bearer = await accessToken(admin);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => post(bearer, { action: "publish" })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(202));
      const bodies = await Promise.all(
        answers.map((answer) => answer.json() as Promise<{ created: boolean }>),
      );
      expect(bodies.filter((body) => body.created)).toHaveLength(1);
      expect(hookCalls).toBe(1);
      for (const body of bodies) expect(JSON.stringify(body)).not.toContain("secret-hook-id");
    });

    it("records a build's start and result from the build token only", async () => {
      expect(
        (await post(stack.publishableKey, { action: "report", event: "started" })).status,
      ).toBe(401);
      expect((await report({ action: "report", event: "started" }, "a-wrong-token")).status).toBe(
        401,
      );
      const started = await report({ action: "report", event: "started" });
      expect(started.status).toBe(200);
      expect(((await started.json()) as { run: { status: string } }).run.status).toBe("building");

      // A call during the build marks exactly one more.
      const bearer = await accessToken(admin);
      await Promise.all([post(bearer, { action: "publish" }), post(bearer, { action: "publish" })]);
      expect(hookCalls).toBe(2);

      const done = await report({ action: "report", event: "succeeded", revision: 12 });
      expect(done.status).toBe(200);
      const runs = (await (
        await fetch(endpoint, {
          headers: { apikey: stack.publishableKey, authorization: `Bearer ${bearer}` },
        })
      ).json()) as { runs: { status: string; built_revision: number | null }[] };
      expect(runs.runs.map((run) => run.status)).toEqual(["queued", "succeeded"]);
      expect(runs.runs[1]?.built_revision).toBe(12);
    });

    it("says the hook failed, without its address, and records the failure", async () => {
      // Finish the queued run first so the next call queues a new one.
      const report = (event: string) =>
        post(
          stack.publishableKey,
          { action: "report", event, revision: 1 },
          { "x-build-token": BUILD_TOKEN },
        );
      await report("started");
      await report("succeeded");
      hookStatus = 500;
      const failed = await post(await accessToken(admin), { action: "publish" });
      hookStatus = 200;
      expect(failed.status).toBe(502);
      const text = await failed.text();
      expect(text).not.toContain("secret-hook-id");
      expect(JSON.parse(text)).toMatchObject({
        error: "hook_failed",
        message: "The deploy hook answered HTTP 500.",
      });
      expect(JSON.parse(text).runs[0]).toMatchObject({
        status: "failed",
        error: "The deploy hook answered HTTP 500.",
      });
    });

    it("a run the host never started does not jam publishing: the next save calls the hook", async () => {
      const db = stack.db;
      if (!db) throw new Error("the embedded stack has its database");
      const bearer = await accessToken(admin);
      expect((await post(bearer, { action: "publish" })).status).toBe(202);
      // The host took the hook call but never started the build: half an hour passes
      // for every run (a queued run's wait counts from the end of the build before it).
      await db.query(
        `update public.publish_runs set requested_at = requested_at - interval '30 minutes',
           started_at = started_at - interval '30 minutes',
           finished_at = finished_at - interval '30 minutes'`,
      );
      const calls = hookCalls;
      const next = await post(bearer, { action: "publish" });
      expect(next.status).toBe(202);
      const body = (await next.json()) as {
        created: boolean;
        runs: { status: string; error: string | null }[];
      };
      expect(body.created).toBe(true);
      expect(hookCalls).toBe(calls + 1);
      expect(body.runs[0]?.status).toBe("queued");
      expect(body.runs[1]).toMatchObject({
        status: "failed",
        error: "The host never started the build.",
      });
    });

    it("follows the host's signed deploy notifications; previews and bad signatures change nothing", async () => {
      const runsNow = async () => {
        const answer = await fetch(endpoint, {
          headers: {
            apikey: stack.publishableKey,
            authorization: `Bearer ${await accessToken(admin)}`,
          },
        });
        return (
          (await answer.json()) as { runs: { id: number; status: string; error: string | null }[] }
        ).runs;
      };
      const before = await runsNow();
      const failed = { state: "error", context: "production", error_message: "Upload failed" };
      expect((await notify(failed, "a-forged-secret")).status).toBe(401);
      for (const context of ["deploy-preview", "branch-deploy"]) {
        const preview = await notify({ ...failed, context });
        expect(preview.status).toBe(200);
        expect(await preview.json()).toEqual({ ignored: "not a production deploy" });
      }
      expect(await runsNow()).toEqual(before);

      // A production deploy that failed after its build: the newest run fails, with why.
      expect((await post(await accessToken(admin), { action: "publish" })).status).toBe(202);
      const answer = await notify(failed);
      expect(answer.status).toBe(200);
      expect((await runsNow())[0]).toMatchObject({
        status: "failed",
        error: "The host could not deploy the site: Upload failed",
      });
    });

    it("a deploy's notice never settles a run asked for after the deploy was created", async () => {
      const bearer = await accessToken(admin);
      const runsNow = async () =>
        (
          (await (
            await fetch(endpoint, {
              headers: { apikey: stack.publishableKey, authorization: `Bearer ${bearer}` },
            })
          ).json()) as { runs: { status: string; requested_at: string; error: string | null }[] }
        ).runs;
      // A build runs; a save during it queues a run whose build the host never starts.
      expect((await post(bearer, { action: "publish" })).status).toBe(202);
      expect((await report({ action: "report", event: "started" })).status).toBe(200);
      expect((await post(bearer, { action: "publish" })).status).toBe(202);
      const [queued] = await runsNow();
      expect(queued?.status).toBe("queued");
      const deployCreated = new Date(Date.parse(queued?.requested_at ?? "") - 1000).toISOString();

      // The running build's deploy goes live: its own run is done, the queued one waits.
      const ready = { state: "ready", context: "production", created_at: deployCreated };
      expect((await notify(ready)).status).toBe(200);
      expect((await runsNow()).slice(0, 2).map((run) => run.status)).toEqual([
        "queued",
        "succeeded",
      ]);
      // Had that deploy failed, its own run would say so, and the queued one still waits.
      const failed = { ...ready, state: "error", error_message: "Upload failed" };
      expect((await notify(failed)).status).toBe(200);
      expect((await runsNow()).slice(0, 2)).toMatchObject([
        { status: "queued", error: null },
        { status: "failed", error: "The host could not deploy the site: Upload failed" },
      ]);
    });

    it("keeps the runs away from everyone but admins", async () => {
      const anon = anonClient(stack);
      expect((await anon.from("publish_runs").select("id")).error?.code).toBe("42501");
      expect((await user.client.from("publish_runs").select("id")).data).toEqual([]);
      expect((await admin.client.from("publish_runs").select("id")).data?.length).toBeGreaterThan(
        0,
      );
      expect(
        (await admin.client.from("publish_runs").insert({ requested_revision: 1 })).error?.code,
      ).toBe("42501");
      expect((await anon.rpc("request_publish", { p_requested_by: null })).error).not.toBeNull();
      expect(
        (
          await admin.client.rpc("report_build", {
            p_event: "succeeded",
            p_revision: 1,
            p_error: null,
          })
        ).error,
      ).not.toBeNull();
    });
  },
);
