// Test-only: an in-memory DataLayer for the admin's tests. Not imported by any screen.
//
// The fake keeps rows per table, gives new rows an id, created_at and updated_at,
// bumps updated_at on every change, refuses a save whose `loadedAt` is stale with a
// ConflictError (as the real one does), and lets a test make any method fail or wait.
// Like the database it records every change of a row in an append-only log (who,
// what, the row before and after), which history, restoreVersion and trash read.
import { type Mock, vi } from "vitest";
import {
  type AdminSettings,
  type AuditEntry,
  ConflictError,
  DataError,
  type DataLayer,
  type ListOrder,
  type PaymentAction,
  type PaymentWrite,
  type PendingChange,
  type Row,
  type SettingsValues,
  type TableName,
  type TrashEntry,
  type UploadProgress,
  type VersionState,
} from "../api/data-layer.ts";
import { type MessageQuery, pageRange, searchTerms } from "../messages/inbox-query.ts";
import { failures as words } from "../words.ts";

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
  reorder: Mock<DataLayer["reorder"]>;
  history: Mock<DataLayer["history"]>;
  restoreVersion: Mock<DataLayer["restoreVersion"]>;
  trash: Mock<DataLayer["trash"]>;
  purgeTrash: Mock<DataLayer["purgeTrash"]>;
  upload: Mock<DataLayer["upload"]>;
  removeUpload: Mock<DataLayer["removeUpload"]>;
  messages: Mock<DataLayer["messages"]>;
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
  /** Every recorded change, oldest first (copies). */
  log(): AuditEntry[];
  /** Whose changes the log records for the screen's own writes. */
  actor: string;
  /** A change waiting for approval, proposed by `by` (someone else by default). */
  propose(
    target: PendingChange["target"],
    action: PaymentAction,
    rowId: string | null,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
    by?: string,
  ): number;
  /** The changes waiting for approval (copies). */
  pending(): Omit<PendingChange, "proposed_by_me">[];
  /** The settings as they are now (a copy). */
  settingsNow(): AdminSettings;
}

/** Whose changes someone else's `change` and `drop` record. */
export const SOMEONE_ELSE = "someone.else@example.org";
const TRASH_DAYS = 30;

const START = Date.UTC(2026, 0, 1);
const TABLE_METHODS: DataMethod[] = ["list", "insert", "update", "remove", "reorder", "history"];
/** Columns a restored version does not write back: the record's own id and clock. */
const KEPT_ON_RESTORE = ["id", "created_at", "updated_at"];

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
  const audit: AuditEntry[] = [];
  let tick = 0;
  let nextId = 0;
  const settings: AdminSettings = {
    require_payment_approval: false,
    alert_address: null,
    updated_at: new Date(START).toISOString(),
    updated_by: null,
  };
  const pending: Omit<PendingChange, "proposed_by_me">[] = [];
  let nextChange = 0;

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

  /** Appends a change to the log, as the database's audit trigger does. */
  const record = (
    table: TableName,
    action: AuditEntry["action"],
    before: Row | null,
    after: Row | null,
    actor: string | null = fake.actor,
  ) => {
    audit.push({
      id: audit.length + 1,
      occurred_at: after?.updated_at ? String(after.updated_at) : now(),
      actor_email: actor,
      table_name: table,
      row_id: String((after ?? before)?.id),
      action,
      old_data: before ? structuredClone(before) : null,
      new_data: after ? structuredClone(after) : null,
    });
  };
  /** Changes a stored row in place, bumping updated_at, and records the change. */
  const modify = (table: TableName, row: Row, values: Record<string, unknown>, actor?: string) => {
    const before = clone(row);
    Object.assign(row, structuredClone(values), { id: row.id, updated_at: now() });
    record(table, "UPDATE", before, row, actor);
  };

  /** Keeps a change waiting for approval, as the database's triggers do. */
  const propose = (
    target: PendingChange["target"],
    action: PaymentAction,
    rowId: string | null,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
    by: string = fake.actor,
  ): number => {
    nextChange += 1;
    pending.push({
      id: nextChange,
      target,
      action,
      row_id: rowId,
      old_data: before ? structuredClone(before) : null,
      new_data: after ? structuredClone(after) : null,
      proposed_by_email: by,
      proposed_at: now(),
    });
    return nextChange;
  };

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

  const fake: FakeData = {
    list: vi.fn(async (table: TableName, order: ListOrder) => {
      await enter("list", [table, order]);
      const rows = stored(table).map(clone);
      const direction = order.ascending ? 1 : -1;
      return rows.sort((a, b) => direction * compare(a[order.column], b[order.column]));
    }),

    insert: vi.fn(async (table: TableName, values: Record<string, unknown>[]) => {
      await enter("insert", [table, values]);
      return values.map((value) => {
        const row = create(table, value);
        record(table, "INSERT", null, row);
        return clone(row);
      });
    }),

    update: vi.fn(
      async (table: TableName, id: string, values: Record<string, unknown>, loadedAt?: string) => {
        await enter("update", [table, id, values, loadedAt]);
        const row = find(table, id);
        if (!row) throw new ConflictError(true);
        if (loadedAt !== undefined && row.updated_at !== loadedAt) throw new ConflictError(false);
        modify(table, row, values);
        return clone(row);
      },
    ),

    remove: vi.fn(async (table: TableName, id: string) => {
      await enter("remove", [table, id]);
      const rows = stored(table);
      const index = rows.findIndex((row) => row.id === id);
      if (index === -1) {
        throw new DataError(words.nothingDeleted);
      }
      const [gone] = rows.splice(index, 1);
      record(table, "DELETE", gone as Row, null);
    }),

    activateLogo: vi.fn(async (id: string) => {
      await enter("activateLogo", [id]);
      if (!find("logo_settings", id)) throw new DataError("Logo not found", "P0002");
      for (const row of stored("logo_settings")) {
        const active = row.id === id;
        if (row.is_active !== active) modify("logo_settings", row, { is_active: active });
      }
    }),

    reorder: vi.fn(async (table: TableName, ids: string[]) => {
      await enter("reorder", [table, ids]);
      const rows = stored(table);
      if (
        new Set(ids).size !== ids.length ||
        ids.length !== rows.length ||
        ids.some((id) => !find(table, id))
      ) {
        throw new DataError(words.listChanged, "40001");
      }
      for (const [place, id] of ids.entries()) {
        const row = find(table, id) as Row;
        if (row.sort_order !== place) modify(table, row, { sort_order: place });
      }
    }),

    history: vi.fn(async (table: TableName, id: string) => {
      await enter("history", [table, id]);
      return audit
        .filter((entry) => entry.table_name === table && entry.row_id === id)
        .reverse()
        .map((entry) => structuredClone(entry));
    }),

    restoreVersion: vi.fn(async (entry: number, state: VersionState) => {
      await enter("restoreVersion", [entry, state]);
      const change = audit.find((candidate) => candidate.id === entry);
      if (!change) throw new DataError(`No recorded change ${entry}`, "22023");
      const table = change.table_name as TableName;
      const version = state === "before" ? change.old_data : change.new_data;
      if (!version) throw new DataError("This change has no version to restore", "22023");
      // A version that shows a logo hides the others, as activating one does.
      if (table === "logo_settings" && version.is_active === true) {
        for (const other of stored(table)) {
          if (other.id !== change.row_id && other.is_active) {
            modify(table, other, { is_active: false });
          }
        }
      }
      const row = find(table, change.row_id);
      if (row) {
        const values = Object.fromEntries(
          Object.entries(version).filter(([column]) => !KEPT_ON_RESTORE.includes(column)),
        );
        modify(table, row, values);
        return clone(row);
      }
      // Back with its id and created_at; updated_at is the time it came back.
      const { updated_at: _clock, ...kept } = version;
      const back = create(table, kept);
      record(table, "INSERT", null, back);
      return clone(back);
    }),

    trash: vi.fn(async () => {
      await enter("trash", []);
      const restored = (deletion: AuditEntry) =>
        audit.some(
          (later) =>
            later.id > deletion.id &&
            later.action === "INSERT" &&
            later.table_name === deletion.table_name &&
            later.row_id === deletion.row_id,
        );
      return audit
        .filter((entry) => entry.action === "DELETE" && !restored(entry))
        .reverse()
        .map(
          (entry): TrashEntry => ({
            entry_id: entry.id,
            table_name: entry.table_name,
            row_id: entry.row_id,
            deleted_at: entry.occurred_at,
            deleted_by: entry.actor_email,
            data: structuredClone(entry.old_data ?? {}),
            purge_at: new Date(
              Date.parse(entry.occurred_at) + TRASH_DAYS * 24 * 3600 * 1000,
            ).toISOString(),
          }),
        );
    }),

    purgeTrash: vi.fn(async () => {
      // Best effort, as the real one: a failure is never thrown.
      await enter("purgeTrash", []).catch(() => {});
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

    unreadMessages: vi.fn(async () => {
      await enter("unreadMessages", []);
      return stored("contact_messages").filter((row) => !row.handled).length;
    }),

    messages: vi.fn(async (query: MessageQuery) => {
      await enter("messages", [query]);
      // As the server's ILIKE search: every word somewhere in one of the four columns.
      const words = searchTerms(query.search).map((word) => word.toLowerCase());
      const text = (row: Row) =>
        ["name", "email", "subject", "message"].map((column) =>
          String(row[column] ?? "").toLowerCase(),
        );
      const matching = stored("contact_messages")
        .filter((row) => query.show === "all" || row.handled === (query.show === "handled"))
        .filter((row) => words.every((word) => text(row).some((value) => value.includes(word))))
        .map(clone)
        .sort(
          (a, b) => -compare(a.created_at, b.created_at) || -compare(String(a.id), String(b.id)),
        );
      const { from, to } = pageRange(query.page, query.pageSize);
      return { rows: matching.slice(from, to + 1), total: matching.length };
    }),

    messageCounts: vi.fn(async () => {
      await enter("messageCounts", []);
      const rows = stored("contact_messages");
      return { total: rows.length, unread: rows.filter((row) => !row.handled).length };
    }),

    settings: vi.fn(async () => {
      await enter("settings", []);
      return { ...settings };
    }),

    saveSettings: vi.fn(async (values: SettingsValues) => {
      await enter("saveSettings", [values]);
      const { require_payment_approval: approval, ...rest } = values;
      Object.assign(settings, rest, { updated_at: now(), updated_by: fake.actor });
      if (approval === true) settings.require_payment_approval = true;
      if (approval === false && settings.require_payment_approval) {
        // Turning approval off waits for another administrator, as in the database.
        if (!pending.some((change) => change.target === "admin_settings")) {
          propose(
            "admin_settings",
            "UPDATE",
            null,
            { require_payment_approval: true },
            { require_payment_approval: false },
          );
        }
      }
      return { ...settings };
    }),

    pendingChanges: vi.fn(async () => {
      await enter("pendingChanges", []);
      return pending.map((change) => ({
        ...structuredClone(change),
        proposed_by_me: change.proposed_by_email === fake.actor,
      }));
    }),

    decideChange: vi.fn(async (id: number, approve: boolean) => {
      await enter("decideChange", [id, approve]);
      const index = pending.findIndex((change) => change.id === id);
      const change = pending[index];
      if (!change) throw new DataError("This change was already decided", "P0001");
      if (approve && change.proposed_by_email === fake.actor) {
        throw new DataError("A different administrator must approve this change", "42501");
      }
      pending.splice(index, 1);
      if (!approve) return;
      if (change.target === "admin_settings") {
        settings.require_payment_approval = false;
      } else if (change.action === "INSERT" && change.new_data) {
        record("donate_content", "INSERT", null, create("donate_content", change.new_data));
      } else if (change.row_id) {
        const row = find("donate_content", change.row_id);
        if (row && change.action === "DELETE") fake.drop("donate_content", change.row_id);
        else if (row && change.new_data) modify("donate_content", row, change.new_data);
      }
    }),

    changePaymentDetails: vi.fn(
      async (
        action: PaymentAction,
        id: string | null,
        values: Record<string, unknown> | null,
        loadedAt?: string,
      ): Promise<PaymentWrite> => {
        await enter("changePaymentDetails", [action, id, values, loadedAt]);
        const row = id ? find("donate_content", id) : undefined;
        if (action !== "INSERT") {
          if (!row) throw new ConflictError(true);
          if (loadedAt !== undefined && row.updated_at !== loadedAt) throw new ConflictError(false);
        }
        if (settings.require_payment_approval) {
          const before = row ? clone(row) : null;
          const after = action === "DELETE" ? null : { ...(before ?? {}), ...(values ?? {}) };
          const changeId = propose("donate_content", action, id, before, after);
          return { status: "pending", changeId };
        }
        if (action === "INSERT") {
          const created = create("donate_content", values ?? {});
          record("donate_content", "INSERT", null, created);
          return { status: "applied", row: clone(created) };
        }
        if (action === "DELETE") {
          await fake.remove("donate_content", id as string);
          return { status: "applied", row: null };
        }
        modify("donate_content", row as Row, values ?? {});
        return { status: "applied", row: clone(row as Row) };
      },
    ),

    propose: (target, action, rowId, before, after, by = SOMEONE_ELSE) =>
      propose(target, action, rowId, before, after, by),
    pending: () => pending.map((change) => structuredClone(change)),
    settingsNow: () => ({ ...settings }),

    rows: (table) => stored(table).map(clone),
    row: (table, id) => {
      const row = find(table, id);
      return row ? clone(row) : undefined;
    },
    seed: (table, rows) =>
      rows.map((values) => {
        const row = create(table, values);
        record(table, "INSERT", null, row);
        return clone(row);
      }),
    change: (table, id, values) => {
      const row = find(table, id);
      if (!row) throw new Error(`No row ${id} in ${table}`);
      modify(table, row, values, SOMEONE_ELSE);
      return clone(row);
    },
    drop: (table, id) => {
      const gone = find(table, id);
      tables.set(
        table,
        stored(table).filter((row) => row.id !== id),
      );
      if (gone) record(table, "DELETE", gone, null, SOMEONE_ELSE);
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
    log: () => audit.map((entry) => structuredClone(entry)),
    actor: "admin@example.org",
  };
  for (const [name, rows] of Object.entries(seed)) {
    const table = name as TableName;
    for (const values of rows ?? []) record(table, "INSERT", null, create(table, values));
  }
  return fake;
}
