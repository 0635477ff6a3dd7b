// pg_net's background worker, played in Node: once a transaction that queued requests
// (net.http_post) commits, the queue's notification wakes the worker, which takes every
// queued request off the queue, sends it, and keeps the answer (or the error) in
// net._http_response for 6 hours. A request queued while no worker ran is sent at the
// next start. As with pg_net, nothing is retried: a request that fails is only recorded.
import type { PGliteInterface } from "@electric-sql/pglite";

/** How long net._http_response keeps an answer (pg_net's default pg_net.ttl). */
const RESPONSE_TTL = "6 hours";
/** The most of an answer's body kept. */
const MAX_CONTENT = 10_000;

interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  timeout_milliseconds: number;
}

interface Answer {
  status: number | null;
  contentType: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timedOut: boolean;
  error: string | null;
}

export interface NetWorkerOptions {
  fetch?: typeof fetch;
  /** Told about a request that failed or was answered 5xx (the stand-in's console). */
  warn?: (message: string) => void;
}

export interface NetWorker {
  /** Sends whatever is queued now; resolves once it has been answered. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export async function startNetWorker(
  db: PGliteInterface,
  options: NetWorkerOptions = {},
): Promise<NetWorker> {
  const send = options.fetch ?? fetch;
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const stop = new AbortController();
  let closed = false;
  let running: Promise<void> | null = null;
  let again = false;

  async function deliver(request: QueuedRequest): Promise<Answer> {
    const timeout = AbortSignal.timeout(Math.max(1, request.timeout_milliseconds));
    try {
      const response = await send(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body ?? undefined,
        signal: AbortSignal.any([timeout, stop.signal]),
      });
      const content = (await response.text()).slice(0, MAX_CONTENT);
      return {
        status: response.status,
        contentType: response.headers.get("content-type"),
        headers: Object.fromEntries(response.headers.entries()),
        content,
        timedOut: false,
        error: null,
      };
    } catch (error) {
      const timedOut = timeout.aborted;
      return {
        status: null,
        contentType: null,
        headers: null,
        content: null,
        timedOut,
        error: timedOut
          ? `Timeout of ${request.timeout_milliseconds} ms reached`
          : (error as Error).message,
      };
    }
  }

  async function record(request: QueuedRequest, answer: Answer): Promise<void> {
    if (closed) return;
    if (answer.error || (answer.status ?? 0) >= 500) {
      warn(
        `[net] ${request.method} ${request.url}: ${answer.error ?? `HTTP ${answer.status} ${answer.content ?? ""}`}`,
      );
    }
    await db.query(
      `insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        request.id,
        answer.status,
        answer.contentType,
        answer.headers ? JSON.stringify(answer.headers) : null,
        answer.content,
        answer.timedOut,
        answer.error,
      ],
    );
  }

  async function round(): Promise<void> {
    do {
      again = false;
      if (closed) return;
      await db.query(
        `delete from net._http_response where created < now() - interval '${RESPONSE_TTL}'`,
      );
      const { rows } = await db.query<QueuedRequest>(
        `delete from net.http_request_queue
         returning id::text, method, url, headers, convert_from(body, 'UTF8') as body, timeout_milliseconds`,
      );
      await Promise.all(
        rows.map(async (request) => record(request, await deliver(request)).catch(() => {})),
      );
    } while (again && !closed);
  }

  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = round()
      .catch((error: unknown) => {
        if (!closed) warn(`[net] the request queue could not be read: ${(error as Error).message}`);
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const unlisten = await db.listen("net_http_request_queue", () => {
    setTimeout(() => void drain(), 0);
  });
  await drain();

  return {
    drain,
    async close() {
      if (closed) return;
      closed = true;
      stop.abort();
      await unlisten().catch(() => {});
      await running;
    },
  };
}
