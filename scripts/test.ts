// `npm test`: every check, in lanes that run side by side where the machine has room.
// Each step starts once the steps it waits for have passed; a failure starts nothing
// new, lets the running steps end, and fails the run. At the end, a table of how long
// each step took, to keep the whole run within CI's time, after a recap of why each
// failed step failed (its last failure lines and its last lines), which a long log buries.
//
//   tools ──> postgres ─────────────────────────────────┐
//     └──────────────────────────────────> hosts ────────┤  (hosts also waits for the
//   lint ─> typecheck ─> unit ─> functions ─> e2e-site ──┘   site's browser tests)
//              └──────> e2e-admin
//   chromium ────────────┘ (and e2e-site)
//
// The admin's browser tests are the longest step (about 20 minutes on two cores, most
// of it waiting on the builds their saves start), so they start as soon as the code
// typechecks, beside the unit tests, rather than after them: the machine's second core
// is then busy while the rest of the run goes by. Splitting them into two runs on two
// stacks (E2E_ADMIN_SHARDS=2) was measured slower on two cores (28.7 against 26.3
// minutes in all): their builds already keep both cores busy.
//
// The steps are the npm scripts of the same names (README, "Scripts"); the browser
// steps are `npm run test:e2e` split into its two runs.
import { join } from "node:path";
import { runPrefixed } from "./lib/prefixed.ts";

const root = join(import.meta.dirname, "..");
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";

interface Step {
  name: string;
  args: string[];
  env?: Record<string, string>;
  after: string[];
}

const npmRun = (script: string) => ["run", "--silent", script];

const steps: Step[] = [
  { name: "tools", args: ["exec", "--", "node", "scripts/tools.ts", "install"], after: [] },
  { name: "chromium", args: ["exec", "--", "node", "scripts/ensure-chromium.ts"], after: [] },
  { name: "lint", args: npmRun("lint"), after: [] },
  { name: "typecheck", args: npmRun("typecheck"), after: ["lint"] },
  { name: "unit", args: npmRun("test:unit"), after: ["typecheck"] },
  { name: "functions", args: npmRun("test:functions"), after: ["unit"] },
  { name: "postgres", args: npmRun("test:postgres"), after: ["tools"] },
  {
    name: "e2e-site",
    args: ["exec", "--", "node", "scripts/e2e.ts"],
    env: { E2E_STACK: "site" },
    after: ["functions", "chromium"],
  },
  {
    name: "e2e-admin",
    args: ["exec", "--", "node", "scripts/e2e.ts"],
    env: { E2E_STACK: "admin" },
    after: ["typecheck", "chromium"],
  },
  { name: "hosts", args: npmRun("test:hosts"), after: ["tools", "postgres", "e2e-site"] },
];

type State = "waiting" | "running" | "passed" | "failed" | "skipped";
const state = new Map<string, State>(steps.map((step) => [step.name, "waiting"]));
const seconds = new Map<string, number>();
const started = performance.now();
let failed = false;

function ready(step: Step): boolean {
  return state.get(step.name) === "waiting" && step.after.every((n) => state.get(n) === "passed");
}

// Lines that name a failure, in the words of Playwright (✘, "N failed"), vitest (FAIL,
// ×), Deno's test runner (FAILED) and our scripts (Error:, refused).
const FAILURE = /✘|×|\bFAIL(ED)?\b|\d+ failed|Error:|refused|Timed out|Timeout/;
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
const RECAP_MARKS = 40;
const RECAP_TAIL = 25;
/** Lines kept after an error's own line: what it found (axe's violations, a diff). */
const ERROR_CONTEXT = 8;
const recap = new Map<string, { marks: string[]; tail: string[]; context: number }>();

function remember(name: string, raw: string): void {
  const line = raw.replace(ANSI, "").trimEnd();
  const kept = recap.get(name) ?? { marks: [], tail: [], context: 0 };
  recap.set(name, kept);
  // The stacks' own logs (Playwright's [WebServer] lines) report faults the tests cause.
  const own = !line.includes("[WebServer]");
  if (FAILURE.test(line) && own) {
    kept.marks.push(line.slice(0, 300));
    if (/Error:/.test(line)) kept.context = ERROR_CONTEXT;
  } else if (kept.context > 0 && own && line.trim()) {
    kept.context -= 1;
    kept.marks.push(line.slice(0, 300));
  }
  if (kept.marks.length > RECAP_MARKS) kept.marks.shift();
  kept.tail.push(line.slice(0, 300));
  if (kept.tail.length > RECAP_TAIL) kept.tail.shift();
}

async function runStep(step: Step): Promise<void> {
  state.set(step.name, "running");
  const begin = performance.now();
  console.log(`[test] ${step.name}: starting`);
  const code = await runPrefixed(step.name, NPM, step.args, {
    cwd: root,
    env: step.env,
    onLine: (line) => remember(step.name, line),
  });
  seconds.set(step.name, (performance.now() - begin) / 1000);
  state.set(step.name, code === 0 ? "passed" : "failed");
  console.log(`[test] ${step.name}: ${code === 0 ? "passed" : `FAILED (exit ${code})`}`);
  if (code !== 0) failed = true;
}

async function schedule(): Promise<void> {
  const running = new Set<Promise<void>>();
  for (;;) {
    if (!failed) {
      for (const step of steps.filter(ready)) {
        const run = runStep(step).finally(() => running.delete(run));
        running.add(run);
      }
    }
    if (running.size === 0) break;
    await Promise.race(running);
  }
  for (const step of steps) if (state.get(step.name) === "waiting") state.set(step.name, "skipped");
}

await schedule();
const total = (performance.now() - started) / 1000;
for (const step of steps.filter((s) => state.get(s.name) === "failed")) {
  const kept = recap.get(step.name) ?? { marks: [], tail: [] };
  console.log(`\n[test] why ${step.name} failed: the lines that name a failure`);
  for (const line of kept.marks) console.log(`[test] ${step.name} | ${line}`);
  console.log(`[test] ${step.name}: its last lines`);
  for (const line of kept.tail) console.log(`[test] ${step.name} | ${line}`);
}
console.log("\n[test] step        result    seconds");
for (const step of steps) {
  const time = seconds.get(step.name);
  console.log(
    `[test] ${step.name.padEnd(11)} ${String(state.get(step.name)).padEnd(9)} ${time === undefined ? "" : time.toFixed(0).padStart(7)}`,
  );
}
console.log(`[test] all steps: ${failed ? "FAILED" : "passed"} in ${(total / 60).toFixed(1)} min`);
process.exit(failed ? 1 : 0);
