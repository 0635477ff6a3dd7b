// The scale fixture: grows a running stack's content to `factor` times the seed's rows,
// the way an editor would over the years. Pictures are real, distinct JPEGs (1600 x
// 1200, each with its own gradient, shapes, grain and label) that take the admin's
// upload path: resized and re-encoded as the browser does it (admin-island/src/uploads/
// images.ts: at most MAX_IMAGE_SIDE on the longest side, WebP at quality 0.9), then
// posted to the `media` Edge Function with the admin's token, which checks and strips
// them before Storage keeps them. Rows are inserted through supabase-js as the signed-in
// admin, so RLS and every CHECK constraint apply; contact messages, which only the
// `contact` function writes, go in with the secret key (the service role it uses).
//
// What grows: the five public galleries and the home management's titled pictures,
// board members, projects and certifications to factor x their seed rows, and the inbox
// to 100 x factor messages (5,000 at 50x). Banners, causes and the one-record tables
// keep their seed rows: a charity's home page does not gain a slide a month.
//
// Distinct pictures: every new picture row gets a fresh upload until `distinctPictures`
// have been made, then the uploads are reused in turn (a 2-core machine makes and
// uploads about two a second, and the build optimises each distinct one).

import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import sharp from "sharp";
import { objectPath, scaledSize } from "../../admin-island/src/uploads/images.ts";
import { INQUIRY_TYPES } from "../../functions/_shared/contact-rules.ts";
import { GALLERY_CATEGORIES, PROJECT_STATUSES } from "../../src/lib/schema/tables.ts";

const PICTURE_WIDTH = 1600;
const PICTURE_HEIGHT = 1200;
/** Distinct uploads unless told otherwise: enough that no two cards of a screen repeat. */
export const DEFAULT_DISTINCT_PICTURES = 300;
/** Messages in the inbox per unit of factor (none in the seed). */
const MESSAGES_PER_FACTOR = 100;

/** A small deterministic generator, so a picture's look depends only on its number. */
function random(seed: number): () => number {
  let state = (seed * 2654435761) >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const grains = new Map<string, Buffer>();
/** One sheet of photographic grain per size, shared by every picture (making it is slow). */
async function grainSheet(width: number, height: number): Promise<Buffer> {
  const key = `${width}x${height}`;
  let sheet = grains.get(key);
  if (!sheet) {
    sheet = await sharp({
      create: {
        width,
        height,
        channels: 3,
        background: { r: 128, g: 128, b: 128 },
        noise: { type: "gaussian", mean: 128, sigma: 14 },
      },
    })
      .raw()
      .toBuffer();
    grains.set(key, sheet);
  }
  return sheet;
}

/**
 * Picture number `n`: a JPEG (1600 x 1200 unless told, quality 85, like a phone's) with
 * a gradient, 10 to 20 translucent shapes, grain and `label` written on it. Distinct
 * for every n.
 */
export async function makePicture(
  n: number,
  label: string,
  size: { width: number; height: number } = { width: PICTURE_WIDTH, height: PICTURE_HEIGHT },
): Promise<Buffer> {
  const { width: W, height: H } = size;
  const k = W / PICTURE_WIDTH;
  const r = random(n + 1);
  const hue = Math.floor(r() * 360);
  const hsl = (h: number, s: number, l: number) =>
    `hsl(${Math.round((h + 360) % 360)},${Math.round(s)}%,${Math.round(l)}%)`;
  const shapes = Array.from({ length: 10 + Math.floor(r() * 11) }, () => {
    const x = r() * W;
    const y = r() * H;
    const side = (60 + r() * 360) * k;
    const fill = hsl(hue + r() * 180, 40 + r() * 50, 25 + r() * 55);
    const opacity = (0.35 + r() * 0.55).toFixed(2);
    return r() < 0.5
      ? `<circle cx="${x}" cy="${y}" r="${side / 2}" fill="${fill}" fill-opacity="${opacity}"/>`
      : `<rect x="${x}" y="${y}" width="${side}" height="${side * (0.5 + r())}" rx="${r() * 40 * k}" transform="rotate(${r() * 90} ${x} ${y})" fill="${fill}" fill-opacity="${opacity}"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
<defs><linearGradient id="g" x1="0" y1="0" x2="${r().toFixed(2)}" y2="1">
<stop offset="0" stop-color="${hsl(hue, 70, 35)}"/><stop offset="1" stop-color="${hsl(hue + 120, 60, 70)}"/>
</linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${shapes}
<rect x="${60 * k}" y="${H - 200 * k}" width="${1100 * k}" height="${140 * k}" rx="${20 * k}" fill="black" fill-opacity="0.55"/>
<text x="${100 * k}" y="${H - 105 * k}" font-family="sans-serif" font-size="${72 * k}" font-weight="bold" fill="white">${escapeXml(label)}</text>
</svg>`;
  return sharp(Buffer.from(svg))
    .composite([
      {
        input: await grainSheet(W, H),
        raw: { width: W, height: H, channels: 3 },
        blend: "overlay",
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * What the admin's browser makes of a picture before it leaves (admin-island/src/uploads/
 * images.ts, prepareImage): drawn upright at most MAX_IMAGE_SIDE on its longest side,
 * encoded as WebP at quality 0.9. Chromium's canvas encodes WebP with libwebp, as sharp
 * does, at the same quality.
 */
async function prepareLikeTheAdmin(
  file: Buffer,
): Promise<{ bytes: Buffer; type: string; extension: string }> {
  const meta = await sharp(file).metadata();
  const { width, height } = scaledSize(meta.width ?? 1, meta.height ?? 1);
  const bytes = await sharp(file)
    .rotate()
    .resize({ width, height, fit: "fill" })
    .webp({ quality: 90 })
    .toBuffer();
  return { bytes, type: "image/webp", extension: "webp" };
}

export interface AdminSession {
  apiUrl: string;
  publishableKey: string;
  client: SupabaseClient;
}

/** Signs in as the admin with email and password, as the admin's sign-in form does. */
export async function signInAdmin(
  apiUrl: string,
  publishableKey: string,
  email: string,
  password: string,
): Promise<AdminSession> {
  const client = createClient(apiUrl, publishableKey, {
    auth: { persistSession: false, autoRefreshToken: true },
  });
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`the admin could not sign in: ${error.message}`);
  return { apiUrl, publishableKey, client };
}

/**
 * Posts a prepared file to the media function as the admin's upload does
 * (admin-island/src/uploads/media-upload-mutation.ts, uploadMedia) and answers its
 * public URL.
 */
async function uploadMedia(
  session: AdminSession,
  folder: string,
  file: { bytes: Buffer; type: string; extension: string },
): Promise<string> {
  const { data } = await session.client.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new Error("the admin's session has ended");
  const path = objectPath(folder, file.extension);
  const response = await fetch(
    `${session.apiUrl.replace(/\/+$/, "")}/functions/v1/media?path=${encodeURIComponent(path)}`,
    {
      method: "POST",
      headers: {
        apikey: session.publishableKey,
        Authorization: `Bearer ${token}`,
        "Content-Type": file.type,
      },
      body: new Uint8Array(file.bytes),
    },
  );
  const body = (await response.json().catch(() => ({}))) as { url?: string; message?: string };
  if (!response.ok || !body.url) {
    throw new Error(`the media function answered ${response.status}: ${body.message ?? "no URL"}`);
  }
  return body.url;
}

/** A table the fixture grows with pictures, and where the admin stores its uploads. */
interface PictureTable {
  table: string;
  folder: string;
  /** The columns of new row number i (0-based, after the seed's rows), picture aside. */
  row: (i: number, url: string) => Record<string, unknown>;
  /** The seed rows the factor multiplies, where not all of them: those the page shows. */
  counted?: Record<string, unknown>;
}

const PLACES = ["Pokhara", "Dharan", "Hetauda", "Butwal", "Bharatpur", "Dhangadhi", "Janakpur"];
const PROJECT_CATEGORIES = [
  "Water & Sanitation",
  "Housing",
  "Healthcare",
  "Education",
  "Nutrition",
  "Disaster Relief",
  "Livelihoods",
  "Elder Care",
];
const FIRST_NAMES = ["Sita", "Ram", "Gita", "Bimal", "Asha", "Deepak", "Maya", "Suresh", "Nisha"];
const LAST_NAMES = ["Shrestha", "Gurung", "Tamang", "Rai", "Magar", "Thapa", "Karki", "Joshi"];
const ROLES = ["Board Member", "Volunteer Lead", "Field Officer", "Nurse", "Teacher", "Advisor"];
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

const galleryRow = (area: string) => (i: number, url: string) => ({
  image_url: url,
  // Every fifth picture carries its editor's words, every seventh is decorative.
  ...(i % 5 === 0 ? { image_alt: `${area} moment ${i + 1}, ${pick(PLACES, i)}` } : {}),
  ...(i % 7 === 3 ? { image_decorative: true } : {}),
  is_active: true,
});

const PICTURE_TABLES: PictureTable[] = [
  { table: "home_gallery", folder: "gallery/home", row: galleryRow("Home") },
  { table: "children_gallery", folder: "gallery/children", row: galleryRow("Children's home") },
  { table: "oldage_gallery", folder: "gallery/oldage", row: galleryRow("Old age home") },
  { table: "medical_gallery", folder: "gallery/medical", row: galleryRow("Medical camp") },
  { table: "relief_gallery", folder: "gallery/relief", row: galleryRow("Relief work") },
  {
    table: "gallery_images",
    folder: "gallery/home-management",
    row: (i, url) => ({
      title: `Gallery picture ${i + 7}`,
      description: `A day in ${pick(PLACES, i)}.`,
      category: pick(GALLERY_CATEGORIES, i),
      image_url: url,
      is_active: true,
    }),
  },
  {
    table: "board_staff",
    folder: "board",
    // The home page's carousel: the people ticked for it.
    counted: { on_home_page: true },
    row: (i, url) => ({
      name: `${pick(FIRST_NAMES, i)} ${pick(LAST_NAMES, Math.floor(i / FIRST_NAMES.length))} ${i + 7}`,
      designation: pick(ROLES, i),
      image_url: url,
      is_active: true,
    }),
  },
  {
    table: "projects",
    folder: "projects",
    row: (i, url) => ({
      title: `${pick(PROJECT_CATEGORIES, i)} project ${i + 8} in ${pick(PLACES, i)}`,
      description: `Project ${i + 8}: ${pick(
        [
          "new classrooms and a library for the village school",
          "clean water points for families on the hillside",
          "a mobile clinic visiting the remote wards every month",
          "rebuilding homes after the monsoon landslides",
          "school meals for children who walk far to class",
        ],
        i,
      )}, with the community's volunteers.`,
      category_name: pick(PROJECT_CATEGORIES, i),
      project_status: pick(PROJECT_STATUSES, i),
      // One project in nine has no picture, as editors sometimes leave it.
      ...(i % 9 === 4 ? {} : { image_url: url }),
      is_active: true,
    }),
  },
  {
    table: "certifications",
    folder: "certificates/images",
    row: (i, url) => ({
      certificate_name: `Certificate ${i + 5}: ${pick(["Audit", "Renewal", "Recognition", "Award"], i)} ${2010 + (i % 16)}`,
      image_url: url,
      ...(i % 3 === 0 ? { pdf_url: "/images/seed/sample-certificate.pdf" } : {}),
      is_active: true,
    }),
  },
];

/** The tables the fixture grows, for the report. */
const SCALED_TABLES = [...PICTURE_TABLES.map((t) => t.table), "contact_messages"];

export interface FillOptions {
  factor: number;
  /** Distinct pictures made and uploaded at most; the rest reuse them. */
  distinctPictures?: number;
  /** The secret key, for the contact messages (only the service role writes them). */
  secretKey: string;
  /** Parallel picture uploads. */
  concurrency?: number;
  log?: (message: string) => void;
  /**
   * Makes the picture bytes of upload number n (default: makePicture, 1600 x 1200
   * JPEG). A test may pass smaller pictures; the rows stay the same.
   */
  picture?: (n: number, label: string) => Promise<Buffer>;
}

export interface FillReport {
  /** New rows per table. */
  added: Record<string, number>;
  /** Rows per table afterwards (as the admin sees them: active and not). */
  totals: Record<string, number>;
  distinctPictures: number;
  pictureRows: number;
  /** Seconds spent making, re-encoding and uploading pictures; inserting rows; messages. */
  seconds: { pictures: number; rows: number; messages: number };
  /** The picture of each grown table's last new row (by sort order). */
  lastPictureUrl: Record<string, string>;
}

/** The rows of `table` the client may see, those matching `match` (column: value) when given. */
export async function countRows(
  client: SupabaseClient,
  table: string,
  match: Record<string, unknown> = {},
): Promise<number> {
  const { count, error } = await client
    .from(table)
    .select("id", { count: "exact", head: true })
    .match(match);
  if (error) throw new Error(`could not count ${table}: ${error.message}`);
  return count ?? 0;
}

async function maxSortOrder(client: SupabaseClient, table: string): Promise<number> {
  const { data, error } = await client
    .from(table)
    .select("sort_order")
    .order("sort_order", { ascending: false })
    .limit(1);
  if (error) return -1;
  return (data?.[0] as { sort_order?: number } | undefined)?.sort_order ?? -1;
}

/** Inserts `rows` into `table`, 200 to a request; an absent column takes its default. */
export async function insertAll(
  client: SupabaseClient,
  table: string,
  rows: Record<string, unknown>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 200) {
    const { error } = await client
      .from(table)
      .insert(rows.slice(start, start + 200), { defaultToNull: false });
    if (error) throw new Error(`could not add ${table} rows: ${error.message}`);
  }
}

/** Runs fn over 0..count-1 with at most `limit` at a time. */
async function forEachLimit(
  count: number,
  limit: number,
  fn: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) await fn(next++);
    }),
  );
}

/**
 * Grows the stack's content to `factor` x the seed's rows (see the top of this file).
 * Run it once on a fresh data folder: the rows it counts as the seed's are the ones
 * there when it starts.
 */
export async function fillScaled(session: AdminSession, options: FillOptions): Promise<FillReport> {
  const log = options.log ?? (() => {});
  const { client } = session;
  const added: Record<string, number> = {};
  const plan: { table: PictureTable; index: number }[] = [];
  const perTable = new Map<string, number>();
  for (const table of PICTURE_TABLES) {
    const seed = await countRows(client, table.table, table.counted);
    const wanted = Math.max(0, seed * options.factor - seed);
    perTable.set(table.table, wanted);
    added[table.table] = wanted;
  }
  // Round robin over the tables, so each gets its share of the distinct pictures.
  const most = Math.max(0, ...perTable.values());
  for (let index = 0; index < most; index += 1) {
    for (const table of PICTURE_TABLES) {
      if (index < (perTable.get(table.table) ?? 0)) plan.push({ table, index });
    }
  }
  const distinct = Math.min(plan.length, options.distinctPictures ?? DEFAULT_DISTINCT_PICTURES);
  const make = options.picture ?? makePicture;

  const started = performance.now();
  const urls: string[] = new Array(distinct);
  let done = 0;
  await forEachLimit(distinct, options.concurrency ?? 2, async (n) => {
    const { table, index } = plan[n] as (typeof plan)[number];
    const jpeg = await make(n, `${table.table.replace(/_/g, " ")} ${index + 1} (#${n + 1})`);
    urls[n] = await uploadMedia(session, table.folder, await prepareLikeTheAdmin(jpeg));
    done += 1;
    if (done % 50 === 0 || done === distinct) log(`uploaded ${done} of ${distinct} pictures`);
  });
  const picturesSeconds = (performance.now() - started) / 1000;

  const rowsStarted = performance.now();
  const lastPictureUrl: Record<string, string> = {};
  const byTable = new Map<string, Record<string, unknown>[]>();
  for (const [n, { table, index }] of plan.entries()) {
    const url = urls[n % Math.max(1, distinct)] as string;
    const rows = byTable.get(table.table) ?? [];
    rows[index] = table.row(index, url);
    byTable.set(table.table, rows);
  }
  for (const table of PICTURE_TABLES) {
    const rows = byTable.get(table.table) ?? [];
    if (rows.length === 0) continue;
    // New rows follow the seed's (projects, shown newest first, have no sort order).
    if (table.table !== "projects") {
      const after = (await maxSortOrder(client, table.table)) + 1;
      rows.forEach((row, i) => {
        row.sort_order = after + i;
      });
    }
    await insertAll(client, table.table, rows);
    const last = rows.at(-1);
    if (typeof last?.image_url === "string") lastPictureUrl[table.table] = last.image_url;
    log(`added ${rows.length} ${table.table} rows`);
  }
  const rowsSeconds = (performance.now() - rowsStarted) / 1000;

  const messagesStarted = performance.now();
  const service = createClient(session.apiUrl, options.secretKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const messages =
    MESSAGES_PER_FACTOR * options.factor - (await countRows(service, "contact_messages"));
  const now = Date.now();
  const inbox = Array.from({ length: Math.max(0, messages) }, (_, i) => ({
    name: `${pick(FIRST_NAMES, i)} ${pick(LAST_NAMES, Math.floor(i / 3))}`,
    email: `visitor${i + 1}@example.org`,
    phone: i % 4 === 0 ? `+977 98${String(10_000_000 + i).slice(-8)}` : null,
    subject: `Question ${i + 1} about ${pick(["volunteering", "donations", "a visit", "the clinic"], i)}`,
    message: `Hello, this is message ${i + 1}. ${"We would like to know more about your work. ".repeat(1 + (i % 4))}`,
    inquiry_type: pick(INQUIRY_TYPES, i),
    handled: i % 3 === 0,
    // Spread over the years, newest last.
    created_at: new Date(now - (messages - i) * 3_600_000).toISOString(),
  }));
  await insertAll(service, "contact_messages", inbox);
  added.contact_messages = inbox.length;
  if (inbox.length) log(`added ${inbox.length} contact messages`);
  const messagesSeconds = (performance.now() - messagesStarted) / 1000;

  const totals: Record<string, number> = {};
  for (const table of SCALED_TABLES) totals[table] = await countRows(service, table);
  return {
    added,
    totals,
    distinctPictures: distinct,
    pictureRows: plan.length,
    seconds: { pictures: picturesSeconds, rows: rowsSeconds, messages: messagesSeconds },
    lastPictureUrl,
  };
}
