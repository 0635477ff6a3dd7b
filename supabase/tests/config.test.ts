import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import {
  MAX_UPLOAD_BYTES,
  MEDIA_MIME_TYPES,
  megabytes,
} from "../../functions/_shared/media-rules.ts";

const supabaseDir = join(import.meta.dirname, "..");

interface FunctionConfig {
  enabled: boolean;
  verify_jwt: boolean;
  entrypoint: string;
}

async function loadConfig() {
  const text = await readFile(join(supabaseDir, "config.toml"), "utf8");
  return parse(text) as unknown as {
    api: { port: number; schemas: string[] };
    db: { major_version: number };
    auth: {
      enable_signup: boolean;
      email: { enabled: boolean };
      enable_anonymous_sign_ins: boolean;
    };
    storage: {
      file_size_limit: string;
      buckets: {
        media: { public: boolean; file_size_limit: string; allowed_mime_types: string[] };
      };
    };
    functions: Record<string, FunctionConfig>;
  };
}

describe("supabase/config.toml", () => {
  it("serves the API on 54321 and exposes only the public schema", async () => {
    const config = await loadConfig();
    expect(config.api.port).toBe(54321);
    expect(config.api.schemas).toEqual(["public"]);
  });

  it("declares Postgres 17, the major a project created today runs", async () => {
    const config = await loadConfig();
    expect(config.db.major_version).toBe(17);
  });

  it("disables public sign-ups of every kind but keeps email sign-in for admins", async () => {
    const config = await loadConfig();
    expect(config.auth.enable_signup).toBe(false);
    expect(config.auth.enable_anonymous_sign_ins).toBe(false);
    // The email provider itself: false would stop password sign-in.
    expect(config.auth.email.enabled).toBe(true);
  });

  it("declares the alerts, contact, media, publish, team and trash functions with entrypoints under ../functions/", async () => {
    const config = await loadConfig();
    expect(Object.keys(config.functions).sort()).toEqual([
      "alerts",
      "contact",
      "media",
      "publish",
      "team",
      "trash",
    ]);
    // The platform's verify_jwt knows only the legacy JWT secret and would refuse the
    // project's ES256 sessions: every function checks its callers itself.
    for (const fn of Object.values(config.functions)) expect(fn.verify_jwt).toBe(false);
    for (const [name, fn] of Object.entries(config.functions)) {
      expect(fn.enabled).toBe(true);
      expect(fn.entrypoint).toBe(`../functions/${name}/index.ts`);
    }
  });

  it("limits the media bucket as the storage migration and functions/_shared/media-rules.ts do", async () => {
    const config = await loadConfig();
    const migration = await readFile(
      join(supabaseDir, "migrations", "20261122001800_media_storage.sql"),
      "utf8",
    );
    const bucket = config.storage.buckets.media;
    expect(bucket.public).toBe(true);
    expect(bucket.file_size_limit).toBe(`${megabytes(MAX_UPLOAD_BYTES)}MiB`);
    expect(migration).toContain(`, ${MAX_UPLOAD_BYTES},`);
    expect(bucket.allowed_mime_types).toEqual(MEDIA_MIME_TYPES);
    expect(migration).toContain(`array[${MEDIA_MIME_TYPES.map((mime) => `'${mime}'`).join(", ")}]`);
    expect(bucket.allowed_mime_types).not.toContain("image/svg+xml");
  });
});
