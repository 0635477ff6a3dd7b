// The answers the functions gateway gives itself, in hosted's `{code, message}` shape.

export type JsonBody = Record<string, unknown>;

export const NOT_FOUND = { code: "NOT_FOUND", message: "Requested function was not found" };
export const BOOT_ERROR = {
  code: "BOOT_ERROR",
  message: "Function failed to start (please check logs)",
};
export const SHUTTING_DOWN = { ...BOOT_ERROR, message: "The functions host is shutting down" };
export const WORKER_ERROR = {
  code: "WORKER_ERROR",
  message: "Function exited due to an error (please check logs)",
};
export const PAYLOAD_TOO_LARGE = { code: 413, message: "Payload Too Large" };
export const MISSING_AUTHORIZATION = { code: 401, message: "Missing authorization header" };
export const INVALID_JWT = { code: 401, message: "Invalid JWT" };

export const idleTimeout = (ms: number) => ({
  code: "IDLE_TIMEOUT",
  message: `Function did not respond within ${Math.round(ms / 100) / 10} s (request idle timeout)`,
});

export const configError = (error: unknown) => ({
  code: "CONFIG_ERROR",
  message: `config.toml could not be read: ${(error as Error).message}`,
});

/** A function that could not be started, or did not start listening in time. */
export class BootError extends Error {}

export function jsonResponse(body: JsonBody, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}
