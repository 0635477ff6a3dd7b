// The stand-in's /storage/v1 for the storage test files: each file starts its own stack
// (the product's migrations, a private "vault" and a public "open" bucket without
// limits, an admin who may write the media bucket directly) and asks it over HTTP as
// the admin, a non-admin, anon, the service role, or with an expired or forged token.
import { createHash, randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, expect } from "vitest";
import { addAccount } from "../../tests/harness.ts";
import { createDatabase } from "../database.ts";
import { apiKeys, ephemeralKeys, type ProjectKeys, signJwt } from "../keys.ts";
import { freePort, startStandIn } from "../server.ts";

export const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
export const md5 = (bytes: Buffer) => `"${createHash("md5").update(bytes).digest("hex")}"`;

type Token = "admin" | "user" | "expired" | "forged";
export type Who = Token | "anon" | "service";

export interface StorageStandIn {
  db: PGlite;
  keys: ProjectKeys;
  storageDir: string;
  /** The stand-in's address, without /storage/v1 (for supabase-js). */
  apiUrl: string;
  /** <apiUrl>/storage/v1 */
  url: string;
  adminId: string;
  request(
    method: string,
    path: string,
    options?: { as?: Who; headers?: Record<string, string>; body?: BodyInit; apikey?: boolean },
  ): Promise<Response>;
  /** POST /object/<path> with a raw body (image/png unless told). */
  uploadRaw(
    path: string,
    bytes: Buffer | ReadableStream<Uint8Array>,
    options?: { as?: Who; type?: string; upsert?: boolean; headers?: Record<string, string> },
  ): Promise<Response>;
  rowsNamed(name: string): Promise<Record<string, unknown>[]>;
  /** Uploads in progress (the .uploads folder). */
  tempFiles(): Promise<string[]>;
  /** The bytes of a public URL, which must answer 200. */
  publicBytes(path: string): Promise<Buffer>;
}

/** Starts the stand-in before this file's tests and stops it after them. */
export function storageStandIn(): StorageStandIn {
  const tokens: Record<Token, string> = { admin: "", user: "", expired: "", forged: "" };
  let close: (() => Promise<void>) | undefined;
  const stand: StorageStandIn = {
    db: undefined as unknown as PGlite,
    keys: undefined as unknown as ProjectKeys,
    storageDir: "",
    apiUrl: "",
    url: "",
    adminId: randomUUID(),
    request(method, path, options = {}) {
      const as = options.as ?? "admin";
      const keys = apiKeys(stand.keys);
      const headers: Record<string, string> = { ...options.headers };
      if (options.apikey !== false) {
        headers.apikey = as === "service" ? keys.secret : keys.publishable;
        const token =
          as === "anon" ? keys.publishable : as === "service" ? keys.secret : tokens[as];
        headers.authorization = `Bearer ${token}`;
      }
      const init: RequestInit & { duplex?: "half" } = { method, headers, body: options.body };
      if (options.body instanceof ReadableStream) init.duplex = "half";
      return fetch(`${stand.url}${path}`, init);
    },
    uploadRaw(path, bytes, options = {}) {
      return stand.request("POST", `/object/${path}`, {
        as: options.as,
        body: bytes instanceof ReadableStream ? bytes : new Uint8Array(bytes),
        headers: {
          "content-type": options.type ?? "image/png",
          "x-upsert": String(options.upsert ?? false),
          ...options.headers,
        },
      });
    },
    async rowsNamed(name) {
      const result = await stand.db.query<Record<string, unknown>>(
        "select * from storage.objects where name = $1",
        [name],
      );
      return result.rows;
    },
    tempFiles() {
      return readdir(join(stand.storageDir, ".uploads")).catch(() => []);
    },
    async publicBytes(path) {
      const res = await fetch(`${stand.url}/object/public/${path}`);
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    },
  };

  beforeAll(async () => {
    stand.db = await createDatabase();
    stand.keys = await ephemeralKeys();
    stand.storageDir = await mkdtemp(join(tmpdir(), "standin-storage-test-"));
    await stand.db.exec(
      "insert into storage.buckets (id, name, public) values ('vault', 'vault', false), ('open', 'open', true)",
    );
    // These tests are about the stand-in's Storage under RLS, so the admin writes to the
    // media bucket directly, as the product's policies allowed before uploads moved to
    // the media function (migration 20261122004000); is_admin() wants the account and
    // a live session too.
    await addAccount(stand.db, {
      id: stand.adminId,
      email: "storage-admin@example.org",
      role: "admin",
    });
    await stand.db.exec(`
      create policy "test: admins add media objects" on storage.objects for insert to authenticated
        with check (bucket_id = 'media' and (select private.is_admin()));
      create policy "test: admins replace media objects" on storage.objects for update to authenticated
        using (bucket_id = 'media' and (select private.is_admin()))
        with check (bucket_id = 'media' and (select private.is_admin()));
    `);
    const { db, keys, storageDir } = stand;
    const standIn = await startStandIn(
      { db, keys, storageDir, functionsDir: join(storageDir, "functions"), functionSecrets: {} },
      await freePort(),
    );
    stand.apiUrl = standIn.url;
    stand.url = `${standIn.url}/storage/v1`;
    close = standIn.close;
    const now = Math.floor(Date.now() / 1000);
    const claims = (extra: Record<string, unknown>) => ({
      sub: randomUUID(),
      role: "authenticated",
      aud: "authenticated",
      iat: now,
      exp: now + 3600,
      app_metadata: {},
      ...extra,
    });
    const admin = {
      sub: stand.adminId,
      session_id: stand.adminId,
      app_metadata: { role: "admin" },
    };
    tokens.admin = await signJwt(claims(admin), keys.jwtSecret);
    tokens.user = await signJwt(claims({}), keys.jwtSecret);
    tokens.expired = await signJwt(
      claims({ app_metadata: { role: "admin" }, iat: now - 7200, exp: now - 3600 }),
      keys.jwtSecret,
    );
    tokens.forged = await signJwt(
      claims({ app_metadata: { role: "admin" } }),
      "not-the-secret-at-all",
    );
  }, 60_000);

  afterAll(async () => {
    await close?.();
    await stand.db?.close();
    if (stand.storageDir) await rm(stand.storageDir, { recursive: true, force: true });
  });

  return stand;
}

/** The body of one of Storage's errors, which it sends with HTTP 400. */
export async function errorOf(res: Response): Promise<Record<string, string>> {
  expect(res.status).toBe(400);
  return (await res.json()) as Record<string, string>;
}
