// `npm run test:e2e`: the browser tests. With no arguments the public-site tests and
// the admin tests run at the same time, each in its own Playwright run with its own
// stack (E2E_STACK=site|admin), one test at a time within each: the admin tests edit
// and publish one shared stack, so they never overlap each other, while the site
// tests only read theirs. Much of an admin test is waiting for builds and limits, so
// the two runs overlap well even on two cores. With E2E_STACK set, only that run. With
// arguments (files, --project, --grep ...) it is one plain `playwright test` run with
// those arguments.
import { join } from "node:path";
import { runPrefixed } from "./lib/prefixed.ts";

const root = join(import.meta.dirname, "..");
const playwright = join(root, "node_modules", ".bin", "playwright");
const args = process.argv.slice(2);

const run = (name: string, extraArgs: string[], env: Record<string, string>) =>
  runPrefixed(name, playwright, ["test", ...extraArgs], { cwd: root, env });

if (args.length > 0) {
  process.exit(await run("", args, {}));
}

const only = process.env.E2E_STACK;
if (only === "site" || only === "admin") {
  process.exit(await run(only, [], { E2E_STACK: only }));
}

const [site, admin] = await Promise.all([
  run("site", [], { E2E_STACK: "site" }),
  run("admin", [], { E2E_STACK: "admin" }),
]);
console.log(
  `browser tests: site ${site === 0 ? "passed" : "FAILED"}, admin ${admin === 0 ? "passed" : "FAILED"}`,
);
process.exit(site !== 0 ? site : admin);
