// Test-only: the admin's screens against a real database. Each test file starts one
// embedded stack (PGlite with the migrations and seed behind the local stand-in, with
// the real RLS policies, triggers and functions) and signs an administrator in; each
// render gets a fresh query cache. Nothing of the database is imitated: a test arranges
// rows as the owner would (`seed`, `change`, `drop`, `clear`), and what cannot be
// arranged that way, a refused or slow request, is made at the network (`faults`).
import type { PGlite } from "@electric-sql/pglite";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createElement, type ReactElement } from "react";
import { Toaster } from "sonner";
import {
  newEmail,
  serviceClient,
  startTestStack,
  type TestStack,
  typedClient,
  verifySecondFactor,
} from "../../../tests/contract/stack.ts";
import { type Backend, BackendContext } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { createQueryClient } from "../api/query-client.ts";
import type { Row, TableName } from "../api/rows.ts";
import { ConfirmProvider } from "../ui/Confirm.tsx";

/** Which requests a fault applies to: the method, and the path (with its query) it starts with or matches. */
export interface RequestMatch {
  method?: string;
  path: string | RegExp;
}

export interface SentRequest {
  method: string;
  /** The path and query, e.g. /rest/v1/banners?id=eq.1 */
  path: string;
}

interface Rule {
  match: RequestMatch;
  remaining: number;
  answer: () => Promise<Response>;
}

export interface Gate {
  /** Lets the held requests (and later ones) go on. */
  release(): void;
}

export interface Faults {
  /**
   * The next matching request(s) fail: with a PostgREST-shaped error answer (`status`,
   * `code`, `message`), or as a request that never reached the server (`network`).
   */
  fail(
    match: RequestMatch,
    options?: { times?: number; status?: number; code?: string; message?: string; network?: true },
  ): void;
  /** Matching requests wait until the gate is released. */
  hold(match: RequestMatch): Gate;
  /** Every request sent since the last `reset`, in order. */
  readonly sent: SentRequest[];
  /** Forgets the faults and the requests sent. */
  reset(): void;
}

export interface ScreenStack {
  stack: TestStack;
  /** The database as its owner (no RLS): for arranging rows and checking what was stored. */
  db: PGlite;
  /** The signed-in administrator's client, its requests passing through `faults`. */
  client: AdminClient;
  backend: Backend;
  email: string;
  /** The administrator's password. */
  password: string;
  userId: string;
  faults: Faults;
  /** The stored rows of a table, oldest first. */
  rows(table: TableName): Promise<Row[]>;
  row(table: TableName, id: string): Promise<Row | undefined>;
  /** Deletes every row of the tables, as the owner. */
  clear(...tables: TableName[]): Promise<void>;
  /** Adds rows as the owner (the table's defaults fill in the rest) and answers them as stored. */
  seed(table: TableName, rows: Record<string, unknown>[]): Promise<Row[]>;
  /** Someone else's save, behind the screen's back (updated_at moves on). */
  change(table: TableName, id: string, values: Record<string, unknown>): Promise<Row>;
  /** Someone else's delete. */
  drop(table: TableName, id: string): Promise<void>;
  /** Deletes every user of the project but the signed-in administrator. */
  onlySignedInUser(): Promise<void>;
  close(): Promise<void>;
}

function matches(match: RequestMatch, request: SentRequest): boolean {
  if (match.method && match.method.toUpperCase() !== request.method) return false;
  return typeof match.path === "string"
    ? request.path.startsWith(match.path)
    : match.path.test(request.path);
}

function createFaults(): { faults: Faults; fetch: typeof fetch } {
  let rules: Rule[] = [];
  const sent: SentRequest[] = [];
  const faults: Faults = {
    fail(match, { times = 1, status = 500, code = "XX000", message, network } = {}) {
      rules.push({
        match,
        remaining: times,
        answer: async () => {
          if (network) throw new TypeError("Failed to fetch");
          const body = {
            code,
            message: message ?? "refused by the test",
            details: null,
            hint: null,
          };
          return new Response(JSON.stringify(body), {
            status,
            headers: { "content-type": "application/json" },
          });
        },
      });
    },
    hold(match) {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const rule: Rule = {
        match,
        remaining: Number.POSITIVE_INFINITY,
        answer: async () => {
          await released;
          return Promise.reject(new Error("passes on"));
        },
      };
      rules.push(rule);
      return {
        release() {
          rules = rules.filter((other) => other !== rule);
          release();
        },
      };
    },
    sent,
    reset() {
      rules = [];
      sent.length = 0;
    },
  };
  const wrapped: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const entry = { method: request.method, path: `${url.pathname}${url.search}` };
    sent.push(entry);
    const rule = rules.find(
      (candidate) => candidate.remaining > 0 && matches(candidate.match, entry),
    );
    if (rule) {
      rule.remaining -= 1;
      try {
        return await rule.answer();
      } catch (error) {
        if (!(error instanceof Error) || error.message !== "passes on") throw error;
      }
    }
    return fetch(input, init);
  };
  return { faults, fetch: wrapped };
}

/** A table or column name, quoted; anything else is refused. */
function quoted(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain name: ${name}`);
  return `"${name}"`;
}

function identifier(table: string): string {
  return `public.${quoted(table)}`;
}

/** Starts the embedded stack and signs an administrator in; call in beforeAll. */
export async function startScreenStack(): Promise<ScreenStack> {
  const stack = await startTestStack();
  const db = stack.db;
  if (!db) throw new Error("the screens' tests run on the embedded stack only");
  const email = newEmail("admin");
  const password = `pw-${crypto.randomUUID()}`;
  const created = await serviceClient(stack).auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    app_metadata: { role: "admin" },
  });
  if (created.error || !created.data.user) throw new Error(`could not create ${email}`);
  const { faults, fetch } = createFaults();
  const client = await typedClient(stack, { email, password }, fetch);
  // An administrator who signed in with a code from an authenticator app (aal2), as the
  // changes that move money need.
  await verifySecondFactor(client);
  faults.reset();

  const rowsOf = (result: { rows: unknown[] }) => result.rows as Row[];
  return {
    stack,
    db,
    client,
    backend: { client, url: stack.url, publishableKey: stack.publishableKey },
    email,
    password,
    userId: created.data.user.id,
    faults,
    async rows(table) {
      return rowsOf(await db.query(`select * from ${identifier(table)} order by created_at, id`));
    },
    async row(table, id) {
      return rowsOf(await db.query(`select * from ${identifier(table)} where id = $1`, [id]))[0];
    },
    async clear(...tables) {
      for (const table of tables) await db.query(`delete from ${identifier(table)}`);
    },
    async seed(table, rows) {
      const name = identifier(table);
      const stored: Row[] = [];
      for (const values of rows) {
        const columns = Object.keys(values).map(quoted);
        const list = columns.join(", ");
        const result = await db.query(
          columns.length === 0
            ? `insert into ${name} default values returning *`
            : `insert into ${name} (${list}) select ${list} from json_populate_record(null::${name}, $1) returning *`,
          columns.length === 0 ? [] : [JSON.stringify(values)],
        );
        stored.push(...rowsOf(result));
      }
      return stored;
    },
    async change(table, id, values) {
      const name = identifier(table);
      const columns = Object.keys(values).map(quoted);
      const result = await db.query(
        `update ${name} set (${columns.join(", ")}) = (select ${columns.join(", ")} from json_populate_record(null::${name}, $1)) where id = $2 returning *`,
        [JSON.stringify(values), id],
      );
      const [row] = rowsOf(result);
      if (!row) throw new Error(`no ${table} row ${id}`);
      return row;
    },
    async drop(table, id) {
      await db.query(`delete from ${identifier(table)} where id = $1`, [id]);
    },
    async onlySignedInUser() {
      const admin = serviceClient(stack).auth.admin;
      const { data } = await admin.listUsers();
      for (const user of data.users) {
        if (user.id !== created.data.user?.id) await admin.deleteUser(user.id);
      }
    },
    close: () => stack.close(),
  };
}

/**
 * Renders `ui` as the admin app would, signed in to the stack: a fresh query cache,
 * the backend, confirm dialogs and toasts.
 */
export function renderScreen(ui: ReactElement, stack: ScreenStack) {
  const { backend } = stack;
  const queryClient = createQueryClient();
  return {
    queryClient,
    ...render(
      createElement(
        QueryClientProvider,
        { client: queryClient },
        createElement(
          BackendContext.Provider,
          { value: backend },
          createElement(ConfirmProvider, null, ui, createElement(Toaster)),
        ),
      ),
    ),
  };
}
