// One request, one transaction, set up the way PostgREST sets it up: the JWT's
// role and claims (plus method, path and headers) as transaction-local settings,
// so the real RLS policies decide every outcome.
import type { PGliteInterface, Transaction } from "@electric-sql/pglite";
import type { Caller } from "./caller.ts";

export interface RequestInfo {
  method: string;
  path: string;
  headers: Record<string, string>;
}

export async function withCaller<T>(
  db: PGliteInterface,
  caller: Pick<Caller, "role" | "claims">,
  request: RequestInfo,
  fn: (tx: Transaction) => Promise<T>,
  /** A read (GET or HEAD): PostgREST runs it in a read-only transaction. */
  readOnly = false,
): Promise<T> {
  return db.transaction(async (tx) => {
    if (readOnly) await tx.query("set transaction read only");
    await tx.query(
      `select set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true),
              set_config('request.method', $3, true),
              set_config('request.path', $4, true),
              set_config('request.headers', $5, true)`,
      [
        caller.role,
        JSON.stringify(caller.claims),
        request.method,
        request.path,
        JSON.stringify(request.headers),
      ],
    );
    return fn(tx);
  });
}

/** Runs fn as the database owner (no RLS): for the stand-in's own bookkeeping. */
export async function asOwner<T>(
  db: PGliteInterface,
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(fn);
}

/** A Postgres error's fields, as PGlite reports them. */
export interface PgError {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPgError(error: unknown): error is PgError {
  return typeof error === "object" && error !== null && "message" in error && "code" in error;
}
