// Parses PostgREST's query language (select, filters with or/and logic trees, order,
// limit, offset, columns, on_conflict) into a plan. Pure: no SQL, no I/O.

export class RestParseError extends Error {
  readonly details: string | null;

  constructor(message: string, details: string | null = null) {
    super(message);
    this.details = details;
  }
}

/**
 * Valid PostgREST that the stand-in does not play (embedded resources, casts, JSON
 * paths, the operators it lacks): refused out loud, never read some other way.
 */
export class NotPlayedError extends Error {
  readonly feature: string;

  constructor(feature: string) {
    super(feature);
    this.feature = feature;
  }
}

/** Operators PostgREST has and the stand-in does not play. */
const NOT_PLAYED_OPERATORS =
  /^(match|imatch|isdistinct|fts|plfts|phfts|wfts|cs|cd|ov|sl|sr|nxr|nxl|adj)(\(\w*\))?$|^\w+\((any|all)\)$/;

export type FilterOperator =
  | "eq"
  | "neq"
  | "gt"
  | "gte"
  | "lt"
  | "lte"
  | "like"
  | "ilike"
  | "in"
  | "is";

export interface Filter {
  column: string;
  operator: FilterOperator;
  negated: boolean;
  /** A single literal, or the list for `in`. */
  value: string | string[];
}

/** `or=(...)`, `and=(...)` and their `not.` forms; nested as `or(...)` inside a tree. */
export interface LogicTree {
  logic: "or" | "and";
  negated: boolean;
  conditions: Condition[];
}

/** One condition of a request: all of them must hold. */
export type Condition = Filter | LogicTree;

export function isLogicTree(condition: Condition): condition is LogicTree {
  return "logic" in condition;
}

export interface SelectItem {
  column: string | "*";
  alias?: string;
}

export interface OrderTerm {
  column: string;
  descending: boolean;
  nulls?: "first" | "last";
}

export interface QueryPlan {
  select: SelectItem[];
  /** On a GET or HEAD of a function: the parameters that are its arguments (no operator). */
  args: Record<string, string>;
  filters: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  columns?: string[];
  onConflict?: string[];
}

const RESERVED = new Set(["select", "order", "limit", "offset", "columns", "on_conflict"]);
const OPERATORS = new Set<string>([
  "eq",
  "neq",
  "gt",
  "gte",
  "lt",
  "lte",
  "like",
  "ilike",
  "in",
  "is",
]);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$]*$/;

function identifier(name: string, what: string): string {
  const trimmed = name.trim();
  if (trimmed.includes("->")) throw new NotPlayedError(`A JSON path (${trimmed}) in ${what}`);
  if (!IDENTIFIER.test(trimmed))
    throw new RestParseError(`failed to parse ${what}`, `Unexpected name "${name}"`);
  return trimmed;
}

export function parseSelect(raw: string | undefined): SelectItem[] {
  if (raw === undefined || raw.trim() === "" || raw.trim() === "*") return [{ column: "*" }];
  return raw.split(",").map((part) => {
    const item = part.trim();
    if (item === "*") return { column: "*" };
    if (/[(!]|::|->|^\.\.\./.test(item)) {
      throw new NotPlayedError(
        `A select item with an embedded resource, a cast, a JSON path or an aggregate ("${item}")`,
      );
    }
    const [alias, column] = item.includes(":") ? item.split(":", 2) : [undefined, item];
    return alias === undefined
      ? { column: identifier(column ?? "", "select parameter") }
      : {
          column: identifier(column ?? "", "select parameter"),
          alias: identifier(alias, "select parameter"),
        };
  });
}

/** Splits `a,"b,c",d` into items, honouring double quotes and backslash escapes. */
export function splitList(raw: string): string[] {
  const items: string[] = [];
  let current = "";
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < raw.length; i += 1) {
    const char = raw[i];
    if (char === "\\" && i + 1 < raw.length) {
      current += raw[i + 1];
      i += 1;
    } else if (char === '"') {
      // A quoted item is exactly its quoted text: whitespace around the quotes goes.
      if (!quoted && !wasQuoted) current = "";
      quoted = !quoted;
      wasQuoted = true;
    } else if (wasQuoted && !quoted && char !== ",") {
      if (char?.trim())
        throw new RestParseError("failed to parse filter", "Unexpected text after a quoted item");
    } else if (char === "," && !quoted) {
      items.push(wasQuoted ? current : current.trim());
      current = "";
      wasQuoted = false;
    } else {
      current += char;
    }
  }
  if (quoted) throw new RestParseError("failed to parse filter", "Unclosed double quote in a list");
  items.push(wasQuoted ? current : current.trim());
  return items;
}

export function parseFilter(column: string, raw: string): Filter {
  let rest = raw;
  let negated = false;
  if (rest.startsWith("not.")) {
    negated = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf(".");
  const operator = dot === -1 ? rest : rest.slice(0, dot);
  if (NOT_PLAYED_OPERATORS.test(operator)) {
    throw new NotPlayedError(`The filter operator "${operator}" (in "${column}=${raw}")`);
  }
  if (!OPERATORS.has(operator) || dot === -1) {
    throw new RestParseError(
      `failed to parse filter (${raw})`,
      `Unknown or incomplete operator in "${column}=${raw}"`,
    );
  }
  const value = rest.slice(dot + 1);
  const name = identifier(column, `filter (${raw})`);
  if (operator === "in") {
    if (!value.startsWith("(") || !value.endsWith(")")) {
      throw new RestParseError(
        `failed to parse filter (${raw})`,
        "An in-list must be wrapped in parentheses",
      );
    }
    const inner = value.slice(1, -1);
    return { column: name, operator: "in", negated, value: inner === "" ? [] : splitList(inner) };
  }
  if (
    operator === "is" &&
    !["null", "true", "false", "unknown", "not_null"].includes(value.toLowerCase())
  ) {
    throw new RestParseError(
      `failed to parse filter (${raw})`,
      `"is" takes null, true, false or unknown, not "${value}"`,
    );
  }
  return { column: name, operator: operator as FilterOperator, negated, value };
}

export function parseOrder(raw: string | undefined): OrderTerm[] {
  if (!raw) return [];
  return raw.split(",").map((term) => {
    const [column, ...modifiers] = term.trim().split(".");
    if (column?.includes("("))
      throw new NotPlayedError(`An order on an embedded resource ("${term}")`);
    const result: OrderTerm = { column: identifier(column ?? "", "order"), descending: false };
    for (const modifier of modifiers) {
      if (modifier === "asc") result.descending = false;
      else if (modifier === "desc") result.descending = true;
      else if (modifier === "nullsfirst") result.nulls = "first";
      else if (modifier === "nullslast") result.nulls = "last";
      else
        throw new RestParseError("failed to parse order", `Unknown order modifier "${modifier}"`);
    }
    return result;
  });
}

function nonNegativeInteger(raw: string | undefined, what: string): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d{1,9}$/.test(raw.trim()))
    throw new RestParseError(`failed to parse ${what}`, `"${raw}" is not a whole number`);
  return Number(raw);
}

function parseColumnList(raw: string | undefined, what: string): string[] | undefined {
  if (raw === undefined) return undefined;
  return splitList(raw).map((name) => identifier(name, what));
}

/**
 * Splits a logic tree's inside at its top-level commas: commas inside double quotes
 * (with backslash escapes) or inside parentheses (a nested tree, an in-list) stay.
 */
function splitTree(raw: string, whole: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < raw.length; i += 1) {
    const char = raw[i];
    if (quoted) {
      if (char === "\\") i += 1;
      else if (char === '"') quoted = false;
    } else if (char === '"') {
      quoted = true;
    } else if (char === "(") {
      depth += 1;
    } else if (char === ")") {
      depth -= 1;
      if (depth < 0) break;
    } else if (char === "," && depth === 0) {
      items.push(raw.slice(start, i));
      start = i + 1;
    }
  }
  if (quoted || depth !== 0) {
    throw new RestParseError(
      `failed to parse logic tree (${whole})`,
      "Unbalanced quotes or parentheses",
    );
  }
  items.push(raw.slice(start));
  return items;
}

/** A value inside a logic tree: a double-quoted one is its text, backslash escapes undone. */
function treeValue(raw: string, whole: string): string {
  if (!raw.startsWith('"')) return raw;
  if (raw.length < 2 || !raw.endsWith('"')) {
    throw new RestParseError(`failed to parse logic tree (${whole})`, "Unclosed double quote");
  }
  let out = "";
  const inner = raw.slice(1, -1);
  for (let i = 0; i < inner.length; i += 1) {
    const char = inner[i];
    if (char === "\\" && i + 1 < inner.length) {
      out += inner[i + 1];
      i += 1;
    } else if (char === '"') {
      throw new RestParseError(
        `failed to parse logic tree (${whole})`,
        "Unexpected double quote in a value",
      );
    } else {
      out += char;
    }
  }
  return out;
}

const TREE = /^(not\.)?(or|and)\((.*)\)$/s;
/** Logic trees nest at most this deep (a request is not a program). */
const MAX_TREE_DEPTH = 8;

function parseTreeItem(item: string, whole: string, depth: number): Condition {
  const tree = TREE.exec(item);
  if (tree)
    return parseTree(tree[2] as "or" | "and", Boolean(tree[1]), tree[3] ?? "", whole, depth);
  const dot = item.indexOf(".");
  if (dot <= 0) {
    throw new RestParseError(`failed to parse logic tree (${whole})`, `Unexpected "${item}"`);
  }
  const column = item.slice(0, dot);
  let rest = item.slice(dot + 1);
  const negated = rest.startsWith("not.");
  if (negated) rest = rest.slice(4);
  const opDot = rest.indexOf(".");
  const operator = opDot === -1 ? rest : rest.slice(0, opDot);
  const value = opDot === -1 ? "" : rest.slice(opDot + 1);
  // An in-list keeps its own quoting (parseFilter reads it); other values may be quoted.
  const text = operator === "in" ? value : treeValue(value, whole);
  return parseFilter(column, `${negated ? "not." : ""}${operator}.${text}`);
}

function parseTree(
  logic: "or" | "and",
  negated: boolean,
  inside: string,
  whole: string,
  depth = 0,
): LogicTree {
  if (depth >= MAX_TREE_DEPTH) {
    throw new RestParseError(`failed to parse logic tree (${whole})`, "Nested too deeply");
  }
  if (inside.trim() === "") {
    throw new RestParseError(`failed to parse logic tree (${whole})`, "An empty logic tree");
  }
  const conditions = splitTree(inside, whole).map((item) => parseTreeItem(item, whole, depth + 1));
  return { logic, negated, conditions };
}

/** `or=(a.eq.1,b.eq.2)` and friends: the key says which, the value is the tree. */
function parseLogicParam(key: string, value: string): LogicTree {
  const negated = key.startsWith("not.");
  const logic = negated ? key.slice(4) : key;
  if ((logic !== "or" && logic !== "and") || !value.startsWith("(") || !value.endsWith(")")) {
    throw new RestParseError(
      `failed to parse logic tree (${value})`,
      `"${key}=${value}" is not a logic tree like or=(a.eq.1,b.eq.2)`,
    );
  }
  return parseTree(logic, negated, value.slice(1, -1), value);
}

/** A value that starts with an operator, as PostgREST tells a filter from an argument. */
const HAS_OPERATOR =
  /^(not\.)?(eq|neq|gt|gte|lt|lte|like|ilike|match|imatch|in|is|isdistinct|fts|plfts|phfts|wfts|cs|cd|ov|sl|sr|nxr|nxl|adj)(\([^)]*\))?\./;

/**
 * The query string as PostgREST reads it. On a GET or HEAD of a function
 * (`rpcRead`), a parameter whose value has no operator is one of its arguments.
 */
export function parseQuery(params: URLSearchParams, rpcRead = false): QueryPlan {
  const filters: Condition[] = [];
  const args: Record<string, string> = {};
  for (const [key, value] of params) {
    if (RESERVED.has(key) || key === "apikey") continue;
    if (/^(not\.)?(or|and)$/.test(key)) {
      filters.push(parseLogicParam(key, value));
      continue;
    }
    if (key.includes(".")) {
      throw new NotPlayedError(`A filter, order or limit on an embedded resource ("${key}")`);
    }
    if (rpcRead && !HAS_OPERATOR.test(value)) {
      args[key] = value;
      continue;
    }
    filters.push(parseFilter(key, value));
  }
  return {
    select: parseSelect(params.get("select") ?? undefined),
    args,
    filters,
    order: parseOrder(params.get("order") ?? undefined),
    limit: nonNegativeInteger(params.get("limit") ?? undefined, "limit"),
    offset: nonNegativeInteger(params.get("offset") ?? undefined, "offset"),
    columns: parseColumnList(params.get("columns") ?? undefined, "columns"),
    onConflict: parseColumnList(params.get("on_conflict") ?? undefined, "on_conflict"),
  };
}
