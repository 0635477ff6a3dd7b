// storage.buckets and storage.objects in the embedded database. Every read and write
// of objects runs as the caller (withCaller), so the real RLS policies decide; only
// public reads and bucket lookups run as the owner, as the storage service itself.
import type { PGliteInterface, Transaction } from "@electric-sql/pglite";
import type { Context } from "hono";
import { type Caller, headerMap } from "../context.ts";
import { type RequestInfo, withCaller } from "../transaction.ts";
import { fromDbError } from "./errors.ts";
import type { ListOptions } from "./validation.ts";

export interface Bucket {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

/** The `metadata` column of an object, as Storage writes it. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
  contentEncoding?: string;
}

export interface ObjectRow {
  id: string;
  name: string;
  version: string | null;
  metadata: Partial<ObjectMetadata> | null;
  updated_at: Date | string | null;
}

/** The columns an upload writes, in the order of writeSql's parameters. */
export interface ObjectWrite {
  bucketId: string;
  name: string;
  owner: string | null;
  ownerId: string | null;
  version: string;
  metadata: Partial<ObjectMetadata>;
  userMetadata: Record<string, unknown> | null;
}

/** Whom a query runs for: the caller, and the request as the transaction records it. */
export interface AsCaller {
  caller: Caller;
  info: RequestInfo;
}

export function asCaller(c: Context, caller: Caller): AsCaller {
  const info = { method: c.req.method, path: new URL(c.req.url).pathname, headers: headerMap(c) };
  return { caller, info };
}

export async function findBucket(db: PGliteInterface, id: string): Promise<Bucket | undefined> {
  const result = await db.query<{
    id: string;
    public: boolean | null;
    file_size_limit: number | string | bigint | null;
    allowed_mime_types: string[] | null;
  }>("select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1", [
    id,
  ]);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    public: row.public === true,
    fileSizeLimit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowedMimeTypes: row.allowed_mime_types,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** owner is the token's sub when it is a UUID; owner_id the sub whatever it is. */
export function ownerOf(caller: Caller): { owner: string | null; ownerId: string | null } {
  const sub = typeof caller.claims.sub === "string" && caller.claims.sub ? caller.claims.sub : null;
  return { owner: sub && UUID.test(sub) ? sub : null, ownerId: sub };
}

function writeSql(upsert: boolean): string {
  const insert = `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
    values ($1, $2, $3::uuid, $4, $5, $6::jsonb, $7::jsonb)`;
  if (!upsert) return insert;
  return `${insert}
    on conflict (bucket_id, name) do update set
      owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version,
      metadata = excluded.metadata, user_metadata = excluded.user_metadata,
      updated_at = now(), last_accessed_at = now()`;
}

function writeParams(write: ObjectWrite): unknown[] {
  return [
    write.bucketId,
    write.name,
    write.owner,
    write.ownerId,
    write.version,
    JSON.stringify(write.metadata),
    write.userMetadata ? JSON.stringify(write.userMetadata) : null,
  ];
}

class PermissionOk extends Error {}

/**
 * Storage's canUpload: the insert (or upsert) as the caller in a transaction that
 * is always rolled back, so RLS refuses before the file is received.
 */
export async function testPermission(
  db: PGliteInterface,
  as: AsCaller,
  write: ObjectWrite,
  upsert: boolean,
): Promise<void> {
  try {
    await withCaller(db, as.caller, as.info, async (tx) => {
      await tx.query(writeSql(upsert), writeParams(write));
      throw new PermissionOk();
    });
  } catch (error) {
    if (error instanceof PermissionOk) return;
    throw fromDbError(error);
  }
}

/**
 * Writes the row as the caller, then runs `place` (which puts the file in place)
 * before the commit; answers the row's id. Hosted reads the stored row back as the
 * storage service itself, so the caller needs no SELECT policy.
 */
export async function writeObject(
  db: PGliteInterface,
  as: AsCaller,
  write: ObjectWrite,
  upsert: boolean,
  place: () => Promise<void>,
): Promise<string> {
  return withCaller(db, as.caller, as.info, async (tx) => {
    await tx.query(writeSql(upsert), writeParams(write));
    await tx.query("select set_config('role', 'none', true)");
    const row = await tx.query<{ id: string }>(
      "select id from storage.objects where bucket_id = $1 and name = $2",
      [write.bucketId, write.name],
    );
    await place();
    return row.rows[0]?.id ?? "";
  });
}

/** Deletes the rows RLS lets the caller delete; `beforeCommit` gets them before the commit. */
export async function deleteObjects(
  db: PGliteInterface,
  as: AsCaller,
  bucketId: string,
  names: string[],
  beforeCommit: (rows: (Record<string, unknown> & { name: string })[]) => Promise<void>,
): Promise<Record<string, unknown>[]> {
  return withCaller(db, as.caller, as.info, async (tx) => {
    const result = await tx.query<Record<string, unknown> & { name: string }>(
      "delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *",
      [bucketId, names],
    );
    await beforeCommit(result.rows);
    return result.rows;
  });
}

/** storage.search: the folders, then the files, one level under the prefix. */
function searchSql(options: ListOptions): string {
  const { column, order } = options;
  return `
    with folders as (
      select path_tokens[$1] as folder from storage.objects
      where name ilike $2 || $3 || '%' and bucket_id = $4 and array_length(path_tokens, 1) <> $1
      group by folder order by folder ${order}
    )
    (select folder as name, null::uuid as id, null::timestamptz as updated_at,
            null::timestamptz as created_at, null::timestamptz as last_accessed_at,
            null::jsonb as metadata from folders)
    union all
    (select path_tokens[$1] as name, id, updated_at, created_at, last_accessed_at, metadata
       from storage.objects
      where name ilike $2 || $3 || '%' and bucket_id = $4 and array_length(path_tokens, 1) = $1
      order by ${column} ${order})
    limit $5 offset $6`;
}

export async function searchObjects(
  db: PGliteInterface,
  as: AsCaller,
  bucketId: string,
  options: ListOptions,
): Promise<unknown[]> {
  const levels = options.prefix.split("/").length;
  return withCaller(db, as.caller, as.info, async (tx: Transaction) => {
    const result = await tx.query(searchSql(options), [
      levels,
      options.prefix,
      options.search,
      bucketId,
      options.limit,
      options.offset,
    ]);
    return result.rows;
  });
}

export async function findObject(tx: Transaction, bucketId: string, name: string) {
  const result = await tx.query<ObjectRow>(
    "select id, name, version, metadata, updated_at from storage.objects where bucket_id = $1 and name = $2",
    [bucketId, name],
  );
  return result.rows[0];
}
