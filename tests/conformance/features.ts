// Every PostgREST feature the conformance suite knows, each either implemented (its
// answer held to what PostgREST's documentation and source say: status, headers, body)
// or refused (the stand-in answers 501 STANDIN501 naming it; a real project answers it).
// Written from PostgREST v14's docs (docs.postgrest.org/en/v14: references/api/*,
// references/errors) and source (src/PostgREST/{Response,RangeQuery,Error}.hs,
// ApiRequest/Preferences.hs), not from anyone's tests.
import { expect } from "vitest";
import type { Answer, Conformance } from "./client.ts";

export interface Implemented {
  name: string;
  played: "implemented";
  check(t: Conformance): Promise<void>;
}

export interface Refused {
  name: string;
  played: "refused";
  /** What hosted does with it, in a few words (the stand-in's refusal names it too). */
  hosted: string;
  send(t: Conformance): Promise<Answer>;
}

export type Feature = Implemented | Refused;

export const ITEMS = [
  { id: 1, label: "alpha", status: "ONLINE", note: null },
  { id: 2, label: "beta", status: "OFFLINE", note: "b" },
  { id: 3, label: "gamma", status: "ONLINE", note: null },
  { id: 4, label: "delta", status: "DRAFT", note: "d" },
  { id: 5, label: "epsilon", status: "ONLINE", note: "e" },
];

const items = (t: Conformance) => t.client.from("conformance_items");
const labels = async (t: Conformance) =>
  (await items(t).select("label").order("id")).data?.map((row) => row.label);

function implemented(name: string, check: Implemented["check"]): Implemented {
  return { name, played: "implemented", check };
}

function refused(name: string, hosted: string, send: Refused["send"]): Refused {
  return { name, played: "refused", hosted, send };
}

export const FEATURES: Feature[] = [
  implemented(
    "select with aliases, filters, or/and trees, order with nulls, limit and offset",
    async (t) => {
      const { data, status } = await items(t)
        .select("name:label,status")
        .in("status", ["ONLINE", "DRAFT"])
        .or("label.like.*a,note.is.null")
        .order("note", { ascending: false, nullsFirst: true })
        .order("id")
        .range(0, 2);
      expect(status).toBe(200);
      expect(data).toEqual([
        { name: "alpha", status: "ONLINE" },
        { name: "gamma", status: "ONLINE" },
        { name: "delta", status: "DRAFT" },
      ]);
      expect(t.last().headers.get("content-range")).toBe("0-2/*");
    },
  ),
  implemented("count=exact: Content-Range a-b/total and 206 for part of the rows", async (t) => {
    const { count, status } = await items(t)
      .select("id", { count: "exact" })
      .order("id")
      .range(1, 2);
    expect([status, count]).toEqual([206, 5]);
    expect(t.last().headers.get("content-range")).toBe("1-2/5");
    expect(t.last().headers.get("preference-applied")).toBe("count=exact");
  }),
  implemented("HEAD with count=exact, planned and estimated", async (t) => {
    const exact = await items(t).select("*", { count: "exact", head: true });
    expect([exact.status, exact.count, exact.data]).toEqual([200, 5, null]);
    const planned = await items(t).select("*", { count: "planned", head: true });
    expect(typeof planned.count).toBe("number");
    expect(t.last().headers.get("content-range")).toMatch(/^(0-4|\*)\/\d+$/);
    const estimated = await items(t).select("*", { count: "estimated", head: true });
    // Under the row cap (1000) an estimated count is exact.
    expect(estimated.count).toBe(5);
  }),
  implemented("an offset past the rows with a count is 416 PGRST103", async (t) => {
    const { error, status } = await items(t).select("id", { count: "exact" }).range(9, 10);
    expect(status).toBe(416);
    expect(error?.code).toBe("PGRST103");
    expect(error?.details).toBe("An offset of 9 was requested, but there are only 5 rows.");
  }),
  implemented("single() and maybeSingle(): one object, PGRST116 otherwise", async (t) => {
    expect((await items(t).select("label").eq("id", 2).single()).data).toEqual({ label: "beta" });
    const many = await items(t).select("label").single();
    expect([many.status, many.error?.code]).toEqual([406, "PGRST116"]);
    expect((await items(t).select("label").eq("id", 99).maybeSingle()).data).toBeNull();
  }),
  implemented("insert: 201; representation and Content-Range */total", async (t) => {
    const minimal = await items(t).insert({ id: 6, label: "zeta", status: "DRAFT" });
    expect([minimal.status, minimal.data]).toEqual([201, null]);
    const full = await items(t)
      .insert([{ id: 7, label: "eta", status: "DRAFT" }], { count: "exact" })
      .select("id,label");
    expect([full.status, full.data]).toEqual([201, [{ id: 7, label: "eta" }]]);
    expect(t.last().headers.get("content-range")).toBe("*/1");
  }),
  implemented(
    "upsert: 201 when a row is inserted, 200 when every row merged; ignoreDuplicates",
    async (t) => {
      const inserted = await items(t)
        .upsert([
          { id: 5, label: "EPSILON", status: "ONLINE" },
          { id: 8, label: "theta", status: "DRAFT" },
        ])
        .select("id,label");
      expect(inserted.status).toBe(201);
      expect(t.last().headers.get("preference-applied")).toBe(
        "resolution=merge-duplicates, return=representation",
      );
      const merged = await items(t)
        .upsert({ id: 8, label: "THETA", status: "DRAFT" })
        .select("label");
      expect([merged.status, merged.data]).toEqual([200, [{ label: "THETA" }]]);
      const ignored = await items(t)
        .upsert({ id: 1, label: "ignored", status: "DRAFT" }, { ignoreDuplicates: true })
        .select("label");
      expect([ignored.status, ignored.data]).toEqual([201, []]);
      expect((await labels(t))?.slice(0, 1)).toEqual(["alpha"]);
    },
  ),
  implemented("update: 200 with the rows and Content-Range 0-n/*; 204 without", async (t) => {
    const full = await items(t).update({ note: "x" }).eq("status", "ONLINE").select("id");
    expect([full.status, full.data]).toEqual([200, [{ id: 1 }, { id: 3 }, { id: 5 }]]);
    expect(t.last().headers.get("content-range")).toBe("0-2/*");
    const minimal = await items(t).update({ note: "y" }).eq("id", 2);
    expect(minimal.status).toBe(204);
  }),
  implemented("delete: 204, Content-Range */count", async (t) => {
    const { status } = await items(t).delete({ count: "exact" }).eq("status", "ONLINE");
    expect(status).toBe(204);
    expect(t.last().headers.get("content-range")).toBe("*/3");
    expect(await labels(t)).toEqual(["beta", "delta"]);
  }),
  implemented(
    "handling=strict refuses invalid preferences (PGRST122); lenient ignores them",
    async (t) => {
      const strict = await t.rest("conformance_items?select=id", {
        prefer: "handling=strict, foo",
      });
      expect([strict.status, strict.body]).toEqual([
        400,
        {
          code: "PGRST122",
          message: "Invalid preferences given with handling=strict",
          details: "Invalid preferences: foo",
          hint: null,
        },
      ]);
      expect((await t.rest("conformance_items?select=id", { prefer: "foo" })).status).toBe(200);
    },
  ),
  implemented("maxAffected(): over the limit PGRST124 and undone; within, applied", async (t) => {
    const over = await items(t).update({ note: "over" }).eq("status", "ONLINE").maxAffected(2);
    expect([over.status, over.error?.code]).toEqual([400, "PGRST124"]);
    expect(over.error?.details).toBe("The query affects 3 rows");
    expect((await items(t).select("id").eq("note", "over")).data).toEqual([]);
    const within = await items(t).delete().eq("id", 4).maxAffected(1);
    expect(within.status).toBe(204);
    expect(t.last().headers.get("preference-applied")).toBe("handling=strict, max-affected=1");
    const notSetof = await t.client.rpc("conformance_sum", { a: 1 }).maxAffected(1);
    expect([notSetof.status, notSetof.error?.code]).toEqual([400, "PGRST128"]);
  }),
  implemented("rollback(): Supabase allows no tx override, so the write commits", async (t) => {
    const { status } = await items(t).insert({ id: 9, label: "iota", status: "DRAFT" }).rollback();
    expect(status).toBe(201);
    expect(t.last().headers.get("preference-applied")).toBeNull();
    expect(await labels(t)).toContain("iota");
  }),
  implemented("Prefer: timezone= sets the transaction's time zone", async (t) => {
    const answer = await t.rest("conformance_items?select=seen_at&id=eq.1", {
      prefer: "timezone=Asia/Kathmandu",
    });
    expect(answer.body).toEqual([{ seen_at: "2026-01-01T05:45:00+05:45" }]);
    expect(answer.headers.get("preference-applied")).toBe("timezone=Asia/Kathmandu");
  }),
  implemented(
    "rpc: one row is an object, SETOF an array, a scalar a value, void 204",
    async (t) => {
      expect((await t.client.rpc("conformance_one", { wanted: 2 })).data).toEqual({
        id: 2,
        label: "pair 2",
      });
      expect((await t.client.rpc("conformance_many", { n: 2 })).data).toEqual([
        { id: 1, label: "pair 1" },
        { id: 2, label: "pair 2" },
      ]);
      expect((await t.client.rpc("conformance_sum", { a: 2, b: 3 })).data).toBe(5);
      expect((await t.client.rpc("conformance_ints", { n: 3 })).data).toEqual([1, 2, 3]);
      expect((await t.client.rpc("conformance_nothing")).status).toBe(204);
    },
  ),
  implemented(
    "rpc: select, filters, order, range and count on the result (POST, GET, HEAD)",
    async (t) => {
      const post = await t.client
        .rpc("conformance_many", { n: 5 }, { count: "exact" })
        .select("label")
        .neq("id", 2)
        .order("id", { ascending: false })
        .range(0, 1);
      expect([post.status, post.data, post.count]).toEqual([
        206,
        [{ label: "pair 5" }, { label: "pair 4" }],
        4,
      ]);
      expect(t.last().headers.get("content-range")).toBe("0-1/4");
      const get = await t.client
        .rpc("conformance_many", { n: 3 }, { get: true })
        .gt("id", 1)
        .select("id");
      expect(get.data).toEqual([{ id: 2 }, { id: 3 }]);
      const head = await t.client.rpc("conformance_many", { n: 3 }, { head: true, count: "exact" });
      expect([head.status, head.count, head.data]).toEqual([200, 3, null]);
    },
  ),
  implemented("rpc over GET runs read-only: a function that writes is 405 (25006)", async (t) => {
    const { status, error } = await t.client.rpc("conformance_touch", {}, { get: true });
    expect([status, error?.code]).toEqual([405, "25006"]);
    expect((await t.client.rpc("conformance_touch")).status).toBe(200);
  }),
  implemented(
    "rpc: an ambiguous overload is 300 PGRST203; an unknown one 404 PGRST202",
    async (t) => {
      const twin = await t.client.rpc("conformance_twin", { a: 1 });
      expect([twin.status, twin.error?.code]).toEqual([300, "PGRST203"]);
      const none = await t.client.rpc("conformance_sum", { z: 1 });
      expect([none.status, none.error?.code]).toEqual([404, "PGRST202"]);
    },
  ),
  implemented("rpc: one unnamed json parameter takes the whole body", async (t) => {
    expect((await t.client.rpc("conformance_body", { any: ["thing"] })).data).toEqual({
      any: ["thing"],
    });
  }),
  implemented("rpc: PUT, PATCH and DELETE are 405 PGRST101", async (t) => {
    const answer = await t.rest("rpc/conformance_sum", { method: "PATCH", body: "{}" });
    expect([answer.status, (answer.body as { code: string }).code]).toEqual([405, "PGRST101"]);
  }),
  implemented("a function sets response.status and response.headers", async (t) => {
    const { status, data } = await t.client.rpc("conformance_answer");
    expect([status, data]).toEqual([202, "accepted"]);
    expect(t.last().headers.get("x-conformance")).toBe("set by the function");
  }),
  implemented(
    "RAISE SQLSTATE 'PGRST' answers its status, body and headers; 'PT402' is 402",
    async (t) => {
      const raised = await t.client.rpc("conformance_raise");
      expect(raised.status).toBe(409);
      expect(t.last().body).toEqual({
        code: "C0001",
        message: "Refused by the function",
        details: "d",
        hint: "h",
      });
      expect(t.last().headers.get("x-conformance")).toBe("raised");
      expect((await t.client.rpc("conformance_payment_required")).status).toBe(402);
    },
  ),
  implemented(
    "Accept: one object, nulls stripped, and 406 PGRST107 for a type it lacks",
    async (t) => {
      const object = await t.rest("conformance_items?id=eq.1&select=id,note", {
        headers: { Accept: "application/vnd.pgrst.object+json" },
      });
      expect(object.body).toEqual({ id: 1, note: null });
      const stripped = await items(t).select("id,note").lte("id", 2).order("id").stripNulls();
      expect(stripped.data).toEqual([{ id: 1 }, { id: 2, note: "b" }]);
      const unknown = await t.rest("conformance_items", { headers: { Accept: "text/plain" } });
      expect([unknown.status, (unknown.body as { code: string }).code]).toEqual([406, "PGRST107"]);
    },
  ),
  implemented("a schema that is not exposed is 406 PGRST106", async (t) => {
    const answer = await t.rest("conformance_items", { headers: { "Accept-Profile": "private" } });
    expect([answer.status, (answer.body as { code: string }).code]).toEqual([406, "PGRST106"]);
  }),
  implemented(
    "unknown table 404 PGRST205, column 400 42703, body column 400 PGRST204",
    async (t) => {
      const table = await t.client.from("conformance_nowhere").select();
      expect([table.status, table.error?.code]).toEqual([404, "PGRST205"]);
      const column = await items(t).select("nowhere");
      expect([column.status, column.error?.code]).toEqual([400, "42703"]);
      const payload = await items(t).insert({ id: 10, label: "k", status: "x", nowhere: 1 });
      expect([payload.status, payload.error?.code]).toEqual([400, "PGRST204"]);
    },
  ),
  implemented("a body of a type PostgREST does not read is 400 PGRST102", async (t) => {
    const answer = await t.rest("conformance_items", {
      method: "POST",
      body: "<item/>",
      headers: { "Content-Type": "application/xml" },
    });
    expect([answer.status, (answer.body as { code: string }).code]).toEqual([400, "PGRST102"]);
  }),

  refused("embedded resources in select", "joins the related table's rows in", (t) =>
    t.rest("conformance_items?select=id,conformance_tags(tag)"),
  ),
  refused("casts in select", "casts the column", (t) =>
    t.rest("conformance_items?select=id::text"),
  ),
  refused("JSON paths", "reads into a json column", (t) =>
    t.rest("conformance_items?select=id&label->>a=eq.1"),
  ),
  refused("aggregates in select", "counts, sums and groups", (t) =>
    t.rest("conformance_items?select=count()"),
  ),
  refused("full-text search operators", "matches a tsvector", (t) =>
    t.rest("conformance_items?label=fts.alpha"),
  ),
  refused("array and range operators", "compares arrays and ranges", (t) =>
    t.rest("conformance_items?label=cs.{a}"),
  ),
  refused("any/all modifiers", "matches any of a list", (t) =>
    t.rest("conformance_items?label=like(any).{a*,b*}"),
  ),
  refused("regular-expression match", "matches a POSIX pattern", (t) =>
    t.rest("conformance_items?label=match.^a"),
  ),
  refused("is distinct from", "compares with nulls as values", (t) =>
    t.rest("conformance_items?note=isdistinct.b"),
  ),
  refused("filters on an embedded resource", "filters the embedded rows", (t) =>
    t.rest("conformance_items?select=id,conformance_tags(tag)&conformance_tags.tag=eq.x"),
  ),
  refused("Prefer: return=headers-only", "answers a Location header", (t) =>
    t.rest("conformance_items", {
      method: "POST",
      prefer: "return=headers-only",
      body: JSON.stringify({ id: 11, label: "l", status: "DRAFT" }),
    }),
  ),
  refused("csv()", "answers CSV", async (t) => {
    await items(t).select("id").csv();
    return t.last();
  }),
  refused("geojson()", "answers GeoJSON (with PostGIS)", async (t) => {
    await items(t).select("id").geojson();
    return t.last();
  }),
  refused("explain()", "answers the query plan, when the project enables it", async (t) => {
    await items(t).select("id").explain();
    return t.last();
  }),
  refused("a CSV request body", "inserts a row per line", (t) =>
    t.rest("conformance_items", {
      method: "POST",
      body: "id,label,status\n12,mu,DRAFT",
      headers: { "Content-Type": "text/csv" },
    }),
  ),
  refused("a form request body", "reads the form's fields", (t) =>
    t.rest("conformance_items", {
      method: "POST",
      body: "id=13&label=nu&status=DRAFT",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
  ),
  refused("the Range request header", "pages by it", (t) =>
    t.rest("conformance_items", { headers: { Range: "0-1" } }),
  ),
  refused("PUT", "inserts or replaces the row", (t) =>
    t.rest("conformance_items?id=eq.14", {
      method: "PUT",
      body: JSON.stringify({ id: 14, label: "xi", status: "DRAFT" }),
    }),
  ),
  refused("the OpenAPI description", "describes the schema", (t) => t.rest("")),
  refused("filters on a scalar function's result", "filters the values", (t) =>
    t.rest("rpc/conformance_ints?n=3&conformance_ints=gt.1"),
  ),
];
