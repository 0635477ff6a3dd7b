// The Prefer header and RPC results as PostgREST answers them, on the stand-in: what
// it plays (handling=strict, max-affected, a single row as an object) and what it
// refuses out loud instead of answering differently from hosted (tx=rollback,
// timezone, return=headers-only, planned and estimated counts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedOnly, REAL_PROJECT, startTestStack, type TestStack } from "./stack.ts";

let stack: TestStack;

const rest = (path: string, init: RequestInit & { prefer?: string } = {}) =>
  fetch(`${stack.url}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: stack.secretKey,
      "Content-Type": "application/json",
      ...(init.prefer ? { Prefer: init.prefer } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });

async function titles(): Promise<unknown> {
  return (await rest("causes?select=id,title,updated_at&order=id")).json();
}

describe.skipIf(REAL_PROJECT)(
  `Prefer and RPC results ${embeddedOnly("test functions are created in the database")}`,
  () => {
    beforeAll(async () => {
      stack = await startTestStack();
      // Before the first API request, so the schema cache sees them.
      await stack.db?.exec(`
      create type public.pair as (id int, label text);
      create function public.one_pair(wanted int) returns public.pair language sql
        as $$ select wanted, 'pair ' || wanted $$;
      create function public.pairs(n int) returns setof public.pair language sql
        as $$ select g, 'pair ' || g from generate_series(1, n) g $$;
      grant execute on function public.one_pair(int), public.pairs(int) to service_role;
      create function public.twin(a int, b int default 0) returns int language sql as $$ select a + b $$;
      create function public.twin(a int, c text default '') returns int language sql as $$ select a $$;
      grant execute on function public.twin(int, int), public.twin(int, text) to service_role;
    `);
    }, 60_000);

    afterAll(async () => {
      await stack?.close();
    });

    it("a function returning one row answers an object; SETOF an array", async () => {
      const one = await rest("rpc/one_pair", { method: "POST", body: '{"wanted": 2}' });
      expect(one.status).toBe(200);
      expect(await one.json()).toEqual({ id: 2, label: "pair 2" });
      const many = await rest("rpc/pairs", { method: "POST", body: '{"n": 2}' });
      expect(await many.json()).toEqual([
        { id: 1, label: "pair 1" },
        { id: 2, label: "pair 2" },
      ]);
    });

    it("handling=strict refuses a preference PostgREST does not know (PGRST122); lenient ignores it", async () => {
      const strict = await rest("causes?select=id", {
        prefer: "handling=strict, foo, return=bogus",
      });
      expect(strict.status).toBe(400);
      expect(await strict.json()).toEqual({
        code: "PGRST122",
        message: "Invalid preferences given with handling=strict",
        details: "Invalid preferences: foo, return=bogus",
        hint: null,
      });
      const lenient = await rest("causes?select=id", { prefer: "foo, return=bogus" });
      expect(lenient.status).toBe(200);
    });

    it("max-affected with handling=strict: a PATCH over the limit is refused (PGRST124) and undone", async () => {
      const before = await titles();
      expect((before as unknown[]).length).toBeGreaterThan(1);
      for (const ret of ["minimal", "representation"]) {
        const response = await rest("causes?id=not.is.null", {
          method: "PATCH",
          prefer: `handling=strict, max-affected=1, return=${ret}`,
          body: JSON.stringify({ title: "Renamed at once" }),
        });
        expect(response.status).toBe(400);
        const body = await response.json();
        expect(body.code).toBe("PGRST124");
        expect(body.message).toBe("Query result exceeds max-affected preference constraint");
        expect(body.details).toBe(`The query affects ${(before as unknown[]).length} rows`);
      }
      expect(await titles()).toEqual(before);
      // Lenient, max-affected is ignored (PostgREST's default): here a DELETE that matches
      // nothing, so nothing changes either way.
      const lenient = await rest("causes?id=is.null", {
        method: "DELETE",
        prefer: "max-affected=0",
      });
      expect(lenient.status).toBe(204);
    });

    it("max-affected on an RPC counts its rows, and needs a SETOF function (PGRST128)", async () => {
      const over = await rest("rpc/pairs", {
        method: "POST",
        prefer: "handling=strict, max-affected=2",
        body: '{"n": 3}',
      });
      expect(over.status).toBe(400);
      expect((await over.json()).code).toBe("PGRST124");
      const within = await rest("rpc/pairs", {
        method: "POST",
        prefer: "handling=strict, max-affected=2",
        body: '{"n": 2}',
      });
      expect(within.status).toBe(200);
      const single = await rest("rpc/one_pair", {
        method: "POST",
        prefer: "handling=strict, max-affected=2",
        body: '{"wanted": 1}',
      });
      expect(single.status).toBe(400);
      expect((await single.json()).code).toBe("PGRST128");
    });

    it("refuses out loud what it does not play, and changes nothing", async () => {
      const before = await titles();
      for (const prefer of [
        "tx=rollback",
        "timezone=Asia/Kathmandu",
        "return=headers-only",
        "count=planned",
        "count=estimated",
      ]) {
        const response = await rest("causes?id=not.is.null", {
          method: "PATCH",
          prefer,
          body: JSON.stringify({ title: "Should not be stored" }),
        });
        expect(response.status, prefer).toBe(501);
        const body = await response.json();
        expect(body.code, prefer).toBe("STANDIN501");
        expect(body.message, prefer).toMatch(/is not supported by the local stand-in$/);
        expect(Object.keys(body).sort()).toEqual(["code", "details", "hint", "message"]);
      }
      expect(await titles()).toEqual(before);
    });

    it("an ambiguous overload is 300 PGRST203, naming both candidates", async () => {
      const response = await rest("rpc/twin", { method: "POST", body: '{"a": 1}' });
      expect(response.status).toBe(300);
      expect(await response.json()).toEqual({
        code: "PGRST203",
        message:
          "Could not choose the best candidate function between: public.twin(a => integer, b => integer), public.twin(a => integer, c => text)",
        details: null,
        hint: "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
      });
      const chosen = await rest("rpc/twin", { method: "POST", body: '{"a": 1, "b": 2}' });
      expect(await chosen.json()).toBe(3);
    });

    it("Accept: JSON is answered; CSV and stripped nulls are refused out loud; an unknown type is 406 PGRST107", async () => {
      for (const accept of [
        "application/json",
        "*/*",
        "application/vnd.pgrst.array+json",
        "text/html, */*;q=0.8",
      ]) {
        const response = await rest("causes?select=id", { headers: { Accept: accept } });
        expect(response.status, accept).toBe(200);
      }
      for (const accept of ["text/csv", "application/vnd.pgrst.array+json;nulls=stripped"]) {
        const response = await rest("causes?select=id", { headers: { Accept: accept } });
        expect(response.status, accept).toBe(501);
        expect((await response.json()).code, accept).toBe("STANDIN501");
      }
      const unknown = await rest("causes?select=id", { headers: { Accept: "text/plain" } });
      expect(unknown.status).toBe(406);
      expect(await unknown.json()).toEqual({
        code: "PGRST107",
        message: "None of these media types are available: text/plain",
        details: null,
        hint: null,
      });
    });
  },
);
