// `npm run test:e2e`: the browser tests. With no arguments the public-site tests and
// the admin tests run at the same time, each in its own Playwright run with its own
// stack (E2E_STACK=site|admin), one test at a time within each: the admin tests edit
// and publish one shared stack, so they never overlap each other, while the site
// tests only read theirs. Much of an admin test is waiting for builds and limits, so
// the two runs overlap well even on two cores. With arguments (files, --project,
// --grep ...) it is one plain `playwright test` run with those arguments.
import { spawn } from "node:child_process";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const playwright = join(root, "node_modules", ".bin", "playwright");
const args = process.argv.slice(2);

function run(name: string, extraArgs: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(playwright, ["test", ...extraArgs], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: name ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    if (name) {
      // Whole lines, each named by its run, so the two logs stay readable together.
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ] as const) {
        let rest = "";
        stream?.setEncoding("utf8");
        stream?.on("data", (chunk: string) => {
          const lines = (rest + chunk).split("\n");
          rest = lines.pop() ?? "";
          for (const line of lines) out.write(`[${name}] ${line}\n`);
        });
        stream?.on("end", () => {
          if (rest) out.write(`[${name}] ${rest}\n`);
        });
      }
    }
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (args.length > 0) {
  process.exit(await run("", args, {}));
}

const [site, admin] = await Promise.all([
  run("site", [], { E2E_STACK: "site" }),
  run("admin", [], { E2E_STACK: "admin" }),
]);
console.log(
  `browser tests: site ${site === 0 ? "passed" : "FAILED"}, admin ${admin === 0 ? "passed" : "FAILED"}`,
);
process.exit(site !== 0 ? site : admin);
