// Runs under Deno, not Node: boots one Edge Function the way the hosted edge runtime does.
// worker.ts (beside it) starts it as
//   deno run <flags> function-host.ts <file URL of functions/<name>/index.ts>
// The function is written the hosted way (`Deno.serve(handler)`) and is not edited: this
// host replaces Deno.serve so the function listens on 127.0.0.1 on a port the OS picks,
// announces that port on stdout, and then imports the function.
//
// Environment: the parent passes the function's environment plus a few variables for
// Deno itself and for this host; SB_STANDIN_KEEP_ENV names the ones the function may
// see, and every other variable (DENO_DIR, the PATH Deno adds, ...) is deleted before
// the function is imported.
//
// Type-checked by tsc (as a Node project file) and by `deno check`, so the Deno API is
// reached through the small DenoHost interface below rather than the global `Deno` types.

interface ListenAddr {
  hostname: string;
  port: number;
}

type ServeHandler = (request: Request, info: unknown) => Response | Promise<Response>;

interface ServeOptions {
  handler?: ServeHandler;
  onListen?: (addr: ListenAddr) => void;
  [option: string]: unknown;
}

interface DenoHost {
  args: string[];
  env: {
    get(name: string): string | undefined;
    delete(name: string): void;
    toObject(): Record<string, string>;
  };
  serve(...args: unknown[]): unknown;
  stdout: { writeSync(data: Uint8Array): number };
  stderr: { writeSync(data: Uint8Array): number };
  stdin: { readable: ReadableStream<Uint8Array> };
  exit(code?: number): never;
}

const runtime = (globalThis as unknown as { Deno: DenoHost }).Deno;
const encoder = new TextEncoder();

function writeAll(target: { writeSync(data: Uint8Array): number }, text: string): void {
  let data = encoder.encode(text);
  while (data.length > 0) data = data.subarray(target.writeSync(data));
}

function fail(message: string): never {
  writeAll(runtime.stderr, `worker boot error: ${message}\n`);
  return runtime.exit(1);
}

const entry = runtime.args[0];
const readyToken = runtime.env.get("SB_STANDIN_READY_TOKEN");
if (!entry || !readyToken) fail("function-host.ts needs the entry URL and SB_STANDIN_READY_TOKEN");

// Only the function's own environment stays visible to it.
const keep = new Set<string>(
  JSON.parse(runtime.env.get("SB_STANDIN_KEEP_ENV") ?? "[]") as string[],
);
for (const name of Object.keys(runtime.env.toObject())) {
  if (!keep.has(name)) runtime.env.delete(name);
}

// The parent closes our stdin when it goes away, even when it is killed outright:
// leave with it rather than linger as an orphan.
void (async () => {
  try {
    for await (const _chunk of runtime.stdin.readable) {
      // Nothing is ever sent; wait for end of file.
    }
  } catch {
    // A broken pipe means the same thing.
  }
  runtime.exit(0);
})();

// The hosted runtime's global for background work after the response.
const globals = globalThis as { EdgeRuntime?: unknown };
globals.EdgeRuntime ??= {
  waitUntil(promise: Promise<unknown>): void {
    Promise.resolve(promise).catch((error: unknown) =>
      console.error("EdgeRuntime.waitUntil:", error),
    );
  },
};

// Deno.serve(handler) | Deno.serve(options, handler) | Deno.serve({ ...options, handler })
// | Deno.serve(handler, options) (old form). Wherever the function asked to listen, it
// listens on 127.0.0.1:<free port>; its other options (onError, signal, ...) are kept.
const originalServe = runtime.serve.bind(runtime);
let serving = false;

function hostedServe(...args: unknown[]): unknown {
  let options: ServeOptions;
  let handler: unknown;
  if (typeof args[0] === "function") {
    handler = args[0];
    options = (args[1] as ServeOptions | undefined) ?? {};
  } else if (typeof args[1] === "function") {
    options = (args[0] as ServeOptions | undefined) ?? {};
    handler = args[1];
  } else {
    options = (args[0] as ServeOptions | undefined) ?? {};
    handler = options.handler;
  }
  if (typeof handler !== "function") throw new TypeError("Deno.serve needs a handler function");
  if (serving) {
    throw new Error("Deno.serve was called twice: an Edge Function serves a single handler");
  }
  serving = true;
  const {
    port: _port,
    hostname: _hostname,
    path: _path,
    cert: _cert,
    key: _key,
    transport: _transport,
    onListen: _onListen,
    handler: _handler,
    ...rest
  } = options;
  return originalServe({
    ...rest,
    hostname: "127.0.0.1",
    port: 0,
    handler,
    onListen(addr: ListenAddr) {
      writeAll(runtime.stdout, `\n${readyToken} ${addr.port}\n`);
    },
  });
}

Object.defineProperty(runtime, "serve", { value: hostedServe, writable: true, configurable: true });

try {
  await import(entry as string);
} catch (error) {
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
}

// A module that finished loading without serving would otherwise sit here until the
// parent's boot timeout; say so at once.
setTimeout(() => {
  if (!serving) fail(`${entry} finished loading without calling Deno.serve`);
}, 1000);

export {};
