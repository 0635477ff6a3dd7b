// SQL from a parsed request: select lists, filters and logic trees, order, and the
// aggregate that makes Postgres write the JSON itself, as PostgREST does. Names are
// checked against the schema cache (when the relation's columns are known) and
// quoted; values are always bound as parameters.
import type { Transaction } from "@electric-sql/pglite";
import { unknownColumn } from "./errors.ts";
import {
  type Condition,
  type Filter,
  isLogicTree,
  type OrderTerm,
  type SelectItem,
} from "./query.ts";

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** What a request reads from: a table or view, or a function's result. */
export interface Relation {
  /** The name rows are qualified with in SQL (the table's, or the function call's alias). */
  name: string;
  /** Its columns, when the schema cache knows them; a function's are left to Postgres. */
  columns: ReadonlyMap<string, unknown> | null;
}

function checkColumn(relation: Relation, column: string): string {
  if (relation.columns && !relation.columns.has(column)) throw unknownColumn(relation.name, column);
  return column;
}

/** The select list; `*` spelled out as the relation's columns when `expand` is set. */
export function selectList(
  relation: Relation,
  items: SelectItem[],
  qualifier: string,
  expand = false,
): string {
  const prefix = `${quote(qualifier)}.`;
  return items
    .flatMap((item) => {
      if (item.column === "*") {
        return expand && relation.columns
          ? [...relation.columns.keys()].map((column) => `${prefix}${quote(column)}`)
          : [`${prefix}*`];
      }
      const column = `${prefix}${quote(checkColumn(relation, item.column))}`;
      return [item.alias ? `${column} as ${quote(item.alias)}` : column];
    })
    .join(", ");
}

function filterSql(relation: Relation, filter: Filter, params: unknown[]): string {
  const column = `${quote(relation.name)}.${quote(checkColumn(relation, filter.column))}`;
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const comparison = { eq: "=", neq: "<>", gt: ">", gte: ">=", lt: "<", lte: "<=" } as const;
  let sql: string;
  switch (filter.operator) {
    case "eq":
    case "neq":
    case "gt":
    case "gte":
    case "lt":
    case "lte":
      sql = `${column} ${comparison[filter.operator]} ${bind(filter.value)}`;
      break;
    case "like":
    case "ilike":
      sql = `${column} ${filter.operator} ${bind(String(filter.value).replaceAll("*", "%"))}`;
      break;
    case "in": {
      const values = filter.value as string[];
      sql = values.length === 0 ? "false" : `${column} in (${values.map(bind).join(", ")})`;
      break;
    }
    case "is": {
      const value = String(filter.value).toLowerCase();
      sql = value === "not_null" ? `${column} is not null` : `${column} is ${value}`;
      break;
    }
  }
  return filter.negated ? `not (${sql})` : sql;
}

/** A filter or a logic tree (`or=(...)`, nested `and(...)`, each maybe negated). */
function conditionSql(relation: Relation, condition: Condition, params: unknown[]): string {
  if (!isLogicTree(condition)) return filterSql(relation, condition, params);
  const parts = condition.conditions.map((inner) => `(${conditionSql(relation, inner, params)})`);
  const sql = parts.join(` ${condition.logic} `);
  return condition.negated ? `not (${sql})` : `(${sql})`;
}

export function whereSql(relation: Relation, filters: Condition[], params: unknown[]): string {
  if (filters.length === 0) return "";
  return ` where ${filters.map((filter) => conditionSql(relation, filter, params)).join(" and ")}`;
}

export function orderSql(relation: Relation, order: OrderTerm[]): string {
  if (order.length === 0) return "";
  const terms = order.map((term) => {
    const column = `${quote(relation.name)}.${quote(checkColumn(relation, term.column))}`;
    const nulls = term.nulls ? ` nulls ${term.nulls}` : "";
    return `${column} ${term.descending ? "desc" : "asc"}${nulls}`;
  });
  return ` order by ${terms.join(", ")}`;
}

/**
 * Wraps a row source so Postgres itself writes the JSON, exactly as PostgREST does: the
 * rows as objects, or `value`, one of their columns (a function's scalars).
 */
export function aggregate(source: string, value = "_r"): string {
  return `select count(*)::int as n, coalesce(json_agg(${value}), '[]')::text as body, (json_agg(${value}) -> 0)::text as first from (${source}) _r`;
}

export interface Rows {
  n: number;
  body: string;
  first: string | null;
}

export const NO_ROWS: Rows = { n: 0, body: "[]", first: null };

/** The aggregate's one row (and any columns the query adds to it). */
export async function rowsOf<T extends Rows = Rows>(
  tx: Transaction,
  sql: string,
  params: unknown[],
): Promise<T> {
  const result = await tx.query<T>(sql, params);
  return result.rows[0] ?? (NO_ROWS as T);
}

/** The query planner's estimate of a query's rows (`count=planned`), from EXPLAIN. */
export async function plannedRows(
  tx: Transaction,
  sql: string,
  params: unknown[],
): Promise<number> {
  const result = await tx.query<{ "QUERY PLAN": unknown }>(`explain (format json) ${sql}`, params);
  const raw = result.rows[0]?.["QUERY PLAN"];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as {
    Plan?: { "Plan Rows"?: number };
  }[];
  return Math.round(plan[0]?.Plan?.["Plan Rows"] ?? 0);
}
