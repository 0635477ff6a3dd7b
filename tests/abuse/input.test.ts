// Abuse group "input": values a user or an attacker could send (blank, too long, the
// wrong type, out of range, unknown choices, malformed JSON lists, javascript: and
// data:text/html addresses, unknown columns) are refused with a clear message and
// store nothing, at both layers:
//
// - the admin's forms: every field of every resource definition, through its zod
//   schema; a refusal must carry a message written for people, at the field;
// - the database: every column of every content table (and the contact messages),
//   read from the migrated catalog, over HTTP as a signed-in admin (so RLS allows and
//   only the constraints decide), inserting and updating. Each refusal must be a 4xx
//   with a PostgREST code and message, the admin's writes must turn it into a
//   readable sentence, and a service-role snapshot of the table (with the content
//   revision and the audit log's length) must be the same before and after.

import { isDeepStrictEqual } from "node:util";
import type { PGlite } from "@electric-sql/pglite";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminClient } from "../../admin-island/src/api/client.ts";
import { DataError, toDataError } from "../../admin-island/src/api/errors.ts";
import type { Row } from "../../admin-island/src/api/rows.ts";
import { galleries, resources } from "../../admin-island/src/app/registry-definitions.ts";
import { rowToForm } from "../../admin-island/src/content/form-values.ts";
import type {
  ListField,
  ResourceDefinition,
} from "../../admin-island/src/content/resources/types.ts";
import { insertRows } from "../../admin-island/src/content/row-create-mutation.ts";
import { updateRow } from "../../admin-island/src/content/row-update-mutation.ts";
import { createDatabase } from "../../supabase/local/database.ts";
import {
  CONTENT_TABLES,
  type ContentTable,
  SINGLE_RECORD,
  validContactMessage,
  validRows,
} from "../../supabase/tests/fixtures.ts";
import {
  accessToken,
  anonClient,
  serviceClient,
  signedInUser,
  startTestStack,
  type TestStack,
  type TestUser,
  typedClient,
} from "../contract/stack.ts";
import { type Column, readCatalog, typedColumns } from "./input-catalog.ts";
import {
  columnCases,
  fieldCases,
  formListCases,
  type ListCase,
  UNKNOWN_COLUMNS,
  type ValueCase,
} from "./input-values.ts";
import { LONG, scale, Tally } from "./tally.ts";

const tally = new Tally("input");
const TABLES = [...CONTENT_TABLES, "contact_messages"] as const;
type Table = (typeof TABLES)[number];

/** zod's own wording, which means nothing to the person filling in the form. */
const RAW_ZOD = /^(Invalid|Too small|Too big|Unrecognized key|Required$)|expected .*received/i;
/** The database's own wording: constraint and relation names, SQL states. */
const RAW_DB =
  /violates|constraint "|relation "|schema cache|invalid input syntax|PGRST|SQLSTATE|unsupported Unicode|0x00|null value in column|\w+_(valid|filled|range|length|pkey|one_active|single_row)\b/;

/** Hostile values per column and mode in the short run (all of them under ABUSE_LONG). */
const PER_COLUMN = scale(4, 10_000);
/** Always run: the regression cases of the defects this group found. */
const ALWAYS =
  /no-break|zero-width|ideographic|byte-order|line separator|mixed invisible|without host|dot host|user@host|javascript:$/;
const POOL = 6;

let stack: TestStack;
let catalogDb: PGlite;
let admin: TestUser;
/** The admin's own kind of client, typed by the generated schema, signed in as `admin`. */
let adminClient: AdminClient;
let service: SupabaseClient;
let anon: SupabaseClient;
let token: string;
let columns: Column[] = [];
const covered = { insert: new Set<string>(), update: new Set<string>() };

beforeAll(async () => {
  [stack, catalogDb] = await Promise.all([startTestStack(), createDatabase()]);
  service = serviceClient(stack);
  anon = anonClient(stack);
  admin = await signedInUser(stack, { admin: true });
  adminClient = await typedClient(stack, admin);
  token = await accessToken(admin);
  const catalog = await readCatalog(catalogDb, TABLES);
  columns = catalog.columns;
  tally.holds(
    `catalog: every column's rule is understood (${catalog.unread.join("; ")})`,
    catalog.unread.length === 0,
  );
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await catalogDb?.close();
});

/** A deterministic spread of the cases in the short run; every case under ABUSE_LONG. */
function pick<T extends { label: string }>(cases: T[], offset: number): T[] {
  if (LONG || cases.length <= PER_COLUMN) return cases;
  const stride = Math.ceil(cases.length / PER_COLUMN);
  return cases.filter((c, i) => (i + offset) % stride === 0 || ALWAYS.test(c.label));
}

async function inPool<T>(items: T[], fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(POOL, items.length) }, worker));
}

// --- the admin's forms ------------------------------------------------------------

function ruleOf(table: string, name: string): Column["rule"] | undefined {
  return columns.find((c) => c.table === table && c.name === name)?.rule;
}

/** The database's limits for a form field's column: its length, or its range of numbers. */
function limitsOf(table: string, name: string): { max?: number; min: number } {
  const rule = ruleOf(table, name);
  if (rule?.kind === "text" || rule?.kind === "email" || rule?.kind === "code") {
    return { max: rule.max, min: 0 };
  }
  if (rule?.kind === "integer") return { max: rule.max, min: rule.min };
  // private.is_link_url bounds an address at 2048 characters.
  if (rule?.kind === "link") return { max: 2048, min: 0 };
  return { min: 0 };
}

/** A value of exactly `max` characters that the column's rule otherwise takes. */
function fullLength(rule: Column["rule"] | undefined, max: number): string {
  if (rule?.kind === "email") return `${"a".repeat(max - "@example.org".length)}@example.org`;
  if (rule?.kind === "link") return `https://example.org/${"a".repeat(max - 20)}`;
  return "a".repeat(max);
}

function baseForm(definition: ResourceDefinition): Record<string, unknown> {
  const fixture = validRows[definition.table as ContentTable] as Record<string, unknown>;
  return rowToForm(definition, { id: "base", ...fixture } as Row);
}

function judgeForm(
  name: string,
  definition: ResourceDefinition,
  field: string,
  values: Record<string, unknown>,
  c: ListCase,
): void {
  const result = definition.schema.safeParse(values);
  if (c.expect !== "refuse") {
    const out = result.success ? (result.data as Record<string, unknown>) : undefined;
    const got = c.key
      ? (out?.[field] as Record<string, unknown>[] | undefined)?.[0]?.[c.key]
      : out?.[field];
    tally.holds(
      `${name}: accepted as ${JSON.stringify(c.expect.stored)}`,
      result.success && isDeepStrictEqual(got, c.expect.stored),
    );
    return;
  }
  if (result.success) {
    tally.refused(name, false);
    return;
  }
  const issues = result.error.issues;
  const unclear = issues.find((issue) => !issue.message?.trim() || RAW_ZOD.test(issue.message));
  if (unclear) {
    tally.error(name, `unclear message "${unclear.message}" at ${unclear.path.join(".")}`);
  } else if (!issues.some((issue) => issue.path[0] === field)) {
    tally.error(
      name,
      `refused, but no message at the field (${issues.map((i) => i.path.join(".")).join(", ")})`,
    );
  } else {
    tally.refused(name, true);
  }
}

describe("the admin's forms refuse bad values with a clear message", () => {
  it("every screen of the registry is checked", () => {
    expect(resources.length).toBeGreaterThan(10);
    // Galleries have no form: only picked files, whose rows the database layer checks.
    for (const gallery of galleries) expect(TABLES).toContain(gallery.table);
  });

  it.each(resources.map((d) => [d.key, d] as const))("%s", (_key, definition) => {
    const base = baseForm(definition);
    const ok = definition.schema.safeParse(base);
    expect(ok.error?.issues ?? [], "the valid base form").toEqual([]);
    // Unknown keys never reach the database: the schema drops them.
    const extra = definition.schema.safeParse({
      ...base,
      evil: "x",
      id: "forged",
      updated_at: "x",
    });
    tally.holds(
      `${definition.key}: unknown form keys are dropped`,
      extra.success && !["evil", "id", "updated_at"].some((key) => key in (extra.data as object)),
    );
    for (const field of definition.fields) {
      const { max, min } = limitsOf(definition.table, field.name);
      if (field.kind === "text" || field.kind === "textarea") {
        // The form takes what the database takes: exactly the column's limit.
        expect(max, `${definition.table}.${field.name} has a length limit`).toBeDefined();
        const full = definition.schema.safeParse({
          ...base,
          [field.name]: fullLength(ruleOf(definition.table, field.name), max ?? 0),
        });
        tally.holds(`${definition.key}.${field.name}: takes ${max} characters`, full.success);
      }
      if (field.kind === "number") {
        // And exactly the column's range, both ends.
        expect(max, `${definition.table}.${field.name} has a range`).toBeDefined();
        for (const end of [min, max]) {
          const taken = definition.schema.safeParse({ ...base, [field.name]: end });
          tally.holds(`${definition.key}.${field.name}: takes ${end}`, taken.success);
        }
      }
      let cases: ListCase[];
      if (field.kind === "list") {
        const rule = ruleOf(definition.table, field.name);
        if (rule?.kind !== "list") throw new Error(`${definition.table}.${field.name} is no list`);
        cases = formListCases(
          field as ListField,
          (base[field.name] as Record<string, unknown>[])[0] ?? {},
          rule,
        );
      } else {
        cases = fieldCases(field, max, min);
      }
      expect(cases.length, `${definition.key}.${field.name} has cases`).toBeGreaterThan(0);
      for (const c of cases) {
        const values = { ...base, [field.name]: c.value };
        if (c.value === undefined) delete values[field.name];
        judgeForm(
          `form ${definition.key}.${field.name}: ${c.label}`,
          definition,
          field.name,
          values,
          c,
        );
      }
    }
  });
});

// --- the database -----------------------------------------------------------------

interface Answer {
  status: number;
  error: { code?: string; message?: string } | null;
  data: unknown;
}

/** The table's rows, the content revision and the audit log's length, as the service role sees them. */
async function snapshot(table: Table): Promise<string> {
  const [rows, revision, audit] = await Promise.all([
    service.from(table).select("*").order("id"),
    anon.from("content_revision").select("revision").eq("id", 1).single(),
    service.from("audit_log").select("id", { count: "exact", head: true }),
  ]);
  if (rows.error || revision.error || audit.error) {
    throw new Error(
      `snapshot of ${table}: ${rows.error?.message ?? revision.error?.message ?? audit.error?.message}`,
    );
  }
  return JSON.stringify({ rows: rows.data, revision: revision.data, audit: audit.count });
}

/** A refusal as the product must give it; anything else is wrongly accepted or an error. */
function judge(name: string, answer: Answer, unchanged: boolean): void {
  const { status, error } = answer;
  if (status >= 200 && status < 300) {
    tally.refused(name, false);
  } else if (status < 400 || status >= 500) {
    tally.error(name, `HTTP ${status}: ${error?.message}`);
  } else if (!error?.code || !error.message) {
    tally.error(name, `HTTP ${status} without a code and message`);
  } else if (error.code === "42501" || status === 401 || status === 403 || error.code === "23505") {
    tally.error(name, `refused for another reason (${error.code}: ${error.message})`);
  } else {
    const shown = toDataError({ code: error.code, message: error.message }).message;
    if (RAW_DB.test(shown)) tally.error(name, `the admin would read "${shown}"`);
    else tally.refused(name, unchanged);
  }
}

async function rawRequest(
  method: "POST" | "PATCH",
  path: string,
  body: string,
  key = token,
): Promise<Answer> {
  const response = await fetch(`${stack.url}/rest/v1/${path}`, {
    method,
    headers: {
      // A new API key goes as the apikey too, as supabase-js sends it.
      apikey: key.startsWith("sb_") ? key : stack.publishableKey,
      Authorization: `Bearer ${key}`,
      "Content-Type": "application/json",
      Prefer: "return=representation",
    },
    body,
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: judged as a refusal without code and message.
  }
  const ok = response.status < 300;
  return {
    status: response.status,
    error: ok ? null : (parsed as Answer["error"]),
    data: ok ? parsed : null,
  };
}

/** A write of the admin's own that must fail with a readable DataError. */
async function throughAdmin(run: () => Promise<unknown>): Promise<Answer> {
  try {
    const result = await run();
    return { status: 200, error: null, data: result };
  } catch (error) {
    if (!(error instanceof DataError))
      return { status: 500, error: { message: String(error) }, data: null };
    // Judged like an HTTP refusal; the message is already the one the admin reads.
    return { status: 400, error: { code: error.code, message: error.message }, data: null };
  }
}

interface Attempt {
  name: string;
  run: () => Promise<Answer>;
}

/** Runs attempts that must all be refused, and checks the table did not change. */
async function refusedBatch(table: Table, attempts: Attempt[]): Promise<void> {
  const before = await snapshot(table);
  const answers: [Attempt, Answer][] = [];
  await inPool(attempts, async (attempt) => {
    try {
      answers.push([attempt, await attempt.run()]);
    } catch (error) {
      answers.push([attempt, { status: 0, error: { message: String(error) }, data: null }]);
    }
  });
  const unchanged = before === (await snapshot(table));
  for (const [attempt, answer] of answers) judge(attempt.name, answer, unchanged);
  // Whatever got through is undone, so the next case starts from the same table.
  const stored = answers.flatMap(([, answer]) =>
    Array.isArray(answer.data) ? (answer.data as { id?: string }[]) : [],
  );
  const inserted = stored.map((row) => row.id).filter((id): id is string => typeof id === "string");
  if (inserted.length > 0) await service.from(table).delete().in("id", inserted);
}

function baseRow(table: Table): Record<string, unknown> {
  if (table === "contact_messages") return { ...validContactMessage };
  const row: Record<string, unknown> = { ...validRows[table] };
  // One logo may be active; the seed's is.
  if (table === "logo_settings") row.is_active = false;
  return row;
}

function tableColumns(table: Table): Column[] {
  return columns.filter((column) => column.table === table);
}

describe("the database refuses bad values over HTTP, as an admin, and stores nothing", () => {
  it("knows every column of every table, as database.types.ts names them", () => {
    for (const table of TABLES) {
      const names = tableColumns(table).map((c) => c.name);
      expect(names.length, table).toBeGreaterThan(0);
      expect([...names].sort(), table).toEqual([...typedColumns(table)].sort());
    }
  });

  it.each(TABLES.map((table, index) => [table, index] as const))(
    "%s",
    async (table, index) => {
      const cols = tableColumns(table);
      const base = baseRow(table);
      const isContact = table === "contact_messages";
      // Contact messages are written by the contact function (the service role); an
      // admin may only mark them handled.
      const writer = isContact ? service : admin.client;
      const writerKey = isContact ? stack.secretKey : token;
      if (SINGLE_RECORD.has(table as ContentTable)) {
        // A single record: the table must be empty for inserts to reach the rules.
        await service.from(table).delete().not("id", "is", null);
      }

      // Inserts: each hostile value in an otherwise valid row, then the unknown
      // columns, malformed bodies, and a bulk insert whose second row is bad.
      const inserts: Attempt[] = [];
      for (const [i, column] of cols.entries()) {
        const cases = pick(
          columnCases(column, "insert").filter((c) => c.expect === "refuse"),
          index + i,
        );
        for (const c of cases) {
          covered.insert.add(`${table}.${column.name}`);
          inserts.push({
            name: `insert ${table}.${column.name}: ${c.label}`,
            run: async () => {
              const { status, error, data } = await writer
                .from(table)
                .insert({ ...base, [column.name]: c.value })
                .select();
              return { status, error, data };
            },
          });
        }
      }
      for (const [label, extra] of UNKNOWN_COLUMNS) {
        inserts.push({
          name: `insert ${table}: ${label}`,
          run: () => rawRequest("POST", table, JSON.stringify({ ...base, ...extra }), writerKey),
        });
      }
      const firstRule =
        cols.find((c) => c.rule.kind === "text" && c.rule.visible) ??
        cols.find((c) => c.rule.kind === "image");
      const bad = {
        ...base,
        [firstRule?.name ?? "id"]: firstRule?.rule.kind === "image" ? "javascript:alert(1)" : "   ",
      };
      for (const [label, body] of [
        ["a body that is not JSON", "{"],
        ["a JSON null body", "null"],
        ["a JSON string body", '"row"'],
        ["a list of numbers as rows", "[1, 2]"],
        ["a good row then a bad one in one request", JSON.stringify([base, bad])],
      ] as const) {
        inserts.push({
          name: `insert ${table}: ${label}`,
          run: () => rawRequest("POST", table, body, writerKey),
        });
      }
      if (!isContact) {
        inserts.push({
          name: `insert ${table} through the admin's data layer: ${firstRule?.name} bad`,
          run: () => throughAdmin(() => insertRows(adminClient, table, [bad])),
        });
      }
      await refusedBatch(table, inserts);

      // The valid base row goes in: the refusals above were the rules' doing.
      const created = await writer.from(table).insert(base).select().single();
      tally.holds(
        `insert ${table}: the valid base row is accepted (${created.error?.message})`,
        created.error === null,
      );
      const scratch = created.data as Row;

      // Updates of that row, one hostile value at a time.
      const updates: Attempt[] = [];
      const updatable = isContact ? cols.filter((c) => c.name === "handled") : cols;
      for (const [i, column] of updatable.entries()) {
        const cases = pick(
          columnCases(column, "update").filter((c) => c.expect === "refuse"),
          index + i + 1,
        );
        for (const c of cases) {
          covered.update.add(`${table}.${column.name}`);
          updates.push({
            name: `update ${table}.${column.name}: ${c.label}`,
            run: async () => {
              const { status, error, data } = await admin.client
                .from(table)
                .update({ [column.name]: c.value })
                .eq("id", scratch.id)
                .select();
              return { status, error, data };
            },
          });
        }
      }
      for (const [label, extra] of UNKNOWN_COLUMNS) {
        updates.push({
          name: `update ${table}: ${label}`,
          run: () => rawRequest("PATCH", `${table}?id=eq.${scratch.id}`, JSON.stringify(extra)),
        });
      }
      updates.push(
        {
          name: `update ${table}: a body that is not JSON`,
          run: () => rawRequest("PATCH", `${table}?id=eq.${scratch.id}`, "{"),
        },
        {
          name: `update ${table}: a list as the body`,
          run: () => rawRequest("PATCH", `${table}?id=eq.${scratch.id}`, "[{}]"),
        },
      );
      if (!isContact && firstRule) {
        updates.push({
          name: `update ${table} through the admin's data layer: ${firstRule.name} bad`,
          run: () =>
            throughAdmin(() =>
              updateRow(
                adminClient,
                table,
                scratch.id,
                { [firstRule.name]: bad[firstRule.name] },
                scratch.updated_at,
              ),
            ),
        });
      }
      await refusedBatch(table, updates);

      // What PostgREST coerces (a JSON number for a text column is stored as its text)
      // must be stored as exactly that value, or refused; never as anything else.
      for (const column of updatable) {
        for (const c of columnCases(column, "update").filter(
          (v: ValueCase) => v.expect !== "refuse",
        )) {
          const expected = (c.expect as { stored: unknown }).stored;
          const { status, data: rows } = await admin.client
            .from(table)
            .update({ [column.name]: c.value })
            .eq("id", scratch.id)
            .select();
          const got = (rows as Row[] | null)?.[0]?.[column.name];
          tally.holds(
            `update ${table}.${column.name}: ${c.label}`,
            status >= 400 && status < 500 ? true : status < 300 && isDeepStrictEqual(got, expected),
          );
        }
      }
      await service.from(table).delete().eq("id", scratch.id);
    },
    180_000,
  );

  it("tried every column, inserting and updating", () => {
    const missing: string[] = [];
    for (const column of columns) {
      const key = `${column.table}.${column.name}`;
      if (!covered.insert.has(key)) missing.push(`insert ${key}`);
      const updatable = column.table !== "contact_messages" || column.name === "handled";
      if (updatable && !covered.update.has(key)) missing.push(`update ${key}`);
    }
    expect(missing).toEqual([]);
  });
});

it("reports", () => {
  tally.report();
});
