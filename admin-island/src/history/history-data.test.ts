// A record's history against the embedded stack: the database's own log, newest first,
// naming who changed what; a version written back is itself recorded; and no one but an
// administrator reads it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser, startTestStack, type TestStack } from "../../../tests/contract/stack.ts";
import type { AdminClient } from "../api/client.ts";
import { insertRows } from "../content/row-create-mutation.ts";
import { updateRow } from "../content/row-update-mutation.ts";
import { getHistory } from "./history-query.ts";
import { restoreVersion } from "./version-restore-mutation.ts";

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

describe("getHistory and restoreVersion", () => {
  it("answers a row's history newest first and writes a version back", async () => {
    const [created] = await insertRows(admin, "causes", [
      { title: "First words", description: "About", image_url: "https://example.org/h.jpg" },
    ]);
    if (!created) throw new Error("nothing inserted");
    await updateRow(admin, "causes", created.id, { title: "Second words" }, created.updated_at);
    const history = await getHistory(admin, "causes", created.id);
    expect(history.map((entry) => entry.action)).toEqual(["UPDATE", "INSERT"]);
    const [update] = history;
    expect(update).toMatchObject({
      table_name: "causes",
      row_id: created.id,
      actor_email: adminEmail,
      old_data: expect.objectContaining({ title: "First words" }),
      new_data: expect.objectContaining({ title: "Second words" }),
    });

    const restored = await restoreVersion(admin, update?.id ?? 0, "before");
    expect(restored).toMatchObject({ id: created.id, title: "First words" });
    expect((await getHistory(admin, "causes", created.id)).map((entry) => entry.action)).toEqual([
      "UPDATE",
      "UPDATE",
      "INSERT",
    ]);
    // Anyone else reads no history at all.
    await expect(getHistory(user, "causes", created.id)).resolves.toEqual([]);
  });
});
