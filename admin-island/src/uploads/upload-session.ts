// Files uploaded while a form is open are stored at once (the preview needs their
// address), before anything is saved. When the form goes away, the ones that were
// never part of a save are removed again, so cancelled forms leave no files behind.
// Conservative on purpose: a file in any values ever submitted is kept, and so is every
// file of a form whose draft is still kept (a lost session restores it later).
import { createContext, useContext } from "react";

export interface UploadSession {
  /** A file uploaded into this form. */
  record(url: string): void;
  /** The values about to be saved: their files are never removed. */
  submitted(values: unknown): void;
  /** The recorded files no submitted values refer to. */
  unsaved(): string[];
}

function strings(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === "string") into.add(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, into);
  else if (value !== null && typeof value === "object")
    for (const item of Object.values(value)) strings(item, into);
  return into;
}

export function createUploadSession(): UploadSession {
  const recorded = new Set<string>();
  const kept = new Set<string>();
  return {
    record: (url) => void recorded.add(url),
    submitted: (values) => void strings(values, kept),
    unsaved: () => [...recorded].filter((url) => !kept.has(url)),
  };
}

export const UploadSessionContext = createContext<UploadSession | null>(null);

export function useUploadSession(): UploadSession | null {
  return useContext(UploadSessionContext);
}
