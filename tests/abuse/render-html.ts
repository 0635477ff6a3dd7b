// The checks the rendering group runs on every built page: hostile text stays text,
// hostile addresses stay inert, and what is serialised into island props or
// structured data round-trips to the exact stored string.
//
// An email address is text that may also be a link: shown whole as text, or as the
// target of a mailto: link to exactly that address.

import { createRequire } from "node:module";
import {
  type DefaultTreeAdapterTypes,
  defaultTreeAdapter,
  parse,
  html as parse5Html,
} from "parse5";
import type { Column } from "../../src/lib/schema/columns.ts";
import { TABLES } from "../../src/lib/schema/tables.ts";
import { lines } from "../../src/lib/text.ts";
import { MARKER, type Markers, type Written } from "./render-content.ts";

/** Whether the pages read the written column one item per line. */
export const isLines = (written: Written): boolean =>
  written.key === undefined &&
  (TABLES[written.table].columns as Record<string, Column>)[written.column]?.lines === true;

// jsdom ships no type declarations; only its constructor is needed here.
const { JSDOM } = createRequire(import.meta.url)("jsdom") as {
  JSDOM: new (
    html: string,
  ) => { window: { document: Document; NodeFilter: typeof NodeFilter }; serialize(): string };
};

export interface Case {
  name: string;
  ok: boolean;
  detail?: string;
}

export interface ParsedPage {
  path: string;
  html: string;
  document: Document;
  nodeFilter: typeof NodeFilter;
}

export function parsePage(path: string, html: string): ParsedPage {
  const dom = new JSDOM(html);
  return { path, html, document: dom.window.document, nodeFilter: dom.window.NodeFilter };
}

export function markersIn(text: string): string[] {
  return [...text.matchAll(MARKER)].map((m) => m[0]);
}

/** Attributes that hold an address a browser may load or navigate to. */
const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "srcset",
  "action",
  "formaction",
  "xlink:href",
  "poster",
  "data",
  "background",
  "cite",
  "ping",
  "codebase",
  "longdesc",
  "manifest",
  "icon",
  "lowsrc",
  "dynsrc",
]);

/** Elements no content may ever produce (and the site itself does not use). */
const FORBIDDEN_ELEMENTS = [
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "base",
  "math",
  "meta[http-equiv]",
  "svg script",
  "svg foreignObject",
  "svg animate",
  "svg set",
];

/** As a browser reads a URL's scheme: controls and whitespace dropped, lower case. */
export function normaliseUrl(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop them before reading the scheme
  return value.replace(/[\u0000-\u0020\u007f-\u009f]/g, "").toLowerCase();
}

const SAFE_DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|avif);base64,/;

/** Why an address is dangerous, or null. */
export function dangerousUrl(value: string): string | null {
  const url = normaliseUrl(value);
  if (url.startsWith("javascript:")) return "javascript: URL";
  if (url.startsWith("vbscript:")) return "vbscript: URL";
  if (url.startsWith("data:") && !SAFE_DATA_IMAGE.test(url))
    return "data: URL that is not an image";
  return null;
}

function urlsOf(name: string, value: string): string[] {
  if (name === "srcset") {
    return value
      .split(",")
      .map((candidate) => candidate.trim().split(/\s+/)[0] ?? "")
      .filter(Boolean);
  }
  return [value];
}

/** Astro's island props format (astro/dist/runtime/server/serialize.js) back to values. */
export function reviveProps(serialised: unknown): unknown {
  const revive = (entry: unknown): unknown => {
    if (!Array.isArray(entry)) return entry;
    const [type, value] = entry as [number, unknown];
    if (type === 0) {
      if (value && typeof value === "object" && !Array.isArray(value)) {
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]));
      }
      return value;
    }
    if (type === 1) return (value as unknown[]).map(revive);
    return value;
  };
  if (!serialised || typeof serialised !== "object") return serialised;
  return Object.fromEntries(Object.entries(serialised).map(([k, v]) => [k, revive(v)]));
}

export function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, out);
  else if (value && typeof value === "object")
    for (const item of Object.values(value)) stringsOf(item, out);
  return out;
}

export interface PageFindings {
  /** Every string a marker was found in, by where: text, attribute, island props, JSON-LD. */
  text: string[];
  attributes: { element: string; name: string; value: string }[];
  islandStrings: string[];
  jsonLdStrings: string[];
}

/**
 * Runs the per-page checks; returns the cases and what the page holds, for the
 * per-column checks across pages.
 */
export function checkPage(
  page: ParsedPage,
  markers: Markers,
  origin: string,
): { cases: Case[]; findings: PageFindings } {
  const { document: doc, html, path } = page;
  const cases: Case[] = [];
  const add = (name: string, problems: string[]) =>
    cases.push({
      name: `${path}: ${name}`,
      ok: problems.length === 0,
      detail: problems.slice(0, 3).join("; "),
    });
  const findings: PageFindings = { text: [], attributes: [], islandStrings: [], jsonLdStrings: [] };
  const lookup = (marker: string): Written | undefined => markers.byMarker.get(marker);
  const all = [...doc.querySelectorAll("*")];

  // 1. Scripts: bundles from /_astro/, JSON that parses, or the site's own inline code.
  const scripts = [...doc.querySelectorAll("script")];
  const scriptProblems: string[] = [];
  for (const script of scripts) {
    const src = script.getAttribute("src");
    const type = (script.getAttribute("type") ?? "").toLowerCase();
    const text = script.textContent ?? "";
    if (src !== null) {
      if (!src.startsWith("/_astro/")) scriptProblems.push(`script from ${src}`);
      if (text.trim()) scriptProblems.push(`script with src and text`);
    } else if (type === "application/ld+json" || type === "application/json") {
      if (text.includes("<")) scriptProblems.push(`raw "<" in a JSON script`);
      try {
        const parsed = JSON.parse(text);
        for (const value of stringsOf(parsed)) {
          if (markersIn(value).length) findings.jsonLdStrings.push(value);
        }
      } catch (error) {
        scriptProblems.push(`JSON script does not parse: ${(error as Error).message}`);
      }
    } else if (markersIn(text).length || /alert\(|__pwned/.test(text)) {
      scriptProblems.push(`inline script with content: ${text.slice(0, 80)}`);
    }
  }
  add("every script is a bundle, JSON or the site's own", scriptProblems);

  // 2. The raw HTML holds exactly one start and one end tag for each script element the
  // parser saw, and no script tag the parser dropped: no content closed a script early
  // (which leaves the script's real end tag closing nothing) or opened one (a "<script"
  // inside a double-quoted attribute value is inert, and is no tag).
  const tokens = tokenize(html);
  const opens = tokens.startTags.get("script") ?? 0;
  const closes = tokens.endTags.get("script") ?? 0;
  add(
    "the raw HTML opens and closes exactly the script elements the parser saw",
    opens === scripts.length && closes === scripts.length
      ? []
      : [`${opens} <script, ${closes} </script, ${scripts.length} script elements`],
  );

  // 3. No event handler attributes; 4. no dangerous address; 5. no script in CSS.
  const handlerProblems: string[] = [];
  const urlProblems: string[] = [];
  const cssProblems: string[] = [];
  for (const element of all) {
    for (const attr of [...element.attributes]) {
      const name = attr.name.toLowerCase();
      if (name.startsWith("on")) handlerProblems.push(`<${element.localName} ${attr.name}>`);
      const local =
        name.includes(":") && name !== "xlink:href" ? (name.split(":")[1] ?? name) : name;
      if (URL_ATTRIBUTES.has(local) || URL_ATTRIBUTES.has(name)) {
        for (const url of urlsOf(local, attr.value)) {
          const why = dangerousUrl(url);
          if (why)
            urlProblems.push(`<${element.localName} ${attr.name}="${url.slice(0, 60)}">: ${why}`);
        }
      }
      if (
        name === "style" &&
        /javascript:|vbscript:|expression\(|url\(\s*["']?\s*data:text/i.test(
          normaliseUrl(attr.value),
        )
      ) {
        cssProblems.push(`style="${attr.value.slice(0, 60)}"`);
      }
      if (markersIn(attr.value).length) {
        findings.attributes.push({
          element: element.localName,
          name: attr.name,
          value: attr.value,
        });
      }
    }
  }
  for (const style of doc.querySelectorAll("style")) {
    const text = style.textContent ?? "";
    if (markersIn(text).length) cssProblems.push("a <style> holds content");
    if (/url\(\s*["']?\s*(javascript|vbscript):|expression\(/i.test(normaliseUrl(text))) {
      cssProblems.push("a <style> loads script");
    }
  }
  add("no on* attribute", handlerProblems);
  add("no javascript:/vbscript:/data:text URL in any URL attribute", urlProblems);
  add("no script or content in CSS", cssProblems);

  // 6. No element content could have made.
  const forbidden = FORBIDDEN_ELEMENTS.flatMap((selector) =>
    doc.querySelectorAll(selector).length ? [selector] : [],
  );
  add("no iframe/object/embed/base/meta refresh/math/SVG script", forbidden);

  // 7. Pictures only from the build's own optimised files.
  const imageProblems: string[] = [];
  for (const element of doc.querySelectorAll("img, source")) {
    for (const name of ["src", "srcset"]) {
      const value = element.getAttribute(name);
      if (value === null) continue;
      for (const url of urlsOf(name, value)) {
        if (!url.startsWith("/_astro/") && url !== "/logo.svg") {
          imageProblems.push(`<${element.localName} ${name}="${url.slice(0, 60)}">`);
        }
      }
    }
  }
  add("every picture is a /_astro/ file (or the site's logo)", imageProblems);

  // 8. The head: one title, text only; meta tags hold text.
  const headProblems: string[] = [];
  const titles = doc.querySelectorAll("title");
  if (titles.length !== 1) headProblems.push(`${titles.length} <title> elements`);
  for (const title of titles) {
    if (title.children.length) headProblems.push("<title> has child elements");
    for (const marker of markersIn(title.textContent ?? "")) {
      const written = lookup(marker);
      if (!written || !(title.textContent ?? "").includes(written.value)) {
        headProblems.push(`<title> holds part of ${marker}`);
      }
    }
  }
  for (const child of doc.head?.children ?? []) {
    if (!["meta", "title", "link", "script", "style"].includes(child.localName)) {
      headProblems.push(`<${child.localName}> in the head`);
    }
  }
  for (const meta of doc.querySelectorAll("meta")) {
    if (meta.children.length) headProblems.push("<meta> with children");
    for (const marker of markersIn(meta.getAttribute("content") ?? "")) {
      const written = lookup(marker);
      if (!written || !(meta.getAttribute("content") ?? "").includes(written.value)) {
        headProblems.push(`<meta> holds part of ${marker}`);
      }
    }
  }
  add("the head holds one text-only title and text-only meta tags", headProblems);

  // 9. No comment holds content (a stray "<!--" would swallow the page).
  const commentProblems: string[] = [];
  const comments = doc.createTreeWalker(doc, page.nodeFilter.SHOW_COMMENT);
  for (let node = comments.nextNode(); node; node = comments.nextNode()) {
    if (markersIn(node.nodeValue ?? "").length)
      commentProblems.push((node.nodeValue ?? "").slice(0, 60));
  }
  add("no comment holds content", commentProblems);

  // 10. Per marker: where it shows, the whole stored value shows, as text.
  const texts = doc.createTreeWalker(doc.body ?? doc, page.nodeFilter.SHOW_TEXT);
  const seenInText = new Map<string, string[]>();
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.localName === "script" || parent.localName === "style") continue;
    for (const marker of markersIn(node.nodeValue ?? "")) {
      const list = seenInText.get(marker) ?? [];
      list.push(parent.textContent ?? "");
      seenInText.set(marker, list);
    }
  }
  for (const [marker, parents] of seenInText) {
    const written = lookup(marker);
    const problems: string[] = [];
    if (!written) problems.push("unknown marker");
    else if (written.kind !== "text" && written.kind !== "email")
      problems.push(`a ${written.kind} shown as text`);
    else {
      // A text read one item per line shows each line whole, on its own.
      const wholes = isLines(written) ? lines(written.value) : [written.value];
      for (const text of parents) {
        if (!wholes.some((whole) => text.includes(whole)))
          problems.push(`text "${text.slice(0, 80)}" is not the whole value`);
        else findings.text.push(text);
      }
    }
    add(`${marker} (${describe(written)}) is whole text where it shows`, problems);
  }

  // 11. Per marker in an attribute: a text value whole in alt/aria-label/title, an
  // island's props (checked below), a link address whole in href, or an email address
  // whole in those text attributes or as exactly mailto:<address> in href.
  const attrByMarker = new Map<string, { element: string; name: string; value: string }[]>();
  for (const attr of findings.attributes) {
    for (const marker of markersIn(attr.value)) {
      const list = attrByMarker.get(marker) ?? [];
      list.push(attr);
      attrByMarker.set(marker, list);
    }
  }
  for (const [marker, attrs] of attrByMarker) {
    const written = lookup(marker);
    const problems: string[] = [];
    for (const attr of attrs) {
      if (attr.element === "astro-island" && attr.name === "props") continue;
      if (!written) problems.push("unknown marker");
      else if (
        written.kind === "email" &&
        attr.element === "a" &&
        attr.name === "href" &&
        attr.value.startsWith("mailto:")
      ) {
        if (attr.value !== `mailto:${written.value}`) {
          problems.push(`<a href="${attr.value.slice(0, 60)}"> is not a link to the whole address`);
        }
      } else if (written.kind === "text" || written.kind === "email") {
        if (!["alt", "aria-label", "title", "content"].includes(attr.name)) {
          problems.push(`text in <${attr.element} ${attr.name}>`);
        } else if (!attr.value.includes(written.value)) {
          problems.push(`<${attr.element} ${attr.name}> holds part of the value`);
        }
      } else if (written.kind === "link_url") {
        if (!(attr.element === "a" && attr.name === "href" && attr.value === written.value)) {
          problems.push(`address in <${attr.element} ${attr.name}="${attr.value.slice(0, 60)}">`);
        }
      } else {
        problems.push(`image address in <${attr.element} ${attr.name}>`);
      }
    }
    add(`${marker} (${describe(written)}) is whole in its attributes`, problems);
  }

  // 12. Island props: parse back; every string with a marker holds the whole value.
  const islandProblems: string[] = [];
  for (const island of doc.querySelectorAll("astro-island")) {
    const raw = island.getAttribute("props") ?? "{}";
    let props: unknown;
    try {
      props = reviveProps(JSON.parse(raw));
    } catch (error) {
      islandProblems.push(`props do not parse: ${(error as Error).message}`);
      continue;
    }
    for (const value of stringsOf(props)) {
      const found = markersIn(value);
      if (!found.length) continue;
      findings.islandStrings.push(value);
      for (const marker of found) {
        const written = lookup(marker);
        const textual = written?.kind === "text" || written?.kind === "email";
        if (!textual || !value.includes(written.value)) {
          islandProblems.push(`props string with ${marker} is not the whole ${describe(written)}`);
        }
      }
    }
  }
  add("island props round-trip to the stored strings", islandProblems);

  // 13. Structured data: the organisation's record, each value exactly as stored, and
  // the logo's address, as an absolute URL of the stored one; nothing else.
  const jsonLdProblems: string[] = [];
  for (const value of findings.jsonLdStrings) {
    for (const marker of markersIn(value)) {
      const written = lookup(marker);
      let expected: string | null = null;
      if (written?.table === "logo_settings" && written.kind === "image_url") {
        expected = new URL(written.value, origin).href;
      } else if (written?.table === "organisation") {
        expected = written.value;
      }
      if (value !== expected)
        jsonLdProblems.push(`${marker} (${describe(written)}) in JSON-LD as ${value.slice(0, 60)}`);
    }
  }
  add(
    "structured data holds only the organisation's values and the logo address, whole",
    jsonLdProblems,
  );

  // 14. In the raw HTML every marker sits in data, a double-quoted attribute value,
  // the title's text or a JSON script: never in an unquoted or single-quoted value, a
  // tag, a comment, code or CSS. So no "</script" or quote from content can end its
  // context, whatever the parser would make of it.
  const SAFE_CONTEXTS: RawContext[] = [
    "data",
    "attribute (double-quoted)",
    "rcdata",
    "script (JSON)",
  ];
  const contextsOf = new Map<string, Set<RawContext>>();
  for (const match of html.matchAll(MARKER)) {
    const set = contextsOf.get(match[0]) ?? new Set<RawContext>();
    set.add(contextAt(tokens, match.index ?? 0));
    contextsOf.set(match[0], set);
  }
  for (const [marker, contexts] of contextsOf) {
    const bad = [...contexts].filter((context) => !SAFE_CONTEXTS.includes(context));
    add(
      `${marker} (${describe(lookup(marker))}) is only in data or double-quoted values in the raw HTML`,
      bad.map((context) => `found in ${context}`),
    );
  }

  return { cases, findings };
}

export function describe(written: Written | undefined): string {
  if (!written) return "unknown";
  const key = written.key !== undefined ? `[${written.item}].${written.key}` : "";
  return `${written.table}.${written.column}${key}`;
}

// ---------------------------------------------------------------------------------
// The raw HTML's contexts, as parse5 reads it with source locations: every node of its
// tree (start and end tags with each attribute, text, comments, the doctype) says
// which stretch of the raw HTML it came from, so each character is known to be data,
// a quoted or unquoted attribute value, a tag or attribute name, a comment, or the text
// of a script, a style or a title. What the parser dropped (an end tag that closed
// nothing, a second <body>) is no node at all; it is marked as such.

export type RawContext =
  | "data"
  | "attribute (double-quoted)"
  | "attribute (single-quoted)"
  | "attribute (unquoted)"
  | "tag"
  | "comment"
  | "doctype"
  | "script (JSON)"
  | "script"
  | "style"
  | "rcdata"
  | "raw text"
  | "markup the parser dropped";

export interface RawSegment {
  context: RawContext;
  start: number;
  end: number;
}

export interface RawTokens {
  /** Consecutive stretches covering the whole document, each in one context. */
  segments: RawSegment[];
  /**
   * Start and end tags in the raw HTML, by lower-case name: those of the elements
   * the parser built, and those it dropped.
   */
  startTags: Map<string, number>;
  endTags: Map<string, number>;
}

/** Elements whose text is read as text, not markup: titles and text areas. */
const RCDATA = new Set(["title", "textarea"]);
/** Elements whose text is not even read for character references. */
const RAW_TEXT = new Set(["xmp", "iframe", "noembed", "noframes", "plaintext"]);
const JSON_TYPES = new Set(["application/ld+json", "application/json"]);
const CONTEXTS: RawContext[] = [
  "markup the parser dropped",
  "data",
  "attribute (double-quoted)",
  "attribute (single-quoted)",
  "attribute (unquoted)",
  "tag",
  "comment",
  "doctype",
  "script (JSON)",
  "script",
  "style",
  "rcdata",
  "raw text",
];
const DROPPED = 0;
const WHITESPACE = /[\t\n\f\r ]/;
/** A start or end tag's opening, in markup the parser dropped. */
const TAG_OPENING = /<(\/?)([a-zA-Z][^\t\n\f\r />]*)/g;

type P5Node = DefaultTreeAdapterTypes.Node;
type P5Element = DefaultTreeAdapterTypes.Element;
type P5Template = DefaultTreeAdapterTypes.Template;

/**
 * parse5's own tree adapter, except that text is never appended to the text before
 * it: parse5 joins adjacent text and stretches its location over whatever the parser
 * dropped in between, while one node per stretch of characters keeps every location
 * exact.
 */
const exactTextAdapter: typeof defaultTreeAdapter = {
  ...defaultTreeAdapter,
  insertText(parent, text) {
    defaultTreeAdapter.appendChild(parent, defaultTreeAdapter.createTextNode(text));
  },
  insertTextBefore(parent, text, reference) {
    defaultTreeAdapter.insertBefore(parent, defaultTreeAdapter.createTextNode(text), reference);
  },
};

function textContext(parent: P5Node | null): RawContext {
  if (!parent || !defaultTreeAdapter.isElementNode(parent)) return "data";
  const name = parent.tagName;
  if (name === "script") {
    const type = parent.attrs.find((attr) => attr.name === "type")?.value.toLowerCase() ?? "";
    return JSON_TYPES.has(type) ? "script (JSON)" : "script";
  }
  if (name === "style") return "style";
  if (parent.namespaceURI !== parse5Html.NS.HTML) return "data";
  if (RCDATA.has(name)) return "rcdata";
  if (RAW_TEXT.has(name)) return "raw text";
  return "data";
}

export function tokenize(source: string): RawTokens {
  // As jsdom parses (scripting off: <noscript> holds markup, not text).
  const document = parse(source, {
    sourceCodeLocationInfo: true,
    scriptingEnabled: false,
    treeAdapter: exactTextAdapter,
  });
  const contexts = new Uint8Array(source.length).fill(DROPPED);
  const paint = (context: RawContext, start: number, end: number) =>
    contexts.fill(CONTEXTS.indexOf(context), start, end);
  const startTags = new Map<string, number>();
  const endTags = new Map<string, number>();
  const bump = (map: Map<string, number>, name: string) => map.set(name, (map.get(name) ?? 0) + 1);

  const elements: P5Element[] = [];
  const visit = (node: P5Node) => {
    const location = node.sourceCodeLocation;
    if (defaultTreeAdapter.isTextNode(node)) {
      if (location) paint(textContext(node.parentNode), location.startOffset, location.endOffset);
    } else if (defaultTreeAdapter.isCommentNode(node)) {
      if (location) paint("comment", location.startOffset, location.endOffset);
    } else if (defaultTreeAdapter.isDocumentTypeNode(node)) {
      if (location) paint("doctype", location.startOffset, location.endOffset);
    }
    if (!("childNodes" in node)) return;
    if (defaultTreeAdapter.isElementNode(node)) elements.push(node);
    const children = [...node.childNodes];
    if (node.nodeName === "template") {
      children.push(...defaultTreeAdapter.getTemplateContent(node as P5Template).childNodes);
    }
    for (const child of children) visit(child);
  };
  visit(document);

  // Tags after text, so that nothing text claimed can hide a tag. A formatting element
  // the parser reopens (a <b> carried into the next paragraph) shares its first start
  // tag's location: each tag counts once.
  const counted = new Set<number>();
  for (const element of elements) {
    const { startTag, endTag, attrs } = element.sourceCodeLocation ?? {};
    if (startTag && !counted.has(startTag.startOffset)) {
      counted.add(startTag.startOffset);
      bump(startTags, element.tagName);
      paint("tag", startTag.startOffset, startTag.endOffset);
      for (const [name, at] of Object.entries(attrs ?? {})) {
        // name, then optionally: spaces, "=", spaces, the value (quoted or not).
        let i = at.startOffset + name.length;
        while (i < at.endOffset && WHITESPACE.test(source[i] ?? "")) i++;
        if (source[i] !== "=") continue;
        i++;
        while (i < at.endOffset && WHITESPACE.test(source[i] ?? "")) i++;
        const quote = source[i];
        if (quote === '"' || quote === "'") {
          const closed = source[at.endOffset - 1] === quote && at.endOffset - 1 > i;
          paint(
            quote === '"' ? "attribute (double-quoted)" : "attribute (single-quoted)",
            i + 1,
            closed ? at.endOffset - 1 : at.endOffset,
          );
        } else {
          paint("attribute (unquoted)", i, at.endOffset);
        }
      }
    }
    if (endTag && !counted.has(endTag.startOffset)) {
      counted.add(endTag.startOffset);
      bump(endTags, element.tagName);
      paint("tag", endTag.startOffset, endTag.endOffset);
    }
  }

  const segments: RawSegment[] = [];
  for (let start = 0; start < source.length; ) {
    const code = contexts[start] ?? DROPPED;
    let end = start + 1;
    while (end < source.length && contexts[end] === code) end++;
    const context = CONTEXTS[code] ?? "markup the parser dropped";
    segments.push({ context, start, end });
    if (code === DROPPED) {
      for (const [, slash, name] of source.slice(start, end).matchAll(TAG_OPENING)) {
        bump(slash ? endTags : startTags, (name ?? "").toLowerCase());
      }
    }
    start = end;
  }
  return { segments, startTags, endTags };
}

/** The context of the character at `index`. */
export function contextAt(tokens: RawTokens, index: number): RawContext {
  let lo = 0;
  let hi = tokens.segments.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const segment = tokens.segments[mid] as RawSegment;
    if (index < segment.start) hi = mid - 1;
    else if (index >= segment.end) lo = mid + 1;
    else return segment.context;
  }
  return "data";
}

/**
 * The words a page shows that hold no content: every visible text (a text node outside
 * scripts and styles, its spaces collapsed) with no marker in it, that is not only
 * figures, punctuation and symbols. With every content text written with a marker,
 * these are the words the code itself puts on the page.
 */
export function wordsFromCode(page: ParsedPage): string[] {
  const doc = page.document;
  const texts = doc.createTreeWalker(doc.body ?? doc, page.nodeFilter.SHOW_TEXT);
  const found = new Set<string>();
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    const parent = node.parentElement;
    if (!parent || ["script", "style", "template"].includes(parent.localName)) continue;
    const text = (node.nodeValue ?? "").replace(/\s+/g, " ").trim();
    if (text === "" || markersIn(text).length > 0) continue;
    if (/^[\p{N}\p{P}\p{S}\s]+$/u.test(text)) continue;
    found.add(text);
  }
  return [...found];
}
