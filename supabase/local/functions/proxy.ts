// One request proxied to a function's process: method, headers, query string and
// body streamed as they came, the answer streamed back with its status and headers.
// No keep-alive: every request gets a fresh local connection, so a connection the
// function side closed can never be mistaken for a dead function.
import {
  type Agent,
  type ClientRequest,
  request as httpRequest,
  type IncomingMessage,
} from "node:http";
import type { Socket } from "node:net";
import { Readable } from "node:stream";
import type { Context } from "hono";
import { drained } from "../streams.ts";
import { idleTimeout, jsonResponse, PAYLOAD_TOO_LARGE, WORKER_ERROR } from "./errors.ts";
import { answerHeaders, forwardedHeaders } from "./headers.ts";
import { MAX_FUNCTION_BODY_BYTES } from "./validation.ts";

/** Nothing listens on the port: the process is gone or going; the body is still unread. */
export const UNREACHABLE = Symbol("unreachable");
export type ProxyResult = Response | typeof UNREACHABLE;

export interface ProxyTarget {
  port: number;
  /** /<name>/<rest>?<query>, as the function sees it. */
  path: string;
  agent: Agent;
  idleTimeoutMs: number;
}

export interface ProxyHooks {
  /** The exchange is over: the answer read to its end, or failed. */
  done(): void;
  /** No answer came within the idle timeout (504 IDLE_TIMEOUT has been answered). */
  timedOut(): void;
}

class Exchange {
  readonly result: Promise<ProxyResult>;
  readonly #c: Context;
  readonly #target: ProxyTarget;
  readonly #hooks: ProxyHooks;
  readonly #resolve: (result: ProxyResult) => void;
  readonly #idleTimer: NodeJS.Timeout;
  readonly #upstream: ClientRequest;
  #settled = false;
  #finished = false;
  #tooLarge = false;
  #connected = false;
  #callerGone = false;
  #answered = false;
  #timedOut = false;

  constructor(c: Context, target: ProxyTarget, hooks: ProxyHooks) {
    this.#c = c;
    this.#target = target;
    this.#hooks = hooks;
    const { promise, resolve } = Promise.withResolvers<ProxyResult>();
    this.result = promise;
    this.#resolve = resolve;
    this.#idleTimer = setTimeout(() => this.#onIdle(), target.idleTimeoutMs);
    this.#upstream = httpRequest(
      {
        host: "127.0.0.1",
        port: target.port,
        method: c.req.method,
        path: target.path,
        headers: forwardedHeaders(c),
        agent: target.agent,
      },
      (res) => this.#onAnswer(res),
    );
    // No answer is coming any more (an error, a timeout or a hang-up before any).
    this.#upstream.once("close", () => {
      if (!this.#answered) this.#finish();
    });
    this.#upstream.on("error", (error: NodeJS.ErrnoException) => this.#onError(error));
    c.req.raw.signal?.addEventListener("abort", () => this.#onCallerGone(), { once: true });
    // The body is read only once the function's port accepted the connection, so an
    // unreachable function leaves it unread for a retry.
    this.#upstream.once("socket", (socket: Socket) => {
      if (socket.connecting) socket.once("connect", () => this.#send());
      else this.#send();
    });
  }

  #settle(result: ProxyResult): void {
    if (this.#settled) return;
    this.#settled = true;
    clearTimeout(this.#idleTimer);
    this.#resolve(result);
  }

  #finish(): void {
    if (this.#finished) return;
    this.#finished = true;
    clearTimeout(this.#idleTimer);
    this.#hooks.done();
  }

  #onIdle(): void {
    if (this.#settled) return;
    this.#timedOut = true;
    this.#hooks.timedOut();
    this.#settle(jsonResponse(idleTimeout(this.#target.idleTimeoutMs), 504));
    this.#upstream.destroy();
  }

  #onCallerGone(): void {
    this.#callerGone = true;
    this.#upstream.destroy();
  }

  #onAnswer(res: IncomingMessage): void {
    this.#answered = true;
    // Over once the answer has been read to its end or cut off.
    res.once("close", () => this.#finish());
    const status = res.statusCode ?? 502;
    if (status < 200 || status > 599) {
      res.destroy();
      const message = `Function answered with status ${status}`;
      this.#settle(jsonResponse({ ...WORKER_ERROR, message }, 502));
      return;
    }
    const noBody = this.#c.req.method === "HEAD" || status === 204 || status === 304;
    if (noBody) res.resume();
    const body = noBody ? null : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>);
    const headers = answerHeaders(res);
    this.#settle(new Response(body, { status, statusText: res.statusMessage, headers }));
  }

  #onError(error: NodeJS.ErrnoException): void {
    // Our own hang-up after the timeout: already answered 504.
    if (this.#timedOut) return;
    if (!this.#connected && error.code === "ECONNREFUSED") {
      this.#settle(UNREACHABLE);
    } else if (this.#tooLarge) {
      this.#settle(jsonResponse(PAYLOAD_TOO_LARGE, 413));
    } else {
      // The caller went away (a page left mid-request): nothing failed on our side.
      if (!this.#callerGone) {
        console.error(`[functions] proxying to ${this.#target.path} failed:`, error.message);
      }
      this.#settle(jsonResponse(WORKER_ERROR, 500));
    }
  }

  #send(): void {
    this.#connected = true;
    const method = this.#c.req.method;
    const body = method === "GET" || method === "HEAD" ? null : this.#c.req.raw.body;
    if (body) void this.#pump(body);
    else this.#upstream.end();
  }

  /** Streams the body on, cutting it off (413) once it grows over the limit. */
  async #pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const upstream = this.#upstream;
    const reader = body.getReader();
    let received = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += value.byteLength;
        if (received > MAX_FUNCTION_BODY_BYTES) {
          this.#tooLarge = true;
          await reader.cancel();
          upstream.destroy(new Error("request body too large"));
          return;
        }
        if (!upstream.write(value)) {
          await drained(upstream);
          if (upstream.destroyed) return;
        }
      }
      upstream.end();
    } catch (error) {
      upstream.destroy(error as Error);
    }
  }
}

/**
 * Sends the request to the function listening on target.port. Answers UNREACHABLE,
 * with the body still unread, when nothing listens there, and 504 IDLE_TIMEOUT when
 * the function sends no answer within target.idleTimeoutMs.
 */
export function proxy(c: Context, target: ProxyTarget, hooks: ProxyHooks): Promise<ProxyResult> {
  return new Exchange(c, target, hooks).result;
}
