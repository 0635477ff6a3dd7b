// `npm run test:e2e`: the browser tests. With no arguments the public-site tests and
// the admin tests run at the same time, each in Playwright runs with stacks of their
// own (E2E_STACK=site|admin), one test at a time within each run. The admin tests edit
// and publish the stack they run on, so they never overlap on one stack: they are
// split into E2E_ADMIN_SHARDS shares (Playwright's --shard, by file; 1 unless set, as
// two shares ran slower on two cores), each run on a stack of its own (ports 4398,
// 4397, ...). Much of an admin test is
// waiting for builds and limits, so the runs overlap well even on two cores. With
// E2E_STACK set, only that kind. With arguments (files, --project, --grep ...) it is
// one plain `playwright test` run with those arguments.
import { join } from "node:path";
import { ADMIN_PORT, adminShardEnv } from "./lib/e2e-shards.ts";
import { runPrefixed } from "./lib/prefixed.ts";

const root = join(import.meta.dirname, "..");
const playwright = join(root, "node_modules", ".bin", "playwright");
const args = process.argv.slice(2);

const run = (name: string, env: Record<string, string>) =>
  runPrefixed(name, playwright, args.length > 0 ? ["test", ...args] : ["test"], {
    cwd: root,
    env,
  });

if (args.length > 0) {
  process.exit(await run("", {}));
}

const shards = Number(process.env.E2E_ADMIN_SHARDS ?? 1);
if (!Number.isInteger(shards) || shards < 1) {
  console.error(`E2E_ADMIN_SHARDS must be a whole number of at least 1, not ${shards}`);
  process.exit(2);
}
const only = process.env.E2E_STACK;
const runs: [string, Record<string, string>][] = [];
if (only === undefined || only === "site") runs.push(["site", { E2E_STACK: "site" }]);
if (only === undefined || only === "admin") {
  for (let shard = 1; shard <= shards; shard++) {
    runs.push([shards > 1 ? `admin-${shard}` : "admin", adminShardEnv(shard, shards)]);
  }
}
if (runs.length === 0) {
  console.error(`E2E_STACK must be site or admin, not ${only} (ADMIN_PORT ${ADMIN_PORT})`);
  process.exit(2);
}

const results = await Promise.all(runs.map(([name, env]) => run(name, env)));
console.log(
  `browser tests: ${runs.map(([name], i) => `${name} ${results[i] === 0 ? "passed" : "FAILED"}`).join(", ")}`,
);
process.exit(results.find((code) => code !== 0) ?? 0);
