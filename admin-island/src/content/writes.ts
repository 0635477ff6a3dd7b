// Writes to the site's content, for every screen: where a new record goes in the order,
// how a logo becomes the active one, a whole list's new order, restoring a recorded
// version, putting records back as they were loaded (what Undo does), and the signal
// after each successful write that publishes the site once saves settle (saves.ts).
// A restore is a write like any other: the database records it, so it can be undone too.
// After each write `written` is told (useContentWrites: the table's queries are
// refreshed and the site is published once saves settle).
import type { Backend } from "../api/backend.ts";
import { DataError } from "../api/errors.ts";
import type { ListOrder, Row, TableName } from "../api/rows.ts";
import { type AuditEntry, getHistory } from "../history/history-query.ts";
import { restoreVersion, type VersionState } from "../history/version-restore-mutation.ts";
import { undoing } from "../ui/words.ts";
import { type UploadManyOptions, type UploadManyResult, uploadMany } from "../uploads/uploads.ts";
import { activateLogo } from "./logo-activate-mutation.ts";
import { insertRows } from "./row-create-mutation.ts";
import { deleteRow } from "./row-delete-mutation.ts";
import { updateRow } from "./row-update-mutation.ts";
import { reorderRows } from "./rows-reorder-mutation.ts";

/** The table a screen writes, and the rules its writes follow. */
export interface ContentTable {
  table: TableName;
  /** The order its list is shown in, as visitors see it (a definition's `order`). */
  order?: ListOrder;
  /** Only one record may be active; activating goes through the activate_logo RPC. */
  activation?: "logo";
}

/**
 * Whether a new record is given its place in the order: in a list ordered by
 * sort_order it takes the next free number, after the highest, so no two records ever
 * show the same number (a count would repeat one after a delete).
 */
export function placesNewRecords(target: ContentTable): boolean {
  return target.order?.column === "sort_order";
}

/** The sort_order a new record gets, given the records there are: the next free one. */
export function nextSortOrder(rows: Row[]): number {
  const orders = rows.map((row) => Number(row.sort_order ?? 0));
  return orders.length ? Math.max(...orders) + 1 : 0;
}

/** A save that went through. A logo it should have activated may still be inactive. */
export interface Saved {
  activationError?: unknown;
  /** The id of the record a create stored. */
  id?: string;
}

export type PictureBatch = Pick<UploadManyOptions, "folder" | "maxBytes" | "record" | "onFile">;

export interface ContentWrites {
  /** A new record's form values, with its place in the order filled in. */
  prefill(values: Record<string, unknown>, rows: Row[]): Record<string, unknown>;
  create(values: Record<string, unknown>, rows: Row[]): Promise<Saved>;
  /** Saves over `row` as it was loaded; a newer change elsewhere throws a ConflictError. */
  update(row: Row, values: Record<string, unknown>): Promise<Saved>;
  /** Shows a hidden record, or hides a shown one. */
  toggle(row: Row): Promise<void>;
  remove(row: Row): Promise<void>;
  /** Many pictures, a record each, ordered after the records there are. */
  addPictures(files: File[], batch: PictureBatch, rows: Row[]): Promise<UploadManyResult>;
  /** Writes the whole list in the order of `rows` (every row of the table, once). */
  reorder(rows: Row[]): Promise<void>;
  /** Writes a recorded version of one of this table's records back. */
  restore(entry: AuditEntry, state: VersionState): Promise<Row>;
  /**
   * Puts each row back as it was loaded: the version before its first recorded change
   * since is restored (a deleted row comes back). Rows unchanged since are left alone;
   * when none changed, throws a DataError saying there is nothing to undo.
   */
  putBack(rows: Row[]): Promise<void>;
  /**
   * The rows a write to `row` changes, as loaded: the row itself and, when the write
   * makes a logo active (`values`, or else toggling it), the logo that was active.
   */
  affected(row: Row, rows: Row[], values?: Record<string, unknown>): Row[];
  /**
   * Whether hiding or deleting `row` leaves the site without the one active record its
   * table keeps (the logo): it is the only active one.
   */
  lastActive(row: Row, rows: Row[]): boolean;
}

/** Two timestamps for the same instant, whatever their notation. */
function sameInstant(a: unknown, b: unknown): boolean {
  if (typeof a !== "string" || typeof b !== "string") return false;
  return a === b || Date.parse(a) === Date.parse(b);
}

/** The first recorded change of a row since it was loaded as `row`, from its history. */
export function firstChangeSince(row: Row, entries: AuditEntry[]): AuditEntry | undefined {
  // Oldest first: the change whose 'before' is the row as it was loaded.
  return [...entries]
    .sort((a, b) => a.id - b.id)
    .find((entry) => entry.old_data && sameInstant(entry.old_data.updated_at, row.updated_at));
}

export function contentWrites(
  backend: Backend,
  target: ContentTable,
  written: (table: TableName) => void,
): ContentWrites {
  const { client } = backend;
  const { table } = target;
  const wrote = () => written(table);
  const logo = target.activation === "logo";
  const placed = placesNewRecords(target);

  /** The activation is a write of its own: a failure there leaves the save standing. */
  async function activate(id: string): Promise<Saved> {
    try {
      await activateLogo(client, id);
      return {};
    } catch (activationError) {
      return { activationError };
    }
  }

  return {
    prefill(values, rows) {
      if (!placed || !("sort_order" in values)) return values;
      return { ...values, sort_order: nextSortOrder(rows) };
    },

    async create(values, rows) {
      const payload = { ...values };
      if (placed && !("sort_order" in payload)) {
        payload.sort_order = nextSortOrder(rows);
      }
      // A new active logo is stored inactive, then takes over atomically.
      const activating = logo && payload.is_active === true;
      if (activating) payload.is_active = false;
      const [created] = await insertRows(client, table, [payload]);
      const saved: Saved = activating && created ? await activate(created.id) : {};
      wrote();
      return created ? { ...saved, id: created.id } : saved;
    },

    async update(row, values) {
      const payload = { ...values };
      const activating = logo && Boolean(payload.is_active) && !row.is_active;
      if (activating) payload.is_active = false;
      await updateRow(client, table, row.id, payload, row.updated_at);
      const saved = activating ? await activate(row.id) : {};
      wrote();
      return saved;
    },

    async toggle(row) {
      if (logo && !row.is_active) await activateLogo(client, row.id);
      else await updateRow(client, table, row.id, { is_active: !row.is_active }, row.updated_at);
      wrote();
    },

    async remove(row) {
      await deleteRow(client, table, row.id);
      wrote();
    },

    addPictures(files, batch, rows) {
      const firstOrder = nextSortOrder(rows);
      return uploadMany(backend, files, { ...batch, table, firstOrder });
    },

    async reorder(rows) {
      await reorderRows(
        client,
        table,
        rows.map((row) => row.id),
      );
      wrote();
    },

    async restore(entry, state) {
      const row = await restoreVersion(client, entry.id, state);
      wrote();
      return row;
    },

    affected(row, rows, values) {
      const activating = logo && !row.is_active && (values ? Boolean(values.is_active) : true);
      if (!activating) return [row];
      return [row, ...rows.filter((other) => other.id !== row.id && other.is_active)];
    },

    lastActive(row, rows) {
      return logo && Boolean(row.is_active) && rows.filter((other) => other.is_active).length === 1;
    },

    async putBack(rows) {
      let restored = 0;
      try {
        for (const row of rows) {
          const first = firstChangeSince(row, await getHistory(client, table, row.id));
          if (!first) continue;
          await restoreVersion(client, first.id, "before");
          restored += 1;
        }
      } finally {
        if (restored > 0) wrote();
      }
      if (restored === 0) throw new DataError(undoing.nothingToUndo, "nothing_to_undo");
    },
  };
}
