// The Trash screen: the deletions of the last 30 days, newest first, each as its own
// screen shows it, restored with its id (a recorded change, published like any save);
// opening it asks the trash function to purge what expired. The trash is the
// database's own log of deletions: records are seeded, then deleted by an administrator.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row, TableName } from "../api/rows.ts";
import { $saves } from "../publishing/saves.ts";
import { renderScreen, type ScreenStack, startScreenStack } from "../testing/stack.ts";
import { TrashScreen } from "./TrashScreen.tsx";
import { getTrash } from "./trash-query.ts";

const WATER = {
  title: "Clean Water",
  description: "Wells for villages",
  image_url: "https://example.org/water.jpg",
  category: null,
  sort_order: 0,
  is_active: true,
};
const BOOKS = { ...WATER, title: "School Books", sort_order: 1 };

let stack: ScreenStack;
beforeAll(async () => {
  stack = await startScreenStack();
});
afterAll(() => stack?.close());

/**
 * Empties the tables without the log seeing it (their audit trigger off), so that only
 * the deletions a test makes are in the trash.
 */
async function clearUnrecorded(...tables: ("causes" | "medical_gallery")[]) {
  for (const table of tables) {
    await stack.db.transaction(async (tx) => {
      await tx.query(`alter table public.${table} disable trigger write_audit_entry`);
      await tx.query(`delete from public.${table}`);
      await tx.query(`alter table public.${table} enable trigger write_audit_entry`);
    });
  }
}

/** A delete by the signed-in administrator, as any screen makes it. */
async function deleteAsAdmin(table: TableName, id: string) {
  const { error } = await stack.client.from(table).delete().eq("id", id);
  if (error) throw new Error(error.message);
}

function renderTrash() {
  stack.faults.reset();
  const user = userEvent.setup();
  renderScreen(<TrashScreen />, stack);
  return { user };
}

describe("Trash", () => {
  it("says when the trash is empty, and purges what expired once on opening", async () => {
    await clearUnrecorded("causes", "medical_gallery");
    await stack.seed("causes", [WATER]);
    renderTrash();
    expect(await screen.findByText("The trash is empty")).toBeTruthy();
    const purges = () =>
      stack.faults.sent.filter(
        ({ method, path }) => method === "POST" && path.startsWith("/functions/v1/trash"),
      );
    await waitFor(() => expect(purges()).toHaveLength(1));
  });

  it("lists deleted records newest first, as their screens show them, and restores one", async () => {
    await clearUnrecorded("causes", "medical_gallery");
    const [water, books] = (await stack.seed("causes", [WATER, BOOKS])) as [Row, Row];
    const [picture] = (await stack.seed("medical_gallery", [
      { image_url: "https://example.org/m.jpg", sort_order: 2, is_active: true },
    ])) as [Row];
    await deleteAsAdmin("causes", water.id);
    await deleteAsAdmin("medical_gallery", picture.id);
    await deleteAsAdmin("causes", books.id);
    const { user } = renderTrash();

    const list = await screen.findByRole("list", { name: "Deleted records, newest first" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => within(item).getByRole("heading").textContent)).toEqual([
      "School Books",
      "Medical Gallery Image 3",
      "Clean Water",
    ]);
    const first = items[0] as HTMLElement;
    expect(first.textContent).toContain("Home page Causes");
    expect(first.textContent).toContain(`Deleted by ${stack.email}`);
    // Kept for 30 days from the deletion.
    const purgeDay = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toLocaleDateString([], {
      day: "numeric",
      month: "short",
      year: "numeric",
    });
    expect(first.textContent).toContain(`Removed for good on ${purgeDay}`);
    expect(items[1]?.textContent).toContain("Medical Gallery");

    const saves = $saves.get();
    const deletion = (await getTrash(stack.client)).find((entry) => entry.row_id === water.id);
    await user.click(screen.getByRole("button", { name: "Restore Clean Water" }));
    expect(await screen.findByText("Clean Water restored.")).toBeTruthy();
    // The version before its deletion, written back with its id as a recorded change.
    const { rows: restores } = await stack.db.query<{ action: string; actor_email: string }>(
      "select action, actor_email from public.audit_log where table_name = 'causes' and row_id = $1 and id > $2",
      [water.id, deletion?.entry_id],
    );
    expect(restores).toEqual([{ action: "INSERT", actor_email: stack.email }]);
    expect(await stack.row("causes", water.id)).toMatchObject({
      title: "Clean Water",
      id: water.id,
    });
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));
    expect($saves.get()).toBe(saves + 1);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole("button", { name: "Restore Medical Gallery Image 3" }),
      ),
    );
  });

  it("says so when a restore is refused, with the database's reason, and keeps the record listed", async () => {
    await clearUnrecorded("causes");
    const [water] = (await stack.seed("causes", [WATER])) as [Row];
    await deleteAsAdmin("causes", water.id);
    const { user } = renderTrash();
    const restore = await screen.findByRole("button", { name: "Restore Clean Water" });
    // Purged meanwhile (its 30 days are over): the database refuses to bring it back.
    const deletion = (await getTrash(stack.client)).find((entry) => entry.row_id === water.id);
    await stack.db.query("insert into private.trash_purged (entry_id) values ($1)", [
      deletion?.entry_id,
    ]);
    await user.click(restore);
    expect(await screen.findByText("Error restoring the record. Please try again.")).toBeTruthy();
    expect(
      screen.getByText(
        "This record was deleted more than 30 days ago and can no longer be restored",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Restore Clean Water" })).toBeTruthy();
    expect(await stack.row("causes", water.id)).toBeUndefined();
  });
});
