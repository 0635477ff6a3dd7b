// `npm run doctor` against the whole local stack (`npm start`, with its builds, host and
// functions): every check passes; then one misconfiguration at a time is planted the way
// it happens on a real deployment, and each turns exactly its own line ✗, with its fix.
//
//   sample donation details on a real site    the doctor told the site is not local
//   the site behind the database              a save that no build followed
//   sign-ups on                               SUPABASE_AUTH_ENABLE_SIGNUP=true, as the CLI reads it
//   no deploy hook, a wrong build token,      DATA_DIR/functions.env, as `supabase secrets
//     no mail service                           set/unset` changes a hosted project's
//   a cached build-info.json                  the live build's _headers edited (the next
//                                               deploy held back, so it stays live)
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectFunctions } from "../../scripts/doctor.ts";
import { type Check, runDoctor } from "../../scripts/lib/doctor.ts";
import { type LocalStack, sleep, startLocalStack } from "../../scripts/lib/local-stack.ts";
import { runToEnd } from "../../scripts/lib/run-to-end.ts";
import { freePort } from "../../supabase/local/server.ts";

let dataDir: string;
let stack: LocalStack;
let ports: { site: number; api: number };
let functions: string[];

const failing = (checks: Check[]) => checks.filter((check) => !check.ok);
/** A restart and its build: well past the usual half minute on a loaded machine. */
const RESTART_MS = 300_000;

async function doctor(options: { samplesAllowed?: boolean } = {}): Promise<Check[]> {
  return runDoctor({ siteUrl: stack.origin, functions, admin: stack.admin, ...options });
}

/** Waits until the API answers (a warm start serves the site before it). */
async function apiUp(): Promise<void> {
  for (let tries = 0; ; tries++) {
    const ok = await fetch(`${stack.apiUrl}/auth/v1/health`, {
      headers: { apikey: stack.publishableKey },
    }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (tries > 600) throw new Error("the API did not come up");
    await sleep(200);
  }
}

/** Stops npm start and starts it again on the same folder and ports. */
async function restart(env: Record<string, string> = {}, waitForBuild = true): Promise<void> {
  const before = (await stack.status()).builds[0]?.id;
  await stack.stop();
  stack = await startLocalStack(dataDir, { ports, env });
  await apiUp();
  if (!waitForBuild) return;
  // The startup build, then nothing left to do.
  for (;;) {
    const now = await stack.status();
    const latest = now.builds[0];
    if (latest && latest.id !== before && now.state === "idle" && !now.pending) return;
    await sleep(250);
  }
}

beforeAll(async () => {
  functions = await projectFunctions();
  dataDir = await mkdtemp(join(tmpdir(), "doctor-"));
  ports = { site: await freePort(), api: await freePort() };
  stack = await startLocalStack(dataDir, { ports });
  await apiUp();
  await stack.idle();
});

afterAll(async () => {
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("npm run doctor", () => {
  it(
    "passes every check on the local stack, from the command with no argument",
    async () => {
      const checks = await doctor();
      expect(failing(checks)).toEqual([]);
      expect(checks.length).toBeGreaterThanOrEqual(20);

      const { code, output } = await runToEnd(
        process.execPath,
        [join(import.meta.dirname, "../../scripts/doctor.ts")],
        { env: { ...process.env, DATA_DIR: dataDir } },
      );
      expect(output).toContain(`Checking ${stack.origin}`);
      expect(output).toMatch(/✓ Sessions are signed with the asymmetric key \(ES256\)/);
      expect(output).toContain(`All ${checks.length} checks pass.`);
      expect(output).not.toContain(stack.admin.password);
      expect(code).toBe(0);
    },
    RESTART_MS,
  );

  it("flags sample donation details on a site that is not on this machine", async () => {
    const [check, ...others] = failing(await doctor({ samplesAllowed: false }));
    expect(others).toEqual([]);
    expect(check?.name).toBe("The donate page holds no sample payment details");
    expect(check?.detail).toContain("(SAMPLE)");
    expect(check?.fix).toContain("Admin, Donate");
  });

  it(
    "says how far behind the database the live site is",
    async () => {
      const signIn = await fetch(`${stack.apiUrl}/auth/v1/token?grant_type=password`, {
        method: "POST",
        headers: { apikey: stack.publishableKey, "content-type": "application/json" },
        body: JSON.stringify(stack.admin),
      });
      const { access_token: token } = (await signIn.json()) as { access_token: string };
      const saved = await fetch(`${stack.apiUrl}/rest/v1/about_content?years_of_service=gte.0`, {
        method: "PATCH",
        headers: {
          apikey: stack.publishableKey,
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ years_of_service: 16 }),
      });
      expect(saved.status).toBe(204);
      const [check, ...others] = failing(await doctor());
      expect(others).toEqual([]);
      expect(check?.name).toBe("The live site shows the latest saved content");
      expect(check?.detail).toMatch(/\(1 save\(s\) behind\)/);

      await stack.build();
      expect(failing(await doctor())).toEqual([]);
    },
    RESTART_MS,
  );

  const plants: {
    what: string;
    env?: Record<string, string>;
    secrets?: string;
    line: string;
    fix: RegExp;
  }[] = [
    {
      what: "sign-ups on",
      env: { SUPABASE_AUTH_ENABLE_SIGNUP: "true" },
      line: "Auth refuses sign-ups",
      fix: /config push/,
    },
    {
      what: "no deploy hook",
      secrets: "DEPLOY_HOOK_URL=\n",
      line: "The publish function has a deploy hook",
      fix: /secrets set --yes DEPLOY_HOOK_URL=/,
    },
    {
      what: "a wrong build token",
      secrets: "PUBLISH_BUILD_TOKEN=not-the-token-the-builds-have\n",
      line: "The build's token matches the publish function's",
      fix: /PUBLISH_BUILD_TOKEN/,
    },
    {
      what: "no mail service",
      secrets: "SMTP_HOST=\n",
      line: "Alerts can be mailed (a mail service is configured)",
      fix: /RESEND_API_KEY/,
    },
  ];
  for (const plant of plants) {
    it(
      `turns exactly one line ✗ with ${plant.what}`,
      async () => {
        const secrets = join(dataDir, "functions.env");
        if (plant.secrets) await writeFile(secrets, plant.secrets);
        try {
          await restart(plant.env);
          const [check, ...others] = failing(await doctor());
          expect(others).toEqual([]);
          expect(check?.name).toBe(plant.line);
          expect(check?.fix).toMatch(plant.fix);
        } finally {
          await rm(secrets, { force: true });
        }
      },
      RESTART_MS,
    );
  }

  it(
    "turns exactly one line ✗ when /build-info.json may be cached",
    async () => {
      await restart();
      const headers = join(dataDir, "site", "_headers");
      const good = await readFile(headers, "utf8");
      try {
        await writeFile(
          headers,
          good.replace(
            /(\/build-info\.json\n\s+Cache-Control:) no-cache/,
            "$1 public, max-age=3600",
          ),
        );
        // The host reads a build's rules once: start again, and hold the startup build's
        // deploy back so the edited build stays live while the doctor looks.
        await restart({ HOST_DEPLOY_DELAY_MS: "600000" }, false);
        const [check, ...others] = failing(await doctor());
        expect(others).toEqual([]);
        expect(check?.name).toBe("/build-info.json is never served from a cache");
        expect(check?.detail).toBe("Cache-Control: public, max-age=3600");
      } finally {
        await writeFile(headers, good);
      }
    },
    2 * RESTART_MS,
  );
});
