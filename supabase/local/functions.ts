// /functions/v1/<name>: runs <functionsDir>/<name>/index.ts in real Deno, as the hosted
// edge runtime does. Each function gets its own long-lived Deno process, started on its
// first call (function-host.ts boots it and makes its Deno.serve listen on a free
// 127.0.0.1 port) and restarted on the next call after it dies. Requests are proxied to
// it with method, headers, query string and body streamed as they came; the answer is
// streamed back with its status and headers.
//
// Gateway behaviour, as hosted:
// - unknown or disabled function: 404 {"code":"NOT_FOUND","message":"Requested function was not found"}
// - verify_jwt (config.toml, default true): a JWT in Authorization signed with the
//   legacy JWT secret (the legacy anon key passes), else 401 {"code":401,"message":
//   "Missing authorization header"} or {"code":401,"message":"Invalid JWT"}. The check
//   knows no asymmetric key and no new API key, so sessions signed with ES256 and
//   `sb_` keys are refused: functions that take them set verify_jwt = false and check
//   callers themselves. OPTIONS is never checked.
// - the function fails to boot: 503 {"code":"BOOT_ERROR","message":"Function failed to start (please check logs)"}
// - the handler throws: Deno.serve's own answer, 500 "Internal Server Error" (or the
//   function's onError)
// - the process dies while answering: 500 {"code":"WORKER_ERROR",...}
// - no answer (not even its headers) within the request idle timeout (150 s, as
//   hosted): 504 {"code":"IDLE_TIMEOUT",...}. The process is then retired: later calls
//   go to a fresh one, and the old one is stopped once its other requests are done (a
//   function stuck in a busy loop would otherwise hang every later call too).
// Stand-in limits: request bodies over 10 MiB get 413.
//
// verify_jwt and enabled come from the first config.toml found of
// <functionsDir>/../supabase/config.toml (this repo), <functionsDir>/../config.toml (the
// CLI's supabase/functions layout) and <functionsDir>/config.toml (test fixtures).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { Agent, request as httpRequest, type IncomingMessage } from "node:http";
import { createRequire } from "node:module";
import { homedir, platform } from "node:os";
import { dirname, join, resolve } from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { type Context, Hono } from "hono";
import { parse as parseToml } from "smol-toml";
import { bearerToken } from "./caller.ts";
import type { StandInContext } from "./context.ts";
import { publicJwks, verifyJwt } from "./keys.ts";

/** Largest request body passed to a function (the stand-in's limit, not a hosted one). */
export const MAX_FUNCTION_BODY_BYTES = 10 * 1024 * 1024;
/** How long a function may take from spawn to listening. */
const BOOT_TIMEOUT_MS = 30_000;
/** How long a function may take to start answering a request (hosted: 150 s). */
export const REQUEST_IDLE_TIMEOUT_MS = 150_000;
/** How long close() waits after SIGTERM before SIGKILL. */
const STOP_GRACE_MS = 3_000;
/** Function names as the CLI accepts them; also keeps `_shared` and `..` out. */
const FUNCTION_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
/** Headers that belong to one connection, never forwarded either way. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "expect",
]);

const NOT_FOUND = { code: "NOT_FOUND", message: "Requested function was not found" };
const BOOT_ERROR = { code: "BOOT_ERROR", message: "Function failed to start (please check logs)" };
const WORKER_ERROR = {
  code: "WORKER_ERROR",
  message: "Function exited due to an error (please check logs)",
};
const IDLE_TIMEOUT = (ms: number) => ({
  code: "IDLE_TIMEOUT",
  message: `Function did not respond within ${Math.round(ms / 100) / 10} s (request idle timeout)`,
});

const here = import.meta.dirname;
const hostScript = join(here, "function-host.ts");

/** The deno binary the `deno` npm package installed. */
function denoBinary(): string {
  const packageDir = dirname(createRequire(import.meta.url).resolve("deno/package.json"));
  return join(packageDir, platform() === "win32" ? "deno.exe" : "deno");
}

/** Deno's module cache, where a deno run by this user would keep it. */
function denoDir(): string {
  if (process.env.DENO_DIR) return process.env.DENO_DIR;
  if (platform() === "darwin") return join(homedir(), "Library", "Caches", "deno");
  if (platform() === "win32") return join(process.env.LOCALAPPDATA ?? homedir(), "deno");
  return join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "deno");
}

/** Every node_modules folder Deno may resolve `npm:` imports from (manual mode). */
function nodeModulesDirs(from: string): string[] {
  const dirs: string[] = [];
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules");
    if (existsSync(candidate)) dirs.push(candidate);
    if (dirname(dir) === dir) return dirs;
  }
}

class BootError extends Error {}

const UNREACHABLE = Symbol("unreachable");

interface FunctionConfig {
  enabled: boolean;
  verifyJwt: boolean;
}

interface Worker {
  child: ChildProcess;
  /** Resolves to the port once the function listens; rejects with BootError. */
  ready: Promise<number>;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  alive: boolean;
  /** Requests sent to it and not yet answered in full. */
  inFlight: number;
  /** Took no new requests since one timed out; stopped once inFlight is 0. */
  retired: boolean;
}

type JsonBody = Record<string, unknown>;

function jsonResponse(body: JsonBody, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

export interface FunctionRoutesOptions {
  /** How long a function may take to start answering (default REQUEST_IDLE_TIMEOUT_MS). */
  idleTimeoutMs?: number;
}

/**
 * The SUPABASE_ variables hosted sets for every function: the URL, the publishable
 * and secret key sets and the JWKS (JSON), and the legacy anon and service_role keys.
 */
export function platformEnv(
  ctx: Pick<StandInContext, "keys" | "publicUrl">,
): Record<string, string> {
  return {
    SUPABASE_URL: ctx.publicUrl,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: ctx.keys.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: ctx.keys.secretKey }),
    SUPABASE_JWKS: JSON.stringify(publicJwks(ctx.keys)),
    SUPABASE_ANON_KEY: ctx.keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: ctx.keys.serviceRoleKey,
  };
}

export function functionRoutes(
  ctx: StandInContext,
  options: FunctionRoutesOptions = {},
): { app: Hono; close(): Promise<void> } {
  const functionsDir = resolve(ctx.functionsDir);
  const idleTimeoutMs = options.idleTimeoutMs ?? REQUEST_IDLE_TIMEOUT_MS;
  const workers = new Map<string, Worker>();
  /** Every process still running, retired ones included, for close(). */
  const running = new Set<Worker>();
  const configCache = new Map<string, { mtimeMs: number; functions: Record<string, unknown> }>();
  // No keep-alive: every request gets a fresh local connection, so a connection the
  // function side closed can never be mistaken for a dead function.
  const agent = new Agent({ keepAlive: false });
  let closing = false;

  // The function's environment, as hosted gives it, read when a worker starts (so a
  // rotated JWKS reaches new workers). Secrets may not shadow the SUPABASE_ names
  // the platform sets (hosted refuses such secrets), except SUPABASE_DB_URL, which
  // the stand-in has no value for.
  const functionEnv = (): Record<string, string> => ({
    SUPABASE_DB_URL: "",
    ...ctx.functionSecrets,
    ...platformEnv(ctx),
  });
  const readDirs = [functionsDir, ...nodeModulesDirs(functionsDir)];

  function configFile(): string | undefined {
    const candidates = [
      join(functionsDir, "..", "supabase", "config.toml"),
      join(functionsDir, "..", "config.toml"),
      join(functionsDir, "config.toml"),
    ];
    for (const candidate of candidates) {
      if (existsSync(candidate)) return candidate;
    }
    return undefined;
  }

  async function functionConfig(name: string): Promise<FunctionConfig> {
    const file = configFile();
    if (!file) return { enabled: true, verifyJwt: true };
    const { mtimeMs } = await stat(file);
    let cached = configCache.get(file);
    if (!cached || cached.mtimeMs !== mtimeMs) {
      const parsed = parseToml(await readFile(file, "utf8")) as {
        functions?: Record<string, unknown>;
      };
      cached = { mtimeMs, functions: parsed.functions ?? {} };
      configCache.set(file, cached);
    }
    const entry = (cached.functions[name] ?? {}) as { enabled?: unknown; verify_jwt?: unknown };
    return { enabled: entry.enabled !== false, verifyJwt: entry.verify_jwt !== false };
  }

  async function entryFor(name: string): Promise<string | undefined> {
    if (!FUNCTION_NAME.test(name)) return undefined;
    const entry = join(functionsDir, name, "index.ts");
    try {
      return (await stat(entry)).isFile() ? entry : undefined;
    } catch {
      return undefined;
    }
  }

  async function jwtRefusal(authorization: string | undefined): Promise<JsonBody | undefined> {
    if (!authorization) return { code: 401, message: "Missing authorization header" };
    const token = bearerToken(authorization);
    if (!token) return { code: 401, message: "Invalid JWT" };
    // The platform check knows only the legacy JWT secret: a token signed with an
    // asymmetric key (every session in "new" mode) is refused, as hosted refuses it.
    const legacy = ctx.keys.signingKeys.find((key) => key.alg === "HS256");
    if (ctx.keys.mode === "new" && legacy?.status === "revoked")
      return { code: 401, message: "Invalid JWT" };
    const verified = await verifyJwt(token, ctx.keys.jwtSecret);
    return verified.ok ? undefined : { code: 401, message: "Invalid JWT" };
  }

  function startWorker(name: string, entry: string): Worker {
    const readyToken = `sb-standin-ready-${randomBytes(12).toString("hex")}`;
    const env = functionEnv();
    let deno: string;
    try {
      deno = denoBinary();
    } catch (error) {
      throw new BootError(`the deno npm package is not installed: ${(error as Error).message}`);
    }
    const child = spawn(
      deno,
      [
        "run",
        "--quiet",
        "--no-prompt",
        "--no-lock",
        "--node-modules-dir=manual",
        "--allow-net",
        "--allow-env",
        `--allow-read=${readDirs.join(",")}`,
        hostScript,
        pathToFileURL(entry).href,
      ],
      {
        cwd: dirname(entry),
        env: {
          ...env,
          DENO_DIR: denoDir(),
          DENO_NO_UPDATE_CHECK: "1",
          SB_STANDIN_READY_TOKEN: readyToken,
          SB_STANDIN_KEEP_ENV: JSON.stringify(Object.keys(env)),
        },
        stdio: ["pipe", "pipe", "pipe"],
        windowsHide: true,
      },
    );

    const worker: Worker = {
      child,
      alive: true,
      ready: undefined as never,
      exited: undefined as never,
      inFlight: 0,
      retired: false,
    };
    running.add(worker);
    const prefix = `[functions/${name}] `;
    let stderrTail = "";
    let stdoutBuffer = "";
    let stderrBuffer = "";
    const forward = (text: string, to: NodeJS.WriteStream) => {
      if (text.trim()) to.write(`${prefix}${text}\n`);
    };

    let settleReady: { resolve(port: number): void; reject(error: Error): void } | undefined;
    worker.ready = new Promise<number>((resolvePort, rejectPort) => {
      settleReady = { resolve: resolvePort, reject: rejectPort };
    });
    // A boot failure is reported to whoever is waiting; nobody waiting is fine too.
    worker.ready.catch(() => {});
    const bootTimer = setTimeout(() => {
      settleReady?.reject(
        new BootError(`${name} did not start listening within ${BOOT_TIMEOUT_MS / 1000} s`),
      );
      settleReady = undefined;
      child.kill("SIGKILL");
    }, BOOT_TIMEOUT_MS);

    // function-host.ts announces the port on a line of its own; every other line is the
    // function's own output.
    child.stdout?.setEncoding("utf8");
    child.stdout?.on("data", (chunk: string) => {
      stdoutBuffer += chunk;
      const lines = stdoutBuffer.split("\n");
      stdoutBuffer = lines.pop() ?? "";
      for (const line of lines) {
        if (settleReady && line.startsWith(`${readyToken} `)) {
          clearTimeout(bootTimer);
          settleReady.resolve(Number(line.slice(readyToken.length + 1)));
          settleReady = undefined;
        } else {
          forward(line, process.stdout);
        }
      }
    });
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      stderrTail = (stderrTail + chunk).slice(-4000);
      stderrBuffer += chunk;
      const lines = stderrBuffer.split("\n");
      stderrBuffer = lines.pop() ?? "";
      for (const line of lines) forward(line, process.stderr);
    });
    // Our end of the pipe going away is how the child notices we are gone; it must
    // not crash us when the child has already exited.
    child.stdin?.on("error", () => {});

    // 'exit' says at once that the process is gone; 'close' comes once its output has
    // been read to the end, so a boot failure is reported with all it printed.
    const markDead = () => {
      worker.alive = false;
      running.delete(worker);
      if (workers.get(name) === worker) workers.delete(name);
    };
    child.once("exit", markDead);
    worker.exited = new Promise<void>((resolveExit) => {
      let done = false;
      const onGone = (reason: string) => {
        if (done) return;
        done = true;
        markDead();
        clearTimeout(bootTimer);
        forward(stdoutBuffer, process.stdout);
        forward(stderrBuffer, process.stderr);
        if (settleReady) {
          const detail = stderrTail.trim();
          settleReady.reject(new BootError(detail ? `${reason}: ${detail}` : reason));
          settleReady = undefined;
        }
        resolveExit();
      };
      child.once("close", (code, signal) => onGone(`${name} exited (${signal ?? `code ${code}`})`));
      child.once("error", (error) => {
        // Failing to spawn emits no 'close'; other errors (a failed kill) change nothing.
        if (child.pid === undefined) onGone(`${name} could not be started: ${error.message}`);
      });
    });
    return worker;
  }

  /** The running process for name, started when there is none; throws BootError. */
  async function workerFor(name: string, entry: string): Promise<{ worker: Worker; port: number }> {
    let worker = workers.get(name);
    if (!worker?.alive) {
      worker = startWorker(name, entry);
      workers.set(name, worker);
    }
    return { worker, port: await worker.ready };
  }

  async function deliver(c: Context, name: string, entry: string, path: string): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      if (closing)
        return c.json({ ...BOOT_ERROR, message: "The functions host is shutting down" }, 503);
      let target: { worker: Worker; port: number };
      try {
        target = await workerFor(name, entry);
      } catch (error) {
        if (!(error instanceof BootError)) throw error;
        console.error(`[functions/${name}] boot failed: ${error.message}`);
        return c.json({ ...BOOT_ERROR, details: error.message }, 503);
      }
      const { worker } = target;
      worker.inFlight += 1;
      const answer = await proxy(c, target.port, path, {
        done: () => {
          worker.inFlight -= 1;
          if (worker.retired && worker.inFlight === 0) void stopWorker(worker);
        },
        timedOut: () => {
          console.error(
            `[functions/${name}] no answer within ${idleTimeoutMs / 1000} s; later calls go to a new process.`,
          );
          worker.retired = true;
          if (workers.get(name) === worker) workers.delete(name);
        },
      });
      if (answer !== UNREACHABLE) return answer;
      // Nothing listens any more: the process died (perhaps while answering an earlier
      // request) and its exit may not have been seen yet. Make sure it is gone, then
      // start it again and resend once; the body has not been read.
      await stopWorker(target.worker, "SIGKILL");
      if (attempt === 2) return c.json(WORKER_ERROR, 500);
    }
  }

  function forwardedHeaders(c: Context): Record<string, string> {
    const headers: Record<string, string> = {};
    const connectionScoped = new Set(
      (c.req.header("connection") ?? "")
        .split(",")
        .map((token) => token.trim().toLowerCase())
        .filter(Boolean),
    );
    c.req.raw.headers.forEach((value, key) => {
      if (!HOP_BY_HOP.has(key) && !connectionScoped.has(key)) headers[key] = value;
    });
    const env = c.env as
      | { incoming?: { socket?: { remoteAddress?: string; encrypted?: boolean } } }
      | undefined;
    const remote = env?.incoming?.socket?.remoteAddress;
    if (remote) {
      headers["x-forwarded-for"] = headers["x-forwarded-for"]
        ? `${headers["x-forwarded-for"]}, ${remote}`
        : remote;
    }
    headers["x-forwarded-proto"] ??= new URL(c.req.url).protocol.replace(":", "");
    if (headers.host) headers["x-forwarded-host"] ??= headers.host;
    return headers;
  }

  /**
   * Sends the request to the function listening on port. Answers UNREACHABLE, with the
   * body still unread, when nothing listens there (the process is gone or going), and
   * 504 IDLE_TIMEOUT when the function sends no answer within idleTimeoutMs.
   * hooks.done runs once the exchange is over (the answer read to its end, or failed);
   * hooks.timedOut when it timed out.
   */
  function proxy(
    c: Context,
    port: number,
    path: string,
    hooks: { done(): void; timedOut(): void },
  ): Promise<Response | typeof UNREACHABLE> {
    const method = c.req.method;
    const body = method === "GET" || method === "HEAD" ? null : c.req.raw.body;
    return new Promise<Response | typeof UNREACHABLE>((resolveResponse) => {
      let settled = false;
      let tooLarge = false;
      let connected = false;
      let callerGone = false;
      let answered = false;
      let timedOut = false;
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        clearTimeout(idleTimer);
        hooks.done();
      };
      const settle = (response: Response | typeof UNREACHABLE) => {
        if (settled) return;
        settled = true;
        clearTimeout(idleTimer);
        resolveResponse(response);
      };
      const idleTimer = setTimeout(() => {
        if (settled) return;
        timedOut = true;
        hooks.timedOut();
        settle(jsonResponse(IDLE_TIMEOUT(idleTimeoutMs), 504));
        upstream.destroy();
      }, idleTimeoutMs);
      const upstream = httpRequest(
        { host: "127.0.0.1", port, method, path, headers: forwardedHeaders(c), agent },
        (res: IncomingMessage) => {
          answered = true;
          // Over once the answer has been read to its end or cut off.
          res.once("close", finish);
          const status = res.statusCode ?? 502;
          if (status < 200 || status > 599) {
            res.destroy();
            settle(
              jsonResponse(
                { ...WORKER_ERROR, message: `Function answered with status ${status}` },
                502,
              ),
            );
            return;
          }
          const headers = new Headers();
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i] as string;
            if (!HOP_BY_HOP.has(name.toLowerCase()))
              headers.append(name, res.rawHeaders[i + 1] as string);
          }
          const noBody = method === "HEAD" || status === 204 || status === 304;
          if (noBody) res.resume();
          const stream = noBody
            ? null
            : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>);
          settle(new Response(stream, { status, statusText: res.statusMessage, headers }));
        },
      );
      upstream.once("close", () => {
        // No answer is coming any more (an error, a timeout or a hang-up before any).
        if (!answered) finish();
      });
      upstream.on("error", (error: NodeJS.ErrnoException) => {
        // Our own hang-up after the timeout: already answered 504.
        if (timedOut) return;
        if (!connected && error.code === "ECONNREFUSED") {
          settle(UNREACHABLE);
          return;
        }
        if (tooLarge) {
          settle(jsonResponse({ code: 413, message: "Payload Too Large" }, 413));
          return;
        }
        // The caller went away (a page left mid-request): nothing failed on our side.
        if (!callerGone) console.error(`[functions] proxying to ${path} failed:`, error.message);
        settle(jsonResponse(WORKER_ERROR, 500));
      });
      c.req.raw.signal?.addEventListener(
        "abort",
        () => {
          callerGone = true;
          upstream.destroy();
        },
        { once: true },
      );

      // The body is read only once the function's port accepted the connection, so an
      // unreachable function leaves it unread for a retry.
      const start = () => {
        connected = true;
        if (body) void pump(body);
        else upstream.end();
      };
      upstream.once("socket", (socket) => {
        if (socket.connecting) socket.once("connect", start);
        else start();
      });
      const pump = async (body: ReadableStream<Uint8Array>) => {
        const reader = body.getReader();
        let received = 0;
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            received += value.byteLength;
            if (received > MAX_FUNCTION_BODY_BYTES) {
              tooLarge = true;
              await reader.cancel();
              upstream.destroy(new Error("request body too large"));
              return;
            }
            if (!upstream.write(value)) {
              await new Promise<void>((ready) => {
                const done = () => {
                  upstream.off("drain", done);
                  upstream.off("close", done);
                  ready();
                };
                upstream.on("drain", done);
                upstream.on("close", done);
              });
              if (upstream.destroyed) return;
            }
          }
          upstream.end();
        } catch (error) {
          upstream.destroy(error as Error);
        }
      };
    });
  }

  async function stopWorker(worker: Worker, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
    if (!worker.alive) return worker.exited;
    worker.child.kill(signal);
    const killer = setTimeout(() => worker.child.kill("SIGKILL"), STOP_GRACE_MS);
    await worker.exited;
    clearTimeout(killer);
  }

  const app = new Hono();
  app.all("*", async (c) => {
    const url = new URL(c.req.url);
    // The function sees /<name>/<rest>?<query>, as on hosted (the gateway strips /functions/v1).
    const path = url.pathname.replace(/^\/functions\/v1(?=\/|$)/, "") || "/";
    const name = path.split("/")[1] ?? "";
    const entry = await entryFor(name);
    if (!entry) return c.json(NOT_FOUND, 404);
    let config: FunctionConfig;
    try {
      config = await functionConfig(name);
    } catch (error) {
      return c.json(
        {
          code: "CONFIG_ERROR",
          message: `config.toml could not be read: ${(error as Error).message}`,
        },
        500,
      );
    }
    if (!config.enabled) return c.json(NOT_FOUND, 404);
    if (config.verifyJwt && c.req.method !== "OPTIONS") {
      const refusal = await jwtRefusal(c.req.header("authorization"));
      if (refusal) return c.json(refusal, 401);
    }
    const declaredLength = Number(c.req.header("content-length") ?? 0);
    if (declaredLength > MAX_FUNCTION_BODY_BYTES)
      return c.json({ code: 413, message: "Payload Too Large" }, 413);
    return deliver(c, name, entry, `${path}${url.search}`);
  });

  return {
    app,
    async close() {
      closing = true;
      // Retired processes too: one stuck in a busy loop never finishes its requests.
      const all = new Set([...workers.values(), ...running]);
      await Promise.all([...all].map((worker) => stopWorker(worker)));
      workers.clear();
      agent.destroy();
    },
  };
}
