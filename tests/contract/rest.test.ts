// The PostgREST calls the product makes, driven through supabase-js itself:
// what each returns, with which status, and how RLS and constraints answer.
// Runs against the embedded stand-in, or a real Supabase (see stack.ts).
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonClient, signedInUser, startTestStack, type TestStack } from "./stack.ts";

let stack: TestStack;
let anon: SupabaseClient;
let user: SupabaseClient;
let admin: SupabaseClient;

beforeAll(async () => {
  stack = await startTestStack();
  anon = anonClient(stack);
  user = (await signedInUser(stack)).client;
  admin = (await signedInUser(stack, { admin: true })).client;
}, 60_000);

afterAll(async () => {
  await stack.close();
});

describe("public reads", () => {
  it("active rows in sort order, with a column list", async () => {
    const { data, error, status } = await anon
      .from("banners")
      .select("title,sort_order")
      .eq("is_active", true)
      .order("sort_order", { ascending: true });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data?.length).toBeGreaterThan(0);
    for (const row of data ?? []) expect(Object.keys(row).sort()).toEqual(["sort_order", "title"]);
    const orders = (data ?? []).map((row) => row.sort_order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it("never shows visitors an inactive row", async () => {
    const { data } = await anon.from("projects").select("is_active");
    expect(data?.length).toBeGreaterThan(0);
    expect((data ?? []).every((row) => row.is_active)).toBe(true);
  });

  it("newest first, limit 1, as the content pages read", async () => {
    const { data, error } = await anon
      .from("medical_content")
      .select("*")
      .eq("is_active", true)
      .order("created_at", { ascending: false })
      .limit(1);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
  });

  it("every filter operator", async () => {
    const all =
      (await anon.from("causes").select("title,sort_order,category").order("sort_order")).data ??
      [];
    expect(all.length).toBeGreaterThanOrEqual(6);
    const titles = async (query: PromiseLike<{ data: { title: string }[] | null }>) =>
      ((await query).data ?? []).map((row) => row.title).sort();
    const expectTitles = (rows: typeof all) => rows.map((row) => row.title).sort();
    const cut = all[2]?.sort_order ?? 0;
    const base = () => anon.from("causes").select("title");
    expect(await titles(base().eq("sort_order", cut))).toEqual(
      expectTitles(all.filter((r) => r.sort_order === cut)),
    );
    expect(await titles(base().neq("sort_order", cut))).toEqual(
      expectTitles(all.filter((r) => r.sort_order !== cut)),
    );
    expect(await titles(base().gt("sort_order", cut))).toEqual(
      expectTitles(all.filter((r) => r.sort_order > cut)),
    );
    expect(await titles(base().gte("sort_order", cut))).toEqual(
      expectTitles(all.filter((r) => r.sort_order >= cut)),
    );
    expect(await titles(base().lt("sort_order", cut))).toEqual(
      expectTitles(all.filter((r) => r.sort_order < cut)),
    );
    expect(await titles(base().lte("sort_order", cut))).toEqual(
      expectTitles(all.filter((r) => r.sort_order <= cut)),
    );
    const two = all.slice(0, 2).map((r) => r.category);
    expect(await titles(base().in("category", two))).toEqual(
      expectTitles(all.filter((r) => two.includes(r.category))),
    );
    const first = all[0]?.title ?? "";
    expect(await titles(base().like("title", `${first.slice(0, 3)}%`))).toContain(first);
    expect(await titles(base().ilike("title", `%${first.slice(1, 4).toUpperCase()}%`))).toContain(
      first,
    );
    expect(await titles(base().is("icon", null))).toEqual(expectTitles(all.filter(() => false)));
    expect(await titles(base().not("sort_order", "eq", cut))).toEqual(
      expectTitles(all.filter((r) => r.sort_order !== cut)),
    );
  });

  it("or/and logic trees: several or= at once, nested and negated, quoted values", async () => {
    const all =
      (await anon.from("causes").select("title,sort_order,category").order("sort_order")).data ??
      [];
    const titles = async (
      query: PromiseLike<{ data: { title: string }[] | null; error: unknown }>,
    ) => {
      const { data, error } = await query;
      expect(error).toBeNull();
      return (data ?? []).map((row) => row.title).sort();
    };
    const expectTitles = (rows: typeof all) => rows.map((row) => row.title).sort();
    const [a, b, c] = all;
    if (!a || !b || !c) throw new Error("the seed has fewer than three causes");
    const base = () => anon.from("causes").select("title");
    expect(
      await titles(base().or(`sort_order.eq.${a.sort_order},sort_order.eq.${b.sort_order}`)),
    ).toEqual(expectTitles([a, b]));
    // Two or= filters both hold; a quoted value keeps its commas and dots as text.
    const quoted = `"${c.title.replace(/[\\"]/g, "\\$&")}"`;
    expect(
      await titles(
        base()
          .or(`title.eq.${quoted},sort_order.eq.${a.sort_order}`)
          .or(`title.eq.${quoted},sort_order.eq.${b.sort_order}`),
      ),
    ).toEqual(expectTitles([c]));
    expect(
      await titles(
        base().or(
          `and(sort_order.gte.${b.sort_order},sort_order.lte.${c.sort_order}),title.eq.${quoted}`,
        ),
      ),
    ).toEqual(
      expectTitles(all.filter((r) => r.sort_order >= b.sort_order && r.sort_order <= c.sort_order)),
    );
    expect(
      await titles(
        base().or(`not.or(sort_order.eq.${a.sort_order},sort_order.eq.${b.sort_order})`),
      ),
    ).toEqual(expectTitles(all.filter((r) => r !== a && r !== b)));
    // An escaped LIKE wildcard inside a quoted ilike value matches only itself.
    expect(await titles(base().or(`title.ilike."%\\\\%%",title.ilike."%\\\\_%"`))).toEqual(
      expectTitles(all.filter((r) => /[%_]/.test(r.title))),
    );
    const broken = await base().or("title.eq.(unclosed");
    expect(broken.error?.code).toBe("PGRST100");
  });

  it("orders by several columns with nulls placement", async () => {
    const { data, error } = await anon
      .from("oldage_banners")
      .select("title,sort_order")
      .order("title", { ascending: false, nullsFirst: true })
      .order("sort_order");
    expect(error).toBeNull();
    const titles = (data ?? []).map((row) => row.title);
    const nulls = titles.filter((t) => t === null).length;
    expect(titles.slice(0, nulls).every((t) => t === null)).toBe(true);
  });

  it("ranges with an exact count: 206, Content-Range and count", async () => {
    const { data, count, status } = await anon
      .from("projects")
      .select("id", { count: "exact" })
      .range(1, 2);
    expect(data).toHaveLength(2);
    expect(count).toBeGreaterThan(2);
    expect(status).toBe(206);
  });

  it("HEAD with count returns the count and no rows", async () => {
    const { data, count, error } = await anon
      .from("causes")
      .select("*", { count: "exact", head: true });
    expect(error).toBeNull();
    expect(data).toBeNull();
    expect(count).toBeGreaterThanOrEqual(6);
  });

  it("single() answers an object, or 406 PGRST116 with the row count", async () => {
    const one = await anon
      .from("about_content")
      .select("*")
      .order("created_at", { ascending: false })
      .limit(1)
      .single();
    expect(one.error).toBeNull();
    expect(Array.isArray(one.data)).toBe(false);
    expect(one.data?.years_of_service).toBeTypeOf("number");
    const none = await anon.from("banners").select("*").eq("title", "no such banner").single();
    expect(none.status).toBe(406);
    expect(none.error?.code).toBe("PGRST116");
    expect(none.error?.details).toContain("0 rows");
    const maybe = await anon
      .from("banners")
      .select("*")
      .eq("title", "no such banner")
      .maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
  });

  it("the content revision is readable by anon", async () => {
    const { data, error } = await anon.from("content_revision").select("revision").single();
    expect(error).toBeNull();
    expect(Number(data?.revision)).toBeGreaterThan(0);
  });
});

describe("writes under RLS", () => {
  it("anon may not write: 401 with 42501", async () => {
    const { error, status } = await anon
      .from("banners")
      .insert({ image_url: "/images/seed/banner-1.jpg" });
    expect(status).toBe(401);
    expect(error?.code).toBe("42501");
  });

  it("a signed-in non-admin may not insert (403) and updates or deletes nothing", async () => {
    const insert = await user
      .from("causes")
      .insert({ title: "x", description: "y", image_url: "/images/seed/a.jpg" });
    expect(insert.status).toBe(403);
    expect(insert.error?.code).toBe("42501");
    const updated = await user.from("causes").update({ title: "hacked" }).neq("title", "").select();
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual([]);
    const deleted = await user.from("causes").delete().neq("title", "").select();
    expect(deleted.data).toEqual([]);
    const { data } = await anon.from("causes").select("title").eq("title", "hacked");
    expect(data).toEqual([]);
  });

  it("an admin inserts one row and gets it back with its defaults (201)", async () => {
    const { data, error, status } = await admin
      .from("banners")
      .insert({ image_url: "/images/seed/banner-2.jpg", title: "Contract banner", sort_order: 40 })
      .select()
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toMatchObject({
      title: "Contract banner",
      position: "left",
      is_active: true,
      subtitle: null,
    });
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("an admin inserts many rows at once (columns=), missing keys as null or as defaults", async () => {
    const many = await admin
      .from("home_gallery")
      .insert([
        { image_url: "/images/seed/home-gallery-1.jpg", sort_order: 50 },
        { image_url: "/images/seed/home-gallery-2.jpg", sort_order: 51 },
      ])
      .select("sort_order,is_active");
    expect(many.error).toBeNull();
    expect(many.data).toEqual([
      { sort_order: 50, is_active: true },
      { sort_order: 51, is_active: true },
    ]);
    const nulls = await admin
      .from("banners")
      .insert([
        { image_url: "/images/seed/banner-1.jpg", title: "A" },
        { image_url: "/images/seed/banner-1.jpg" },
      ])
      .select("title");
    expect(nulls.data).toEqual([{ title: "A" }, { title: null }]);
    const defaults = await admin
      .from("home_gallery")
      .insert(
        [
          { image_url: "/images/seed/home-gallery-3.jpg" },
          { image_url: "/images/seed/home-gallery-4.jpg", is_active: false },
        ],
        {
          defaultToNull: false,
        },
      )
      .select("is_active");
    expect(defaults.data).toEqual([{ is_active: true }, { is_active: false }]);
  });

  it("an admin updates (204, or 200 with the row) and deletes by id", async () => {
    const created = await admin
      .from("projects")
      .insert({ title: "Roof", description: "New roof", category_name: "Housing" })
      .select("id,project_status")
      .single();
    expect(created.data?.project_status).toBe("ongoing");
    const id = created.data?.id;
    const plain = await admin.from("projects").update({ project_status: "completed" }).eq("id", id);
    expect(plain.status).toBe(204);
    const returned = await admin
      .from("projects")
      .update({ is_active: false })
      .eq("id", id)
      .select("is_active,project_status")
      .single();
    expect(returned.status).toBe(200);
    expect(returned.data).toEqual({ is_active: false, project_status: "completed" });
    const removed = await admin.from("projects").delete().eq("id", id);
    expect(removed.status).toBe(204);
    const gone = await admin.from("projects").select("id").eq("id", id);
    expect(gone.data).toEqual([]);
  });

  it("upsert with on_conflict inserts, then merges", async () => {
    const id = "00000000-0000-4000-8000-00000000c0de";
    const row = {
      id,
      title: "Upserted",
      description: "First",
      image_url: "/images/seed/cause-education.jpg",
    };
    const first = await admin
      .from("causes")
      .upsert(row, { onConflict: "id" })
      .select("description");
    expect(first.data).toEqual([{ description: "First" }]);
    const second = await admin
      .from("causes")
      .upsert({ ...row, description: "Second" }, { onConflict: "id" })
      .select("description");
    expect(second.data).toEqual([{ description: "Second" }]);
    const { count } = await admin
      .from("causes")
      .select("*", { count: "exact", head: true })
      .eq("id", id);
    expect(count).toBe(1);
  });

  it("a singular write that would touch several rows changes none", async () => {
    const twin = "/images/seed/relief-gallery-twin.jpg";
    await admin.from("relief_gallery").insert([{ image_url: twin }, { image_url: twin }]);
    const result = await admin
      .from("relief_gallery")
      .update({ image_url: "/images/seed/relief-gallery-2.jpg" })
      .eq("image_url", twin)
      .select()
      .single();
    expect(result.status).toBe(406);
    expect(result.error?.code).toBe("PGRST116");
    const { count } = await admin
      .from("relief_gallery")
      .select("*", { count: "exact", head: true })
      .eq("image_url", twin);
    expect(count).toBe(2);
  });

  it("each write raises the content revision", async () => {
    const before = Number(
      (await anon.from("content_revision").select("revision").single()).data?.revision,
    );
    await admin.from("causes").update({ category: "Education" }).eq("title", "Upserted");
    const after = Number(
      (await anon.from("content_revision").select("revision").single()).data?.revision,
    );
    expect(after).toBeGreaterThan(before);
  });
});

describe("rpc", () => {
  it("activate_logo: admins switch the active logo in one call; anon is refused", async () => {
    const logos = (await admin.from("logo_settings").select("id,is_active")).data ?? [];
    const inactive = logos.find((logo) => !logo.is_active);
    expect(inactive).toBeDefined();
    const refused = await anon.rpc("activate_logo", { logo_id: inactive?.id });
    expect(refused.status).toBe(401);
    expect(refused.error?.code).toBe("42501");
    const asUser = await user.rpc("activate_logo", { logo_id: inactive?.id });
    expect(asUser.error?.code).toBe("42501");
    const done = await admin.rpc("activate_logo", { logo_id: inactive?.id });
    expect(done.error).toBeNull();
    const active = (await anon.from("logo_settings").select("id")).data ?? [];
    expect(active.map((logo) => logo.id)).toEqual([inactive?.id]);
  });

  it("an unknown function or argument is 404 PGRST202", async () => {
    const { error, status } = await admin.rpc("no_such_function", {});
    expect(status).toBe(404);
    expect(error?.code).toBe("PGRST202");
    const wrongArgs = await admin.rpc("activate_logo", { id: "x" });
    expect(wrongArgs.error?.code).toBe("PGRST202");
  });
});

describe("errors as hosted", () => {
  it("constraint failures: 23514 and 23502 are 400 and store nothing", async () => {
    const check = await admin.from("banners").insert({ image_url: "javascript:alert(1)" });
    expect(check.status).toBe(400);
    expect(check.error?.code).toBe("23514");
    const notNull = await admin.from("causes").insert({ title: "t", description: "d" });
    expect(notNull.status).toBe(400);
    expect(notNull.error?.code).toBe("23502");
    const { data } = await admin
      .from("banners")
      .select("id")
      .eq("image_url", "javascript:alert(1)");
    expect(data).toEqual([]);
  });

  it("a duplicate active logo is 409 23505", async () => {
    const { error, status } = await admin
      .from("logo_settings")
      .insert({ logo_url: "/images/seed/logo.png", logo_name: "SECOND", is_active: true });
    expect(status).toBe(409);
    expect(error?.code).toBe("23505");
  });

  it("a malformed value is 22P02; unknown columns are 42703 / PGRST204; unknown tables PGRST205", async () => {
    const badUuid = await anon.from("banners").select("id").eq("id", "not-a-uuid");
    expect([badUuid.status, badUuid.error?.code]).toEqual([400, "22P02"]);
    const badColumn = await anon.from("banners").select("nope");
    expect([badColumn.status, badColumn.error?.code]).toEqual([400, "42703"]);
    const badFilter = await anon.from("banners").select("id").eq("nope", 1);
    expect(badFilter.error?.code).toBe("42703");
    const badKey = await admin
      .from("banners")
      .insert({ image_url: "/images/seed/banner-1.jpg", nope: 1 });
    expect([badKey.status, badKey.error?.code]).toEqual([400, "PGRST204"]);
    const badTable = await anon.from("no_such_table").select("*");
    expect([badTable.status, badTable.error?.code]).toEqual([404, "PGRST205"]);
  });
});

describe("raw HTTP edge cases", () => {
  const rest = (path: string, init: RequestInit = {}) =>
    fetch(`${stack.url}/rest/v1/${path}`, init);

  it("refuses a request without an apikey (401)", async () => {
    const response = await rest("banners");
    expect(response.status).toBe(401);
  });

  it("refuses a token signed with another secret (401 PGRST301) and an expired one (401 PGRST303)", async () => {
    const header = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");
    const claims = (exp: number) =>
      Buffer.from(
        JSON.stringify({ role: "authenticated", sub: "00000000-0000-4000-8000-000000000001", exp }),
      ).toString("base64url");
    const forged = `${header}.${claims(Math.floor(Date.now() / 1000) + 600)}.${Buffer.from("bad-signature").toString("base64url")}`;
    const noneAlg = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${claims(9999999999)}.`;
    for (const token of [forged, noneAlg]) {
      const response = await rest("banners", {
        headers: { apikey: stack.publishableKey, Authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(401);
      expect((await response.json()).code).toBe("PGRST301");
    }
  });

  it("a malformed filter is 400 PGRST100; a malformed body is 400 PGRST102", async () => {
    const filter = await rest("banners?sort_order=between.1", {
      headers: { apikey: stack.publishableKey },
    });
    expect(filter.status).toBe(400);
    expect((await filter.json()).code).toBe("PGRST100");
    const token = (await admin.auth.getSession()).data.session?.access_token;
    const body = await rest("banners", {
      method: "POST",
      headers: {
        apikey: stack.publishableKey,
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
      },
      body: "{not json",
    });
    expect(body.status).toBe(400);
    expect((await body.json()).code).toBe("PGRST102");
  });

  it("refuses an oversized body with 413 and stores nothing", async () => {
    const token = (await admin.auth.getSession()).data.session?.access_token;
    const huge = JSON.stringify({ image_url: `/images/seed/${"a".repeat(11 * 1024 * 1024)}.jpg` });
    const response = await rest("home_gallery", {
      method: "POST",
      headers: {
        apikey: stack.publishableKey,
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
      },
      body: huge,
    });
    expect(response.status).toBe(413);
    const { count } = await admin
      .from("home_gallery")
      .select("*", { count: "exact", head: true })
      .like("image_url", "/images/seed/aaaa%");
    expect(count).toBe(0);
  });

  it("exposes Content-Range to browsers (CORS)", async () => {
    const preflight = await rest("banners", {
      method: "OPTIONS",
      headers: {
        Origin: "http://127.0.0.1:4321",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "apikey,authorization,prefer",
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain(
      "apikey",
    );
    const response = await rest("banners?select=id", {
      headers: { apikey: stack.publishableKey, Origin: "http://127.0.0.1:4321" },
    });
    expect(response.headers.get("access-control-expose-headers")?.toLowerCase()).toContain(
      "content-range",
    );
  });
});
