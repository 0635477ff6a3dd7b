// The process host: one long-lived Deno process per function, started on its first
// call and started again on the next call after it dies. A request that gets no answer
// within the idle timeout retires its process: later calls go to a fresh one, and the
// old one is stopped once its other requests are done (a function stuck in a busy loop
// would otherwise hang every later call too).
import { Agent } from "node:http";
import type { Context } from "hono";
import type { StandInContext } from "../context.ts";
import { functionEnv, nodeModulesDirs } from "./environment.ts";
import { BOOT_ERROR, BootError, SHUTTING_DOWN, WORKER_ERROR } from "./errors.ts";
import { type ProxyResult, proxy, UNREACHABLE } from "./proxy.ts";
import { Worker } from "./worker.ts";

/** A function's process and the port it listens on. */
interface Target {
  worker: Worker;
  port: number;
}

export class WorkerPool {
  readonly #ctx: StandInContext;
  readonly #readDirs: string[];
  readonly #idleTimeoutMs: number;
  /** The process serving each function. */
  readonly #workers = new Map<string, Worker>();
  /** Every process still running, retired ones included, for close(). */
  readonly #running = new Set<Worker>();
  readonly #agent = new Agent({ keepAlive: false });
  #closing = false;

  constructor(ctx: StandInContext, functionsDir: string, idleTimeoutMs: number) {
    this.#ctx = ctx;
    this.#readDirs = [functionsDir, ...nodeModulesDirs(functionsDir)];
    this.#idleTimeoutMs = idleTimeoutMs;
  }

  /**
   * The function's answer. A process found dead on arrival (its exit not yet seen) is
   * replaced and the request sent once more; the body has not been read by then.
   */
  async deliver(c: Context, name: string, entry: string, path: string): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      if (this.#closing) return c.json(SHUTTING_DOWN, 503);
      let target: Target;
      try {
        target = await this.#workerFor(name, entry);
      } catch (error) {
        if (!(error instanceof BootError)) throw error;
        console.error(`[functions/${name}] boot failed: ${error.message}`);
        return c.json({ ...BOOT_ERROR, details: error.message }, 503);
      }
      const answer = await this.#send(c, target, path);
      if (answer !== UNREACHABLE) return answer;
      await target.worker.stop("SIGKILL");
      if (attempt === 2) return c.json(WORKER_ERROR, 500);
    }
  }

  /** Stops every process, retired ones too (one stuck in a busy loop never finishes). */
  async close(): Promise<void> {
    this.#closing = true;
    const all = new Set([...this.#workers.values(), ...this.#running]);
    await Promise.all([...all].map((worker) => worker.stop()));
    this.#workers.clear();
    this.#agent.destroy();
  }

  /** The running process for name, started when there is none; throws BootError. */
  async #workerFor(name: string, entry: string): Promise<Target> {
    let worker = this.#workers.get(name);
    if (!worker?.alive) {
      worker = this.#start(name, entry);
      this.#workers.set(name, worker);
    }
    return { worker, port: await worker.ready };
  }

  #start(name: string, entry: string): Worker {
    const spec = { name, entry, env: functionEnv(this.#ctx), readDirs: this.#readDirs };
    const worker = new Worker(spec, (gone) => this.#forget(gone));
    this.#running.add(worker);
    return worker;
  }

  /** A process that has exited. */
  #forget(worker: Worker): void {
    this.#running.delete(worker);
    if (this.#workers.get(worker.name) === worker) this.#workers.delete(worker.name);
  }

  /** A process that takes no new requests; it keeps running until its last one is done. */
  #retire(worker: Worker): void {
    worker.retired = true;
    if (this.#workers.get(worker.name) === worker) this.#workers.delete(worker.name);
  }

  async #send(c: Context, { worker, port }: Target, path: string): Promise<ProxyResult> {
    worker.inFlight += 1;
    const target = { port, path, agent: this.#agent, idleTimeoutMs: this.#idleTimeoutMs };
    return proxy(c, target, {
      done: () => {
        worker.inFlight -= 1;
        if (worker.retired && worker.inFlight === 0) void worker.stop();
      },
      timedOut: () => {
        console.error(
          `[functions/${worker.name}] no answer within ${this.#idleTimeoutMs / 1000} s; later calls go to a new process.`,
        );
        this.#retire(worker);
      },
    });
  }
}
