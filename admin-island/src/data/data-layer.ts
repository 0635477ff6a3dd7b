// What the admin's screens may ask of the backend. Components never call supabase-js
// themselves: they receive a DataLayer (the real one in supabase-data.ts, a fake in
// component tests), and every method throws a DataError instead of returning one.
import type { Database } from "../../../supabase/database.types.ts";

export type TableName = keyof Database["public"]["Tables"];

export interface Row {
  id: string;
  updated_at?: string;
  [column: string]: unknown;
}

export interface ListOrder {
  column: string;
  ascending: boolean;
}

export type UploadProgress = (fraction: number) => void;

export interface DataLayer {
  list(table: TableName, order: ListOrder): Promise<Row[]>;
  insert(table: TableName, values: Record<string, unknown>[]): Promise<Row[]>;
  /**
   * Saves changes to one row. With `loadedAt` (the row's updated_at when it was
   * loaded) the save only applies if nobody changed the row since; otherwise it
   * throws a ConflictError and changes nothing.
   */
  update(
    table: TableName,
    id: string,
    values: Record<string, unknown>,
    loadedAt?: string,
  ): Promise<Row>;
  remove(table: TableName, id: string): Promise<void>;
  /** Makes one logo the active one, atomically (the activate_logo RPC). */
  activateLogo(id: string): Promise<void>;
  /** Stores a file in the media bucket and returns its public URL. */
  upload(path: string, file: Blob, onProgress?: UploadProgress): Promise<string>;
  /**
   * Removes a file this admin uploaded but never saved, by the URL upload() gave.
   * Addresses outside the media bucket are left alone.
   */
  removeUpload(url: string): Promise<void>;
}

export class DataError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.name = "DataError";
    this.code = code;
  }
}

/** Someone else saved the row after it was loaded, or deleted it. */
export class ConflictError extends DataError {
  readonly deleted: boolean;
  constructor(deleted: boolean) {
    super(
      deleted
        ? "This item was deleted by someone else. Reload to see the current list."
        : "Someone else changed this item after you opened it. Reload it to see their changes, then make yours again.",
      "conflict",
    );
    this.name = "ConflictError";
    this.deleted = deleted;
  }
}

/** The session ended (expired or signed out elsewhere): the user must sign in again. */
export class SessionExpiredError extends DataError {
  constructor() {
    super("Your session has ended. Please sign in again.", "session_expired");
    this.name = "SessionExpiredError";
  }
}
