// Hostile content for the rendering group: what the content tables hold (read from the
// database catalog: columns, types and CHECK constraints), a hostile value for every
// text column and every string property of every JSON list item, hostile but valid
// addresses for the URL columns and for the list values that must be links or email
// addresses, and addresses the database must refuse.
//
// Every value carries a marker (~xq<id>qx~) saying which table, column, list key and
// row it was written to, so a check on the built pages can tell where any text came
// from. Markers use only letters, digits and "~": nothing escapes or encodes them.

import type { SupabaseClient } from "@supabase/supabase-js";
import { compareRows } from "../../src/lib/content/tables.ts";
import { CONTENT_TABLES, type ContentTable, TABLES } from "../../src/lib/schema/tables.ts";
import { createDatabase } from "../../supabase/local/database.ts";

/**
 * What a column holds. An enum holds one of its listed values and a code what its
 * pattern takes (country_code ~ '^[A-Z]{2}$'): hostile text can enter neither.
 */
export type ColumnKind = "text" | "image_url" | "link_url" | "email" | "enum" | "code" | "list";

/** The kinds of value private.list_values_are holds a list's key to. */
export type ListValueKind = "email" | "link";

export interface ListShape {
  required: string[];
  optional: string[];
  /** Keys whose values must be email addresses or links (private.list_values_are). */
  values: Record<string, ListValueKind>;
}

export interface ColumnInfo {
  table: ContentTable;
  column: string;
  dataType: string;
  nullable: boolean;
  kind: ColumnKind;
  /** Longest text the database takes (CHECK), when it says. */
  maxLength?: number;
  enumValues?: string[];
  /** A code column's pattern. */
  pattern?: string;
  list?: ListShape;
}

/** The longest string a JSON list item may hold (private.is_object_list). */
export const LIST_STRING_MAX = 2000;

/**
 * The content tables' columns from a freshly migrated database's catalog (no
 * mirror of the schema in the test): every text and jsonb column, with what its
 * CHECK constraints say about it.
 */
export async function readCatalog(): Promise<ColumnInfo[]> {
  const db = await createDatabase({ seed: false });
  try {
    const columns = await db.query<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
    }>(
      `select table_name, column_name, data_type, is_nullable
         from information_schema.columns
        where table_schema = 'public' and table_name = any($1)
        order by table_name, ordinal_position`,
      [CONTENT_TABLES],
    );
    const checks = await db.query<{ table_name: string; def: string }>(
      `select c.conrelid::regclass::text as table_name, pg_get_constraintdef(c.oid) as def
         from pg_constraint c
         join pg_namespace n on n.oid = c.connamespace
        where n.nspname = 'public' and c.contype = 'c'`,
    );
    const defsOf = (table: string) =>
      checks.rows.filter((row) => row.table_name.replace(/^public\./, "") === table);
    const result: ColumnInfo[] = [];
    for (const row of columns.rows) {
      if (row.data_type !== "text" && row.data_type !== "jsonb") continue;
      const info: ColumnInfo = {
        table: row.table_name as ContentTable,
        column: row.column_name,
        dataType: row.data_type,
        nullable: row.is_nullable === "YES",
        kind: row.data_type === "jsonb" ? "list" : "text",
      };
      for (const { def } of defsOf(row.table_name)) applyCheck(info, def);
      if (info.kind === "list" && !info.list) {
        throw new Error(`${info.table}.${info.column}: jsonb without an is_object_list check`);
      }
      result.push(info);
    }
    return result;
  } finally {
    await db.close();
  }
}

const quotedList = (text: string | undefined) =>
  [...(text ?? "").matchAll(/'([^']*)'::text/g)].map((m) => m[1] ?? "");

function applyCheck(info: ColumnInfo, def: string): void {
  const col = info.column;
  const named = (pattern: string, flags = "") =>
    new RegExp(pattern.replaceAll("COL", `"?${col}"?`), flags);
  let m = named(String.raw`char_length\(COL\) <= (\d+)`).exec(def);
  if (m) info.maxLength = Number(m[1]);
  m = named(String.raw`private\.nonblank\(COL, (\d+)\)`).exec(def);
  if (m) info.maxLength = Number(m[1]);
  if (named(String.raw`private\.is_image_url\(COL\)`).test(def)) info.kind = "image_url";
  if (named(String.raw`private\.is_link_url\(COL\)`).test(def)) info.kind = "link_url";
  if (named(String.raw`private\.is_email\(COL\)`).test(def)) info.kind = "email";
  m = named(String.raw`\(COL = ANY \(ARRAY\[([^\]]*)\]\)\)`).exec(def);
  if (m) {
    info.kind = "enum";
    info.enumValues = quotedList(m[1]);
  }
  // A constraint that is nothing but a pattern the whole value must match.
  m = named(String.raw`^CHECK \(\(COL ~ '((?:[^']|'')*)'::text\)\)$`).exec(def);
  if (m) {
    info.kind = "code";
    info.pattern = (m[1] ?? "").replaceAll("''", "'");
  }
  m = named(
    String.raw`private\.is_object_list\(COL, ARRAY\[([^\]]*)\](?:, ARRAY\[([^\]]*)\])?`,
  ).exec(def);
  if (m) info.list = { required: quotedList(m[1]), optional: quotedList(m[2]), values: {} };
  for (const value of def.matchAll(
    named(String.raw`private\.list_values_are\(COL, '([^']*)'::text, '([^']*)'::text\)`, "g"),
  )) {
    const [, key = "", kind = ""] = value;
    if (kind !== "email" && kind !== "link") {
      throw new Error(
        `${info.table}.${info.column}: no hostile values for list values of kind ${kind}`,
      );
    }
    if (info.list) info.list.values[key] = kind;
  }
}

// ---------------------------------------------------------------------------------
// Markers and hostile values

export interface Written {
  marker: string;
  table: ContentTable;
  column: string;
  /** For a JSON list: the item's index and the property. */
  item?: number;
  key?: string;
  rowId: string;
  value: string;
  kind: "text" | "image_url" | "link_url" | "email";
}

export const MARKER = /~xq([0-9a-z]+)qx~/g;

export class Markers {
  private next = 0;
  readonly byMarker = new Map<string, Written>();

  make(): string {
    this.next += 1;
    return `~xq${this.next.toString(36)}qx~`;
  }

  record(entry: Written): void {
    this.byMarker.set(entry.marker, entry);
  }

  all(): Written[] {
    return [...this.byMarker.values()];
  }
}

/** Markup and script pieces; every piece carries the marker, inside any element it would make. */
export const TEXT_PIECES: ((m: string) => string)[] = [
  (m) => `<script>window.__pwned="${m}"</script>`,
  (m) => `"><img src=x onerror=alert("${m}")>`,
  (m) => `'><svg onload=alert('${m}')>`,
  (m) => `</title><script>alert("${m}")</script>`,
  (m) => `</script><script>alert("${m}")</script>`,
  (m) => `{{7*7}} \${7*7} <%= 7*7 %> {% raw %}${m}`,
  (m) => `javascript:alert("${m}")`,
  (m) => `<a href="javascript:alert('${m}')">${m}</a>`,
  (m) => `<style>body{background:url("javascript:alert('${m}')")}</style>`,
  (m) => `<iframe srcdoc="<script>alert('${m}')</script>"></iframe>`,
  (m) => `&lt;b&gt;${m}&amp;&#x3C;i&#62;`,
  (m) => `\u202e${m}\u202c gnp.exe`,
  (m) => `${m}\u2028line\u2029para\nnext`,
  (m) => `<!--${m}`,
  (m) => `]]><![CDATA[${m}`,
  (m) => `<base href="https://x.example/${m}/">`,
  (m) => `<meta http-equiv="refresh" content="0;url=javascript:alert('${m}')">`,
  (m) =>
    `<form action="javascript:alert('${m}')"><button formaction="javascript:alert(1)">${m}</button></form>`,
  (m) => `<math><mi xlink:href="javascript:alert('${m}')">x</mi></math>`,
];

/** A very long word (no break opportunity), for columns that take one. */
export const longWord = (m: string, length: number) => `${m}${"W".repeat(length)}`;

/**
 * A hostile text of at most maxLength characters: the pieces from `offset` on, as
 * many as fit, separated by spaces (no leading or trailing whitespace: the site
 * trims some fields). Columns that take 1000 characters or more also get a long word.
 */
export function hostileText(marker: string, maxLength: number, offset: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; i < TEXT_PIECES.length; i++) {
    const piece = TEXT_PIECES[(offset + i) % TEXT_PIECES.length]?.(marker) ?? "";
    const extra = piece.length + (parts.length ? 1 : 0);
    if (length + extra > maxLength) continue;
    parts.push(piece);
    length += extra;
  }
  const long = longWord(marker, 1200);
  if (maxLength >= 1000 && length + long.length + 1 <= maxLength) parts.push(long);
  if (parts.length === 0) throw new Error(`no hostile piece fits in ${maxLength} characters`);
  return parts.join(" ");
}

/**
 * Health tip icons of a few non-letter characters are shown as the emoji itself
 * (src/lib/icons.ts): this one is all markup characters.
 */
export const SHORT_SYMBOL_ICON = `"'></>&`;

/** Link addresses the database accepts that still try to break out of an href. */
export function hostileLinks(m: string): string[] {
  return [
    `https://x.example/a&quot;onmouseover=alert(1)&amp;m=${m}`,
    `https://x.example/?q=%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E&m=${m}`,
    `https://x.example/{{7*7}}/${m}#javascript:alert(1)`,
    `https://x.example/a);background:url(javascript:alert(1));/${m}`,
    `/certificates/${m}.pdf?next=javascript:alert(1)&x=&lt;script&gt;`,
    `https://x.example:8443/${m}/%0d%0aSet-Cookie:x=1`,
  ];
}

/**
 * Email addresses the database accepts (something@host.tld without whitespace, angle
 * brackets, double quotes, brackets, commas, semicolons or colons) that still try to
 * break out of text, an href or a mailto: link: character references without their
 * semicolons, a single quote, template syntax, mail headers after a "?".
 */
export function hostileEmails(m: string): string[] {
  return [
    `${m}&lt&gt&quot&amp'onmouseover=alert\`1\`@x.example`,
    `{{7*7}}\${7*7}${m}@x.example?cc=all%40x.example&body=javascript%3Aalert`,
    `${m}'/*&#x3C&#60!--*/@x.example`,
    `${m}+--!&#x27|\`$\{1}@x-&gt.example`,
  ];
}

/**
 * Image addresses the database accepts that try the same: on the stand-in (a fast
 * 404: the area's placeholder is shown) or a site path with no file behind it.
 */
export function hostileImages(m: string, apiUrl: string): string[] {
  const media = `${apiUrl}/storage/v1/object/public/media`;
  return [
    `${media}/${m}&quot;onerror=alert(1).png`,
    `${media}/${m}.png?q=%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E`,
    `/images/${m}/{{7*7}}.png?x=javascript:alert(1)`,
    `${apiUrl}/x/${m});background:url(javascript:alert(1)).png`,
  ];
}

/** Addresses no URL column may take (link and image columns alike). */
export function refusedUrls(long: boolean): string[] {
  const list = [
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "JAVASCRIPT:alert(document.domain)",
    " javascript:alert(1)",
    "\tjavascript:alert(1)",
    "java\nscript:alert(1)",
    "java\tscript:alert(1)",
    "\u0001javascript:alert(1)",
    "javascript&colon;alert(1)",
    "javascript://x.example/%0aalert(1)",
    "vbscript:msgbox(1)",
    "VBScript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "DATA:text/html,<script>alert(1)</script>",
    "data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+",
    'data:image/png;base64,"><script>alert(1)</script>',
    "data:application/javascript,alert(1)",
    "file:///etc/passwd",
    "ftp://x.example/a.png",
    "//x.example/a.png",
    "/\\x.example/a.png",
    "\\\\x.example\\a.png",
    "https:x.example/a.png",
    "https://",
    'https://x.example/a"onmouseover="alert(1)',
    "https://x.example/a'onmouseover='alert(1)",
    "https://x.example/<script>",
    "https://x.example/?q=</script><script>alert(1)</script>",
    "https://x.example/a`b",
    "https://x.example/a b.png",
    "https://x.example/a\nb.png",
    "https://x.example/a\\b.png",
    "relative/a.png",
    "",
    `https://x.example/${"a".repeat(2100)}`,
  ];
  if (long) list.push(...generatedSchemes(300));
  return list;
}

/** Email addresses no list of email addresses may take. */
export function refusedEmails(): string[] {
  return [
    "<script>alert(1)</script>@x.example",
    '"><svg onload=alert(1)>@x.example',
    'a@x.example"onmouseover="alert(1)',
    "a@x.example<img src=x onerror=alert(1)>",
    "javascript:alert(1)//a@x.example",
    "mailto:a@x.example",
    "Mina <a@x.example>",
    "a@x.example,b@x.example",
    "a@x.example;b@x.example",
    "a@x.example\nBcc: b@x.example",
    "a b@x.example",
    "a\u00a0b@x.example",
    "a@[127.0.0.1]",
    "a(comment)@x.example",
    "a@x",
    "a@x.example.",
    "@x.example",
    "",
    `${"a".repeat(250)}@x.example`,
  ];
}

/** javascript:/vbscript:/data:text/html with random case, whitespace and control characters. */
function generatedSchemes(count: number): string[] {
  let seed = 20261122;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const fillers = [
    "",
    " ",
    "\t",
    "\n",
    "\r",
    "\u0000",
    "\u000b",
    "\u00a0",
    "\u200b",
    "%09",
    "&#9;",
  ];
  const bases = ["javascript:alert(1)", "vbscript:msgbox(1)", "data:text/html,<b>x</b>"];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const base = bases[i % bases.length] ?? "";
    let text = "";
    for (const char of base) {
      text += random() < 0.5 ? char.toUpperCase() : char;
      if (random() < 0.15) text += fillers[Math.floor(random() * fillers.length)];
    }
    // PostgreSQL text cannot hold NUL: the request itself is refused, which is fine,
    // but keep the case about the URL rule.
    out.push(text.replaceAll("\u0000", "\u0001"));
  }
  return out;
}

// ---------------------------------------------------------------------------------
// Writing the content

export type Row = Record<string, unknown>;

export interface WrittenContent {
  markers: Markers;
  /** Every table's rows as written (read back with the service role). */
  rows: Record<ContentTable, Row[]>;
  /** Per table, the ids of the rows the public site shows (active, and the newest only where it shows one). */
  shownRowIds: Record<ContentTable, Set<string>>;
}

/** Tables whose pages show one row (the newest active, or the only one). */
export const ONE_ROW_TABLES: ReadonlySet<ContentTable> = new Set(
  CONTENT_TABLES.filter((table) => TABLES[table].read.shows === "one"),
);

function maxOf(info: ColumnInfo): number {
  return info.maxLength ?? LIST_STRING_MAX;
}

/** Whether a table has an Active flag (the single records have none: visitors read them whole). */
const hasActiveFlag = (table: ContentTable) => "is_active" in TABLES[table].columns;

/**
 * Overwrites every row of every content table with hostile values and makes it
 * active where it has the flag (logo_settings: the database keeps one active logo,
 * so its newest row).
 */
export async function writeHostileContent(
  service: SupabaseClient,
  catalog: ColumnInfo[],
  apiUrl: string,
): Promise<WrittenContent> {
  const markers = new Markers();
  const rows = {} as Record<ContentTable, Row[]>;
  const shownRowIds = {} as Record<ContentTable, Set<string>>;
  let offset = 0;
  let linkIndex = 0;
  let imageIndex = 0;
  let emailIndex = 0;
  for (const table of CONTENT_TABLES) {
    const columns = catalog.filter((c) => c.table === table);
    const { data: current, error } = await service.from(table).select("*");
    if (error || !current) throw new Error(`could not read ${table}: ${error?.message}`);
    if (current.length === 0) throw new Error(`the seed has no ${table} row to overwrite`);
    const sorted = [...(current as Row[])].sort(
      compareRows(TABLES[table].read.order) as unknown as (a: Row, b: Row) => number,
    );
    for (const [rowIndex, row] of sorted.entries()) {
      const id = String(row.id);
      const patch: Row = {};
      for (const info of columns) {
        const text = (column: string, value: string, extra: Partial<Written> = {}) => {
          return { table, column, rowId: id, value, ...extra } as const;
        };
        if (info.kind === "enum" || info.kind === "code") continue;
        if (info.kind === "text") {
          const marker = markers.make();
          const value = hostileText(marker, maxOf(info), offset++);
          markers.record({ marker, ...text(info.column, value), kind: "text" });
          patch[info.column] = value;
        } else if (info.kind === "link_url") {
          const marker = markers.make();
          const list = hostileLinks(marker);
          const value = list[linkIndex++ % list.length] ?? "";
          markers.record({ marker, ...text(info.column, value), kind: "link_url" });
          patch[info.column] = value;
        } else if (info.kind === "email") {
          const marker = markers.make();
          const list = hostileEmails(marker);
          const value = list[emailIndex++ % list.length] ?? "";
          markers.record({ marker, ...text(info.column, value), kind: "email" });
          patch[info.column] = value;
        } else if (info.kind === "image_url") {
          const marker = markers.make();
          const list = hostileImages(marker, apiUrl);
          const value = list[imageIndex++ % list.length] ?? "";
          markers.record({ marker, ...text(info.column, value), kind: "image_url" });
          patch[info.column] = value;
        } else if (info.kind === "list" && info.list) {
          const keys = [...info.list.required, ...info.list.optional];
          const items: Record<string, string>[] = [];
          for (let item = 0; item < 3; item++) {
            const entry: Record<string, string> = {};
            for (const key of keys) {
              const marker = markers.make();
              let value: string;
              let kind: Written["kind"] = "text";
              if (key === "image_url") {
                const list = hostileImages(marker, apiUrl);
                value = list[imageIndex++ % list.length] ?? "";
                kind = "image_url";
              } else if (info.list.values[key] === "link") {
                const list = hostileLinks(marker);
                value = list[linkIndex++ % list.length] ?? "";
                kind = "link_url";
              } else if (info.list.values[key] === "email") {
                const list = hostileEmails(marker);
                value = list[emailIndex++ % list.length] ?? "";
                kind = "email";
              } else if (
                table === "medical_content" &&
                info.column === "health_tips" &&
                key === "icon" &&
                item === 0
              ) {
                // Shown as text: a few markup characters and no letter (no marker fits).
                value = SHORT_SYMBOL_ICON;
              } else {
                value = hostileText(marker, LIST_STRING_MAX, offset++);
              }
              if (value !== SHORT_SYMBOL_ICON) {
                markers.record({ marker, ...text(info.column, value, { item, key }), kind });
              }
              entry[key] = value;
            }
            items.push(entry);
          }
          patch[info.column] = items;
        }
      }
      if (hasActiveFlag(table)) {
        patch.is_active = table === "logo_settings" ? rowIndex === 0 : true;
      }
      // Where a row appears ('On the home page', 'On Our Team'): everywhere.
      for (const column of Object.keys(TABLES[table].columns)) {
        if (/^on_\w+_page$/.test(column)) patch[column] = true;
      }
      if (table === "logo_settings") {
        // One active logo at a time: deactivate the others first.
        if (rowIndex === 0) {
          const { error: off } = await service
            .from(table)
            .update({ is_active: false })
            .neq("id", id);
          if (off) throw new Error(`could not deactivate other logos: ${off.message}`);
        }
      }
      const { error: updateError } = await service.from(table).update(patch).eq("id", id);
      if (updateError) {
        throw new Error(`could not write hostile content into ${table}: ${updateError.message}`);
      }
    }
    const { data: written, error: readError } = await service.from(table).select("*");
    if (readError || !written)
      throw new Error(`could not read ${table} back: ${readError?.message}`);
    rows[table] = written as Row[];
    const active = (written as Row[])
      .filter((row) => !TABLES[table].read.activeOnly || row.is_active === true)
      .sort(compareRows(TABLES[table].read.order) as unknown as (a: Row, b: Row) => number);
    shownRowIds[table] = new Set(
      (ONE_ROW_TABLES.has(table) ? active.slice(0, 1) : active).map((row) => String(row.id)),
    );
  }
  return { markers, rows, shownRowIds };
}
