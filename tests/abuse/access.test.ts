// Abuse suite, group "access": every table, RPC, bucket and function, every operation,
// as an attacker holding the public anon key would try it over HTTP (supabase-js and raw
// fetch): as anon, as a signed-in non-admin, as that non-admin after writing
// user_metadata.role = 'admin' and trying to write its own app_metadata, and with forged
// tokens (wrong secret, alg none, expired, a real token edited without re-signing, a
// forged service key). Only what the RLS matrix allows may succeed:
//
//   - anon and non-admins read the ACTIVE rows of the content tables (and the published
//     revision), nothing of contact_messages, audit_log or publish_runs, nothing
//     inactive; nobody but admins writes; the private schema is not exposed;
//   - request_publish, report_build and submit_contact_message are the service role's,
//     activate_logo the admins';
//   - the media bucket is read by public URL; nobody but admins lists or writes it;
//   - publish (POST, GET) is for admins, build reports need the build token; the contact
//     form takes a message from anyone and shows none; team (list, invite, resend,
//     remove) is for admins, and its answers and Auth's password reset tell nobody who
//     has an account; every endpoint that sends mail is rate limited;
//   - a forged token is refused (401) or at most treated as anon.
//
// A case counts as refused only when the answer refused (an HTTP error, or nothing read or
// changed) AND an owner-level snapshot (row count and a hash of the rows of every table in
// public, private, storage and auth; every stored file; the deploy hook's calls) is the
// same afterwards. The allowed cases (visitors reading active rows, the public download,
// anon posting a contact message, admins and the service role doing their work) must
// succeed: they prove the test would notice if everything were simply refused.
import { randomUUID } from "node:crypto";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_TABLES } from "../../src/lib/schema/tables.ts";
import { mailCount, mailSettled } from "../contract/mail.ts";
import { accessToken, serviceClient, signedInUser, type TestUser } from "../contract/stack.ts";
import {
  type AccessStack,
  edgeFunctions,
  functionsOf,
  type Relation,
  relationsOf,
  type Snapshot,
  type Snapshotter,
  snapshotter,
  startAccessStack,
} from "./access-stack.ts";
import {
  CALLER_ONLY_RPCS,
  HIDDEN_TABLES,
  KNOWN_RPCS,
  OTHER_PNG,
  PDF,
  PNG,
  patchFor,
  rowFor,
  rpcArgs,
  SINGLETONS,
  visitorsMayRead,
} from "./access-targets.ts";
import {
  adminClaims,
  type Claims,
  DEFAULT_CLI_SECRET,
  decodePayload,
  editHeader,
  editPayload,
  now,
  randomSecret,
  serviceClaims,
  sign,
  stripSignature,
  unsigned,
  withEmbeddedJwk,
} from "./access-tokens.ts";
import { LONG, Tally } from "./tally.ts";

const tally = new Tally("access");

const noSession = {
  persistSession: false,
  autoRefreshToken: false,
  detectSessionInUrl: false,
} as const;

/** Who attacks. `anon` and `user` may read what visitors may; `forged` at most that. */
interface Actor {
  name: string;
  kind: "anon" | "user" | "forged";
  client: SupabaseClient;
  /** The headers the client sends: apikey plus Authorization. */
  headers: Record<string, string>;
  /** The real user behind the token, if any. */
  userId?: string;
}

let stack: AccessStack;
let snap: Snapshotter;
let service: SupabaseClient;
let admin: TestUser;
let user: TestUser;
let publicTables: Relation[];
let privateTables: Relation[];
let publicFunctions: string[];
let privateFunctions: string[];
/** The Edge Functions found in functions/. */
let edge: string[];
/** Per table: a row anon and non-admins must never see (inactive, or any hidden row). */
const hiddenRow = new Map<string, string>();
/** Per table: an existing row to aim upserts at. */
const existingRow = new Map<string, string>();
let inactiveLogoId: string;
let activeLogoId: string;
/** Every cause id in order, and a recorded change whose restore would show. */
let causeIds: string[] = [];
let auditEntry = 0;
const EXISTING_OBJECT = "probe/existing.png";
const EXISTING_PDF = "certificates/existing.pdf";
const SECRET_SUBJECT = `Secret message ${randomUUID()}`;
/** An administrator invited by the service role who has not accepted yet. */
let invitedAdmin: { id: string; email: string };
/** Where the team's emailed links lead (the set-password screen of the site URL). */
const SET_PASSWORD = "http://127.0.0.1:4321/admin/reset-password";

// --- plumbing -------------------------------------------------------------------------

interface Answer {
  status: number;
  /** The answer refused (or, for a read, showed nothing it should not). */
  refused: boolean;
  detail?: string;
}

const SCOPE = {
  all: undefined,
  table: (name: string) => [`public.${name}`, "public.audit_log", "public.content_revision"],
  storage: ["storage.", "file:"],
  functions: [
    "storage.",
    "file:",
    "public.publish_runs",
    "public.contact_messages",
    "private.contact_rate_limits",
    "deploy hook calls",
  ],
  auth: ["auth."],
  // The team function changes users (auth) and writes the audit log.
  team: ["auth.", "public.audit_log"],
} as const;

/**
 * The snapshot the last refused case ended with: the next case in the same scope starts
 * from it. Anything else that may change state (allowed cases, setup) forgets it.
 */
let last: { key: string; snapshot: Snapshot } | undefined;

/**
 * One case that must be refused: the answer refused and the state in `scope` did not
 * change. 5xx answers and exceptions count as errors.
 */
async function refused(
  name: string,
  scope: readonly string[] | undefined,
  attempt: () => Promise<Answer>,
): Promise<void> {
  const key = scope ? scope.join("|") : "*";
  const before = last?.key === key ? last.snapshot : await snap.take(scope);
  last = undefined;
  let answer: Answer;
  try {
    answer = await attempt();
  } catch (error) {
    tally.error(name, error);
    return;
  }
  const after = await snap.take(scope);
  last = { key, snapshot: after };
  const changed = snap.diff(before, after);
  if (answer.status === 501 && answer.detail?.includes("not supported by the local stand-in")) {
    expect(changed, `${name}: a refusal of the stand-in changed something`).toEqual([]);
    tally.notPlayedHere(name);
    return;
  }
  if (answer.status >= 500) {
    tally.error(name, `HTTP ${answer.status} ${answer.detail ?? ""}`);
    return;
  }
  const ok = answer.refused && changed.length === 0;
  tally.refused(
    ok
      ? name
      : `${name} (HTTP ${answer.status}${answer.detail ? `, ${answer.detail}` : ""}${changed.length ? `, changed: ${changed.join(", ")}` : ""})`,
    ok,
  );
}

/** One case that must succeed. */
async function allowed(name: string, attempt: () => Promise<{ ok: boolean; detail?: string }>) {
  last = undefined;
  try {
    const result = await attempt();
    tally.holds(result.ok ? name : `${name} (${result.detail ?? "refused"})`, result.ok);
  } catch (error) {
    tally.error(name, error);
  }
}

/** A supabase-js answer: refused when it is an error or carries no rows. */
function fromJs(result: { status: number; error: unknown; data: unknown }): Answer {
  const rows = Array.isArray(result.data) ? result.data.length : result.data ? 1 : 0;
  const error = result.error as { message?: string; code?: string } | null;
  return {
    status: result.status,
    refused: error !== null || rows === 0,
    detail: error ? `${error.code ?? ""} ${error.message ?? ""}`.trim() : `${rows} rows`,
  };
}

/** A supabase-js storage answer: refused when it is an error. */
function fromStorage(result: { data: unknown; error: unknown }, empty = false): Answer {
  const error = result.error as { status?: number; statusCode?: string; message?: string } | null;
  const status = error ? Number(error.statusCode ?? error.status ?? 400) : 200;
  const nothing = result.data === null || (Array.isArray(result.data) && result.data.length === 0);
  return {
    status: Number.isFinite(status) ? status : 400,
    refused: error !== null || (empty && nothing),
    detail: error ? error.message : JSON.stringify(result.data)?.slice(0, 200),
  };
}

async function raw(
  actor: Actor,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; bytes?: Buffer } = {},
): Promise<{ status: number; text: string; headers: Headers }> {
  const headers: Record<string, string> = { ...actor.headers, ...options.headers };
  let body: BodyInit | undefined;
  if (options.bytes) body = new Uint8Array(options.bytes);
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await fetch(`${stack.url}${path}`, { method, headers, body });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** A raw answer: refused when it is an HTTP error, or a read that shows no rows. */
function fromRaw(answer: { status: number; text: string }, emptyIsRefusal = false): Answer {
  let rows = -1;
  try {
    const body = JSON.parse(answer.text) as unknown;
    if (Array.isArray(body)) rows = body.length;
  } catch {}
  return {
    status: answer.status,
    refused: answer.status >= 400 || (emptyIsRefusal && (rows === 0 || answer.text === "")),
    detail: answer.text.slice(0, 160),
  };
}

async function ownerCount(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await stack.db.query<{ n: number }>(sql, params);
  return rows[0]?.n ?? 0;
}

const hasFlag = (table: Relation) => table.columns.includes("is_active");
const pkOf = (table: Relation) => table.primaryKey[0] ?? "id";
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** What a visitor may see of a table: its active rows (all rows without the flag). */
function visibleCount(table: Relation): Promise<number> {
  return ownerCount(
    `select count(*)::int as n from public.${quote(table.name)}${hasFlag(table) ? " where is_active" : ""}`,
  );
}

function clientFor(apikey: string, bearer?: string): SupabaseClient {
  return createClient(stack.url, apikey, {
    auth: noSession,
    ...(bearer ? { global: { headers: { Authorization: `Bearer ${bearer}` } } } : {}),
  });
}

function forged(name: string, bearer: string, apikey = stack.publishableKey): Actor {
  return {
    name,
    kind: "forged",
    client: clientFor(apikey, bearer),
    headers: { apikey, authorization: `Bearer ${bearer}` },
  };
}

async function userActor(name: string, who: TestUser): Promise<Actor> {
  return {
    name,
    kind: "user",
    client: who.client,
    headers: { apikey: stack.publishableKey, authorization: `Bearer ${await accessToken(who)}` },
    userId: who.id,
  };
}

// --- the operations -----------------------------------------------------------------

async function tableOps(actor: Actor, table: Relation): Promise<void> {
  const t = table.name;
  const pk = pkOf(table);
  const scope = SCOPE.table(t);
  const label = `${actor.name} x ${t}`;
  const readable = visitorsMayRead(t);
  const row = rowFor(t) ?? {};

  // Select all: visitors see exactly the visible rows; nobody sees a hidden one.
  const all = await (async () => {
    try {
      return await actor.client.from(t).select("*", { count: "exact" });
    } catch (error) {
      tally.error(`${label} x select all`, error);
      return undefined;
    }
  })();
  if (all) {
    if (all.status >= 500) tally.error(`${label} x select all`, `HTTP ${all.status}`);
    else {
      const rows = (all.data ?? []) as Record<string, unknown>[];
      const onlyVisible = rows.every((r) => !("is_active" in r) || r.is_active === true);
      const expected = readable ? await visibleCount(table) : 0;
      if (readable && actor.kind !== "forged") {
        const ok =
          all.error === null &&
          all.status === 200 &&
          rows.length === expected &&
          all.count === expected &&
          onlyVisible;
        tally.holds(
          ok
            ? `${label} x select all (visitors read active rows)`
            : `${label} x select all (HTTP ${all.status}, ${rows.length}/${all.count} rows, ${expected} visible)`,
          ok,
        );
      } else {
        const ok =
          all.error !== null ||
          (onlyVisible && rows.length <= expected && (all.count ?? 0) <= expected);
        tally.refused(
          ok ? `${label} x select all` : `${label} x select all (${rows.length} rows)`,
          ok,
        );
      }
    }
  }

  const hidden = hiddenRow.get(t);
  if (hidden !== undefined) {
    await refused(`${label} x select hidden row`, scope, async () =>
      fromJs(await actor.client.from(t).select("*").eq(pk, hidden)),
    );
  }
  await refused(`${label} x insert`, scope, async () =>
    fromJs(await actor.client.from(t).insert(row).select()),
  );
  await refused(`${label} x update every row`, scope, async () =>
    fromJs(
      await actor.client.from(t).update(patchFor(t, table.columns)).not(pk, "is", null).select(),
    ),
  );
  await refused(`${label} x delete every row`, scope, async () =>
    fromJs(await actor.client.from(t).delete().not(pk, "is", null).select()),
  );
  const target = existingRow.get(t);
  await refused(`${label} x upsert on conflict`, scope, async () =>
    fromJs(
      await actor.client
        .from(t)
        .upsert(target === undefined ? row : { ...row, [pk]: target }, { onConflict: pk })
        .select(),
    ),
  );

  if (!LONG) return;
  // Raw PostgREST: counts in headers, writes without representation, object reads.
  const rest = `/rest/v1/${t}`;
  if (!readable) {
    await refused(`${label} x HEAD count`, scope, async () => {
      const answer = await raw(actor, "HEAD", `${rest}?select=*`, {
        headers: { prefer: "count=exact" },
      });
      const total = Number(answer.headers.get("content-range")?.split("/")[1] ?? "0");
      return {
        status: answer.status,
        refused: answer.status >= 400 || !(total > 0),
        detail: answer.headers.get("content-range") ?? "",
      };
    });
  }
  if (hidden !== undefined) {
    await refused(`${label} x select hidden row as object`, scope, async () =>
      fromRaw(
        await raw(actor, "GET", `${rest}?${pk}=eq.${hidden}`, {
          headers: { accept: "application/vnd.pgrst.object+json" },
        }),
      ),
    );
  }
  if (hasFlag(table)) {
    await refused(`${label} x select is_active=false`, scope, async () =>
      fromRaw(await raw(actor, "GET", `${rest}?is_active=eq.false`), true),
    );
  }
  for (const [what, method, query, body] of [
    ["update, no representation", "PATCH", `?${pk}=not.is.null`, patchFor(t, table.columns)],
    ["delete, no filter", "DELETE", "", undefined],
    ["insert two rows", "POST", "", [row, row]],
  ] as const) {
    await refused(`${label} x ${what}`, scope, async () => {
      const answer = await raw(actor, method, `${rest}${query}`, {
        body,
        headers: { prefer: "return=minimal,count=exact" },
      });
      const affected = Number(answer.headers.get("content-range")?.split("/")[1] ?? "0");
      return {
        status: answer.status,
        refused: answer.status >= 400 || !(affected > 0),
        detail: `${answer.headers.get("content-range") ?? ""} ${answer.text.slice(0, 120)}`,
      };
    });
  }
  await refused(`${label} x upsert ignore duplicates`, scope, async () =>
    fromRaw(
      await raw(actor, "POST", `${rest}?on_conflict=${pk}`, {
        body: target === undefined ? row : { ...row, [pk]: target },
        headers: { prefer: "resolution=ignore-duplicates,return=representation" },
      }),
      true,
    ),
  );
}

async function rpcOps(actor: Actor): Promise<void> {
  const ctx = { inactiveLogoId, userId: actor.userId ?? user.id, causeIds, auditEntry };
  for (const name of publicFunctions) {
    await refused(`${actor.name} x rpc ${name}`, SCOPE.all, async () => {
      const { status, error, data } = await actor.client.rpc(name, rpcArgs(name, ctx));
      const grantsNothing = CALLER_ONLY_RPCS[name];
      return {
        status,
        refused: error !== null || grantsNothing?.(data) === true,
        detail: error ? `${error.code} ${error.message}` : undefined,
      };
    });
  }
  if (!LONG) return;
  for (const name of publicFunctions) {
    await refused(`${actor.name} x rpc ${name} (raw, GET)`, SCOPE.all, async () => {
      const answer = await raw(actor, "GET", `/rest/v1/rpc/${name}`);
      const grantsNothing = CALLER_ONLY_RPCS[name];
      if (grantsNothing === undefined || answer.status >= 400) return fromRaw(answer);
      return { ...fromRaw(answer), refused: grantsNothing(JSON.parse(answer.text)) };
    });
  }
}

/** The private schema (and auth, storage) must not be reachable through /rest/v1. */
async function hiddenSchemaOps(actor: Actor): Promise<void> {
  const label = actor.name;
  for (const table of privateTables) {
    await refused(
      `${label} x private.${table.name} x select via Accept-Profile`,
      SCOPE.all,
      async () =>
        fromRaw(
          await raw(actor, "GET", `/rest/v1/${table.name}`, {
            headers: { "accept-profile": "private" },
          }),
          true,
        ),
    );
    await refused(`${label} x private.${table.name} x select as public`, SCOPE.all, async () =>
      fromRaw(await raw(actor, "GET", `/rest/v1/${table.name}`), true),
    );
    await refused(
      `${label} x private.${table.name} x insert via Content-Profile`,
      SCOPE.all,
      async () =>
        fromRaw(
          await raw(actor, "POST", `/rest/v1/${table.name}`, {
            body: { client_hash: "cd".repeat(32) },
            headers: { "content-profile": "private" },
          }),
        ),
    );
    await refused(
      `${label} x private.${table.name} x delete via Content-Profile`,
      SCOPE.all,
      async () =>
        fromRaw(
          await raw(actor, "DELETE", `/rest/v1/${table.name}?id=not.is.null`, {
            headers: { "content-profile": "private", prefer: "return=representation" },
          }),
          true,
        ),
    );
  }
  for (const name of privateFunctions) {
    await refused(`${label} x rpc private.${name} via Content-Profile`, SCOPE.all, async () =>
      fromRaw(
        await raw(actor, "POST", `/rest/v1/rpc/${name}`, {
          body: {},
          headers: { "content-profile": "private" },
        }),
      ),
    );
    await refused(`${label} x rpc private.${name} as public`, SCOPE.all, async () =>
      fromRaw(await raw(actor, "POST", `/rest/v1/rpc/${name}`, { body: {} })),
    );
  }
  for (const [schema, table] of [
    ["auth", "users"],
    ["auth", "sessions"],
    ["storage", "objects"],
    ["storage", "buckets"],
    ["supabase_migrations", "schema_migrations"],
  ] as const) {
    await refused(
      `${label} x ${schema}.${table} x select via Accept-Profile`,
      SCOPE.all,
      async () =>
        fromRaw(
          await raw(actor, "GET", `/rest/v1/${table}`, { headers: { "accept-profile": schema } }),
          true,
        ),
    );
  }
  await refused(`${label} x storage.buckets x insert via Content-Profile`, SCOPE.all, async () =>
    fromRaw(
      await raw(actor, "POST", "/rest/v1/buckets", {
        body: { id: "abuse", name: "abuse", public: true },
        headers: { "content-profile": "storage" },
      }),
    ),
  );
}

async function storageOps(actor: Actor): Promise<void> {
  const media = actor.client.storage.from("media");
  const label = `${actor.name} x bucket media`;
  const fresh = `abuse/${randomUUID()}.png`;
  const scope = SCOPE.storage;
  const attempts: [string, () => Promise<Answer>][] = [
    [
      "list buckets",
      async () => {
        const result = await actor.client.storage.listBuckets();
        // Bucket metadata of public buckets is no secret; a private one must not show.
        const answer = fromStorage(result);
        return { ...answer, refused: answer.refused || (result.data ?? []).every((b) => b.public) };
      },
    ],
    [
      "get bucket",
      async () => {
        const result = await actor.client.storage.getBucket("media");
        const answer = fromStorage(result);
        return { ...answer, refused: answer.refused || result.data?.public === true };
      },
    ],
    ["list objects", async () => fromStorage(await media.list(), true)],
    ["list objects under probe/", async () => fromStorage(await media.list("probe"), true)],
    [
      "list objects under certificates/",
      async () => fromStorage(await media.list("certificates"), true),
    ],
    [
      "upload",
      async () => fromStorage(await media.upload(fresh, PNG, { contentType: "image/png" })),
    ],
    [
      "overwrite (x-upsert)",
      async () =>
        fromStorage(
          await media.upload(EXISTING_OBJECT, OTHER_PNG, {
            contentType: "image/png",
            upsert: true,
          }),
        ),
    ],
    [
      "update",
      async () =>
        fromStorage(await media.update(EXISTING_OBJECT, OTHER_PNG, { contentType: "image/png" })),
    ],
    [
      "move",
      async () => fromStorage(await media.move(EXISTING_OBJECT, `abuse/moved-${randomUUID()}.png`)),
    ],
    [
      "copy",
      async () =>
        fromStorage(await media.copy(EXISTING_OBJECT, `abuse/copied-${randomUUID()}.png`)),
    ],
    ["delete", async () => fromStorage(await media.remove([EXISTING_OBJECT, EXISTING_PDF]), true)],
    [
      "create signed URL",
      async () => fromStorage(await media.createSignedUrl(EXISTING_OBJECT, 60)),
    ],
    ["create signed upload URL", async () => fromStorage(await media.createSignedUploadUrl(fresh))],
    ["authenticated download", async () => fromStorage(await media.download(EXISTING_OBJECT))],
    [
      "create bucket",
      async () =>
        fromStorage(
          await actor.client.storage.createBucket(`abuse-${randomUUID()}`, { public: true }),
        ),
    ],
    [
      "update bucket",
      async () =>
        fromStorage(
          await actor.client.storage.updateBucket("media", {
            public: false,
            allowedMimeTypes: ["image/svg+xml", "text/html"],
          }),
        ),
    ],
    ["empty bucket", async () => fromStorage(await actor.client.storage.emptyBucket("media"))],
    ["delete bucket", async () => fromStorage(await actor.client.storage.deleteBucket("media"))],
  ];
  if (LONG) {
    attempts.push(
      [
        "raw upload with x-upsert over the existing object",
        async () =>
          fromRaw(
            await raw(actor, "POST", `/storage/v1/object/media/${EXISTING_OBJECT}`, {
              bytes: OTHER_PNG,
              headers: { "content-type": "image/png", "x-upsert": "true" },
            }),
          ),
      ],
      [
        "raw PUT over the existing object",
        async () =>
          fromRaw(
            await raw(actor, "PUT", `/storage/v1/object/media/${EXISTING_OBJECT}`, {
              bytes: OTHER_PNG,
              headers: { "content-type": "image/png" },
            }),
          ),
      ],
      [
        "raw delete by prefixes",
        async () =>
          fromRaw(
            await raw(actor, "DELETE", "/storage/v1/object/media", {
              body: { prefixes: [EXISTING_OBJECT, EXISTING_PDF] },
            }),
            true,
          ),
      ],
      [
        "raw list with an empty prefix",
        async () =>
          fromRaw(
            await raw(actor, "POST", "/storage/v1/object/list/media", { body: { prefix: "" } }),
            true,
          ),
      ],
      [
        "raw upload of a PDF outside certificates/",
        async () =>
          fromRaw(
            await raw(actor, "POST", `/storage/v1/object/media/abuse/${randomUUID()}.pdf`, {
              bytes: PDF,
              headers: { "content-type": "application/pdf" },
            }),
          ),
      ],
    );
  }
  for (const [what, attempt] of attempts) await refused(`${label} x ${what}`, scope, attempt);
}

/** The public URL of an existing object stays readable by anyone: that is in the matrix. */
async function publicDownload(actor: Actor): Promise<void> {
  await allowed(`${actor.name} x bucket media x public download`, async () => {
    const { data } = actor.client.storage.from("media").getPublicUrl(EXISTING_OBJECT);
    const response = await fetch(data.publicUrl, { headers: actor.headers });
    const bytes = Buffer.from(await response.arrayBuffer());
    return { ok: response.status === 200 && bytes.equals(PNG), detail: `HTTP ${response.status}` };
  });
}

/**
 * Every Edge Function found (edgeFunctions), attacked as this actor. publish (admins;
 * builds report with the build token), contact (anyone may send a message, nobody reads
 * one) and media (admins upload) have attacks of their own; team (admins list, invite
 * and remove administrators) has its own scope (teamOps). Any other function, trash
 * (admins, or the secret key, purge deletions past their 30 days) and alerts (the secret
 * key only: the database and the cron job ask it to deliver) among them, is expected to
 * refuse every caller but admins.
 */
async function functionOps(actor: Actor): Promise<void> {
  const label = actor.name;
  const scope = SCOPE.functions;
  const attempts: [string, () => Promise<Answer>][] = [];
  const add = (what: string, attempt: () => Promise<Answer>) => attempts.push([what, attempt]);
  for (const name of edge) {
    const path = `/functions/v1/${name}`;
    if (name === "publish") {
      const report = { action: "report", event: "succeeded", revision: 999_999 };
      add("publish x POST publish", async () =>
        fromRaw(await raw(actor, "POST", path, { body: { action: "publish" } })),
      );
      add("publish x POST without action", async () =>
        fromRaw(await raw(actor, "POST", path, { body: {} })),
      );
      add("publish x GET runs", async () => {
        const answer = await raw(actor, "GET", path);
        return {
          ...fromRaw(answer),
          refused: answer.status >= 400 && !answer.text.includes("requested_revision"),
        };
      });
      add("publish x report without build token", async () =>
        fromRaw(await raw(actor, "POST", path, { body: report })),
      );
      add("publish x report with a wrong build token", async () =>
        fromRaw(
          await raw(actor, "POST", path, {
            body: report,
            headers: { "x-build-token": `${stack.buildToken}x` },
          }),
        ),
      );
      add("publish x report with the bearer token as build token", async () =>
        fromRaw(
          await raw(actor, "POST", path, {
            body: report,
            headers: {
              "x-build-token": actor.headers.authorization?.replace(/^Bearer /, "") ?? "",
            },
          }),
        ),
      );
    } else if (name === "contact") {
      // Anyone may send a message (a control below); nobody may read or change one.
      for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
        add(`contact x ${method} (reading or changing messages)`, async () => {
          const answer = await raw(actor, method, path, {
            body:
              method === "GET"
                ? undefined
                : { id: hiddenRow.get("contact_messages"), handled: true },
          });
          return {
            ...fromRaw(answer),
            refused: answer.status >= 400 && !answer.text.includes(SECRET_SUBJECT),
          };
        });
      }
    } else if (name === "media") {
      const upload = (target: string) => async () =>
        fromRaw(
          await raw(actor, "POST", `${path}?path=${encodeURIComponent(target)}`, {
            bytes: PNG,
            headers: { "content-type": "image/png" },
          }),
        );
      add("media x upload a new image", upload(`abuse/${randomUUID()}.png`));
      add("media x upload over the existing object", upload(EXISTING_OBJECT));
      add("media x GET", async () => fromRaw(await raw(actor, "GET", path)));
    } else if (name === "team") {
      // Attacked below with its own scope (teamOps): it changes users, not storage.
    } else {
      // A function nobody told this file about: closed to everyone but admins.
      for (const method of ["GET", "POST", "PUT", "DELETE"]) {
        add(`${name} x ${method}`, async () =>
          fromRaw(await raw(actor, method, path, { body: method === "GET" ? undefined : {} })),
        );
      }
    }
  }
  for (const [what, attempt] of attempts) {
    await refused(`${label} x function ${what}`, scope, attempt);
  }
  if (edge.includes("team")) await teamOps(actor);
}

/**
 * The team function: nobody but an admin lists, invites (a new address, or an account
 * that is not an admin), invites again or removes. A refused list shows no address.
 */
async function teamOps(actor: Actor): Promise<void> {
  const path = "/functions/v1/team";
  const post = (body: unknown) => async () => fromRaw(await raw(actor, "POST", path, { body }));
  const listed = (answer: { status: number; text: string }): Answer => ({
    ...fromRaw(answer),
    refused:
      answer.status >= 400 &&
      !answer.text.includes(admin.email) &&
      !answer.text.includes(invitedAdmin.email),
  });
  const attempts: [string, () => Promise<Answer>][] = [
    ["GET the team", async () => listed(await raw(actor, "GET", path))],
    ["POST list", async () => listed(await raw(actor, "POST", path, { body: { action: "list" } }))],
    [
      "invite a new address",
      post({
        action: "invite",
        role: "admin",
        email: `mallory-${randomUUID()}@example.org`,
        redirectTo: SET_PASSWORD,
      }),
    ],
    [
      "invite itself (an account that is not an admin)",
      post({ action: "invite", role: "admin", email: user.email, redirectTo: SET_PASSWORD }),
    ],
    [
      "invite with the link leading elsewhere",
      post({
        action: "invite",
        role: "admin",
        email: `mallory-${randomUUID()}@example.org`,
        redirectTo: "https://evil.example/admin/reset-password",
      }),
    ],
    [
      "resend an invitation",
      post({ action: "resend", userId: invitedAdmin.id, redirectTo: SET_PASSWORD }),
    ],
    ["remove the admin", post({ action: "remove", userId: admin.id, confirmSelf: true })],
    ["withdraw an invitation", post({ action: "remove", userId: invitedAdmin.id })],
    [
      "remove itself as if it were an admin",
      post({ action: "remove", userId: actor.userId ?? user.id, confirmSelf: true }),
    ],
    ["PUT", async () => fromRaw(await raw(actor, "PUT", path, { body: {} }))],
    ["DELETE", async () => fromRaw(await raw(actor, "DELETE", path, { body: {} }))],
  ];
  for (const [what, attempt] of attempts) {
    await refused(`${actor.name} x function team x ${what}`, SCOPE.team, attempt);
  }
}

async function authOps(actor: Actor): Promise<void> {
  const label = `${actor.name} x auth`;
  const scope = SCOPE.auth;
  const target = actor.userId ?? user.id;
  const email = `mallory-${randomUUID()}@example.org`;
  const attempts: [string, () => Promise<Answer>][] = [
    [
      "admin list users",
      async () => {
        const answer = await raw(actor, "GET", "/auth/v1/admin/users");
        return {
          ...fromRaw(answer),
          refused: answer.status >= 400 && !answer.text.includes(admin.email),
        };
      },
    ],
    [
      "admin create an admin",
      async () =>
        fromRaw(
          await raw(actor, "POST", "/auth/v1/admin/users", {
            body: {
              email,
              password: `pw-${randomUUID()}`,
              email_confirm: true,
              app_metadata: { role: "admin" },
            },
          }),
        ),
    ],
    [
      "admin make a user admin",
      async () =>
        fromRaw(
          await raw(actor, "PUT", `/auth/v1/admin/users/${target}`, {
            body: { app_metadata: { role: "admin" }, role: "service_role" },
          }),
        ),
    ],
    [
      "admin read the admin",
      async () => {
        const answer = await raw(actor, "GET", `/auth/v1/admin/users/${admin.id}`);
        return { ...fromRaw(answer), refused: answer.status >= 400 };
      },
    ],
    [
      "admin delete the admin",
      async () => fromRaw(await raw(actor, "DELETE", `/auth/v1/admin/users/${admin.id}`)),
    ],
    [
      "update own app_metadata",
      async () =>
        fromRaw(
          await raw(actor, "PUT", "/auth/v1/user", { body: { app_metadata: { role: "admin" } } }),
        ),
    ],
    [
      "sign up with role claims",
      async () =>
        fromRaw(
          await raw(actor, "POST", "/auth/v1/signup", {
            body: {
              email,
              password: `pw-${randomUUID()}`,
              data: { role: "admin" },
              app_metadata: { role: "admin" },
            },
          }),
        ),
    ],
    [
      "sign in as the admin with a wrong password",
      async () =>
        fromRaw(
          await raw(actor, "POST", "/auth/v1/token?grant_type=password", {
            body: { email: admin.email, password: `${admin.password}x` },
          }),
        ),
    ],
    [
      "refresh with a made-up refresh token",
      async () =>
        fromRaw(
          await raw(actor, "POST", "/auth/v1/token?grant_type=refresh_token", {
            body: { refresh_token: randomUUID().replaceAll("-", "").slice(0, 22) },
          }),
        ),
    ],
    [
      "invite a user (admin endpoint)",
      async () => fromRaw(await raw(actor, "POST", "/auth/v1/invite", { body: { email } })),
    ],
    [
      "generate a sign-in link for the admin (admin endpoint)",
      async () =>
        fromRaw(
          await raw(actor, "POST", "/auth/v1/admin/generate_link", {
            body: { type: "magiclink", email: admin.email },
          }),
        ),
    ],
  ];
  if (actor.kind === "forged") {
    attempts.push(
      ["read the user", async () => fromRaw(await raw(actor, "GET", "/auth/v1/user"))],
      [
        "update user_metadata",
        async () =>
          fromRaw(await raw(actor, "PUT", "/auth/v1/user", { body: { data: { role: "admin" } } })),
      ],
      [
        "change the password",
        async () =>
          fromRaw(
            await raw(actor, "PUT", "/auth/v1/user", { body: { password: `pw-${randomUUID()}` } }),
          ),
      ],
      [
        "sign out everyone",
        async () => fromRaw(await raw(actor, "POST", "/auth/v1/logout?scope=global")),
      ],
    );
  }
  for (const [what, attempt] of attempts) await refused(`${label} x ${what}`, scope, attempt);
}

/** Every operation on every target, then: nothing anywhere changed. */
async function attack(actor: Actor): Promise<void> {
  last = undefined;
  const start = await snap.take();
  for (const table of publicTables) await tableOps(actor, table);
  await rpcOps(actor);
  await hiddenSchemaOps(actor);
  await storageOps(actor);
  await functionOps(actor);
  await authOps(actor);
  if (actor.kind !== "forged") await publicDownload(actor);
  const changed = snap.diff(start, await snap.take());
  tally.refused(
    changed.length === 0
      ? `${actor.name}: nothing changed`
      : `${actor.name}: state changed (${changed.join(", ")})`,
    changed.length === 0,
  );
}

// --- setup ----------------------------------------------------------------------------

beforeAll(async () => {
  stack = await startAccessStack();
  service = serviceClient(stack);
  publicTables = await relationsOf(stack.db, "public");
  privateTables = await relationsOf(stack.db, "private");
  publicFunctions = await functionsOf(stack.db, "public");
  privateFunctions = await functionsOf(stack.db, "private");
  edge = await edgeFunctions();

  // An inactive row in every content table, inserted with the service role.
  for (const table of publicTables) {
    const t = table.name;
    const pk = pkOf(table);
    if (hasFlag(table) && visitorsMayRead(t)) {
      const { data, error } = await service
        .from(t)
        .insert({ ...rowFor(t), is_active: false })
        .select(pk)
        .single();
      if (error || !data)
        throw new Error(`could not add an inactive row to ${t}: ${error?.message}`);
      hiddenRow.set(t, String((data as unknown as Record<string, unknown>)[pk]));
    }
  }
  // Something in each hidden table: a message, publish runs (and audit entries above).
  const stored = await service.rpc("submit_contact_message", {
    ...rpcArgs("submit_contact_message", { inactiveLogoId: "", userId: "" }),
    p_subject: SECRET_SUBJECT,
  });
  if (stored.error) throw new Error(`could not store a message: ${stored.error.message}`);
  for (const event of ["started", "succeeded"]) {
    const run = await service.rpc("report_build", { p_event: event, p_revision: 1, p_error: null });
    if (run.error) throw new Error(`could not record a run: ${run.error.message}`);
  }
  for (const table of publicTables) {
    const pk = pkOf(table);
    const { rows } = await stack.db.query<{ id: unknown }>(
      `select ${quote(pk)}::text as id from public.${quote(table.name)} order by 1 limit 1`,
    );
    if (rows[0]) existingRow.set(table.name, String(rows[0].id));
    if (!visitorsMayRead(table.name) && rows[0]) hiddenRow.set(table.name, String(rows[0].id));
  }
  inactiveLogoId = hiddenRow.get("logo_settings") ?? "";
  const { rows: causes } = await stack.db.query<{ id: string }>(
    "select id from public.causes order by sort_order, id",
  );
  causeIds = causes.map((row) => row.id);
  // A change to restore: the version before it differs from the row as it is now.
  const changed = await service
    .from("causes")
    .update({ title: "Changed, so a restore would show" })
    .eq("id", causeIds[0] ?? "");
  if (changed.error) throw new Error(`could not change a cause: ${changed.error.message}`);
  const { rows: entries } = await stack.db.query<{ id: number }>(
    "select id from public.audit_log where table_name = 'causes' and action = 'UPDATE' order by id desc limit 1",
  );
  auditEntry = Number(entries[0]?.id ?? 0);
  const { rows: logos } = await stack.db.query<{ id: string }>(
    "select id from public.logo_settings where is_active",
  );
  activeLogoId = logos[0]?.id ?? "";

  // Objects in the media bucket, uploaded with the service role.
  const media = service.storage.from("media");
  for (const [path, bytes, type] of [
    [EXISTING_OBJECT, PNG, "image/png"],
    [EXISTING_PDF, PDF, "application/pdf"],
  ] as const) {
    const { error } = await media.upload(path, bytes, { contentType: type });
    if (error) throw new Error(`could not upload ${path}: ${error.message}`);
  }

  [admin, user] = await Promise.all([signedInUser(stack, { admin: true }), signedInUser(stack)]);
  // An administrator invited (the way the team function does it) who has not accepted.
  const invitedEmail = `invited-${randomUUID()}@helpinghands.example`;
  const invited = await service.auth.admin.inviteUserByEmail(invitedEmail, {
    redirectTo: SET_PASSWORD,
    // What the project's invite template reads, as the team function gives it.
    data: { site_name: "Helping Hands", invited_by: "e2e-admin@helpinghands.example" },
  });
  if (invited.error || !invited.data.user) {
    throw new Error(`could not invite ${invitedEmail}: ${invited.error?.message}`);
  }
  const promoted = await service.auth.admin.updateUserById(invited.data.user.id, {
    app_metadata: { role: "admin" },
  });
  if (promoted.error) throw new Error(`could not promote: ${promoted.error.message}`);
  invitedAdmin = { id: invited.data.user.id, email: invitedEmail };
  snap = await snapshotter(stack);
  // Boot every function (Deno) before anything is timed.
  await Promise.all(
    edge.map((name) =>
      fetch(`${stack.url}/functions/v1/${name}`, { method: "OPTIONS" }).then((r) =>
        r.arrayBuffer(),
      ),
    ),
  );
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

// --- the cases ---------------------------------------------------------------------------

describe("access", () => {
  it("discovers every table, RPC and bucket from the catalog", async () => {
    const tables = publicTables.map((table) => table.name);
    expect(tables.length).toBeGreaterThan(0);
    for (const name of [...CONTENT_TABLES, ...HIDDEN_TABLES, "content_revision"]) {
      expect(tables, name).toContain(name);
    }
    expect(publicFunctions).toEqual(expect.arrayContaining([...KNOWN_RPCS]));
    expect(privateTables.map((table) => table.name)).toContain("contact_rate_limits");
    expect(privateFunctions).toContain("is_admin");
    expect(edge).toEqual(expect.arrayContaining(["publish", "contact"]));
    const { rows } = await stack.db.query<{ id: string; public: boolean }>(
      "select id, public from storage.buckets order by id",
    );
    expect(rows).toEqual([{ id: "media", public: true }]);
    // Every table has a key to aim writes at; every known table something to hide.
    for (const table of publicTables) {
      expect(table.primaryKey.length, table.name).toBeGreaterThan(0);
      const known = (CONTENT_TABLES as readonly string[]).includes(table.name);
      if ((known && hasFlag(table)) || (HIDDEN_TABLES as readonly string[]).includes(table.name)) {
        expect(hiddenRow.get(table.name), table.name).toBeDefined();
      }
    }
    // The rows and changes the attacks send are valid: only RLS can be what refuses them.
    for (const table of publicTables) {
      const t = table.name;
      const target = `public.${quote(t)}`;
      const asOwner = async (sql: string, params: unknown[]) => {
        let ok = false;
        await stack.db
          .transaction(async (tx) => {
            const result = await tx.query(sql, params);
            ok = (result.affectedRows ?? 0) > 0;
            throw new Error("rollback");
          })
          .catch(() => {});
        return ok;
      };
      const row = rowFor(t);
      if (row && !SINGLETONS.includes(t)) {
        const columns = Object.keys(row).map(quote).join(", ");
        tally.holds(
          `fixture row for ${t} is valid`,
          await asOwner(
            `insert into ${target} (${columns})
             select ${columns} from json_populate_record(null::${target}, $1::json)`,
            [JSON.stringify(row)],
          ),
        );
      }
      // The audit log refuses every change, the owner's too: that is its design.
      if (t === "audit_log") continue;
      const patch = patchFor(t, table.columns);
      const sets = Object.keys(patch)
        .map((column) => `${quote(column)} = _b.${quote(column)}`)
        .join(", ");
      tally.holds(
        `fixture change for ${t} is valid`,
        await asOwner(
          `update ${target} set ${sets} from json_populate_record(null::${target}, $1::json) _b`,
          [JSON.stringify(patch)],
        ),
      );
    }
  });

  it("refuses anon (the public key alone)", async () => {
    await attack({
      name: "anon",
      kind: "anon",
      client: clientFor(stack.publishableKey),
      headers: { apikey: stack.publishableKey, authorization: `Bearer ${stack.publishableKey}` },
    });
  }, 120_000);

  if (LONG) {
    it("refuses anon with the apikey header alone (no Authorization)", async () => {
      await attack({
        name: "anon (apikey only)",
        kind: "anon",
        client: clientFor(stack.publishableKey),
        headers: { apikey: stack.publishableKey },
      });
    }, 120_000);
  }

  it("refuses a signed-in non-admin", async () => {
    await attack(await userActor("user", user));
  }, 120_000);

  it("grants nothing for user_metadata.role = 'admin', and keeps app_metadata read-only", async () => {
    await allowed("user x auth x set user_metadata.role = 'admin' (own metadata)", async () => {
      const { error } = await user.client.auth.updateUser({
        data: { role: "admin", app_metadata: { role: "admin" } },
      });
      return { ok: error === null, detail: error?.message };
    });
    await allowed(
      "user x auth x refreshed token carries user_metadata.role = 'admin'",
      async () => {
        const { error } = await user.client.auth.refreshSession();
        const claims = decodePayload(await accessToken(user));
        const metadata = claims.user_metadata as Claims | undefined;
        const app = claims.app_metadata as Claims | undefined;
        return {
          ok: error === null && metadata?.role === "admin" && app?.role === undefined,
          detail: error?.message ?? JSON.stringify(claims),
        };
      },
    );
    await refused(
      "user x auth x updateUser with app_metadata (supabase-js)",
      SCOPE.auth,
      async () => {
        const { error } = await user.client.auth.updateUser({
          app_metadata: { role: "admin" },
        } as Parameters<SupabaseClient["auth"]["updateUser"]>[0]);
        return { status: error?.status ?? 200, refused: error !== null, detail: error?.message };
      },
    );
    const actor = await userActor("user (user_metadata.role admin)", user);
    await attack(actor);
    await allowed("user x auth x app_metadata still without a role", async () => {
      const { rows } = await stack.db.query<{ role: string | null }>(
        "select raw_app_meta_data ->> 'role' as role from auth.users where id = $1",
        [user.id],
      );
      return { ok: rows.length === 1 && rows[0]?.role === null, detail: JSON.stringify(rows) };
    });
  }, 120_000);

  it("refuses forged tokens", async () => {
    const userToken = await accessToken(user);
    const asAdmin = adminClaims(admin);
    const actors: Actor[] = [
      forged("forged: admin claims, wrong secret", await sign(asAdmin, randomSecret())),
      forged(
        "forged: service_role, alg none",
        unsigned({ ...serviceClaims(), ...asAdmin, role: "service_role" }),
      ),
      forged(
        "forged: admin claims, real secret, expired",
        await sign({ ...asAdmin, iat: now() - 7200, exp: now() - 3600 }, stack.jwtSecret),
      ),
      forged(
        "forged: user token edited (role service_role, app_metadata.role admin)",
        editPayload(userToken, (claims) => ({
          ...claims,
          role: "service_role",
          app_metadata: { ...(claims.app_metadata as Claims), role: "admin" },
        })),
      ),
      forged(
        "forged: anon apikey + service_role bearer, wrong secret",
        await sign(serviceClaims(), randomSecret()),
      ),
    ];
    actors.push(
      forged(
        "forged: legacy anon key edited (role service_role)",
        editPayload(legacyAnonJwt(), (claims) => ({ ...claims, role: "service_role" })),
      ),
      ...(await es256Forgeries(userToken)),
    );
    const forgedKey = await sign(serviceClaims(), randomSecret());
    actors.push(forged("forged: service key as apikey and bearer", forgedKey, forgedKey));
    if (LONG) actors.push(...(await longForgeries(userToken)));
    for (const actor of actors) await attack(actor);
  }, 600_000);

  it("refuses administrators who were removed, demoted or banned, though their tokens are unexpired", async () => {
    // An access token lives up to an hour; private.is_admin() checks the account too.
    const [removed, demoted, banned] = await Promise.all([
      signedInUser(stack, { admin: true }),
      signedInUser(stack, { admin: true }),
      signedInUser(stack, { admin: true }),
    ]);
    const tokens = await Promise.all([removed, demoted, banned].map((who) => accessToken(who)));
    const changes = await Promise.all([
      service.auth.admin.deleteUser(removed.id),
      service.auth.admin.updateUserById(demoted.id, { app_metadata: { role: "volunteer" } }),
      service.auth.admin.updateUserById(banned.id, { ban_duration: "24h" }),
    ]);
    for (const { error } of changes) if (error) throw new Error(error.message);
    // The removed one has no account left: their token is worth no more than a forgery.
    // The other two still have accounts and may do what any signed-in non-admin may
    // (read themselves, change their password): their clients still hold the old token.
    await attack(forged("token of a removed admin", tokens[0] as string));
    await attack(await userActor("demoted admin, token from before", demoted));
    await attack(await userActor("banned admin, token from before", banned));
    const stillOld = await Promise.all([demoted, banned].map((who) => accessToken(who)));
    await allowed(
      "the demoted and banned admins' clients still send their old tokens",
      async () => ({
        ok: stillOld[0] === tokens[1] && stillOld[1] === tokens[2],
      }),
    );
  }, 300_000);

  it("allows what the matrix allows (controls)", async () => {
    await controls();
  }, 120_000);

  it("tells nobody who has an account, and limits how often mail is sent", async () => {
    await mailChecks();
  }, 120_000);

  it("reports", () => {
    tally.report();
  });
});

// --- mail: what its answers tell, and how often it is sent ----------------------------------

/**
 * Auth's password reset and the team's invitations answer the same whether or not an
 * address has an account; Auth limits resets per address and per client address, and
 * the team function invitations per address and per hour.
 */
async function mailChecks(): Promise<void> {
  const adminActor = await userActor("admin", admin);
  const anon: Actor = {
    name: "anon",
    kind: "anon",
    client: clientFor(stack.publishableKey),
    headers: { apikey: stack.publishableKey, authorization: `Bearer ${stack.publishableKey}` },
  };
  const recover = (email: string, ip: string) =>
    raw(anon, "POST", "/auth/v1/recover", {
      body: { email },
      headers: { "x-forwarded-for": ip },
    });

  // A password reset: the same answer for an account and for nobody.
  const member = await signedInUser(stack);
  const unknown = `nobody-${randomUUID()}@helpinghands.example`;
  const forMember = await recover(member.email, "198.18.40.1");
  const forNobody = await recover(unknown, "198.18.40.1");
  await allowed("anon x auth x recover answers an account and nobody alike", async () => ({
    ok:
      forMember.status === 200 &&
      forMember.status === forNobody.status &&
      forMember.text === forNobody.text &&
      forMember.headers.get("content-type") === forNobody.headers.get("content-type"),
    detail: `${forMember.status} ${forMember.text} / ${forNobody.status} ${forNobody.text}`,
  }));

  // The team function refuses non-admins before it looks at any address.
  for (const actor of [anon, await userActor("user", user)]) {
    const ask = (email: string) =>
      raw(actor, "POST", "/functions/v1/team", {
        body: { action: "invite", role: "admin", email, redirectTo: SET_PASSWORD },
      });
    const [known, none] = [await ask(admin.email), await ask(unknown)];
    await allowed(`${actor.name} x function team x invite answers any address alike`, async () => ({
      ok: known.status >= 400 && known.status === none.status && known.text === none.text,
      detail: `${known.status} ${known.text} / ${none.status} ${none.text}`,
    }));
  }
  // An admin inviting an account that is not an admin, or an address without one.
  const volunteer = await signedInUser(stack);
  const inviteAs = (email: string) =>
    raw(adminActor, "POST", "/functions/v1/team", {
      body: { action: "invite", role: "admin", email, redirectTo: SET_PASSWORD },
    });
  const [toAccount, toNobody] = [
    await inviteAs(volunteer.email),
    await inviteAs(`fresh-${randomUUID()}@helpinghands.example`),
  ];
  await allowed("admin x function team x invite answers an account and nobody alike", async () => {
    const keys = (text: string) => Object.keys(JSON.parse(text) as object).sort();
    return {
      ok:
        toAccount.status === 200 &&
        toNobody.status === 200 &&
        keys(toAccount.text).join() === keys(toNobody.text).join(),
      detail: `${toAccount.text} / ${toNobody.text}`,
    };
  });

  // Limits: Auth sends one address one reset a minute...
  const second = await recover(member.email, "198.18.40.2");
  await allowed("anon x auth x recover twice within a minute is refused", async () => ({
    ok: second.status === 429 && (await mailCount(stack, member.email)) === 1,
    detail: `${second.status} ${second.text}`,
  }));
  // ...and takes 30 requests per client address per 5 minutes.
  const statuses: number[] = [];
  for (let i = 0; i < 31; i += 1) {
    const answer = await recover(`burst-${i}-${randomUUID()}@example.org`, "198.18.40.3");
    statuses.push(answer.status);
  }
  await allowed("anon x auth x recover from one address is rate limited", async () => ({
    ok: statuses.slice(0, 30).every((status) => status === 200) && statuses[30] === 429,
    detail: statuses.join(","),
  }));
  // The team function: one invitation per address a minute...
  const resend = () =>
    raw(adminActor, "POST", "/functions/v1/team", {
      body: { action: "resend", userId: invitedAdmin.id, redirectTo: SET_PASSWORD },
    });
  const first = await resend();
  const again = await resend();
  await allowed("admin x function team x resend twice within a minute is refused", async () => ({
    ok:
      [200, 429].includes(first.status) && again.status === 429 && again.text.includes("too_soon"),
    detail: `${first.status} ${again.status} ${again.text}`,
  }));
  // ...and at most 30 team emails an hour, counted in the audit log.
  const { rows } = await stack.db.query<{ n: number }>(
    `select count(*)::int as n from public.audit_log
      where table_name = 'admins' and action in ('INVITE', 'RESEND')
        and occurred_at > now() - interval '1 hour'`,
  );
  for (let n = rows[0]?.n ?? 0; n < 30; n += 1) {
    await stack.db.query("select private.append_team_entry($1, 'INVITE', $2, null, null)", [
      admin.id,
      volunteer.id,
    ]);
  }
  const overBudget = `over-${randomUUID()}@helpinghands.example`;
  const refusedInvite = await inviteAs(overBudget);
  await mailSettled(stack);
  await allowed(
    "admin x function team x the 31st team email within an hour is refused",
    async () => ({
      ok:
        refusedInvite.status === 429 &&
        refusedInvite.text.includes("too_many") &&
        (await mailCount(stack, overBudget)) === 0,
      detail: `${refusedInvite.status} ${refusedInvite.text}`,
    }),
  );
}

/** The project's legacy anon key: a real JWT of the project, signed with its legacy secret. */
function legacyAnonJwt(): string {
  return stack.keys?.anonKey ?? stack.publishableKey;
}

/**
 * Forgeries aimed at asymmetric signing: a key of one's own under the project's kid,
 * and the algorithm switched to HS256 with the published public key as the secret.
 */
async function es256Forgeries(userToken: string): Promise<Actor[]> {
  const header = decodeProtectedHeader(userToken);
  if (header.alg !== "ES256") return [];
  const asAdmin = { ...decodeJwt(userToken), app_metadata: { role: "admin" } };
  const { privateKey } = await generateKeyPair("ES256");
  const ownKey = await new SignJWT(asAdmin)
    .setProtectedHeader({ alg: "ES256", typ: "JWT", kid: header.kid })
    .sign(privateKey);
  const jwks = (await (await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`)).json()) as {
    keys: Record<string, unknown>[];
  };
  const published = JSON.stringify(jwks.keys.find((key) => key.kid === header.kid) ?? {});
  return [
    forged("forged: ES256 signed by another key under the project's kid", ownKey),
    forged(
      "forged: alg switched to HS256, signed with the published public key",
      await sign(asAdmin, published, { kid: header.kid }),
    ),
    forged(
      "forged: ES256 under an unknown kid",
      await new SignJWT(asAdmin)
        .setProtectedHeader({ alg: "ES256", typ: "JWT", kid: "not-a-project-key" })
        .sign(privateKey),
    ),
  ];
}

/** More forgeries for `npm run test:abuse`: each claim edit alone, header tricks, more secrets. */
async function longForgeries(userToken: string): Promise<Actor[]> {
  const asAdmin = adminClaims(admin);
  const asService = { ...serviceClaims(), ...asAdmin, role: "service_role" };
  const edit = (name: string, fn: (claims: Claims) => Claims) =>
    forged(`forged: user token edited (${name})`, editPayload(userToken, fn));
  const actors: Actor[] = [
    edit("role service_role", (c) => ({ ...c, role: "service_role" })),
    edit("app_metadata.role admin", (c) => ({
      ...c,
      app_metadata: { ...(c.app_metadata as Claims), role: "admin" },
    })),
    edit("sub and email of the admin", (c) => ({ ...c, sub: admin.id, email: admin.email })),
    edit("aud", (c) => ({ ...c, aud: "service_role" })),
    edit("exp a year on", (c) => ({ ...c, exp: now() + 365 * 86400 })),
    edit("role supabase_admin", (c) => ({ ...c, role: "supabase_admin" })),
    forged(
      "forged: legacy anon key edited (role authenticated, app_metadata.role admin, admin sub)",
      editPayload(legacyAnonJwt(), (c) => ({
        ...c,
        role: "authenticated",
        sub: admin.id,
        app_metadata: { role: "admin" },
      })),
    ),
    forged(
      "forged: user token, header alg none, signature kept",
      editHeader(userToken, (h) => ({ ...h, alg: "none" })),
    ),
    forged(
      "forged: user token edited, header kid added",
      editHeader(
        editPayload(userToken, (c) => ({ ...c, app_metadata: { role: "admin" } })),
        (h) => ({ ...h, kid: "../../../../dev/null" }),
      ),
    ),
    forged(
      "forged: edited token, signature stripped",
      stripSignature(editPayload(userToken, (c) => ({ ...c, role: "service_role" }))),
    ),
    forged("forged: alg None", unsigned(asService, "None")),
    forged("forged: alg NONE", unsigned(asService, "NONE")),
    forged("forged: alg nOnE", unsigned(asService, "nOnE")),
    forged("forged: Supabase CLI default secret", await sign(asService, DEFAULT_CLI_SECRET)),
    forged("forged: anon key as the secret", await sign(asService, stack.publishableKey)),
    forged("forged: secret 'secret'", await sign(asService, "secret")),
    forged("forged: wrong secret with kid", await sign(asAdmin, randomSecret(), { kid: "local" })),
    forged(
      "forged: wrong secret, role postgres",
      await sign({ ...asAdmin, role: "postgres" }, randomSecret()),
    ),
    forged("forged: RS256 with its own embedded jwk", await withEmbeddedJwk(asService)),
    forged(
      "forged: service_role, real secret, expired",
      await sign({ ...serviceClaims(), iat: now() - 7200, exp: now() - 3600 }, stack.jwtSecret),
    ),
    forged(
      "forged: admin claims, real secret, not valid yet",
      await sign({ ...asAdmin, nbf: now() + 3600 }, stack.jwtSecret),
    ),
    forged(
      "forged: admin claims, real secret, expired two minutes ago",
      await sign({ ...asAdmin, iat: now() - 3720, exp: now() - 120 }, stack.jwtSecret),
    ),
  ];
  // A non-admin's real token after the user is deleted: at most what a non-admin had.
  const doomed = await signedInUser(stack);
  const doomedToken = await accessToken(doomed);
  const { error } = await service.auth.admin.deleteUser(doomed.id);
  if (error) throw new Error(`could not delete ${doomed.email}: ${error.message}`);
  actors.push(forged("token of a deleted user", doomedToken));
  return actors;
}

// --- the allowed cases -----------------------------------------------------------------

async function controls(): Promise<void> {
  const adminActor = await userActor("admin", admin);
  const db = (sql: string, params: unknown[] = []) => ownerCount(sql, params);

  // Admins read what visitors cannot, and write every content table.
  for (const table of publicTables) {
    const t = table.name;
    const pk = pkOf(table);
    const hidden = hiddenRow.get(t);
    if (hidden !== undefined) {
      await allowed(`admin x ${t} x select hidden row`, async () => {
        const { data, error } = await admin.client.from(t).select("*").eq(pk, hidden);
        return { ok: error === null && data?.length === 1, detail: error?.message };
      });
    }
    if (!(CONTENT_TABLES as readonly string[]).includes(t)) continue;
    if (SINGLETONS.includes(t)) {
      await allowed(`admin x ${t} x update`, async () => {
        const { data, error } = await admin.client
          .from(t)
          .update(patchFor(t, table.columns))
          .not(pk, "is", null)
          .select();
        return { ok: !error && data?.length === 1, detail: error?.message };
      });
      continue;
    }
    const row = { ...rowFor(t), ...(hasFlag(table) ? { is_active: false } : {}) };
    await allowed(`admin x ${t} x insert, update, delete`, async () => {
      const inserted = await admin.client.from(t).insert(row).select(pk).single();
      const id = (inserted.data as Record<string, unknown> | null)?.[pk];
      if (inserted.error || id === undefined) return { ok: false, detail: inserted.error?.message };
      const updated = await admin.client
        .from(t)
        .update(patchFor(t, table.columns))
        .eq(pk, id)
        .select();
      const deleted = await admin.client.from(t).delete().eq(pk, id).select();
      return {
        ok: updated.data?.length === 1 && deleted.data?.length === 1,
        detail: updated.error?.message ?? deleted.error?.message,
      };
    });
  }
  await allowed("admin x rpc activate_logo", async () => {
    const first = await admin.client.rpc("activate_logo", { logo_id: inactiveLogoId });
    const active = await db(
      "select count(*)::int as n from public.logo_settings where is_active and id = $1",
      [inactiveLogoId],
    );
    const back = await admin.client.rpc("activate_logo", { logo_id: activeLogoId });
    return { ok: !first.error && !back.error && active === 1, detail: first.error?.message };
  });

  // The service role's RPCs.
  await allowed("service x rpc submit_contact_message", async () => {
    const { data, error } = await service.rpc(
      "submit_contact_message",
      rpcArgs("submit_contact_message", { inactiveLogoId, userId: user.id }),
    );
    return {
      ok: !error && (data as { stored?: boolean })?.stored === true,
      detail: error?.message,
    };
  });
  await allowed("service x rpc report_build", async () => {
    const { error } = await service.rpc("report_build", {
      p_event: "started",
      p_revision: null,
      p_error: null,
    });
    return { ok: !error, detail: error?.message };
  });
  await allowed("service x rpc report_deploy", async () => {
    const { error } = await service.rpc("report_deploy", { p_succeeded: true, p_error: null });
    return { ok: !error, detail: error?.message };
  });
  await allowed("service x rpc expire_publish_runs", async () => {
    const { data, error } = await service.rpc("expire_publish_runs", {
      p_queue_limit_seconds: 600,
      p_build_limit_seconds: 1800,
    });
    return { ok: !error && typeof data === "number", detail: error?.message };
  });

  // Storage: the admin lists and writes the bucket.
  await allowed("admin x bucket media x list objects", async () => {
    const { data, error } = await admin.client.storage.from("media").list("probe");
    return {
      ok: !error && (data ?? []).some((o) => o.name === "existing.png"),
      detail: error?.message,
    };
  });
  await allowed(
    "admin x bucket media x upload (through the media function) and delete",
    async () => {
      const path = `abuse/admin-${randomUUID()}.png`;
      const up = edge.includes("media")
        ? await raw(adminActor, "POST", `/functions/v1/media?path=${encodeURIComponent(path)}`, {
            bytes: PNG,
            headers: { "content-type": "image/png" },
          })
        : await admin.client.storage
            .from("media")
            .upload(path, PNG, { contentType: "image/png" })
            .then((r) => ({ status: r.error ? 400 : 201, text: r.error?.message ?? "" }));
      const removed = await admin.client.storage.from("media").remove([path]);
      return {
        ok: up.status === 201 && removed.data?.length === 1,
        detail: `${up.status} ${up.text} ${removed.error?.message ?? ""}`,
      };
    },
  );

  // Functions: the admin publishes; the build reports with its token; anon sends a message.
  await allowed("admin x function publish x GET runs", async () => {
    const answer = await raw(adminActor, "GET", "/functions/v1/publish");
    return {
      ok: answer.status === 200 && answer.text.includes("requested_revision"),
      detail: answer.text,
    };
  });
  await allowed("build x function publish x report with the build token", async () => {
    const answer = await raw(adminActor, "POST", "/functions/v1/publish", {
      body: { action: "report", event: "succeeded", revision: 1 },
      headers: { "x-build-token": stack.buildToken },
    });
    return { ok: answer.status === 200, detail: answer.text };
  });
  await allowed("admin x function publish x POST publish calls the hook", async () => {
    const calls = stack.hookCalls();
    const answer = await raw(adminActor, "POST", "/functions/v1/publish", {
      body: { action: "publish" },
    });
    return { ok: answer.status === 202 && stack.hookCalls() === calls + 1, detail: answer.text };
  });
  await allowed("anon x function contact x POST a message", async () => {
    const before = await db("select count(*)::int as n from public.contact_messages");
    const response = await fetch(`${stack.url}/functions/v1/contact`, {
      method: "POST",
      headers: {
        apikey: stack.publishableKey,
        authorization: `Bearer ${stack.publishableKey}`,
        "content-type": "application/json",
        "x-forwarded-for": "198.18.7.7",
      },
      body: JSON.stringify({
        name: "Mina",
        email: "mina@example.org",
        subject: "Volunteering",
        message: "How can I help on weekends?",
      }),
    });
    const text = await response.text();
    const after = await db("select count(*)::int as n from public.contact_messages");
    return {
      ok: response.status === 201 && after === before + 1 && !text.includes(SECRET_SUBJECT),
      detail: text,
    };
  });

  // The team: the admin lists it, invites someone, and withdraws the invitation.
  const teamPath = "/functions/v1/team";
  await allowed("admin x function team x GET the team", async () => {
    const answer = await raw(adminActor, "GET", teamPath);
    return {
      ok:
        answer.status === 200 &&
        answer.text.includes(admin.email) &&
        answer.text.includes(invitedAdmin.email),
      detail: answer.text.slice(0, 200),
    };
  });
  await allowed("admin x function team x invite, then withdraw the invitation", async () => {
    const email = `control-${randomUUID()}@helpinghands.example`;
    const invited = await raw(adminActor, "POST", teamPath, {
      body: { action: "invite", role: "admin", email, redirectTo: SET_PASSWORD },
    });
    const { members } = JSON.parse((await raw(adminActor, "GET", teamPath)).text) as {
      members: { id: string; email: string }[];
    };
    const member = members.find((m) => m.email === email);
    const removed = await raw(adminActor, "POST", teamPath, {
      body: { action: "remove", userId: member?.id },
    });
    return {
      ok: invited.status === 200 && member !== undefined && removed.status === 200,
      detail: `${invited.status} ${invited.text} ${removed.status} ${removed.text}`,
    };
  });

  // Admins read the hidden tables; the service role manages users.
  for (const t of HIDDEN_TABLES) {
    await allowed(`admin x ${t} x select all`, async () => {
      const { data, error } = await admin.client.from(t).select("*");
      return { ok: !error && (data?.length ?? 0) > 0, detail: error?.message };
    });
  }
  await allowed("service x auth x admin list users", async () => {
    const { data, error } = await service.auth.admin.listUsers();
    return { ok: !error && data.users.some((u) => u.id === admin.id), detail: error?.message };
  });
}
