// `npm run dev`: the same embedded backend as `npm start` (database, API stand-in,
// Edge Functions, first admin), with Astro's dev server in place of the rebuilder
// and the static server. Settings: see README.md.

import { spawn } from "node:child_process";
import { join } from "node:path";
import { publicEnv } from "../supabase/local/keys.ts";
import { loadOrCreateHookToken, startHookServer } from "./lib/deploy-hook.ts";
import { urlHost } from "./lib/listen.ts";
import type { RebuilderStatus } from "./lib/rebuilder.ts";
import { claimDataDir, readSettings, repoRoot } from "./lib/settings.ts";
import { createShutdown } from "./lib/shutdown.ts";
import { startStack } from "./lib/stack.ts";

const log = (message: string) => console.log(`[dev] ${message}`);
const shutdown = createShutdown("dev", log);

// The dev server renders every page on request, so a publish has nothing to build.
const devStatus: RebuilderStatus = {
  state: "idle",
  current: null,
  lastError: null,
  pending: false,
  running: null,
  builds: [],
};

async function main(): Promise<void> {
  const settings = readSettings();
  const { dataDir, host, port } = settings;
  shutdown.onStop(await claimDataDir(dataDir, settings.freshData));
  const siteUrl = process.env.SITE_URL || `http://${urlHost(host)}:${port}`;

  const hook = await startHookServer(
    {
      token: await loadOrCreateHookToken(dataDir),
      trigger: () => {
        log("deploy hook called: nothing to build with the dev server; reload the page.");
        return devStatus;
      },
      status: () => devStatus,
    },
    settings.rebuildPort,
  );
  shutdown.onStop(() => hook.close());

  const stack = await startStack({
    dataDir,
    apiPort: settings.apiPort,
    functionSecrets: { DEPLOY_HOOK_URL: hook.hookUrl, SITE_URL: siteUrl },
    adminEmail: settings.adminEmail,
    adminPassword: settings.adminPassword,
  });
  shutdown.onStop(() => stack.close());
  if (shutdown.stopping) return;
  log(
    stack.databaseCreated
      ? "created the database with the seed content."
      : `database ready (${stack.migrationsApplied} new migration(s) applied).`,
  );

  const { admin } = stack;
  console.log(`
  Embedded backend for the dev server:

    API:          ${stack.apiUrl}
    Admin login:  ${admin.email} / ${admin.password ?? "(the account's own; set ADMIN_PASSWORD to replace it)"}${admin.warning ? `\n                  (not set up yet: ${admin.warning})` : ""}
    Data folder:  ${dataDir}
    Site (dev):   ${siteUrl}/  (Astro starts it next)
`);

  const dev = spawn(
    process.execPath,
    [
      join(repoRoot, "node_modules", "astro", "bin", "astro.mjs"),
      "dev",
      "--host",
      host,
      "--port",
      String(port),
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...publicEnv(stack.apiUrl, stack.keys),
        SITE_URL: siteUrl,
        ASTRO_TELEMETRY_DISABLED: "1",
      },
      stdio: "inherit",
    },
  );
  shutdown.onStop(
    () =>
      new Promise<void>((resolve) => {
        if (dev.exitCode !== null || dev.signalCode !== null) return resolve();
        const killer = setTimeout(() => dev.kill("SIGKILL"), 5000);
        dev.once("exit", () => {
          clearTimeout(killer);
          resolve();
        });
        dev.kill("SIGTERM");
      }),
  );
  dev.once("exit", (code, signal) => {
    if (shutdown.stopping) return;
    log(`the dev server exited (${signal ?? `code ${code}`}); shutdown.stopping the backend.`);
    void shutdown.stop(code ?? 1);
  });
}

main().catch(async (error) => {
  console.error(`[dev] ${(error as Error).message ?? error}`);
  await shutdown.stop(1);
});
