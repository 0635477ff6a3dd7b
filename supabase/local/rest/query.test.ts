import { describe, expect, it } from "vitest";
import {
  NotPlayedError,
  parseFilter,
  parseOrder,
  parseQuery,
  parseSelect,
  RestParseError,
  splitList,
} from "./query.ts";

describe("PostgREST query parsing", () => {
  it("reads select lists with aliases and refuses embedded resources and casts", () => {
    expect(parseSelect(undefined)).toEqual([{ column: "*" }]);
    expect(parseSelect("id, title,label:sort_order")).toEqual([
      { column: "id" },
      { column: "title" },
      { column: "sort_order", alias: "label" },
    ]);
    for (const notPlayed of ["id,causes(*)", "id::text", "data->>a", "...causes(id)", "count()"]) {
      expect(() => parseSelect(notPlayed), notPlayed).toThrow(NotPlayedError);
    }
    expect(() => parseSelect('id"; drop table x; --')).toThrow(RestParseError);
  });

  it("reads every supported filter operator, negation and in-lists with quoted commas", () => {
    expect(parseFilter("a", "eq.5")).toEqual({
      column: "a",
      operator: "eq",
      negated: false,
      value: "5",
    });
    expect(parseFilter("a", "not.like.ab*")).toEqual({
      column: "a",
      operator: "like",
      negated: true,
      value: "ab*",
    });
    expect(parseFilter("a", 'in.(1,"x,y",z)').value).toEqual(["1", "x,y", "z"]);
    expect(parseFilter("a", "in.()").value).toEqual([]);
    expect(parseFilter("a", "is.null").operator).toBe("is");
    expect(parseFilter("a", "eq.with.dots").value).toBe("with.dots");
    for (const bad of ["between.1", "eq", "in.1,2", "is.maybe", 'in.("open'] as const) {
      expect(() => parseFilter("a", bad), bad).toThrow(RestParseError);
    }
    expect(() => parseFilter("a;drop", "eq.1")).toThrow(RestParseError);
  });

  it("reads order terms with direction and nulls placement", () => {
    expect(parseOrder("sort_order.asc,created_at.desc.nullslast,title")).toEqual([
      { column: "sort_order", descending: false },
      { column: "created_at", descending: true, nulls: "last" },
      { column: "title", descending: false },
    ]);
    expect(() => parseOrder("title.sideways")).toThrow(RestParseError);
  });

  it("splits lists honouring quotes and escapes", () => {
    expect(splitList('"a","b"')).toEqual(["a", "b"]);
    expect(splitList('a, "b\\"c" ,d')).toEqual(["a", 'b"c', "d"]);
  });

  it("separates reserved parameters from filters and checks limit and offset", () => {
    const plan = parseQuery(
      new URLSearchParams(
        'select=id&is_active=eq.true&order=sort_order&limit=10&offset=5&columns="a","b"&apikey=k',
      ),
    );
    expect(plan.filters).toEqual([
      { column: "is_active", operator: "eq", negated: false, value: "true" },
    ]);
    expect([plan.limit, plan.offset, plan.columns]).toEqual([10, 5, ["a", "b"]]);
    expect(() => parseQuery(new URLSearchParams("limit=-1"))).toThrow(RestParseError);
  });

  it("reads or/and logic trees: nested, negated, quoted values with escapes", () => {
    const plan = parseQuery(
      new URLSearchParams(
        'or=(a.eq.1,b.ilike."*50\\\\%,(x) \\"y\\"*")&not.and=(c.gt.2,or(d.is.null,e.in.("p,q",r)))&f=eq.3',
      ),
    );
    expect(plan.filters).toEqual([
      {
        logic: "or",
        negated: false,
        conditions: [
          { column: "a", operator: "eq", negated: false, value: "1" },
          { column: "b", operator: "ilike", negated: false, value: '*50\\%,(x) "y"*' },
        ],
      },
      {
        logic: "and",
        negated: true,
        conditions: [
          { column: "c", operator: "gt", negated: false, value: "2" },
          {
            logic: "or",
            negated: false,
            conditions: [
              { column: "d", operator: "is", negated: false, value: "null" },
              { column: "e", operator: "in", negated: false, value: ["p,q", "r"] },
            ],
          },
        ],
      },
      { column: "f", operator: "eq", negated: false, value: "3" },
    ]);
    expect(parseQuery(new URLSearchParams("or=(a.not.eq.1)")).filters).toEqual([
      {
        logic: "or",
        negated: false,
        conditions: [{ column: "a", operator: "eq", negated: true, value: "1" }],
      },
    ]);
    for (const bad of [
      "or=a.eq.1",
      "or=()",
      "or=(a.eq.1",
      'or=(a.eq."open)',
      "or=(a.between.1)",
      'or=(a.eq.1);drop",b.eq.2)',
      "xor=(a.eq.1)",
      `or=${"or(".repeat(9)}a.eq.1${")".repeat(9)}`,
    ]) {
      expect(() => parseQuery(new URLSearchParams(bad)), bad).toThrow(RestParseError);
    }
  });

  it("refuses valid PostgREST it does not play, naming it, instead of reading it otherwise", () => {
    for (const notPlayed of [
      "child.or=(a.eq.1)",
      "causes.order=title",
      "tags=cs.{a,b}",
      "title=fts.charity",
      "title=fts(english).charity",
      "title=eq(any).{a,b}",
      "title=isdistinct.x",
      "data->>a=eq.1",
      "order=causes(title)",
    ]) {
      expect(() => parseQuery(new URLSearchParams(notPlayed)), notPlayed).toThrow(NotPlayedError);
    }
  });

  it("reads a function's plain parameters as its arguments on GET, and the rest as filters", () => {
    const plan = parseQuery(
      new URLSearchParams("n=3&label=not.eq.x&id=gt.1&word=hello.world"),
      true,
    );
    expect(plan.args).toEqual({ n: "3", word: "hello.world" });
    expect(plan.filters).toHaveLength(2);
  });
});
