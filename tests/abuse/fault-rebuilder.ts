// A child process for tests/abuse/faults.test.ts: the real rebuilder
// (scripts/lib/rebuilder.ts) over <dataDir>, running `node <buildScript> <work>` as its
// build, driven by commands on stdin and reporting on stdout, one JSON object a line:
//
//   in:  trigger | idle | status
//   out: {"event":"init","status":...}        once init() has run
//        {"event":"output","text":"..."}      the build's output as it comes
//        {"event":"run","run":{...}}          each finished build
//        {"event":"idle","status":...}        answer to idle (once no build runs)
//        {"event":"status","status":...}      answer to status
//
// The test kills it (and its build) at chosen moments and starts it again, as a
// machine would kill and restart `npm start`.
//
// Usage: node tests/abuse/fault-rebuilder.ts <dataDir> <buildScript> <work>
import { createInterface } from "node:readline";
import { createRebuilder } from "../../scripts/lib/rebuilder.ts";

const [dataDir, buildScript, work] = process.argv.slice(2);
if (!dataDir || !buildScript || !work) {
  console.error("usage: fault-rebuilder.ts <dataDir> <buildScript> <work>");
  process.exit(2);
}

const say = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`);

const rebuilder = createRebuilder({
  dataDir,
  build: { command: process.execPath, args: [buildScript, work] },
  onOutput: (text) => say({ event: "output", text }),
  onRun: (run) => say({ event: "run", run }),
});
await rebuilder.init();
say({ event: "init", status: rebuilder.status() });

for await (const line of createInterface({ input: process.stdin })) {
  const command = line.trim();
  if (command === "trigger") rebuilder.trigger();
  else if (command === "idle") {
    await rebuilder.idle();
    say({ event: "idle", status: rebuilder.status() });
  } else if (command === "status") say({ event: "status", status: rebuilder.status() });
}
// stdin closed: stop like `npm start` does on Ctrl-C.
await rebuilder.close();
