// `npm start`: builds the public site and serves it. (The embedded Supabase
// stand-in joins this process tree in a later step.)
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
// Run Astro on the same Node as this script (the project's pinned Node 24), not
// on whichever `node` happens to be first on PATH.
const astro = join(root, "node_modules", "astro", "bin", "astro.mjs");
const port = process.env.PORT ?? "4321";
const host = process.env.HOST ?? "127.0.0.1";
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" };

let child: ChildProcess | undefined;

function run(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    child = spawn(process.execPath, [astro, ...args], { cwd: root, env, stdio: "inherit" });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

// Ctrl-C or a stop request ends the child too, and this process only after it.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (!child || child.exitCode !== null) process.exit(0);
    child.once("exit", () => process.exit(0));
    child.kill(signal);
  });
}

const built = await run(["build"]);
if (built !== 0) {
  console.error("The site build failed; see the messages above.");
  process.exit(built);
}
console.log(`\n  Site: http://${host}:${port}/\n`);
process.exit(await run(["preview", "--host", host, "--port", port]));
