// AVIF (ISO base media file format): a walk over the boxes. Picture data is located by
// absolute file offsets (the `iloc` box), so nothing may move: what is removed is
// either overwritten in place or made up for by a `free` box of the same size.
//
// - Exif, XMP and every other item that is not a picture (`mime`, `uri `, ...) are
//   removed: their entries leave `iinf`, `iloc`, `iref` and `ipma`, their bytes are
//   overwritten with zeros, and a top-level `free` box takes up the room the shorter
//   `meta` box leaves, so every offset stays true.
// - Unknown boxes at the top level, in `meta`, and `udta`/`meta`/`uuid` boxes in a
//   sequence's `moov`, become `free` boxes of the same size, zero-filled; so do item
//   properties that drawing does not use (a description, a creation time, ...).
// - Existing `free`/`skip` boxes are zero-filled.
// Refused rather than changed: a file where a picture is a metadata item or depends on
// one, whose metadata shares bytes with picture data, that locates data in ways not
// walked here (another file, an item's offset, old-style item entries), or that uses
// the minimised `mini` header instead of `meta`.
import {
  ascii,
  concat,
  damaged,
  latin1,
  MAX_PARTS,
  need,
  putU16be,
  putU32be,
  type Removed,
  u16be,
  u32be,
  uintbe,
  unremovable,
} from "./binary.ts";

/** Item types that are pictures, or built from pictures. */
const PICTURE_ITEMS = new Set(["av01", "grid", "iovl", "iden", "tmap"]);
/** Item properties that drawing uses. */
const RENDERING_PROPERTIES = new Set([
  "ispe",
  "pixi",
  "av1C",
  "colr",
  "irot",
  "imir",
  "clap",
  "pasp",
  "auxC",
  "clli",
  "mdcv",
  "cclv",
  "amve",
  "a1op",
  "lsel",
  "a1lx",
  "rloc",
]);
const META_CHILDREN = new Set([
  "hdlr",
  "pitm",
  "iinf",
  "iloc",
  "iref",
  "iprp",
  "idat",
  "dinf",
  "grpl",
]);
const TOP_LEVEL = new Set(["ftyp", "meta", "mdat", "moov"]);
const FREE = new Set(["free", "skip"]);
/** Boxes in a sequence's movie box that hold metadata, and the containers to look in. */
const MOVIE_METADATA = new Set(["udta", "meta", "uuid"]);
const MOVIE_CONTAINERS = new Set(["trak", "mdia", "minf"]);

interface Box {
  type: string;
  start: number;
  /** Where the payload starts, after the size, type, 64-bit size and uuid. */
  body: number;
  end: number;
}

function readBox(bytes: Uint8Array, at: number, limit: number): Box {
  need(bytes, at, 8, "a box header");
  let size = u32be(bytes, at);
  const type = latin1(bytes, at + 4, 4);
  let body = at + 8;
  if (size === 1) {
    size = uintbe(bytes, at + 8, 8);
    body += 8;
  } else if (size === 0) {
    size = limit - at;
  }
  if (type === "uuid") body += 16;
  if (size < body - at || at + size > limit) {
    throw damaged(`the ${JSON.stringify(type)} box has an impossible size`);
  }
  return { type, start: at, body, end: at + size };
}

function children(bytes: Uint8Array, from: number, to: number): Box[] {
  const found: Box[] = [];
  for (let at = from; at < to; ) {
    if (found.length >= MAX_PARTS) throw damaged(`a box holds more than ${MAX_PARTS} boxes`);
    const box = readBox(bytes, at, to);
    found.push(box);
    at = box.end;
  }
  return found;
}

function box(type: string, parts: Uint8Array[]): Uint8Array {
  const header = new Uint8Array(8);
  putU32be(header, 0, 8 + parts.reduce((sum, part) => sum + part.length, 0));
  header.set(ascii(type), 4);
  return concat([header, ...parts]);
}

function u16(value: number): Uint8Array {
  const out = new Uint8Array(2);
  putU16be(out, 0, value);
  return out;
}

function u32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  putU32be(out, 0, value);
  return out;
}

interface Item {
  id: number;
  type: string;
  box: Box;
}

interface Extent {
  /** 0: a file offset; 1: an offset in `idat`. */
  method: number;
  from: number;
  to: number;
}

interface Location {
  id: number;
  start: number;
  end: number;
  extents: Extent[];
}

interface Reference {
  box: Box;
  from: number;
  to: number[];
}

const fullBoxVersion = (bytes: Uint8Array, box: Box) => {
  need(bytes, box.body, 4, `the ${box.type} box`);
  return bytes[box.body] as number;
};

function parseItems(bytes: Uint8Array, iinf: Box): Item[] {
  const version = fullBoxVersion(bytes, iinf);
  const count = version === 0 ? u16be(bytes, iinf.body + 4) : u32be(bytes, iinf.body + 4);
  const entries = children(bytes, iinf.body + (version === 0 ? 6 : 8), iinf.end);
  if (entries.length !== count || entries.some((entry) => entry.type !== "infe")) {
    throw damaged("the AVIF's item list does not match its count");
  }
  return entries.map((entry) => {
    const entryVersion = fullBoxVersion(bytes, entry);
    if (entryVersion < 2) throw unremovable("the AVIF uses old-style item entries");
    const wide = entryVersion >= 3;
    const id = wide ? u32be(bytes, entry.body + 4) : u16be(bytes, entry.body + 4);
    const type = latin1(bytes, entry.body + (wide ? 10 : 8), 4);
    if (entry.body + (wide ? 14 : 12) > entry.end) throw damaged("an AVIF item entry is too short");
    return { id, type, box: entry };
  });
}

function parseLocations(bytes: Uint8Array, iloc: Box, idatSize: number): Location[] {
  const version = fullBoxVersion(bytes, iloc);
  if (version > 2) throw damaged("the AVIF's item locations have an unknown version");
  let at = iloc.body + 4;
  need(bytes, at, 2, "the item locations");
  const offsetSize = (bytes[at] as number) >> 4;
  const lengthSize = (bytes[at] as number) & 0x0f;
  const baseSize = (bytes[at + 1] as number) >> 4;
  const indexSize = version > 0 ? (bytes[at + 1] as number) & 0x0f : 0;
  at += 2;
  const count = version < 2 ? u16be(bytes, at) : u32be(bytes, at);
  at += version < 2 ? 2 : 4;
  const locations: Location[] = [];
  let extentsSeen = 0;
  for (let n = 0; n < count; n += 1) {
    const start = at;
    const id = version < 2 ? u16be(bytes, at) : u32be(bytes, at);
    at += version < 2 ? 2 : 4;
    let method = 0;
    if (version > 0) {
      method = u16be(bytes, at) & 0x0f;
      at += 2;
    }
    const reference = u16be(bytes, at);
    at += 2;
    const base = uintbe(bytes, at, baseSize);
    at += baseSize;
    const extentCount = u16be(bytes, at);
    at += 2;
    extentsSeen += extentCount;
    if (extentsSeen > MAX_PARTS) throw damaged(`the AVIF has more than ${MAX_PARTS} item extents`);
    const extents: Extent[] = [];
    for (let e = 0; e < extentCount; e += 1) {
      at += indexSize;
      const offset = uintbe(bytes, at, offsetSize);
      at += offsetSize;
      const length = uintbe(bytes, at, lengthSize);
      at += lengthSize;
      const from = base + offset;
      if (method === 0 && reference === 0) {
        extents.push({ method, from, to: length === 0 ? bytes.length : from + length });
      } else if (method === 1) {
        extents.push({ method, from, to: length === 0 ? idatSize : from + length });
      } else {
        extents.push({ method: -1, from, to: from + length });
      }
    }
    if (at > iloc.end) throw damaged("the AVIF's item locations run past their box");
    locations.push({ id, start, end: at, extents });
  }
  return locations;
}

function parseReferences(bytes: Uint8Array, iref: Box): Reference[] {
  const version = fullBoxVersion(bytes, iref);
  const read = (at: number) => (version === 0 ? u16be(bytes, at) : u32be(bytes, at));
  const width = version === 0 ? 2 : 4;
  const refs = children(bytes, iref.body + 4, iref.end).map((ref) => {
    const from = read(ref.body);
    const count = u16be(bytes, ref.body + width);
    if (ref.body + width + 2 + count * width > ref.end) {
      throw damaged("an AVIF item reference runs past its box");
    }
    const to = Array.from({ length: count }, (_, i) => read(ref.body + width + 2 + i * width));
    return { box: ref, from, to };
  });
  return refs;
}

/** The entries of an `ipma` box: item id and the byte range of each entry. */
function parseAssociations(bytes: Uint8Array, ipma: Box) {
  const version = fullBoxVersion(bytes, ipma);
  const wideIndex = ((bytes[ipma.body + 3] as number) & 1) === 1;
  const count = u32be(bytes, ipma.body + 4);
  let at = ipma.body + 8;
  const entries: { id: number; start: number; end: number }[] = [];
  if (count > MAX_PARTS) throw damaged("the AVIF has too many property associations");
  for (let n = 0; n < count; n += 1) {
    const start = at;
    const id = version < 1 ? u16be(bytes, at) : u32be(bytes, at);
    at += version < 1 ? 2 : 4;
    need(bytes, at, 1, "an item property association");
    at += 1 + (bytes[at] as number) * (wideIndex ? 2 : 1);
    if (at > ipma.end) throw damaged("the AVIF's property associations run past their box");
    entries.push({ id, start, end: at });
  }
  return entries;
}

interface Range {
  from: number;
  to: number;
}

const overlaps = (a: Range, b: Range) => a.from < b.to && b.from < a.to;

/** Whether a range meets any of the given ones, sorted by start and merged where they meet. */
function meetsAny(range: Range, sorted: readonly Range[]): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] as Range).to <= range.from) low = middle + 1;
    else high = middle;
  }
  const candidate = sorted[low];
  return candidate !== undefined && overlaps(range, candidate);
}

function merged(ranges: readonly Range[]): Range[] {
  const out: Range[] = [];
  for (const range of [...ranges].sort((a, b) => a.from - b.from)) {
    const last = out[out.length - 1];
    if (last && range.from <= last.to) last.to = Math.max(last.to, range.to);
    else out.push({ ...range });
  }
  return out;
}

/** The AVIF without its metadata; the same array when there was none. */
export function stripAvif(bytes: Uint8Array, removed: Removed): Uint8Array {
  const out = bytes.slice();
  let changed = false;
  /** File ranges overwritten with zeros (boxes made free, removed items' bytes). */
  const cleared: Range[] = [];

  const clear = (from: number, to: number) => {
    if (out.subarray(from, to).some((byte) => byte !== 0)) {
      out.fill(0, from, to);
      changed = true;
    }
  };
  const makeFree = (target: Box, what: string) => {
    out.set(ascii("free"), target.start + 4);
    // The size fields stay; the type becomes free and everything after is zeroed.
    clear(target.start + (u32be(bytes, target.start) === 1 ? 16 : 8), target.end);
    cleared.push({ from: target.start, to: target.end });
    removed.add(what);
    changed = true;
  };
  const zeroFree = (target: Box) => {
    const before = changed;
    clear(target.body, target.end);
    if (changed && !before) removed.add(`${target.type} box contents`);
  };

  const top = children(bytes, 0, bytes.length);
  if (top[0]?.type !== "ftyp") throw damaged("the AVIF does not start with its ftyp box");
  if (top.some((entry) => entry.type === "mini")) {
    throw unremovable("the AVIF uses the minimised header (mini box), which is not walked here");
  }
  const metas = top.filter((entry) => entry.type === "meta");
  const movie = top.some((entry) => entry.type === "moov");
  const meta = metas[0];
  // A still picture is described by one meta box; a sequence may have only a movie box.
  if (metas.length > 1 || (!meta && !movie)) {
    throw damaged("the AVIF needs exactly one meta box");
  }
  for (const entry of top) {
    if (FREE.has(entry.type)) zeroFree(entry);
    else if (!TOP_LEVEL.has(entry.type)) makeFree(entry, `${entry.type} box`);
    else if (entry.type === "moov") cleanMovie(entry);
  }
  if (!meta) return changed ? out : bytes;

  function cleanMovie(container: Box): void {
    for (const child of children(bytes, container.body, container.end)) {
      if (MOVIE_METADATA.has(child.type)) makeFree(child, `${container.type}/${child.type} box`);
      else if (MOVIE_CONTAINERS.has(child.type)) cleanMovie(child);
    }
  }

  need(bytes, meta.body, 4, "the meta box");
  const parts = new Map<string, Box>();
  for (const child of children(bytes, meta.body + 4, meta.end)) {
    if (FREE.has(child.type)) zeroFree(child);
    else if (!META_CHILDREN.has(child.type) || parts.has(child.type)) {
      makeFree(child, `meta/${child.type} box`);
    } else parts.set(child.type, child);
  }
  const [hdlr, pitm, iinf, iloc, iprp] = ["hdlr", "pitm", "iinf", "iloc", "iprp"].map((type) => {
    const found = parts.get(type);
    if (!found) throw damaged(`the AVIF has no ${type} box`);
    return found;
  }) as [Box, Box, Box, Box, Box];
  if (latin1(bytes, hdlr.body + 8, 4) !== "pict")
    throw damaged("the AVIF's meta box is not a picture's");
  const primary =
    fullBoxVersion(bytes, pitm) === 0 ? u16be(bytes, pitm.body + 4) : u32be(bytes, pitm.body + 4);
  const idat = parts.get("idat");
  const idatSize = idat ? idat.end - idat.body : 0;

  const items = parseItems(bytes, iinf);
  const locations = parseLocations(bytes, iloc, idatSize);
  const iref = parts.get("iref");
  const references = iref ? parseReferences(bytes, iref) : [];
  const properties = children(bytes, iprp.body, iprp.end).find((child) => child.type === "ipco");
  if (!properties) throw damaged("the AVIF has no item properties");
  for (const property of children(bytes, properties.body, properties.end)) {
    if (!RENDERING_PROPERTIES.has(property.type) && !FREE.has(property.type)) {
      makeFree(property, `${property.type} property`);
    }
  }

  const gone = new Set(
    items.filter((item) => !PICTURE_ITEMS.has(item.type)).map((item) => item.id),
  );
  for (const item of items) {
    if (gone.has(item.id)) removed.add(`${item.type.trim()} item`);
  }
  if (gone.has(primary)) throw unremovable("the AVIF's main picture is a metadata item");
  for (const ref of references) {
    if (!gone.has(ref.from) && ref.to.some((id) => gone.has(id))) {
      throw unremovable("a picture in the AVIF depends on a metadata item");
    }
  }
  const grpl = parts.get("grpl");
  if (grpl && gone.size > 0) {
    for (const group of children(bytes, grpl.body, grpl.end)) {
      const count = u32be(bytes, group.body + 8);
      for (let n = 0; n < count; n += 1) {
        if (gone.has(u32be(bytes, group.body + 12 + n * 4))) {
          throw unremovable("an AVIF item group includes a metadata item");
        }
      }
    }
  }

  // Where everything kept lives must not be touched by what is cleared.
  const fileRange = (extent: Extent) =>
    extent.method === 1 && idat
      ? { from: idat.body + extent.from, to: idat.body + extent.to }
      : { from: extent.from, to: extent.to };
  const kept = locations.filter((location) => !gone.has(location.id));
  for (const location of locations) {
    for (const extent of location.extents) {
      if (extent.method === -1)
        throw unremovable("the AVIF locates item data in a way not supported here");
      if (extent.method === 1 && (!idat || extent.to > idatSize)) {
        throw damaged("an AVIF item's data runs past its idat box");
      }
      if (extent.to > bytes.length)
        throw damaged("an AVIF item's data runs past the end of the file");
    }
  }
  for (const location of locations.filter((entry) => gone.has(entry.id))) {
    for (const extent of location.extents) {
      const range = fileRange(extent);
      const inData =
        extent.method === 1 ||
        top.some(
          (entry) => entry.type === "mdat" && entry.body <= range.from && range.to <= entry.end,
        );
      if (!inData) throw unremovable("an AVIF metadata item lies outside the picture data");
      cleared.push(range);
      clear(range.from, range.to);
    }
  }
  const clearedSorted = merged(cleared);
  for (const location of kept) {
    for (const extent of location.extents) {
      const range = fileRange(extent);
      if (meetsAny(range, clearedSorted)) {
        throw unremovable("AVIF metadata shares bytes with picture data");
      }
      if (
        gone.size > 0 &&
        extent.method === 0 &&
        overlaps(range, { from: meta.start, to: meta.end })
      ) {
        throw unremovable("AVIF picture data lies inside its meta box");
      }
    }
  }

  if (gone.size === 0) return changed ? out : bytes;

  // The meta box again, without the removed items' entries.
  /** A full box's version and flags. */
  const header = (target: Box) => out.subarray(target.body, target.body + 4);
  const rebuilt: Uint8Array[] = [];
  for (const child of children(out, meta.body + 4, meta.end)) {
    if (child.type === "iinf") {
      const version = out[iinf.body] as number;
      const keep = items.filter((item) => !gone.has(item.id));
      rebuilt.push(
        box("iinf", [
          header(iinf),
          version === 0 ? u16(keep.length) : u32(keep.length),
          ...keep.map((item) => out.subarray(item.box.start, item.box.end)),
        ]),
      );
    } else if (child.type === "iloc") {
      const version = out[iloc.body] as number;
      rebuilt.push(
        box("iloc", [
          header(iloc),
          out.subarray(iloc.body + 4, iloc.body + 6),
          version < 2 ? u16(kept.length) : u32(kept.length),
          ...kept.map((location) => out.subarray(location.start, location.end)),
        ]),
      );
    } else if (child.type === "iref" && iref) {
      // Only references from removed items go (no picture refers to one: checked above).
      const refs = references
        .filter((ref) => !gone.has(ref.from))
        .map((ref) => out.subarray(ref.box.start, ref.box.end));
      if (refs.length > 0) rebuilt.push(box("iref", [header(iref), ...refs]));
    } else if (child.type === "iprp") {
      rebuilt.push(
        box(
          "iprp",
          children(out, iprp.body, iprp.end).map((part) => {
            if (part.type !== "ipma") return out.subarray(part.start, part.end);
            const entries = parseAssociations(out, part).filter((entry) => !gone.has(entry.id));
            return box("ipma", [
              header(part),
              u32(entries.length),
              ...entries.map((entry) => out.subarray(entry.start, entry.end)),
            ]);
          }),
        ),
      );
    } else {
      rebuilt.push(out.subarray(child.start, child.end));
    }
  }
  const newMeta = box("meta", [out.subarray(meta.body, meta.body + 4), ...rebuilt]);
  const room = meta.end - meta.start - newMeta.length;
  if (room < 8) throw unremovable("the AVIF's metadata items cannot be removed in place");
  const filler = new Uint8Array(room);
  putU32be(filler, 0, room);
  filler.set(ascii("free"), 4);
  return concat([out.subarray(0, meta.start), newMeta, filler, out.subarray(meta.end)]);
}
