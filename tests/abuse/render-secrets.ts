// The secrets group's scanner: the forms a secret could take in a built file (as is,
// URL-encoded, JSON-escaped, base64 and base64url at every byte alignment, and for a
// JWT its payload and signature parts alone), and every file under a folder.

import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";

export interface Needle {
  secret: string;
  form: string;
  text: string;
}

/**
 * A base64 text as it would appear inside a longer encoded string: the secret's
 * bytes after 0, 1 or 2 other bytes, without the first and last group (which depend
 * on the neighbours).
 */
function base64Inner(value: string, url: boolean): string[] {
  const out: string[] = [];
  for (let shift = 0; shift < 3; shift++) {
    const bytes = Buffer.concat([Buffer.alloc(shift, 0x20), Buffer.from(value, "utf8")]);
    let encoded = bytes.toString(url ? "base64url" : "base64").replace(/=+$/, "");
    encoded = encoded.slice(4, -4);
    if (encoded.length >= 16) out.push(encoded);
  }
  return out;
}

/** The forms of one secret worth looking for; `public` parts (the JWT header) excluded. */
export function needlesOf(name: string, value: string): Needle[] {
  const forms: [string, string][] = [
    ["as is", value],
    ["URL-encoded", encodeURIComponent(value)],
    ["JSON-escaped", JSON.stringify(value).slice(1, -1)],
    ["HTML-escaped", value.replaceAll("&", "&amp;").replaceAll("/", "&#x2F;")],
    ["base64", Buffer.from(value).toString("base64")],
    ["base64url", Buffer.from(value).toString("base64url")],
  ];
  for (const [i, text] of base64Inner(value, false).entries()) {
    forms.push([`base64 inside other data (${i})`, text]);
  }
  for (const [i, text] of base64Inner(value, true).entries()) {
    forms.push([`base64url inside other data (${i})`, text]);
  }
  const parts = value.split(".");
  if (parts.length === 3 && parts.every((part) => /^[\w-]+$/.test(part))) {
    // A JWT: its header is shared with the anon key (public); payload and signature are not.
    forms.push(["JWT payload", parts[1] ?? ""], ["JWT signature", parts[2] ?? ""]);
  }
  const seen = new Set<string>();
  const needles: Needle[] = [];
  for (const [form, text] of forms) {
    if (text.length < 12 || seen.has(text)) continue;
    seen.add(text);
    needles.push({ secret: name, form, text });
  }
  return needles;
}

export interface ScannedFile {
  path: string;
  text: string;
}

/** Every file under dir, read as latin1 (byte for byte: binary files are scanned too). */
export async function readTree(dir: string): Promise<ScannedFile[]> {
  const out: ScannedFile[] = [];
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile())
        out.push({ path: relative(dir, full), text: await readFile(full, "latin1") });
    }
  };
  await walk(dir);
  return out.sort((a, b) => a.path.localeCompare(b.path));
}
