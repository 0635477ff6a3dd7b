// An open form keeps its unsaved values in sessionStorage while it has changes, so a
// reload or a lost session loses nothing: the same form offers them again.
import type { FormValues } from "./resources/types.ts";

const DRAFT_PREFIX = "charity-admin-draft:";

export function readDraft(key: string): FormValues | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_PREFIX + key);
    return raw ? (JSON.parse(raw) as FormValues) : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, values: unknown): void {
  sessionStorage.setItem(DRAFT_PREFIX + key, JSON.stringify(values));
}

export function hasDraft(key: string): boolean {
  return sessionStorage.getItem(DRAFT_PREFIX + key) !== null;
}

export function clearDraft(key: string): void {
  sessionStorage.removeItem(DRAFT_PREFIX + key);
}
