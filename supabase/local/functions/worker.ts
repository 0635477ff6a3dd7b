// One function's Deno process. function-host.ts boots it: the function's Deno.serve
// listens on a free 127.0.0.1 port, which the host announces on stdout after a
// one-time token; every other line of output is the function's own and is passed on
// with the function's name in front.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { denoBinary, denoDir } from "./environment.ts";
import { BootError } from "./errors.ts";

/** How long a function may take from spawn to listening. */
const BOOT_TIMEOUT_MS = 30_000;
/** How long stop() waits after SIGTERM before SIGKILL. */
const STOP_GRACE_MS = 3_000;
/** How much of stderr a boot failure reports. */
const STDERR_TAIL_CHARS = 4000;
const HOST_SCRIPT = join(import.meta.dirname, "function-host.ts");

export interface WorkerSpec {
  name: string;
  /** The function's index.ts. */
  entry: string;
  /** The function's environment (nothing else of ours reaches it). */
  env: Record<string, string>;
  /** The folders the function may read. */
  readDirs: string[];
}

function spawnDeno(spec: WorkerSpec, readyToken: string): ChildProcess {
  let deno: string;
  try {
    deno = denoBinary();
  } catch (error) {
    throw new BootError(`the deno npm package is not installed: ${(error as Error).message}`);
  }
  const args = [
    "run",
    "--quiet",
    "--no-prompt",
    "--no-lock",
    "--node-modules-dir=manual",
    "--allow-net",
    "--allow-env",
    `--allow-read=${spec.readDirs.join(",")}`,
    HOST_SCRIPT,
    pathToFileURL(spec.entry).href,
  ];
  return spawn(deno, args, {
    cwd: dirname(spec.entry),
    env: {
      ...spec.env,
      DENO_DIR: denoDir(),
      DENO_NO_UPDATE_CHECK: "1",
      SB_STANDIN_READY_TOKEN: readyToken,
      SB_STANDIN_KEEP_ENV: JSON.stringify(Object.keys(spec.env)),
    },
    stdio: ["pipe", "pipe", "pipe"],
    windowsHide: true,
  });
}

/** A child's output, line by line, each passed on with a prefix unless `take` keeps it. */
class LineForwarder {
  #buffer = "";
  readonly #prefix: string;
  readonly #to: NodeJS.WriteStream;
  readonly #take: (line: string) => boolean;

  constructor(
    prefix: string,
    to: NodeJS.WriteStream,
    take: (line: string) => boolean = () => false,
  ) {
    this.#prefix = prefix;
    this.#to = to;
    this.#take = take;
  }

  push(chunk: string): void {
    this.#buffer += chunk;
    const lines = this.#buffer.split("\n");
    this.#buffer = lines.pop() ?? "";
    for (const line of lines) if (!this.#take(line)) this.#forward(line);
  }

  /** Passes on what is left of an unfinished last line. */
  flush(): void {
    this.#forward(this.#buffer);
    this.#buffer = "";
  }

  #forward(text: string): void {
    if (text.trim()) this.#to.write(`${this.#prefix}${text}\n`);
  }
}

export class Worker {
  readonly name: string;
  readonly child: ChildProcess;
  /** Resolves to the port once the function listens; rejects with BootError. */
  readonly ready: Promise<number>;
  /** Resolves when the process has exited. */
  readonly exited: Promise<void>;
  alive = true;
  /** Requests sent to it and not yet answered in full. */
  inFlight = 0;
  /** Takes no new requests since one timed out; stopped once inFlight is 0. */
  retired = false;
  /** Pending until the function listens (or fails to); undefined once settled. */
  #boot: PromiseWithResolvers<number> | undefined;
  #bootTimer: NodeJS.Timeout;
  #stdout: LineForwarder;
  #stderr: LineForwarder;
  #stderrTail = "";
  #onExit: (worker: Worker) => void;
  #gone = false;

  /** Starts the process; `onExit` runs as soon as it is gone. Throws BootError. */
  constructor(spec: WorkerSpec, onExit: (worker: Worker) => void) {
    const readyToken = `sb-standin-ready-${randomBytes(12).toString("hex")}`;
    this.name = spec.name;
    this.#onExit = onExit;
    this.child = spawnDeno(spec, readyToken);
    this.#boot = Promise.withResolvers<number>();
    this.ready = this.#boot.promise;
    // A boot failure is reported to whoever is waiting; nobody waiting is fine too.
    this.ready.catch(() => {});
    this.#bootTimer = setTimeout(() => this.#bootTimedOut(), BOOT_TIMEOUT_MS);
    const prefix = `[functions/${spec.name}] `;
    this.#stdout = new LineForwarder(prefix, process.stdout, (line) =>
      this.#readyLine(line, readyToken),
    );
    this.#stderr = new LineForwarder(prefix, process.stderr);
    this.#watchOutput();
    // Our end of the pipe going away is how the child notices we are gone; it must
    // not crash us when the child has already exited.
    this.child.stdin?.on("error", () => {});
    this.exited = this.#watchExit();
  }

  /** Stops the process (SIGKILL after a grace period) and waits until it is gone. */
  async stop(signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
    if (!this.alive) return this.exited;
    this.child.kill(signal);
    const killer = setTimeout(() => this.child.kill("SIGKILL"), STOP_GRACE_MS);
    await this.exited;
    clearTimeout(killer);
  }

  #watchOutput(): void {
    this.child.stdout?.setEncoding("utf8");
    this.child.stdout?.on("data", (chunk: string) => this.#stdout.push(chunk));
    this.child.stderr?.setEncoding("utf8");
    this.child.stderr?.on("data", (chunk: string) => {
      this.#stderrTail = (this.#stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
      this.#stderr.push(chunk);
    });
  }

  /** The host's announcement of the port, the first time it comes. */
  #readyLine(line: string, readyToken: string): boolean {
    if (!this.#boot || !line.startsWith(`${readyToken} `)) return false;
    clearTimeout(this.#bootTimer);
    this.#boot.resolve(Number(line.slice(readyToken.length + 1)));
    this.#boot = undefined;
    return true;
  }

  #bootFailed(error: BootError): void {
    this.#boot?.reject(error);
    this.#boot = undefined;
  }

  #bootTimedOut(): void {
    this.#bootFailed(
      new BootError(`${this.name} did not start listening within ${BOOT_TIMEOUT_MS / 1000} s`),
    );
    this.child.kill("SIGKILL");
  }

  #markDead(): void {
    this.alive = false;
    this.#onExit(this);
  }

  /**
   * 'exit' says at once that the process is gone; 'close' comes once its output has
   * been read to the end, so a boot failure is reported with all it printed.
   */
  #watchExit(): Promise<void> {
    const exited = Promise.withResolvers<void>();
    const gone = (reason: string) => {
      if (this.#gone) return;
      this.#gone = true;
      this.#markDead();
      clearTimeout(this.#bootTimer);
      this.#stdout.flush();
      this.#stderr.flush();
      const detail = this.#stderrTail.trim();
      this.#bootFailed(new BootError(detail ? `${reason}: ${detail}` : reason));
      exited.resolve();
    };
    this.child.once("exit", () => this.#markDead());
    this.child.once("close", (code, signal) =>
      gone(`${this.name} exited (${signal ?? `code ${code}`})`),
    );
    this.child.once("error", (error) => {
      // Failing to spawn emits no 'close'; other errors (a failed kill) change nothing.
      if (this.child.pid === undefined) gone(`${this.name} could not be started: ${error.message}`);
    });
    return exited.promise;
  }
}
