// Orderly shutdown for the long-running scripts: Ctrl-C or SIGTERM runs the
// registered stops in reverse order of registration, once; a second Ctrl-C
// while stopping exits at once.

export interface Shutdown {
  /** Registers something to stop; the last registered stops first. */
  onStop(fn: () => Promise<void>): void;
  /** Waits for this before stopping (a start that is half done), until cleared. */
  waitFor(pending: Promise<unknown> | undefined): void;
  stop(code: number): Promise<never>;
  readonly stopping: boolean;
}

export function createShutdown(name: string, log: (message: string) => void): Shutdown {
  const stops: Array<() => Promise<void>> = [];
  let stopping = false;
  let pending: Promise<unknown> | undefined;

  const shutdown: Shutdown = {
    onStop(fn) {
      stops.push(fn);
    },
    waitFor(next) {
      pending = next;
    },
    async stop(code) {
      if (!stopping) {
        stopping = true;
        await pending?.catch(() => {});
        for (const fn of stops.reverse()) {
          await fn().catch((error) => console.error(`[${name}] while stopping:`, error));
        }
      }
      process.exit(code);
    },
    get stopping() {
      return stopping;
    },
  };

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(1);
      log("stopping...");
      void shutdown.stop(0);
    });
  }
  return shutdown;
}
