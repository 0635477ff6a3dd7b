// `npm run test:e2e`: the browser tests. With no arguments they run in two lanes side
// by side, each Playwright run with its own stack (E2E_STACK=site|admin), one test at a
// time within each: the admin tests edit and publish a shared stack, so they never
// overlap each other, while the site tests only read theirs. One lane runs the admin
// tests; the other the site tests, then the host-fault tests on an admin stack of their
// own (its own port, so its own data folder), which are mostly minutes of waiting on
// builds and limits. Much of an admin test is waiting, so the lanes overlap well even
// on two cores. With arguments (files, --project, --grep ...) it is one plain
// `playwright test` run with those arguments.
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

const faultsPort = String(Number(process.env.E2E_ADMIN_PORT ?? 4398) - 1);
const [[site, faults], admin] = await Promise.all([
  (async () => {
    const site = await run("site", [], { E2E_STACK: "site" });
    const faults = await run("faults", [], {
      E2E_STACK: "admin",
      E2E_ADMIN_PART: "faults",
      E2E_ADMIN_PORT: faultsPort,
    });
    return [site, faults];
  })(),
  run("admin", [], { E2E_STACK: "admin", E2E_ADMIN_PART: "main" }),
]);
const word = (code: number) => (code === 0 ? "passed" : "FAILED");
console.log(`browser tests: site ${word(site)}, admin ${word(admin)}, host faults ${word(faults)}`);
process.exit([site, admin, faults].find((code) => code !== 0) ?? 0);
