// `npm start`: the whole product on this machine, in one process tree. The embedded
// database and Supabase API stand-in (with the Edge Functions, a first admin and a
// mail catcher that every email lands in),
// a rebuilder that plays the CDN's build-and-deploy behind a deploy hook, and a
// static server for the built site and the admin. Settings: see README.md.

import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { publicEnv } from "../supabase/local/keys.ts";
import { loadOrCreateHookToken, startHookServer } from "./lib/deploy-hook.ts";
import { createNotifier, type Notify } from "./lib/deploy-notice.ts";
import { takeFault } from "./lib/host-faults.ts";
import { checkPortFree, urlHost } from "./lib/listen.ts";
import { type BuildRun, createRebuilder } from "./lib/rebuilder.ts";
import { claimDataDir, readSettings, repoRoot } from "./lib/settings.ts";
import { createShutdown } from "./lib/shutdown.ts";
import type { Stack } from "./lib/stack.ts";
import { type StaticServer, startStaticServer } from "./lib/static-server.ts";

const started = performance.now();
const log = (message: string) => console.log(`[start] ${message}`);
const shutdown = createShutdown("start", log);

function reportRun(run: BuildRun, first: boolean): void {
  const took = ((Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000).toFixed(1);
  const what = first ? "startup build" : "rebuild";
  if (run.ok && run.context !== "production")
    log(`${what} ${run.id} built as a ${run.context} in ${took} s; the site is unchanged.`);
  else if (run.ok) log(`${what} ${run.id} done in ${took} s; it is live now.`);
  else if (!shutdown.stopping) {
    console.error(
      `[start] ${what} ${run.id} failed after ${took} s; the previous site stays live.\n${run.error}`,
    );
  }
}

/**
 * DATA_DIR/functions.env, when there is one: secrets over the ones npm start sets, as
 * `supabase secrets set` changes a hosted project's (a line `NAME=` unsets one, as
 * `supabase secrets unset NAME`). Read at start, as `supabase functions serve
 * --env-file` reads its file. The doctor's tests plant misconfigurations with it.
 */
async function secretsFile(dataDir: string): Promise<Record<string, string>> {
  try {
    return parseEnv(await readFile(join(dataDir, "functions.env"), "utf8")) as Record<
      string,
      string
    >;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw error;
  }
}

/** The variables of `names` that are set in env, to pass on to the functions as secrets. */
function passOn(env: NodeJS.ProcessEnv, names: readonly string[]): Record<string, string> {
  const secrets: Record<string, string> = {};
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) secrets[name] = value;
  }
  return secrets;
}

function inUse(error: unknown, name: string, port: number): Error {
  return (error as NodeJS.ErrnoException).code === "EADDRINUSE"
    ? new Error(`${name} ${port} is in use; set ${name} to another port.`)
    : (error as Error);
}

async function main(): Promise<void> {
  const settings = readSettings();
  const { dataDir, host, port } = settings;
  shutdown.onStop(await claimDataDir(dataDir, settings.freshData));
  const siteUrl = process.env.SITE_URL || `http://${urlHost(host)}:${port}`;

  // The secret builds present to the publish function to report their progress.
  const buildToken = await loadOrCreateHookToken(dataDir, "build-token.json");
  // Filled in with the API's URL and key once the stack is up, before any build.
  const netlify = settings.hostMode === "netlify";
  const buildEnv: Record<string, string> = {
    SITE_URL: siteUrl,
    ASTRO_TELEMETRY_DISABLED: "1",
    // Netlify keeps Astro's cache where Astro puts it, in node_modules/.astro.
    ...(netlify ? {} : { ASTRO_CACHE_DIR: join(dataDir, "astro-cache") }),
    PUBLISH_BUILD_TOKEN: buildToken,
    BUILD_FAIL_FILE: join(dataDir, "fail-next-build"),
  };
  let builds = 0;
  // The host's deploy notifications to the publish function, as Netlify's; the URL is
  // known once the API is up.
  const notifySecret = await loadOrCreateHookToken(dataDir, "notify-secret.json");
  let notify: Notify | undefined;
  const rebuilder = createRebuilder({
    dataDir,
    build: {
      // The same build a CDN runs (npm run build): astro build plus the reports to
      // the publish function.
      command: process.execPath,
      args: [join(repoRoot, "scripts", "build.ts")],
      cwd: repoRoot,
      env: buildEnv,
    },
    onRun: (run) => reportRun(run, builds++ === 0),
    deployDelayMs: settings.deployDelayMs,
    ...(netlify ? { netlify: { repoDir: repoRoot, hostDir: join(dataDir, "host") } } : {}),
    notify: (deploy) => notify?.(deploy) ?? Promise.resolve(),
  });
  await rebuilder.init();
  shutdown.onStop(() => rebuilder.close());
  const warm = rebuilder.status().current !== null;

  let site: StaticServer | undefined;
  const serveSite = async () => {
    site = await startStaticServer({
      siteDir: rebuilder.siteDir,
      port,
      host,
      urlHost: urlHost(host),
    }).catch((error) => {
      throw inUse(error, "PORT", port);
    });
    shutdown.onStop(() => site?.close() ?? Promise.resolve());
  };
  // A warm folder already holds a good build: serve it before loading the rest.
  if (warm) await serveSite();
  // A cold one builds first; find a taken PORT now rather than after the build.
  else await checkPortFree(port, host).catch((error) => Promise.reject(inUse(error, "PORT", port)));

  const hook = await startHookServer(
    {
      token: await loadOrCreateHookToken(dataDir),
      trigger: async () => {
        // Until the API is up no build may start; the startup build follows anyway.
        if (!buildEnv.PUBLIC_SUPABASE_URL) return rebuilder.status();
        const fault = await takeFault(dataDir);
        if (fault?.name === "never-start") {
          log("deploy hook called: accepted, but the build never starts (host fault never-start).");
          return rebuilder.status();
        }
        if (fault) log(`deploy hook called: the next build plays the host fault ${fault.name}.`);
        const status = rebuilder.trigger(fault);
        log(
          status.pending
            ? "deploy hook called: a build is running; one more will follow it."
            : "deploy hook called: building.",
        );
        return status;
      },
      status: () => rebuilder.status(),
    },
    settings.rebuildPort,
  ).catch((error) => {
    throw inUse(error, "REBUILD_PORT", settings.rebuildPort);
  });
  shutdown.onStop(() => hook.close());

  const fileSecrets = await secretsFile(dataDir);
  const stackStarting = import("./lib/stack.ts").then(({ startStack }) =>
    startStack({
      dataDir,
      apiPort: settings.apiPort,
      functionSecrets: {
        DEPLOY_HOOK_URL: hook.hookUrl,
        SITE_URL: siteUrl,
        PUBLISH_BUILD_TOKEN: buildToken,
        NETLIFY_NOTIFY_SECRET: notifySecret,
        // The publish limits, when set for rehearsals (seconds).
        ...passOn(process.env, ["PUBLISH_QUEUE_LIMIT_SECONDS", "PUBLISH_BUILD_LIMIT_SECONDS"]),
        // The message alerts' limit per window, when set for rehearsals.
        ...passOn(process.env, ["ALERT_MESSAGE_LIMIT", "ALERT_WINDOW_SECONDS"]),
        ...fileSecrets,
      },
      adminEmail: settings.adminEmail,
      adminPassword: settings.adminPassword,
      mailPort: settings.mailPort,
      mailSmtpPort: settings.mailSmtpPort,
      // Emailed links lead back to this site.
      siteUrl,
    }),
  );
  shutdown.waitFor(stackStarting);
  const stack: Stack = await stackStarting;
  // Registered before shutdown.stop() (which waits for the pending start) reads the list.
  shutdown.onStop(() => stack.close());
  shutdown.waitFor(undefined);
  if (shutdown.stopping) return;
  log(
    stack.databaseCreated
      ? "created the database with the seed content."
      : `database ready (${stack.migrationsApplied} new migration(s) applied).`,
  );

  // The site reads its content from the API at build time, so build only now.
  Object.assign(buildEnv, publicEnv(stack.apiUrl, stack.keys));
  notify = createNotifier({ url: `${stack.apiUrl}/functions/v1/publish`, secret: notifySecret });
  rebuilder.trigger();
  if (!warm) {
    log("building the site for the first time...");
    await rebuilder.idle();
    if (shutdown.stopping) return;
    if (!rebuilder.status().current) {
      console.error("[start] The first build failed, so there is no site to serve yet.");
      await shutdown.stop(1);
    }
    await serveSite();
  }
  if (shutdown.stopping || !site) return;

  const { admin } = stack;
  const notes = [
    admin.passwordSource === "ADMIN_PASSWORD" ? "from ADMIN_PASSWORD" : "",
    admin.action === "created" ? "account created" : "",
    admin.action === "updated" ? "account updated" : "",
    admin.warning ? `not set up yet: ${admin.warning}` : "",
  ].filter(Boolean);
  const password = admin.password ?? "(the account's own; set ADMIN_PASSWORD to replace it)";
  const adminLine = `${admin.email} / ${password}${notes.length ? `\n                  (${notes.join("; ")})` : ""}`;
  // Where the site, the API, the mail catcher and the host run, for tools and the
  // browser tests (ports may be chosen by the system). No secret goes in here: the keys
  // stay in keys.json and the hook's token in hook.json.
  await writeFile(
    join(dataDir, "runtime.json"),
    `${JSON.stringify(
      {
        siteUrl: site.url,
        apiUrl: stack.apiUrl,
        mailUrl: stack.mail.url,
        hostUrl: `http://127.0.0.1:${hook.port}`,
      },
      null,
      2,
    )}\n`,
  );
  const ready = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`
  Helping Hands Foundation is running (ready in ${ready} s${warm ? "; rebuilding in the background" : ""}).

    Site:         ${site.url}/
    Admin:        ${site.url}/admin
    Admin login:  ${adminLine}
    API:          ${stack.apiUrl}
    API keys:     ${keysLine(stack, dataDir)}
    Mail:         ${stack.mail.url}/  (every email Auth and the functions send; API: ${stack.mail.url}/api/v1)
                  SMTP ${stack.mail.smtpHost}:${stack.mail.smtpPort}
    Data folder:  ${dataDir}
    Deploy hook:  POST ${hook.hookUrl}
    Build status: GET  ${hook.statusUrl}

  Press Ctrl-C to stop.
`);
}

/** Which keys the project has, and where they are: never the keys themselves. */
function keysLine(stack: Stack, dataDir: string): string {
  const where = join(dataDir, "keys.json");
  if (stack.keys.mode === "legacy")
    return `legacy anon and service_role keys, sessions signed with HS256 (${where})`;
  const legacy = stack.keys.legacyApiKeys ? "" : "; legacy keys disabled";
  return `publishable and secret keys, sessions signed with ES256 (${where}${legacy})`;
}

main().catch(async (error) => {
  console.error(`[start] ${(error as Error).message ?? error}`);
  await shutdown.stop(1);
});
