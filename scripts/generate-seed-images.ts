// `npm run seed:images`: draws the sample images that supabase/seed.sql points at
// (public/images/seed/). Every picture is an illustration composed here as SVG and
// rendered with sharp: no network, no photographs, no real people. The output is
// deterministic: the same names and the same pictures on every run.
import { mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";

const outDir = join(import.meta.dirname, "..", "public", "images", "seed");

// ---------------------------------------------------------------------------
// Deterministic randomness: a small PRNG seeded from each image's name.

type Rng = () => number;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function mulberry32(seed: number): Rng {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function at<T>(list: readonly T[], index: number): T {
  const item = list[((index % list.length) + list.length) % list.length];
  if (item === undefined) throw new Error("empty list");
  return item;
}

const r1 = (n: number): string => (Math.round(n * 10) / 10).toString();

// ---------------------------------------------------------------------------
// Palettes: calm, varied, each with a sky, three hill tones, an accent and an ink.

interface Palette {
  readonly sky: readonly [string, string];
  readonly hills: readonly [string, string, string];
  readonly sun: string;
  readonly accent: string;
  readonly ink: string;
  readonly people: readonly string[];
  readonly wall: string;
}

const palettes: readonly Palette[] = [
  {
    sky: ["#fde9cf", "#f6bfa3"],
    hills: ["#a9cfa9", "#74aa8f", "#3f7f6e"],
    sun: "#fff3d6",
    accent: "#fcb84d",
    ink: "#1b625b",
    people: ["#1b625b", "#2f7d72", "#e08e45", "#24514b"],
    wall: "#fff6ea",
  },
  {
    sky: ["#dff2ef", "#a9d9d2"],
    hills: ["#8cc7b0", "#55a08d", "#1b625b"],
    sun: "#fffbe8",
    accent: "#fcb84d",
    ink: "#134a45",
    people: ["#134a45", "#e39b3c", "#2b6f66", "#c7683f"],
    wall: "#fbf7ef",
  },
  {
    sky: ["#ebe4f6", "#f8d7d6"],
    hills: ["#c0b1dc", "#9282bd", "#5f508e"],
    sun: "#fff0e4",
    accent: "#f7a072",
    ink: "#3d3366",
    people: ["#3d3366", "#d9785a", "#5f508e", "#2f2852"],
    wall: "#fdf6f2",
  },
  {
    sky: ["#dfeefa", "#b7d7ef"],
    hills: ["#acd8bc", "#7cb99b", "#4d8d71"],
    sun: "#fffbe6",
    accent: "#f4a259",
    ink: "#2d5b7a",
    people: ["#2d5b7a", "#e4894a", "#3f7f6e", "#1f4560"],
    wall: "#f9fbfd",
  },
  {
    sky: ["#fcf1dc", "#f3d2a5"],
    hills: ["#e2bf92", "#c9976b", "#8c6247"],
    sun: "#fffaf0",
    accent: "#e07a5f",
    ink: "#5c3d2e",
    people: ["#5c3d2e", "#1b625b", "#b5543c", "#7a5240"],
    wall: "#fffaf2",
  },
  {
    sky: ["#e7f5eb", "#fbe4e9"],
    hills: ["#c2e2cb", "#90c8a6", "#5a9e7c"],
    sun: "#fffdf5",
    accent: "#ee8b9b",
    ink: "#2f5d50",
    people: ["#2f5d50", "#d66f82", "#3e7d69", "#264a40"],
    wall: "#fffafa",
  },
  {
    sky: ["#d3dcee", "#f3cbb3"],
    hills: ["#8399bb", "#5d769c", "#3b4f73"],
    sun: "#fff1dc",
    accent: "#fcb84d",
    ink: "#273653",
    people: ["#273653", "#e29a4a", "#46608a", "#1b2740"],
    wall: "#f8f4f0",
  },
];

// ---------------------------------------------------------------------------
// Drawing context and primitives. Coordinates are absolute pixels; `u` is one
// hundredth of the picture's height, so shapes scale with the canvas.

interface Ctx {
  readonly w: number;
  readonly h: number;
  readonly u: number;
  readonly p: Palette;
  readonly rng: Rng;
  readonly id: string;
}

function makeCtx(name: string, w: number, h: number, palette: number): Ctx {
  return { w, h, u: h / 100, p: at(palettes, palette), rng: mulberry32(hash(name)), id: name };
}

function svgDoc(c: Ctx, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${c.w}" height="${c.h}" viewBox="0 0 ${c.w} ${c.h}"><defs>${defs}</defs>${body}</svg>`;
}

function skyDefs(c: Ctx): string {
  const [top, bottom] = c.p.sky;
  return (
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>` +
    `<radialGradient id="glow"><stop offset="0" stop-color="${c.p.sun}" stop-opacity="0.9"/><stop offset="0.35" stop-color="${c.p.sun}" stop-opacity="0.45"/><stop offset="1" stop-color="${c.p.sun}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="mist" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.18"/></linearGradient>`
  );
}

function sky(c: Ctx, sunX: number, sunY: number): string {
  const r = c.u * 9;
  return (
    `<rect width="${c.w}" height="${c.h}" fill="url(#sky)"/>` +
    `<circle cx="${r1(sunX)}" cy="${r1(sunY)}" r="${r1(r * 4)}" fill="url(#glow)"/>` +
    `<circle cx="${r1(sunX)}" cy="${r1(sunY)}" r="${r1(r)}" fill="${c.p.sun}"/>`
  );
}

/** A rolling line of hills from the left edge to the right, filled to the bottom. */
function hill(c: Ctx, baseY: number, amplitude: number, fill: string, bumps = 3): string {
  const steps = bumps * 2;
  const pts: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const x = (c.w * i) / steps;
    const y = baseY + (i % 2 === 0 ? 1 : -1) * amplitude * (0.4 + c.rng() * 0.6);
    pts.push([x, y]);
  }
  const first = at(pts, 0);
  let d = `M0 ${r1(c.h)} L0 ${r1(first[1])}`;
  for (let i = 1; i < pts.length; i++) {
    const [px, py] = at(pts, i - 1);
    const [x, y] = at(pts, i);
    const mx = (px + x) / 2;
    d += ` C${r1(mx)} ${r1(py)} ${r1(mx)} ${r1(y)} ${r1(x)} ${r1(y)}`;
  }
  d += ` L${r1(c.w)} ${r1(c.h)} Z`;
  return `<path d="${d}" fill="${fill}"/>`;
}

function landscape(c: Ctx, horizon = 62, sunX = 0.75, sunY = 0.28): string {
  const [far, mid, near] = c.p.hills;
  return (
    sky(c, c.w * sunX, c.h * sunY) +
    cloud(c, c.w * (0.15 + c.rng() * 0.2), c.h * (0.16 + c.rng() * 0.08), 1) +
    cloud(c, c.w * (0.5 + c.rng() * 0.15), c.h * (0.1 + c.rng() * 0.08), 0.7) +
    hill(c, c.u * horizon, c.u * 5, far, 2) +
    hill(c, c.u * (horizon + 10), c.u * 4, mid, 3) +
    hill(c, c.u * (horizon + 22), c.u * 3, near, 2) +
    `<rect width="${c.w}" height="${c.h}" fill="url(#mist)"/>`
  );
}

function cloud(c: Ctx, x: number, y: number, scale: number): string {
  const s = c.u * 4 * scale;
  return (
    `<g fill="#ffffff" opacity="0.75">` +
    `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(s * 2.4)}" ry="${r1(s * 0.9)}"/>` +
    `<ellipse cx="${r1(x - s * 0.8)}" cy="${r1(y - s * 0.5)}" rx="${r1(s * 1.1)}" ry="${r1(s)}"/>` +
    `<ellipse cx="${r1(x + s * 0.6)}" cy="${r1(y - s * 0.7)}" rx="${r1(s * 1.3)}" ry="${r1(s * 1.2)}"/>` +
    `</g>`
  );
}

function birds(c: Ctx, x: number, y: number, color: string): string {
  const s = c.u * 1.6;
  let out = "";
  for (let i = 0; i < 3; i++) {
    const bx = x + i * s * 3.2;
    const by = y + (i % 2) * s * 1.4;
    out += `<path d="M${r1(bx)} ${r1(by)} q${r1(s)} ${r1(-s * 0.8)} ${r1(s * 2)} 0 q${r1(s)} ${r1(-s * 0.8)} ${r1(s * 2)} 0" fill="none" stroke="${color}" stroke-width="${r1(s * 0.25)}" stroke-linecap="round" opacity="0.7"/>`;
  }
  return out;
}

/** The organisation's heart (the logo's shape), centred, `size` wide. */
function heart(cx: number, cy: number, size: number, fill: string, opacity = 1): string {
  const k = size / 30;
  return `<path transform="translate(${r1(cx)} ${r1(cy)}) scale(${(Math.round(k * 1000) / 1000).toString()}) translate(-32 -34)" d="M32 48s-15-8.6-15-19.2C17 23.3 21 20 25.2 20c3 0 5.3 1.6 6.8 4 1.5-2.4 3.8-4 6.8-4C43 20 47 23.3 47 28.8 47 39.4 32 48 32 48z" fill="${fill}" opacity="${opacity}"/>`;
}

/** Two open hands held up together, palms up, `size` wide, centred at (cx, cy). */
function hands(cx: number, cy: number, size: number, fill: string): string {
  const k = size / 104;
  const fingers = [
    [10, 62, 1, 42],
    [15.5, 59.5, 8.5, 37],
    [21, 57.5, 16, 35.5],
    [26.5, 56, 23.5, 38.5],
    [33, 67, 41, 60],
  ]
    .map(([x1, y1, x2, y2]) => `<path d="M${x1} ${y1} L${x2} ${y2}"/>`)
    .join("");
  const hand = `<path d="M50 86 C34 86 17 78 9 60 L27 55 C32 65 40 71 50 72 Z" stroke="none"/><g fill="none">${fingers}</g>`;
  return `<g transform="translate(${r1(cx)} ${r1(cy)}) scale(${(Math.round(k * 1000) / 1000).toString()}) translate(-50 -62)" fill="${fill}" stroke="${fill}" stroke-width="5.6" stroke-linecap="round"><g>${hand}</g><g transform="translate(100 0) scale(-1 1)">${hand}</g></g>`;
}

function cross(cx: number, cy: number, size: number, fill: string): string {
  const a = size / 3;
  const r = a * 0.25;
  return (
    `<rect x="${r1(cx - a / 2)}" y="${r1(cy - size / 2)}" width="${r1(a)}" height="${r1(size)}" rx="${r1(r)}" fill="${fill}"/>` +
    `<rect x="${r1(cx - size / 2)}" y="${r1(cy - a / 2)}" width="${r1(size)}" height="${r1(a)}" rx="${r1(r)}" fill="${fill}"/>`
  );
}

interface PersonOptions {
  readonly child?: boolean;
  readonly cane?: boolean;
  readonly wide?: number;
}

/** A calm, faceless silhouette standing with its feet at (x, y). */
function person(x: number, y: number, height: number, fill: string, o: PersonOptions = {}): string {
  const r = height * (o.child ? 0.14 : 0.11);
  const headY = y - height + r;
  const bodyTop = y - height + 2 * r + height * 0.025;
  const bh = y - bodyTop;
  const bw = height * (o.child ? 0.34 : 0.36) * (o.wide ?? 1);
  const d = `M${r1(x - bw / 2)} ${r1(y)} C${r1(x - bw / 2)} ${r1(y - bh * 0.7)} ${r1(x - bw * 0.45)} ${r1(bodyTop)} ${r1(x)} ${r1(bodyTop)} C${r1(x + bw * 0.45)} ${r1(bodyTop)} ${r1(x + bw / 2)} ${r1(y - bh * 0.7)} ${r1(x + bw / 2)} ${r1(y)} Z`;
  let out = `<circle cx="${r1(x)}" cy="${r1(headY)}" r="${r1(r)}" fill="${fill}"/><path d="${d}" fill="${fill}"/>`;
  if (o.cane) {
    out += `<path d="M${r1(x + bw * 0.46)} ${r1(y - bh * 0.5)} L${r1(x + bw * 0.78)} ${r1(y)}" stroke="${fill}" stroke-width="${r1(height * 0.03)}" stroke-linecap="round"/>`;
  }
  return out;
}

interface Figure {
  readonly dx: number;
  readonly height: number;
  readonly child?: boolean;
  readonly cane?: boolean;
}

/** A row of people holding hands; dx and heights are in units of `c.u`. */
function group(c: Ctx, x: number, y: number, figures: readonly Figure[], linked = true): string {
  // Spread a little wider than dx says, so bodies only just touch.
  const placed = figures.map((f) => ({
    x: x + f.dx * 1.25 * c.u,
    height: f.height * c.u,
    child: f.child ?? false,
    cane: f.cane ?? false,
  }));
  let arms = "";
  let bodies = "";
  placed.forEach((f, i) => {
    const prev = placed[i - 1];
    if (linked && prev) {
      // Joined hands: an arc from one body to the next, drawn behind both.
      const ax = prev.x + prev.height * 0.1;
      const bx = f.x - f.height * 0.1;
      const ay = y - prev.height * 0.45;
      const by = y - f.height * 0.45;
      const my = Math.max(ay, by) + c.u * 2.5;
      arms += `<path d="M${r1(ax)} ${r1(ay)} Q${r1((ax + bx) / 2)} ${r1(my)} ${r1(bx)} ${r1(by)}" fill="none" stroke="${c.p.ink}" stroke-width="${r1(c.u * 1)}" stroke-linecap="round"/>`;
    }
    bodies += person(f.x, y, f.height, at(c.p.people, i), { child: f.child, cane: f.cane });
  });
  return arms + bodies;
}

function house(c: Ctx, x: number, y: number, size: number, roof: string): string {
  const w = size;
  const h = size * 0.7;
  const top = y - h;
  const door = size * 0.2;
  const win = size * 0.2;
  return (
    `<path d="M${r1(x - w * 0.62)} ${r1(top + size * 0.02)} L${r1(x)} ${r1(top - size * 0.42)} L${r1(x + w * 0.62)} ${r1(top + size * 0.02)} Z" fill="${roof}" stroke="${roof}" stroke-width="${r1(size * 0.04)}" stroke-linejoin="round"/>` +
    `<rect x="${r1(x - w / 2)}" y="${r1(top)}" width="${r1(w)}" height="${r1(h)}" fill="${c.p.wall}"/>` +
    `<rect x="${r1(x - door / 2)}" y="${r1(y - door * 1.7)}" width="${r1(door)}" height="${r1(door * 1.7)}" rx="${r1(door * 0.45)}" fill="${c.p.ink}" opacity="0.85"/>` +
    `<rect x="${r1(x - w * 0.38)}" y="${r1(top + h * 0.22)}" width="${r1(win)}" height="${r1(win)}" rx="${r1(win * 0.12)}" fill="${c.p.sky[0]}" stroke="${c.p.ink}" stroke-width="${r1(size * 0.015)}"/>` +
    `<rect x="${r1(x + w * 0.38 - win)}" y="${r1(top + h * 0.22)}" width="${r1(win)}" height="${r1(win)}" rx="${r1(win * 0.12)}" fill="${c.p.sky[0]}" stroke="${c.p.ink}" stroke-width="${r1(size * 0.015)}"/>` +
    heart(x + w * 0.38 - win / 2, top + h * 0.22 + win / 2, win * 0.6, c.p.accent)
  );
}

function tree(c: Ctx, x: number, y: number, size: number, leaf: string): string {
  return (
    `<rect x="${r1(x - size * 0.06)}" y="${r1(y - size * 0.55)}" width="${r1(size * 0.12)}" height="${r1(size * 0.55)}" rx="${r1(size * 0.04)}" fill="${c.p.ink}" opacity="0.8"/>` +
    `<circle cx="${r1(x)}" cy="${r1(y - size * 0.75)}" r="${r1(size * 0.32)}" fill="${leaf}"/>` +
    `<circle cx="${r1(x - size * 0.22)}" cy="${r1(y - size * 0.58)}" r="${r1(size * 0.24)}" fill="${leaf}"/>` +
    `<circle cx="${r1(x + size * 0.22)}" cy="${r1(y - size * 0.6)}" r="${r1(size * 0.25)}" fill="${leaf}"/>`
  );
}

function book(x: number, y: number, size: number, cover: string, page: string): string {
  const s = size;
  return (
    `<path d="M${r1(x)} ${r1(y + s * 0.08)} C${r1(x - s * 0.2)} ${r1(y - s * 0.02)} ${r1(x - s * 0.4)} ${r1(y - s * 0.02)} ${r1(x - s * 0.55)} ${r1(y + s * 0.03)} L${r1(x - s * 0.55)} ${r1(y + s * 0.55)} C${r1(x - s * 0.4)} ${r1(y + s * 0.5)} ${r1(x - s * 0.2)} ${r1(y + s * 0.5)} ${r1(x)} ${r1(y + s * 0.6)} C${r1(x + s * 0.2)} ${r1(y + s * 0.5)} ${r1(x + s * 0.4)} ${r1(y + s * 0.5)} ${r1(x + s * 0.55)} ${r1(y + s * 0.55)} L${r1(x + s * 0.55)} ${r1(y + s * 0.03)} C${r1(x + s * 0.4)} ${r1(y - s * 0.02)} ${r1(x + s * 0.2)} ${r1(y - s * 0.02)} ${r1(x)} ${r1(y + s * 0.08)} Z" fill="${page}" stroke="${cover}" stroke-width="${r1(s * 0.04)}" stroke-linejoin="round"/>` +
    `<path d="M${r1(x)} ${r1(y + s * 0.08)} L${r1(x)} ${r1(y + s * 0.6)}" stroke="${cover}" stroke-width="${r1(s * 0.03)}"/>` +
    [0.18, 0.28, 0.38]
      .map(
        (k) =>
          `<path d="M${r1(x - s * 0.45)} ${r1(y + s * k)} L${r1(x - s * 0.1)} ${r1(y + s * (k + 0.02))} M${r1(x + s * 0.1)} ${r1(y + s * (k + 0.02))} L${r1(x + s * 0.45)} ${r1(y + s * k)}" stroke="${cover}" stroke-width="${r1(s * 0.015)}" opacity="0.5" stroke-linecap="round"/>`,
      )
      .join("")
  );
}

function gradCap(x: number, y: number, size: number, fill: string, tassel: string): string {
  const s = size;
  return (
    `<path d="M${r1(x - s * 0.3)} ${r1(y + s * 0.08)} L${r1(x - s * 0.3)} ${r1(y + s * 0.3)} C${r1(x - s * 0.1)} ${r1(y + s * 0.4)} ${r1(x + s * 0.1)} ${r1(y + s * 0.4)} ${r1(x + s * 0.3)} ${r1(y + s * 0.3)} L${r1(x + s * 0.3)} ${r1(y + s * 0.08)} Z" fill="${fill}"/>` +
    `<path d="M${r1(x)} ${r1(y - s * 0.22)} L${r1(x + s * 0.55)} ${r1(y)} L${r1(x)} ${r1(y + s * 0.22)} L${r1(x - s * 0.55)} ${r1(y)} Z" fill="${fill}"/>` +
    `<path d="M${r1(x)} ${r1(y)} L${r1(x + s * 0.42)} ${r1(y + s * 0.08)} L${r1(x + s * 0.42)} ${r1(y + s * 0.38)}" fill="none" stroke="${tassel}" stroke-width="${r1(s * 0.035)}" stroke-linecap="round"/>` +
    `<circle cx="${r1(x + s * 0.42)}" cy="${r1(y + s * 0.42)}" r="${r1(s * 0.045)}" fill="${tassel}"/>`
  );
}

function bowl(c: Ctx, x: number, y: number, size: number): string {
  const s = size;
  let steam = "";
  for (const dx of [-0.2, 0, 0.2]) {
    steam += `<path d="M${r1(x + s * dx)} ${r1(y - s * 0.1)} c${r1(s * 0.08)} ${r1(-s * 0.1)} ${r1(-s * 0.08)} ${r1(-s * 0.2)} 0 ${r1(-s * 0.3)} c${r1(s * 0.08)} ${r1(-s * 0.1)} ${r1(-s * 0.08)} ${r1(-s * 0.2)} 0 ${r1(-s * 0.3)}" fill="none" stroke="#ffffff" stroke-width="${r1(s * 0.035)}" stroke-linecap="round" opacity="0.85"/>`;
  }
  return (
    steam +
    `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(s * 0.5)}" ry="${r1(s * 0.08)}" fill="${c.p.hills[0]}"/>` +
    `<path d="M${r1(x - s * 0.5)} ${r1(y)} C${r1(x - s * 0.5)} ${r1(y + s * 0.45)} ${r1(x + s * 0.5)} ${r1(y + s * 0.45)} ${r1(x + s * 0.5)} ${r1(y)} Z" fill="${c.p.accent}"/>` +
    `<rect x="${r1(x - s * 0.6)}" y="${r1(y + s * 0.34)}" width="${r1(s * 1.2)}" height="${r1(s * 0.05)}" rx="${r1(s * 0.025)}" fill="${c.p.ink}" opacity="0.6"/>`
  );
}

function box(c: Ctx, x: number, y: number, size: number, fill: string): string {
  const s = size;
  return (
    `<rect x="${r1(x - s / 2)}" y="${r1(y - s * 0.8)}" width="${r1(s)}" height="${r1(s * 0.8)}" rx="${r1(s * 0.04)}" fill="${fill}"/>` +
    `<rect x="${r1(x - s / 2)}" y="${r1(y - s * 0.8)}" width="${r1(s)}" height="${r1(s * 0.16)}" fill="#000000" opacity="0.08"/>` +
    `<rect x="${r1(x - s * 0.06)}" y="${r1(y - s * 0.8)}" width="${r1(s * 0.12)}" height="${r1(s * 0.8)}" fill="#ffffff" opacity="0.35"/>` +
    heart(x, y - s * 0.4, s * 0.3, c.p.wall)
  );
}

function tent(c: Ctx, x: number, y: number, size: number, fill: string): string {
  const s = size;
  return (
    `<path d="M${r1(x - s * 0.6)} ${r1(y)} L${r1(x)} ${r1(y - s * 0.7)} L${r1(x + s * 0.6)} ${r1(y)} Z" fill="${fill}" stroke="${fill}" stroke-width="${r1(s * 0.03)}" stroke-linejoin="round"/>` +
    `<path d="M${r1(x - s * 0.16)} ${r1(y)} L${r1(x)} ${r1(y - s * 0.38)} L${r1(x + s * 0.16)} ${r1(y)} Z" fill="${c.p.ink}" opacity="0.75"/>` +
    `<path d="M${r1(x)} ${r1(y - s * 0.7)} L${r1(x)} ${r1(y - s * 0.82)}" stroke="${c.p.ink}" stroke-width="${r1(s * 0.025)}" stroke-linecap="round"/>`
  );
}

function truck(c: Ctx, x: number, y: number, size: number): string {
  const s = size;
  const wheel = s * 0.12;
  return (
    `<rect x="${r1(x - s * 0.6)}" y="${r1(y - s * 0.55)}" width="${r1(s * 0.78)}" height="${r1(s * 0.45)}" rx="${r1(s * 0.04)}" fill="${c.p.wall}"/>` +
    `<path d="M${r1(x + s * 0.2)} ${r1(y - s * 0.1)} L${r1(x + s * 0.2)} ${r1(y - s * 0.42)} L${r1(x + s * 0.42)} ${r1(y - s * 0.42)} L${r1(x + s * 0.56)} ${r1(y - s * 0.25)} L${r1(x + s * 0.56)} ${r1(y - s * 0.1)} Z" fill="${c.p.accent}"/>` +
    `<path d="M${r1(x + s * 0.27)} ${r1(y - s * 0.36)} L${r1(x + s * 0.4)} ${r1(y - s * 0.36)} L${r1(x + s * 0.49)} ${r1(y - s * 0.26)} L${r1(x + s * 0.27)} ${r1(y - s * 0.26)} Z" fill="${c.p.sky[0]}"/>` +
    cross(x - s * 0.21, y - s * 0.33, s * 0.22, c.p.accent) +
    `<circle cx="${r1(x - s * 0.38)}" cy="${r1(y - s * 0.08)}" r="${r1(wheel)}" fill="${c.p.ink}"/>` +
    `<circle cx="${r1(x + s * 0.36)}" cy="${r1(y - s * 0.08)}" r="${r1(wheel)}" fill="${c.p.ink}"/>` +
    `<circle cx="${r1(x - s * 0.38)}" cy="${r1(y - s * 0.08)}" r="${r1(wheel * 0.4)}" fill="${c.p.wall}"/>` +
    `<circle cx="${r1(x + s * 0.36)}" cy="${r1(y - s * 0.08)}" r="${r1(wheel * 0.4)}" fill="${c.p.wall}"/>`
  );
}

function drop(x: number, y: number, size: number, fill: string): string {
  const s = size;
  return `<path d="M${r1(x)} ${r1(y - s * 0.6)} C${r1(x + s * 0.15)} ${r1(y - s * 0.35)} ${r1(x + s * 0.4)} ${r1(y - s * 0.1)} ${r1(x + s * 0.4)} ${r1(y + s * 0.12)} A${r1(s * 0.4)} ${r1(s * 0.4)} 0 0 1 ${r1(x - s * 0.4)} ${r1(y + s * 0.12)} C${r1(x - s * 0.4)} ${r1(y - s * 0.1)} ${r1(x - s * 0.15)} ${r1(y - s * 0.35)} ${r1(x)} ${r1(y - s * 0.6)} Z" fill="${fill}"/><ellipse cx="${r1(x - s * 0.16)}" cy="${r1(y + s * 0.08)}" rx="${r1(s * 0.07)}" ry="${r1(s * 0.13)}" fill="#ffffff" opacity="0.5"/>`;
}

function bench(c: Ctx, x: number, y: number, size: number): string {
  const s = size;
  const wood = c.p.hills[2];
  return (
    `<rect x="${r1(x - s / 2)}" y="${r1(y - s * 0.3)}" width="${r1(s)}" height="${r1(s * 0.06)}" rx="${r1(s * 0.02)}" fill="${wood}"/>` +
    `<rect x="${r1(x - s / 2)}" y="${r1(y - s * 0.52)}" width="${r1(s)}" height="${r1(s * 0.05)}" rx="${r1(s * 0.02)}" fill="${wood}"/>` +
    `<rect x="${r1(x - s / 2)}" y="${r1(y - s * 0.42)}" width="${r1(s)}" height="${r1(s * 0.05)}" rx="${r1(s * 0.02)}" fill="${wood}"/>` +
    `<rect x="${r1(x - s * 0.44)}" y="${r1(y - s * 0.3)}" width="${r1(s * 0.04)}" height="${r1(s * 0.3)}" fill="${c.p.ink}"/>` +
    `<rect x="${r1(x + s * 0.4)}" y="${r1(y - s * 0.3)}" width="${r1(s * 0.04)}" height="${r1(s * 0.3)}" fill="${c.p.ink}"/>`
  );
}

function flower(x: number, y: number, size: number, petal: string, stem: string): string {
  const s = size;
  let petals = "";
  for (let i = 0; i < 6; i++) {
    const a = (i * Math.PI) / 3;
    petals += `<circle cx="${r1(x + Math.cos(a) * s * 0.16)}" cy="${r1(y - s + Math.sin(a) * s * 0.16)}" r="${r1(s * 0.12)}" fill="${petal}"/>`;
  }
  return (
    `<path d="M${r1(x)} ${r1(y)} Q${r1(x - s * 0.1)} ${r1(y - s * 0.5)} ${r1(x)} ${r1(y - s)}" fill="none" stroke="${stem}" stroke-width="${r1(s * 0.05)}"/>` +
    petals +
    `<circle cx="${r1(x)}" cy="${r1(y - s)}" r="${r1(s * 0.1)}" fill="#fff3d6"/>`
  );
}

function balloon(x: number, y: number, size: number, fill: string, string_: string): string {
  const s = size;
  return (
    `<path d="M${r1(x)} ${r1(y + s * 0.55)} q${r1(s * 0.15)} ${r1(s * 0.4)} ${r1(-s * 0.05)} ${r1(s * 0.8)} q${r1(-s * 0.2)} ${r1(s * 0.4)} 0 ${r1(s * 0.8)}" fill="none" stroke="${string_}" stroke-width="${r1(s * 0.03)}"/>` +
    `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(s * 0.42)}" ry="${r1(s * 0.52)}" fill="${fill}"/>` +
    `<ellipse cx="${r1(x - s * 0.14)}" cy="${r1(y - s * 0.18)}" rx="${r1(s * 0.08)}" ry="${r1(s * 0.14)}" fill="#ffffff" opacity="0.45"/>`
  );
}

function kite(x: number, y: number, size: number, fill: string, tail: string): string {
  const s = size;
  return (
    `<path d="M${r1(x)} ${r1(y + s * 0.5)} q${r1(s * 0.3)} ${r1(s * 0.4)} 0 ${r1(s * 0.8)} q${r1(-s * 0.3)} ${r1(s * 0.4)} 0 ${r1(s * 0.8)}" fill="none" stroke="${tail}" stroke-width="${r1(s * 0.03)}"/>` +
    `<path d="M${r1(x)} ${r1(y - s * 0.5)} L${r1(x + s * 0.35)} ${r1(y)} L${r1(x)} ${r1(y + s * 0.5)} L${r1(x - s * 0.35)} ${r1(y)} Z" fill="${fill}"/>` +
    `<path d="M${r1(x)} ${r1(y - s * 0.5)} L${r1(x)} ${r1(y + s * 0.5)} M${r1(x - s * 0.35)} ${r1(y)} L${r1(x + s * 0.35)} ${r1(y)}" stroke="#ffffff" stroke-width="${r1(s * 0.025)}" opacity="0.7"/>`
  );
}

function ecg(x: number, y: number, width: number, height: number, stroke: string): string {
  const p = (fx: number, fy: number): string => `${r1(x + width * fx)} ${r1(y - height * fy)}`;
  return `<path d="M${p(0, 0)} L${p(0.3, 0)} L${p(0.36, 0.25)} L${p(0.42, -0.35)} L${p(0.5, 1)} L${p(0.57, -0.6)} L${p(0.63, 0.1)} L${p(0.68, 0)} L${p(1, 0)}" fill="none" stroke="${stroke}" stroke-width="${r1(height * 0.07)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function stethoscope(x: number, y: number, size: number, stroke: string, bell: string): string {
  const s = size;
  const sw = r1(s * 0.05);
  return (
    `<path d="M${r1(x - s * 0.3)} ${r1(y - s * 0.6)} L${r1(x - s * 0.3)} ${r1(y - s * 0.2)} C${r1(x - s * 0.3)} ${r1(y + s * 0.05)} ${r1(x + s * 0.3)} ${r1(y + s * 0.05)} ${r1(x + s * 0.3)} ${r1(y - s * 0.2)} L${r1(x + s * 0.3)} ${r1(y - s * 0.6)}" fill="none" stroke="${stroke}" stroke-width="${sw}" stroke-linecap="round"/>` +
    `<path d="M${r1(x)} ${r1(y - s * 0.02)} L${r1(x)} ${r1(y + s * 0.2)} C${r1(x)} ${r1(y + s * 0.5)} ${r1(x + s * 0.45)} ${r1(y + s * 0.5)} ${r1(x + s * 0.45)} ${r1(y + s * 0.2)}" fill="none" stroke="${stroke}" stroke-width="${sw}" stroke-linecap="round"/>` +
    `<circle cx="${r1(x + s * 0.45)}" cy="${r1(y + s * 0.12)}" r="${r1(s * 0.12)}" fill="${bell}" stroke="${stroke}" stroke-width="${sw}"/>` +
    `<circle cx="${r1(x - s * 0.3)}" cy="${r1(y - s * 0.62)}" r="${r1(s * 0.04)}" fill="${stroke}"/>` +
    `<circle cx="${r1(x + s * 0.3)}" cy="${r1(y - s * 0.62)}" r="${r1(s * 0.04)}" fill="${stroke}"/>`
  );
}

function teacup(c: Ctx, x: number, y: number, size: number): string {
  const s = size;
  return (
    `<path d="M${r1(x + s * 0.28)} ${r1(y - s * 0.32)} c${r1(s * 0.2)} 0 ${r1(s * 0.2)} ${r1(s * 0.22)} 0 ${r1(s * 0.22)}" fill="none" stroke="${c.p.accent}" stroke-width="${r1(s * 0.06)}"/>` +
    `<path d="M${r1(x - s * 0.32)} ${r1(y - s * 0.4)} L${r1(x + s * 0.32)} ${r1(y - s * 0.4)} C${r1(x + s * 0.3)} ${r1(y - s * 0.05)} ${r1(x - s * 0.3)} ${r1(y - s * 0.05)} ${r1(x - s * 0.32)} ${r1(y - s * 0.4)} Z" fill="${c.p.accent}"/>` +
    `<ellipse cx="${r1(x)}" cy="${r1(y - s * 0.04)}" rx="${r1(s * 0.45)}" ry="${r1(s * 0.06)}" fill="${c.p.ink}" opacity="0.6"/>` +
    `<path d="M${r1(x - s * 0.08)} ${r1(y - s * 0.5)} c${r1(s * 0.06)} ${r1(-s * 0.08)} ${r1(-s * 0.06)} ${r1(-s * 0.16)} 0 ${r1(-s * 0.24)} M${r1(x + s * 0.08)} ${r1(y - s * 0.5)} c${r1(s * 0.06)} ${r1(-s * 0.08)} ${r1(-s * 0.06)} ${r1(-s * 0.16)} 0 ${r1(-s * 0.24)}" fill="none" stroke="#ffffff" stroke-width="${r1(s * 0.03)}" stroke-linecap="round" opacity="0.9"/>`
  );
}

/** A soft filled circle: backdrops and badges behind symbols. */
function disc(x: number, y: number, r: number, fill: string, opacity = 1): string {
  return `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}" fill="${fill}" opacity="${opacity}"/>`;
}

function studio(c: Ctx): string {
  // A plain soft backdrop for close-up scenes: gradient, a big pale disc and a table line.
  const [top, bottom] = c.p.sky;
  return (
    `<rect width="${c.w}" height="${c.h}" fill="url(#sky)"/>` +
    disc(c.w * 0.72, c.h * 0.3, c.u * 38, top, 0.8) +
    disc(c.w * 0.18, c.h * 0.85, c.u * 30, bottom, 0.6) +
    `<rect y="${r1(c.u * 78)}" width="${c.w}" height="${r1(c.u * 22)}" fill="${c.p.hills[0]}"/>` +
    `<rect y="${r1(c.u * 78)}" width="${c.w}" height="${r1(c.u * 1.2)}" fill="${c.p.hills[1]}"/>`
  );
}

// ---------------------------------------------------------------------------
// Scenes. Each returns the SVG body; `c.w * f` places things by fraction of width.

type Scene = (c: Ctx) => string;

const X = (c: Ctx, f: number): number => c.w * f;

const family: readonly Figure[] = [
  { dx: 0, height: 30 },
  { dx: 9, height: 19, child: true },
  { dx: 17, height: 28 },
  { dx: 25, height: 16, child: true },
];

const scenes = {
  familyHome: ((c) =>
    landscape(c) +
    house(c, X(c, 0.7), c.u * 80, c.u * 22, c.p.accent) +
    tree(c, X(c, 0.86), c.u * 82, c.u * 24, c.p.hills[1]) +
    group(c, X(c, 0.4), c.u * 92, family) +
    birds(c, X(c, 0.2), c.u * 20, c.p.ink)) satisfies Scene,

  schoolWalk: ((c) =>
    landscape(c, 64, 0.2, 0.25) +
    tree(c, X(c, 0.9), c.u * 84, c.u * 30, c.p.hills[1]) +
    group(c, X(c, 0.12), c.u * 92, [
      { dx: 0, height: 20, child: true },
      { dx: 8, height: 28 },
      { dx: 16, height: 18, child: true },
      { dx: 23, height: 21, child: true },
    ]) +
    book(X(c, 0.62), c.u * 30, c.u * 18, c.p.ink, c.p.wall) +
    gradCap(X(c, 0.78), c.u * 22, c.u * 14, c.p.ink, c.p.accent)) satisfies Scene,

  learning: ((c) =>
    landscape(c, 64, 0.8, 0.25) +
    tree(c, X(c, 0.04), c.u * 84, c.u * 30, c.p.hills[1]) +
    group(c, X(c, 0.14), c.u * 92, [
      { dx: 0, height: 20, child: true },
      { dx: 8, height: 28 },
      { dx: 16, height: 18, child: true },
      { dx: 23, height: 21, child: true },
    ]) +
    book(X(c, 0.2), c.u * 30, c.u * 16, c.p.ink, c.p.wall) +
    gradCap(X(c, 0.33), c.u * 24, c.u * 12, c.p.ink, c.p.accent)) satisfies Scene,

  handsHeart: ((c) =>
    landscape(c, 70, 0.5, 0.3) +
    hands(X(c, 0.5), c.u * 52, c.u * 56, c.p.wall) +
    heart(X(c, 0.5), c.u * 43, c.u * 17, c.p.accent) +
    group(
      c,
      X(c, 0.08),
      c.u * 95,
      [
        { dx: 0, height: 22 },
        { dx: 7, height: 15, child: true },
      ],
      true,
    ) +
    group(
      c,
      X(c, 0.82),
      c.u * 95,
      [
        { dx: 0, height: 21, cane: true },
        { dx: 8, height: 23 },
      ],
      true,
    )) satisfies Scene,

  village: ((c) =>
    landscape(c, 60, 0.3, 0.22) +
    house(c, X(c, 0.22), c.u * 78, c.u * 16, c.p.hills[2]) +
    house(c, X(c, 0.45), c.u * 82, c.u * 20, c.p.accent) +
    house(c, X(c, 0.7), c.u * 79, c.u * 15, c.p.ink) +
    tree(c, X(c, 0.85), c.u * 84, c.u * 26, c.p.hills[1]) +
    tree(c, X(c, 0.08), c.u * 84, c.u * 22, c.p.hills[1]) +
    group(c, X(c, 0.56), c.u * 95, [
      { dx: 0, height: 17 },
      { dx: 5, height: 11, child: true },
    ])) satisfies Scene,

  children: ((c) =>
    landscape(c, 66, 0.8, 0.22) +
    balloon(X(c, 0.22), c.u * 30, c.u * 12, c.p.accent, c.p.ink) +
    balloon(X(c, 0.29), c.u * 24, c.u * 10, c.p.people[3] ?? c.p.ink, c.p.ink) +
    kite(X(c, 0.62), c.u * 20, c.u * 12, c.p.accent, c.p.ink) +
    group(c, X(c, 0.3), c.u * 93, [
      { dx: 0, height: 19, child: true },
      { dx: 7, height: 17, child: true },
      { dx: 14, height: 21, child: true },
      { dx: 21, height: 16, child: true },
      { dx: 28, height: 18, child: true },
    ])) satisfies Scene,

  classroom: ((c) =>
    studio(c) +
    `<rect x="${r1(X(c, 0.1))}" y="${r1(c.u * 12)}" width="${r1(X(c, 0.5))}" height="${r1(c.u * 40)}" rx="${r1(c.u * 2)}" fill="${c.p.ink}"/>` +
    `<rect x="${r1(X(c, 0.1) + c.u * 2)}" y="${r1(c.u * 14)}" width="${r1(X(c, 0.5) - c.u * 4)}" height="${r1(c.u * 36)}" rx="${r1(c.u * 1)}" fill="${c.p.hills[2]}"/>` +
    `<text x="${r1(X(c, 0.14))}" y="${r1(c.u * 28)}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${r1(c.u * 8)}" fill="#ffffff" opacity="0.9">A B C</text>` +
    `<text x="${r1(X(c, 0.14))}" y="${r1(c.u * 42)}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${r1(c.u * 8)}" fill="#ffffff" opacity="0.9">1 2 3</text>` +
    book(X(c, 0.75), c.u * 58, c.u * 20, c.p.ink, c.p.wall) +
    group(
      c,
      X(c, 0.2),
      c.u * 96,
      [
        { dx: 0, height: 20, child: true },
        { dx: 12, height: 18, child: true },
        { dx: 24, height: 21, child: true },
        { dx: 36, height: 19, child: true },
      ],
      false,
    )) satisfies Scene,

  elders: ((c) =>
    landscape(c, 64, 0.25, 0.25) +
    tree(c, X(c, 0.2), c.u * 86, c.u * 40, c.p.hills[1]) +
    bench(c, X(c, 0.52), c.u * 90, c.u * 26) +
    group(c, X(c, 0.68), c.u * 93, [
      { dx: 0, height: 27, cane: true },
      { dx: 9, height: 25 },
    ]) +
    flower(X(c, 0.9), c.u * 96, c.u * 10, c.p.accent, c.p.hills[2]) +
    flower(X(c, 0.94), c.u * 97, c.u * 8, c.p.wall, c.p.hills[2])) satisfies Scene,

  garden: ((c) => {
    let out = landscape(c, 58, 0.7, 0.2);
    for (let i = 0; i < 11; i++) {
      const x = X(c, 0.04 + i * 0.092);
      out += flower(
        x,
        c.u * (97 - (i % 2) * 3),
        c.u * (9 + (i % 3) * 2),
        i % 2 ? c.p.accent : c.p.wall,
        c.p.hills[2],
      );
    }
    out += group(c, X(c, 0.42), c.u * 86, [
      { dx: 0, height: 25, cane: true },
      { dx: 10, height: 24 },
    ]);
    return out;
  }) satisfies Scene,

  tea: ((c) =>
    studio(c) +
    teacup(c, X(c, 0.3), c.u * 80, c.u * 22) +
    teacup(c, X(c, 0.48), c.u * 80, c.u * 18) +
    heart(X(c, 0.72), c.u * 40, c.u * 26, c.p.accent, 0.9) +
    flower(X(c, 0.83), c.u * 78, c.u * 22, c.p.accent, c.p.hills[2]) +
    flower(X(c, 0.88), c.u * 78, c.u * 16, c.p.wall, c.p.hills[2])) satisfies Scene,

  care: ((c) =>
    studio(c) +
    heart(X(c, 0.5), c.u * 34, c.u * 30, c.p.accent, 0.35) +
    person(X(c, 0.4), c.u * 92, c.u * 62, at(c.p.people, 1)) +
    person(X(c, 0.6), c.u * 92, c.u * 58, at(c.p.people, 0), { cane: true }) +
    `<path d="M${r1(X(c, 0.43))} ${r1(c.u * 66)} Q${r1(X(c, 0.5))} ${r1(c.u * 72)} ${r1(X(c, 0.57))} ${r1(c.u * 66)}" fill="none" stroke="${c.p.ink}" stroke-width="${r1(c.u * 1.4)}" stroke-linecap="round"/>`) satisfies Scene,

  medical: ((c) =>
    studio(c) +
    disc(X(c, 0.3), c.u * 42, c.u * 24, c.p.wall) +
    cross(X(c, 0.3), c.u * 42, c.u * 28, c.p.accent) +
    ecg(X(c, 0.5), c.u * 45, X(c, 0.42), c.u * 16, c.p.ink) +
    heart(X(c, 0.82), c.u * 64, c.u * 12, c.p.accent)) satisfies Scene,

  clinic: ((c) =>
    landscape(c, 66, 0.2, 0.22) +
    `<rect x="${r1(X(c, 0.45))}" y="${r1(c.u * 48)}" width="${r1(c.u * 44)}" height="${r1(c.u * 34)}" rx="${r1(c.u * 1)}" fill="${c.p.wall}"/>` +
    `<rect x="${r1(X(c, 0.45) - c.u * 2)}" y="${r1(c.u * 45)}" width="${r1(c.u * 48)}" height="${r1(c.u * 5)}" rx="${r1(c.u * 1)}" fill="${c.p.hills[2]}"/>` +
    disc(X(c, 0.45) + c.u * 22, c.u * 58, c.u * 6, c.p.accent) +
    cross(X(c, 0.45) + c.u * 22, c.u * 58, c.u * 7, "#ffffff") +
    `<rect x="${r1(X(c, 0.45) + c.u * 17)}" y="${r1(c.u * 68)}" width="${r1(c.u * 10)}" height="${r1(c.u * 14)}" rx="${r1(c.u * 1)}" fill="${c.p.ink}" opacity="0.8"/>` +
    group(c, X(c, 0.2), c.u * 94, [
      { dx: 0, height: 24 },
      { dx: 8, height: 16, child: true },
    ]) +
    tree(c, X(c, 0.9), c.u * 86, c.u * 26, c.p.hills[1])) satisfies Scene,

  checkup: ((c) =>
    studio(c) +
    stethoscope(X(c, 0.32), c.u * 52, c.u * 48, c.p.ink, c.p.accent) +
    disc(X(c, 0.68), c.u * 46, c.u * 20, c.p.wall) +
    heart(X(c, 0.68), c.u * 46, c.u * 22, c.p.accent)) satisfies Scene,

  relief: ((c) =>
    landscape(c, 64, 0.8, 0.22) +
    tent(c, X(c, 0.18), c.u * 84, c.u * 28, c.p.accent) +
    tent(c, X(c, 0.36), c.u * 82, c.u * 22, c.p.wall) +
    truck(c, X(c, 0.7), c.u * 90, c.u * 34) +
    box(c, X(c, 0.5), c.u * 93, c.u * 10, c.p.accent)) satisfies Scene,

  supplies: ((c) =>
    studio(c) +
    box(c, X(c, 0.28), c.u * 80, c.u * 26, c.p.accent) +
    box(c, X(c, 0.48), c.u * 80, c.u * 22, c.p.hills[2]) +
    box(c, X(c, 0.38), c.u * 59.2, c.u * 18, c.p.people[1] ?? c.p.accent) +
    drop(X(c, 0.72), c.u * 60, c.u * 22, "#5fa8d3") +
    drop(X(c, 0.84), c.u * 68, c.u * 14, "#7fbfe0")) satisfies Scene,

  meals: ((c) =>
    studio(c) +
    bowl(c, X(c, 0.35), c.u * 66, c.u * 32) +
    bowl(c, X(c, 0.65), c.u * 70, c.u * 24) +
    heart(X(c, 0.5), c.u * 22, c.u * 12, c.p.accent)) satisfies Scene,

  water: ((c) =>
    landscape(c, 62, 0.5, 0.2) +
    drop(X(c, 0.5), c.u * 44, c.u * 30, "#5fa8d3") +
    group(c, X(c, 0.14), c.u * 94, [
      { dx: 0, height: 23 },
      { dx: 7, height: 16, child: true },
    ]) +
    group(c, X(c, 0.78), c.u * 94, [
      { dx: 0, height: 17, child: true },
      { dx: 7, height: 25 },
    ])) satisfies Scene,

  volunteers: ((c) =>
    landscape(c, 68, 0.15, 0.2) +
    group(c, X(c, 0.2), c.u * 94, [
      { dx: 0, height: 26 },
      { dx: 8, height: 28 },
      { dx: 16, height: 25 },
      { dx: 24, height: 27 },
      { dx: 32, height: 24 },
      { dx: 40, height: 28 },
    ]) +
    heart(X(c, 0.72), c.u * 30, c.u * 18, c.p.accent)) satisfies Scene,

  celebration: ((c) => {
    let out = landscape(c, 70, 0.5, 0.18);
    for (let i = 0; i < 7; i++) {
      out += balloon(
        X(c, 0.1 + i * 0.13),
        c.u * (22 + (i % 3) * 6),
        c.u * (8 + (i % 2) * 2),
        at([c.p.accent, c.p.hills[1], c.p.wall, at(c.p.people, 1)], i),
        c.p.ink,
      );
    }
    // Bunting across the top.
    let flags = "";
    for (let i = 0; i < 14; i++) {
      const x = X(c, i / 13);
      flags += `<path d="M${r1(x - c.u * 2.5)} ${r1(c.u * 6)} L${r1(x + c.u * 2.5)} ${r1(c.u * 6)} L${r1(x)} ${r1(c.u * 12)} Z" fill="${i % 2 ? c.p.accent : c.p.wall}"/>`;
    }
    out += `<path d="M0 ${r1(c.u * 6)} L${c.w} ${r1(c.u * 6)}" stroke="${c.p.ink}" stroke-width="${r1(c.u * 0.4)}"/>${flags}`;
    out += group(c, X(c, 0.3), c.u * 95, [
      { dx: 0, height: 25 },
      { dx: 8, height: 17, child: true },
      { dx: 15, height: 27 },
      { dx: 23, height: 24, cane: true },
      { dx: 31, height: 15, child: true },
    ]);
    return out;
  }) satisfies Scene,

  award: ((c) =>
    studio(c) +
    // A trophy cup.
    `<path d="M${r1(X(c, 0.5) - c.u * 16)} ${r1(c.u * 20)} L${r1(X(c, 0.5) + c.u * 16)} ${r1(c.u * 20)} C${r1(X(c, 0.5) + c.u * 16)} ${r1(c.u * 46)} ${r1(X(c, 0.5) - c.u * 16)} ${r1(c.u * 46)} ${r1(X(c, 0.5) - c.u * 16)} ${r1(c.u * 20)} Z" fill="${c.p.accent}"/>` +
    `<path d="M${r1(X(c, 0.5) - c.u * 16)} ${r1(c.u * 24)} c${r1(-c.u * 10)} 0 ${r1(-c.u * 10)} ${r1(c.u * 14)} ${r1(c.u * 2)} ${r1(c.u * 16)} M${r1(X(c, 0.5) + c.u * 16)} ${r1(c.u * 24)} c${r1(c.u * 10)} 0 ${r1(c.u * 10)} ${r1(c.u * 14)} ${r1(-c.u * 2)} ${r1(c.u * 16)}" fill="none" stroke="${c.p.accent}" stroke-width="${r1(c.u * 2)}"/>` +
    `<rect x="${r1(X(c, 0.5) - c.u * 2.5)}" y="${r1(c.u * 44)}" width="${r1(c.u * 5)}" height="${r1(c.u * 14)}" fill="${c.p.accent}"/>` +
    `<rect x="${r1(X(c, 0.5) - c.u * 12)}" y="${r1(c.u * 58)}" width="${r1(c.u * 24)}" height="${r1(c.u * 8)}" rx="${r1(c.u * 1)}" fill="${c.p.ink}"/>` +
    heart(X(c, 0.5), c.u * 30, c.u * 10, c.p.wall) +
    group(
      c,
      X(c, 0.2),
      c.u * 96,
      [
        { dx: 0, height: 22 },
        { dx: 8, height: 15, child: true },
      ],
      true,
    ) +
    group(
      c,
      X(c, 0.72),
      c.u * 96,
      [
        { dx: 0, height: 16, child: true },
        { dx: 8, height: 23 },
      ],
      true,
    )) satisfies Scene,

  hope: ((c) =>
    landscape(c, 74, 0.5, 0.45) +
    hands(X(c, 0.5), c.u * 68, c.u * 50, c.p.ink) +
    heart(X(c, 0.5), c.u * 60.3, c.u * 15.5, c.p.accent)) satisfies Scene,

  housing: ((c) =>
    landscape(c, 64, 0.8, 0.24) +
    house(c, X(c, 0.45), c.u * 84, c.u * 34, c.p.accent) +
    tree(c, X(c, 0.15), c.u * 86, c.u * 30, c.p.hills[1]) +
    tree(c, X(c, 0.78), c.u * 86, c.u * 26, c.p.hills[1]) +
    group(c, X(c, 0.65), c.u * 96, [
      { dx: 0, height: 20 },
      { dx: 6, height: 13, child: true },
    ])) satisfies Scene,

  education: ((c) =>
    studio(c) +
    book(X(c, 0.35), c.u * 50, c.u * 34, c.p.ink, c.p.wall) +
    gradCap(X(c, 0.68), c.u * 40, c.u * 30, c.p.ink, c.p.accent) +
    heart(X(c, 0.82), c.u * 18, c.u * 8, c.p.accent)) satisfies Scene,
};

type SceneName = keyof typeof scenes;

// ---------------------------------------------------------------------------
// Portraits: abstract avatars, no faces.

const skins = ["#f1c9a5", "#d9a07a", "#a8714f", "#e8b894", "#8d5a3b", "#c68e67"] as const;
const hairs = ["#3b2a20", "#c9c4bd", "#1f1a17", "#6b4a2f", "#2a2320", "#e0dcd6"] as const;
const hairStyles = ["short", "long", "bun", "short", "long", "bald"] as const;

function portrait(c: Ctx, index: number): string {
  const cx = c.w / 2;
  const skin = at(skins, index);
  const hair = at(hairs, index);
  const style = at(hairStyles, index);
  const cloth = at(c.p.people, index);
  const headR = c.w * 0.15;
  const headY = c.h * 0.42;
  let back = "";
  let front = "";
  if (style === "long") {
    back = `<path d="M${r1(cx - headR * 1.15)} ${r1(headY)} C${r1(cx - headR * 1.25)} ${r1(headY - headR * 1.6)} ${r1(cx + headR * 1.25)} ${r1(headY - headR * 1.6)} ${r1(cx + headR * 1.15)} ${r1(headY)} L${r1(cx + headR * 1.2)} ${r1(headY + headR * 1.5)} L${r1(cx - headR * 1.2)} ${r1(headY + headR * 1.5)} Z" fill="${hair}"/>`;
  }
  if (style === "bun") {
    back = `<circle cx="${r1(cx)}" cy="${r1(headY - headR * 1.15)}" r="${r1(headR * 0.45)}" fill="${hair}"/>`;
  }
  if (style !== "bald") {
    const P = (fx: number, fy: number): string =>
      `${r1(cx + headR * fx)} ${r1(headY + headR * fy)}`;
    front = `<path d="M${P(-1.04, 0.08)} C${P(-1.12, -1.42)} ${P(1.12, -1.42)} ${P(1.04, -0.05)} C${P(0.85, -0.5)} ${P(0.25, -0.95)} ${P(-0.2, -0.58)} C${P(-0.5, -0.3)} ${P(-0.8, -0.28)} ${P(-1.04, 0.08)} Z" fill="${hair}"/>`;
  } else {
    front = `<path d="M${r1(cx - headR * 1.0)} ${r1(headY + headR * 0.05)} C${r1(cx - headR * 1.05)} ${r1(headY - headR * 0.3)} ${r1(cx - headR * 0.9)} ${r1(headY - headR * 0.5)} ${r1(cx - headR * 0.75)} ${r1(headY - headR * 0.55)} L${r1(cx - headR * 0.8)} ${r1(headY + headR * 0.1)} Z M${r1(cx + headR * 1.0)} ${r1(headY + headR * 0.05)} C${r1(cx + headR * 1.05)} ${r1(headY - headR * 0.3)} ${r1(cx + headR * 0.9)} ${r1(headY - headR * 0.5)} ${r1(cx + headR * 0.75)} ${r1(headY - headR * 0.55)} L${r1(cx + headR * 0.8)} ${r1(headY + headR * 0.1)} Z" fill="${hair}"/>`;
  }
  const shoulders = `<path d="M${r1(cx - c.w * 0.36)} ${c.h} C${r1(cx - c.w * 0.36)} ${r1(c.h * 0.72)} ${r1(cx - c.w * 0.22)} ${r1(c.h * 0.64)} ${r1(cx)} ${r1(c.h * 0.64)} C${r1(cx + c.w * 0.22)} ${r1(c.h * 0.64)} ${r1(cx + c.w * 0.36)} ${r1(c.h * 0.72)} ${r1(cx + c.w * 0.36)} ${c.h} Z" fill="${cloth}"/>`;
  const collar = `<path d="M${r1(cx - c.w * 0.07)} ${r1(c.h * 0.645)} L${r1(cx)} ${r1(c.h * 0.73)} L${r1(cx + c.w * 0.07)} ${r1(c.h * 0.645)} Z" fill="${c.p.wall}"/>`;
  const neck = `<rect x="${r1(cx - headR * 0.38)}" y="${r1(headY + headR * 0.6)}" width="${r1(headR * 0.76)}" height="${r1(headR * 0.9)}" rx="${r1(headR * 0.2)}" fill="${skin}"/>`;
  return (
    `<rect width="${c.w}" height="${c.h}" fill="url(#sky)"/>` +
    disc(cx, c.h * 0.48, c.w * 0.4, c.p.sky[0], 0.7) +
    disc(c.w * 0.85, c.h * 0.15, c.w * 0.12, c.p.accent, 0.25) +
    back +
    neck +
    shoulders +
    collar +
    `<circle cx="${r1(cx)}" cy="${r1(headY)}" r="${r1(headR)}" fill="${skin}"/>` +
    front
  );
}

// ---------------------------------------------------------------------------
// Logo, sample QR code and certificates.

function logoSvg(size: number): string {
  const c = size / 2;
  const k = size / 512;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><circle cx="${c}" cy="${c}" r="${c}" fill="#1b625b"/><circle cx="${c}" cy="${c}" r="${r1(c - 14 * k)}" fill="none" stroke="#fcb84d" stroke-width="${r1(4 * k)}" opacity="0.5"/>${hands(c, c + 40 * k, 360 * k, "#ffffff")}${heart(c, c - 20 * k, 130 * k, "#fcb84d")}</svg>`;
}

function qrSvg(): string {
  const size = 600;
  const rng = mulberry32(hash("donate-qr-sample"));
  const n = 25;
  const cell = 16;
  const ox = (size - n * cell) / 2;
  const oy = 40;
  const teal = "#1b625b";
  const inFinder = (x: number, y: number): boolean =>
    (x < 8 && y < 8) || (x >= n - 8 && y < 8) || (x < 8 && y >= n - 8);
  const inLabel = (x: number, y: number): boolean => x >= 5 && x <= 19 && y >= 10 && y <= 14;
  let modules = "";
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (inFinder(x, y) || inLabel(x, y)) continue;
      if (rng() < 0.48) {
        modules += `<rect x="${ox + x * cell + 1}" y="${oy + y * cell + 1}" width="${cell - 2}" height="${cell - 2}" rx="4"/>`;
      }
    }
  }
  const finder = (fx: number, fy: number): string => {
    const x = ox + fx * cell;
    const y = oy + fy * cell;
    return `<rect x="${x + 4}" y="${y + 4}" width="${7 * cell - 8}" height="${7 * cell - 8}" rx="18" fill="none" stroke="${teal}" stroke-width="14"/><rect x="${x + 2 * cell}" y="${y + 2 * cell}" width="${3 * cell}" height="${3 * cell}" rx="10" fill="#fcb84d"/>`;
  };
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" fill="#ffffff"/>` +
    `<rect x="8" y="8" width="${size - 16}" height="${size - 16}" rx="28" fill="none" stroke="#fcb84d" stroke-width="6" stroke-dasharray="22 14"/>` +
    `<g fill="${teal}" opacity="0.9">${modules}</g>` +
    finder(0, 0) +
    finder(n - 7, 0) +
    finder(0, n - 7) +
    `<rect x="${ox + 5 * cell}" y="${oy + 9.5 * cell}" width="${15 * cell}" height="${6 * cell}" rx="16" fill="#ffffff" stroke="#c0392b" stroke-width="5"/>` +
    `<text x="${size / 2}" y="${oy + 13.3 * cell}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="48" fill="#c0392b" letter-spacing="3">SAMPLE</text>` +
    `<text x="${size / 2}" y="${oy + n * cell + 52}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" fill="#5b5b5b">Sample image - not a payment code</text>` +
    `<text x="${size / 2}" y="${oy + n * cell + 90}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="22" fill="#8a8a8a">Replace it in the admin with your own QR code</text>` +
    `</svg>`
  );
}

interface Certificate {
  readonly title: string;
  readonly line: string;
  readonly color: string;
}

const certificates: readonly Certificate[] = [
  {
    title: "Certificate of Registration",
    line: "Registered non-profit organisation",
    color: "#1b625b",
  },
  { title: "Tax Exemption Certificate", line: "Charitable status confirmed", color: "#2d5b7a" },
  { title: "Certificate of Recognition", line: "For service to the community", color: "#8c4a2f" },
  {
    title: "Child Care Accreditation",
    line: "Standards of care and safeguarding",
    color: "#5f508e",
  },
];

function certificateSvg(cert: Certificate): string {
  const w = 1200;
  const h = 850;
  const serif = "DejaVu Serif, Georgia, serif";
  const sans = "DejaVu Sans, Arial, sans-serif";
  let lines = "";
  for (const [i, width] of [620, 700, 560].entries()) {
    lines += `<rect x="${(w - width) / 2}" y="${452 + i * 34}" width="${width}" height="10" rx="5" fill="${cert.color}" opacity="0.16"/>`;
  }
  let corners = "";
  for (const [x, y] of [
    [70, 70],
    [w - 70, 70],
    [70, h - 70],
    [w - 70, h - 70],
  ] as const) {
    corners += `<rect x="${x - 14}" y="${y - 14}" width="28" height="28" transform="rotate(45 ${x} ${y})" fill="${cert.color}"/>`;
  }
  const sealX = w - 250;
  const sealY = h - 190;
  let rays = "";
  for (let i = 0; i < 24; i++) {
    const a = (i * Math.PI) / 12;
    rays += `<circle cx="${r1(sealX + Math.cos(a) * 72)}" cy="${r1(sealY + Math.sin(a) * 72)}" r="12" fill="#fcb84d"/>`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><radialGradient id="paper" cx="0.5" cy="0.4" r="0.8"><stop offset="0" stop-color="#fffdf7"/><stop offset="1" stop-color="#f3ead6"/></radialGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#paper)"/>` +
    `<rect x="40" y="40" width="${w - 80}" height="${h - 80}" fill="none" stroke="${cert.color}" stroke-width="10"/>` +
    `<rect x="62" y="62" width="${w - 124}" height="${h - 124}" fill="none" stroke="${cert.color}" stroke-width="2" opacity="0.6"/>` +
    corners +
    heart(w / 2, 150, 54, cert.color) +
    `<text x="${w / 2}" y="${236}" text-anchor="middle" font-family="${sans}" font-size="22" letter-spacing="6" fill="${cert.color}">HELPING HANDS FOUNDATION</text>` +
    `<text x="${w / 2}" y="${320}" text-anchor="middle" font-family="${serif}" font-size="58" fill="#2b2b2b">${cert.title}</text>` +
    `<rect x="${w / 2 - 180}" y="${346}" width="360" height="3" fill="#fcb84d"/>` +
    `<text x="${w / 2}" y="${404}" text-anchor="middle" font-family="${serif}" font-style="italic" font-size="28" fill="#555555">${cert.line}</text>` +
    lines +
    `<rect x="170" y="${h - 170}" width="300" height="2" fill="#555555"/>` +
    `<path d="M190 ${h - 185} c30 -40 50 10 80 -20 s40 10 70 -10 s30 20 60 0" fill="none" stroke="#3a3a3a" stroke-width="3" stroke-linecap="round"/>` +
    `<text x="320" y="${h - 138}" text-anchor="middle" font-family="${sans}" font-size="18" fill="#666666">Authorised signatory</text>` +
    rays +
    `<circle cx="${sealX}" cy="${sealY}" r="70" fill="#fcb84d"/>` +
    `<circle cx="${sealX}" cy="${sealY}" r="56" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.8"/>` +
    heart(sealX, sealY, 52, cert.color) +
    `<path d="M${sealX - 40} ${sealY + 60} L${sealX - 60} ${sealY + 130} L${sealX - 30} ${sealY + 112} L${sealX - 14} ${sealY + 140} L${sealX - 4} ${sealY + 70} Z" fill="${cert.color}"/>` +
    `<path d="M${sealX + 40} ${sealY + 60} L${sealX + 60} ${sealY + 130} L${sealX + 30} ${sealY + 112} L${sealX + 14} ${sealY + 140} L${sealX + 4} ${sealY + 70} Z" fill="${cert.color}"/>` +
    `<text x="${w / 2}" y="${h - 96}" text-anchor="middle" font-family="${sans}" font-size="18" letter-spacing="3" fill="#a33a2b">SAMPLE CERTIFICATE</text>` +
    `</svg>`
  );
}

/** A minimal, valid one-page PDF: a sample certificate document. */
function samplePdf(): Buffer {
  const content = [
    "0.106 0.384 0.357 RG 6 w 36 36 770 523 re S",
    "BT /F1 34 Tf 190 420 Td (Certificate of Registration) Tj ET",
    "BT /F2 16 Tf 305 380 Td (HELPING HANDS FOUNDATION) Tj ET",
    "BT /F2 13 Tf 226 320 Td (Registered non-profit organisation - sample document) Tj ET",
    "BT /F2 11 Tf 250 120 Td (SAMPLE: replace it in the admin with your own certificate) Tj ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 842 595] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Bold >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${offset.toString().padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

// ---------------------------------------------------------------------------
// The catalogue of images: name, size, palette and scene.

interface Job {
  readonly name: string;
  readonly svg: string;
  readonly format: "jpeg" | "png";
}

function sceneJob(name: string, w: number, h: number, palette: number, scene: SceneName): Job {
  const c = makeCtx(name, w, h, palette);
  return { name: `${name}.jpg`, svg: svgDoc(c, skyDefs(c), scenes[scene](c)), format: "jpeg" };
}

function series(
  prefix: string,
  w: number,
  h: number,
  list: readonly (readonly [number, SceneName])[],
): Job[] {
  return list.map(([palette, scene], i) => sceneJob(`${prefix}-${i + 1}`, w, h, palette, scene));
}

const BANNER = [1920, 1080] as const;
const WIDE = [1200, 900] as const;

function jobs(): Job[] {
  const list: Job[] = [
    // Home banners: text sits left, centre, right, so the subject leaves that side free.
    sceneJob("banner-1", ...BANNER, 0, "familyHome"),
    sceneJob("banner-2", ...BANNER, 1, "celebration"),
    sceneJob("banner-3", ...BANNER, 3, "learning"),
    sceneJob("about", ...WIDE, 1, "handsHeart"),
    sceneJob("cause-education", 800, 600, 3, "education"),
    sceneJob("cause-elder-care", 800, 600, 2, "elders"),
    sceneJob("cause-healthcare", 800, 600, 1, "medical"),
    sceneJob("cause-housing", 800, 600, 0, "housing"),
    sceneJob("cause-nutrition", 800, 600, 4, "meals"),
    sceneJob("cause-relief", 800, 600, 6, "relief"),
    ...series("home-gallery", ...WIDE, [
      [0, "village"],
      [5, "volunteers"],
      [0, "children"],
      [2, "care"],
      [1, "clinic"],
      [4, "celebration"],
    ]),
    ...series("children-gallery", ...WIDE, [
      [3, "children"],
      [5, "classroom"],
      [0, "schoolWalk"],
      [1, "education"],
      [4, "meals"],
      [6, "celebration"],
    ]),
    ...series("oldage-gallery", ...WIDE, [
      [2, "elders"],
      [4, "tea"],
      [5, "garden"],
      [6, "care"],
      [0, "checkup"],
      [1, "celebration"],
    ]),
    ...series("medical-gallery", ...WIDE, [
      [1, "medical"],
      [3, "clinic"],
      [5, "checkup"],
      [4, "hope"],
      [0, "water"],
      [6, "volunteers"],
    ]),
    ...series("relief-gallery", ...WIDE, [
      [6, "relief"],
      [4, "supplies"],
      [3, "water"],
      [0, "meals"],
      [1, "housing"],
      [2, "volunteers"],
    ]),
    ...series("gallery", ...WIDE, [
      [6, "village"],
      [5, "celebration"],
      [5, "children"],
      [3, "volunteers"],
      [1, "award"],
      [2, "hope"],
    ]),
    ...series("children-banner", ...BANNER, [
      [3, "children"],
      [5, "schoolWalk"],
      [5, "familyHome"],
    ]),
    ...series("oldage-banner", ...BANNER, [
      [2, "elders"],
      [5, "garden"],
      [4, "care"],
    ]),
    sceneJob("children-about", ...WIDE, 1, "classroom"),
    sceneJob("oldage-about", ...WIDE, 0, "elders"),
    sceneJob("medical-banner", ...BANNER, 1, "clinic"),
    sceneJob("relief-banner", ...BANNER, 6, "relief"),
    ...series("project", 1200, 800, [
      [3, "water"],
      [0, "housing"],
      [1, "clinic"],
      [5, "education"],
      [4, "meals"],
      [6, "supplies"],
    ]),
  ];
  for (let i = 0; i < 6; i++) {
    const c = makeCtx(`portrait-${i + 1}`, 600, 600, [1, 4, 3, 5, 2, 0][i] ?? 0);
    list.push({
      name: `portrait-${i + 1}.jpg`,
      svg: svgDoc(c, skyDefs(c), portrait(c, i)),
      format: "jpeg",
    });
  }
  certificates.forEach((cert, i) => {
    list.push({ name: `certificate-${i + 1}.jpg`, svg: certificateSvg(cert), format: "jpeg" });
  });
  list.push({ name: "logo.png", svg: logoSvg(512), format: "png" });
  list.push({ name: "donate-qr-sample.png", svg: qrSvg(), format: "png" });
  return list;
}

// ---------------------------------------------------------------------------

async function render(job: Job): Promise<Buffer> {
  const image = sharp(Buffer.from(job.svg));
  if (job.format === "png") return image.png({ compressionLevel: 9, palette: true }).toBuffer();
  return image.jpeg({ quality: 72, mozjpeg: true, chromaSubsampling: "4:2:0" }).toBuffer();
}

async function main(): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const list = jobs();
  const names = new Set(list.map((j) => j.name));
  names.add("sample-certificate.pdf");
  // Remove files an earlier version of this script made but no longer does.
  for (const file of await readdir(outDir)) {
    if (!names.has(file) && /\.(jpg|png|pdf)$/.test(file)) await rm(join(outDir, file));
  }
  for (const job of list) {
    await writeFile(join(outDir, job.name), await render(job));
  }
  await writeFile(join(outDir, "sample-certificate.pdf"), samplePdf());
  let total = 0;
  for (const name of names) total += (await stat(join(outDir, name))).size;
  console.log(
    `Wrote ${names.size} files to public/images/seed (${(total / 1024 / 1024).toFixed(2)} MB)`,
  );
}

await main();
