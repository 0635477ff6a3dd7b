// The trash against the embedded stack: a deletion stays 30 days, listed with who made
// it, until its record is restored with its id; only an administrator may list it; and
// asking for a purge never fails the screen.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { signedInUser, startTestStack, type TestStack } from "../../../tests/contract/stack.ts";
import { $access } from "../api/access.ts";
import type { AdminClient } from "../api/client.ts";
import { AccessRemovedError } from "../api/errors.ts";
import { failures } from "../api/words.ts";
import { insertRows } from "../content/row-create-mutation.ts";
import { deleteRow } from "../content/row-delete-mutation.ts";
import { purgeTrash } from "./trash-purge-mutation.ts";
import { getTrash } from "./trash-query.ts";
import { restoreFromTrash } from "./trash-restore-mutation.ts";

let stack: TestStack;
let admin: AdminClient;
let adminEmail: string;
let user: AdminClient;

beforeAll(async () => {
  stack = await startTestStack();
  const signedIn = await signedInUser(stack, { admin: true });
  admin = signedIn.client;
  adminEmail = signedIn.email;
  user = (await signedInUser(stack)).client;
});
afterAll(() => stack?.close());
// A non-admin's refusal marks this session's access as removed; the admin acts again.
afterEach(() => $access.set("admin"));

describe("the trash", () => {
  it("keeps a deletion in the trash until it is restored, with its id", async () => {
    const [created] = await insertRows(admin, "causes", [
      { title: "Soon deleted", description: "About", image_url: "https://example.org/t.jpg" },
    ]);
    if (!created) throw new Error("nothing inserted");
    await deleteRow(admin, "causes", created.id);
    const entry = (await getTrash(admin)).find((candidate) => candidate.row_id === created.id);
    if (!entry) throw new Error("the deletion is not in the trash");
    expect(entry).toMatchObject({
      table_name: "causes",
      deleted_by: adminEmail,
      data: expect.objectContaining({ title: "Soon deleted" }),
    });
    const kept = Date.parse(entry.purge_at) - Date.parse(entry.deleted_at);
    expect(kept).toBe(30 * 24 * 3600 * 1000);

    const back = await restoreFromTrash(admin, entry);
    expect(back).toMatchObject({ id: created.id, title: "Soon deleted" });
    expect((await getTrash(admin)).some((candidate) => candidate.row_id === created.id)).toBe(
      false,
    );
    await expect(getTrash(user)).rejects.toBeInstanceOf(AccessRemovedError);
  });

  it("asks for a purge without ever throwing; a refusal goes to the log", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      await expect(purgeTrash(admin)).resolves.toBeUndefined();
      expect(warn).not.toHaveBeenCalled();
      await expect(purgeTrash(user)).resolves.toBeUndefined();
      expect(warn).toHaveBeenCalledWith(failures.purgeFailed, expect.anything());
    } finally {
      warn.mockRestore();
    }
  });
});
