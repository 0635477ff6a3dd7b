// Test-only: an in-memory DataLayer for the component tests, a render helper that puts
// a screen inside the providers the admin app gives it, and two small query helpers.
// Not imported by any screen.
//
// The fake keeps rows per table, gives new rows an id, created_at and updated_at,
// bumps updated_at on every change, refuses a save whose `loadedAt` is stale with a
// ConflictError (as the real one does), and lets a test make any method fail or wait.
import { render } from "@testing-library/react";
import { createElement, type ReactElement } from "react";
import { Toaster } from "sonner";
import { type Mock, vi } from "vitest";
import {
  ConflictError,
  DataError,
  type DataLayer,
  type ListOrder,
  type Row,
  type TableName,
  type UploadProgress,
} from "../../data/data-layer.ts";
import { ConfirmProvider } from "../Confirm.tsx";
import { DataContext } from "../DataContext.tsx";

export type DataMethod = keyof DataLayer;

interface FailureOptions<M extends DataMethod> {
  /** What the call throws; a DataError by default. */
  error?: unknown;
  /** How many matching calls fail before the method works again (default 1). */
  times?: number;
  /** Only calls about this table fail (list, insert, update, remove). */
  table?: TableName;
  /** Only calls whose arguments pass this test fail. */
  when?: (...args: Parameters<DataLayer[M]>) => boolean;
}

interface Failure {
  method: DataMethod;
  error: unknown;
  remaining: number;
  table?: TableName;
  when?: (...args: never[]) => boolean;
}

export interface Gate {
  /** Lets the waiting calls (and later ones) go on. */
  release(): void;
}

export interface FakeData extends DataLayer {
  list: Mock<DataLayer["list"]>;
  insert: Mock<DataLayer["insert"]>;
  update: Mock<DataLayer["update"]>;
  remove: Mock<DataLayer["remove"]>;
  activateLogo: Mock<DataLayer["activateLogo"]>;
  upload: Mock<DataLayer["upload"]>;
  removeUpload: Mock<DataLayer["removeUpload"]>;
  /** The stored rows of a table (copies), in the order they were added. */
  rows(table: TableName): Row[];
  row(table: TableName, id: string): Row | undefined;
  /** Adds rows as they are (filling in id and timestamps) and returns them. */
  seed(table: TableName, rows: Record<string, unknown>[]): Row[];
  /** Someone else's save: changes a row behind the screen's back, bumping updated_at. */
  change(table: TableName, id: string, values: Record<string, unknown>): Row;
  /** Someone else's delete. */
  drop(table: TableName, id: string): void;
  /** Makes the next matching call(s) of `method` throw. */
  fail<M extends DataMethod>(method: M, options?: FailureOptions<M>): void;
  /** Makes calls of `method` wait until the gate is released. */
  hold(method: DataMethod): Gate;
  /** Every file stored by upload, with its path. */
  files: { path: string; file: Blob }[];
}

const START = Date.UTC(2026, 0, 1);
const TABLE_METHODS: DataMethod[] = ["list", "insert", "update", "remove"];

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a) < String(b) ? -1 : 1;
}

export function createFakeData(
  seed: Partial<Record<TableName, Record<string, unknown>[]>> = {},
): FakeData {
  const tables = new Map<TableName, Row[]>();
  const failures: Failure[] = [];
  const gates = new Map<DataMethod, Promise<void>>();
  const files: { path: string; file: Blob }[] = [];
  let tick = 0;
  let nextId = 0;

  /** Strictly increasing timestamps, one second apart. */
  const now = () => new Date(START + ++tick * 1000).toISOString();
  const clone = (row: Row): Row => structuredClone(row);
  const stored = (table: TableName): Row[] => {
    let rows = tables.get(table);
    if (!rows) {
      rows = [];
      tables.set(table, rows);
    }
    return rows;
  };
  const create = (table: TableName, values: Record<string, unknown>): Row => {
    const at = now();
    const row: Row = {
      created_at: at,
      updated_at: at,
      ...structuredClone(values),
      id: typeof values.id === "string" ? values.id : `${table}-${++nextId}`,
    };
    stored(table).push(row);
    return row;
  };
  const find = (table: TableName, id: string) => stored(table).find((row) => row.id === id);

  /** Waits at the method's gate, then throws a pending failure if one matches. */
  async function enter(method: DataMethod, args: unknown[]): Promise<void> {
    await gates.get(method);
    const index = failures.findIndex(
      (failure) =>
        failure.method === method &&
        (!failure.table || (TABLE_METHODS.includes(method) && args[0] === failure.table)) &&
        (!failure.when || failure.when(...(args as never[]))),
    );
    if (index === -1) return;
    const failure = failures[index] as Failure;
    failure.remaining -= 1;
    if (failure.remaining <= 0) failures.splice(index, 1);
    throw failure.error;
  }

  for (const [table, rows] of Object.entries(seed)) {
    for (const values of rows ?? []) create(table as TableName, values);
  }

  const fake: FakeData = {
    list: vi.fn(async (table: TableName, order: ListOrder) => {
      await enter("list", [table, order]);
      const rows = stored(table).map(clone);
      const direction = order.ascending ? 1 : -1;
      return rows.sort((a, b) => direction * compare(a[order.column], b[order.column]));
    }),

    insert: vi.fn(async (table: TableName, values: Record<string, unknown>[]) => {
      await enter("insert", [table, values]);
      return values.map((value) => clone(create(table, value)));
    }),

    update: vi.fn(
      async (table: TableName, id: string, values: Record<string, unknown>, loadedAt?: string) => {
        await enter("update", [table, id, values, loadedAt]);
        const row = find(table, id);
        if (!row) throw new ConflictError(true);
        if (loadedAt !== undefined && row.updated_at !== loadedAt) throw new ConflictError(false);
        Object.assign(row, structuredClone(values), { id, updated_at: now() });
        return clone(row);
      },
    ),

    remove: vi.fn(async (table: TableName, id: string) => {
      await enter("remove", [table, id]);
      const rows = stored(table);
      const index = rows.findIndex((row) => row.id === id);
      if (index === -1) {
        throw new DataError("Nothing was deleted: the item is gone or you may not delete it.");
      }
      rows.splice(index, 1);
    }),

    activateLogo: vi.fn(async (id: string) => {
      await enter("activateLogo", [id]);
      if (!find("logo_settings", id)) throw new DataError("Logo not found", "P0002");
      const at = now();
      for (const row of stored("logo_settings")) {
        const active = row.id === id;
        if (row.is_active !== active) Object.assign(row, { is_active: active, updated_at: at });
      }
    }),

    upload: vi.fn(async (path: string, file: Blob, onProgress?: UploadProgress) => {
      await enter("upload", [path, file, onProgress]);
      onProgress?.(0.5);
      files.push({ path, file });
      onProgress?.(1);
      return `https://media.test/storage/v1/object/public/media/${path}`;
    }),

    removeUpload: vi.fn(async (url: string) => {
      await enter("removeUpload", [url]);
      const at = files.findIndex(
        ({ path }) => url === `https://media.test/storage/v1/object/public/media/${path}`,
      );
      if (at >= 0) files.splice(at, 1);
    }),

    rows: (table) => stored(table).map(clone),
    row: (table, id) => {
      const row = find(table, id);
      return row ? clone(row) : undefined;
    },
    seed: (table, rows) => rows.map((values) => clone(create(table, values))),
    change: (table, id, values) => {
      const row = find(table, id);
      if (!row) throw new Error(`No row ${id} in ${table}`);
      Object.assign(row, structuredClone(values), { updated_at: now() });
      return clone(row);
    },
    drop: (table, id) => {
      tables.set(
        table,
        stored(table).filter((row) => row.id !== id),
      );
    },
    fail: (method, options = {}) => {
      failures.push({
        method,
        error: options.error ?? new DataError(`Injected ${method} failure`, "test"),
        remaining: options.times ?? 1,
        table: options.table,
        when: options.when as Failure["when"],
      });
    },
    hold: (method) => {
      let open = () => {};
      const gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      gates.set(method, gate);
      return {
        release() {
          if (gates.get(method) === gate) gates.delete(method);
          open();
        },
      };
    },
    files,
  };
  return fake;
}

/** Renders `ui` as the admin app would: with the data layer, confirm dialogs and toasts. */
export function renderWithData(ui: ReactElement, data: DataLayer) {
  return render(
    createElement(
      DataContext.Provider,
      { value: data },
      createElement(ConfirmProvider, null, ui, createElement(Toaster)),
    ),
  );
}

/** The text of the error message a form control points to with aria-describedby. */
export function errorOf(control: HTMLElement): string | null {
  const ids = control.getAttribute("aria-describedby")?.split(" ") ?? [];
  const id = ids.find((entry) => entry.endsWith("-error"));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

/** The current value of an input, textarea or select. */
export function inputValue(element: HTMLElement): string {
  return (element as HTMLInputElement).value;
}
