// The inbox against the embedded stack: pages newest first, read by range, each with
// the exact count of what matches; and no one but an administrator reads a message.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  serviceClient,
  signedInUser,
  startTestStack,
  type TestStack,
} from "../../../tests/contract/stack.ts";
import type { AdminClient } from "../api/client.ts";
import { getInboxPage } from "./inbox-page-query.ts";
import type { MessageQuery } from "./inbox-query.ts";
import { getMessageCounts } from "./message-counts-query.ts";

let stack: TestStack;
let admin: AdminClient;
let user: AdminClient;

beforeAll(async () => {
  stack = await startTestStack();
  admin = (await signedInUser(stack, { admin: true })).client;
  user = (await signedInUser(stack)).client;
});
afterAll(() => stack?.close());

describe("getInboxPage and getMessageCounts", () => {
  it("pages the inbox newest first, by range, with exact counts", async () => {
    const sent = Array.from({ length: 60 }, (_, i) => ({
      name: `Sender ${i}`,
      email: `sender${i}@example.org`,
      subject: `Question ${i}`,
      message: "Hello",
      inquiry_type: "general",
      handled: i % 4 === 0,
    }));
    const { error } = await serviceClient(stack).from("contact_messages").insert(sent);
    expect(error).toBeNull();
    const counts = await getMessageCounts(admin);
    expect(counts.total).toBeGreaterThanOrEqual(60);

    const query: MessageQuery = { page: 0, pageSize: 25, search: "", show: "all" };
    const pages = await Promise.all(
      [0, 1, 2, 3].map((page) => getInboxPage(admin, { ...query, page })),
    );
    for (const page of pages) expect(page.total).toBe(counts.total);
    const rows = pages.flatMap((page) => page.rows);
    expect(rows).toHaveLength(Math.min(counts.total, 100));
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    const times = rows.map((row) => Date.parse(row.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const fresh = await getInboxPage(admin, { ...query, show: "new" });
    expect(fresh.total).toBe(counts.unread);
    expect(fresh.rows.every((row) => row.handled === false)).toBe(true);
    // A page past the last answers none, and how many there are.
    const past = await getInboxPage(admin, { ...query, page: 1000 });
    expect(past).toEqual({ rows: [], total: counts.total });
    await expect(getMessageCounts(user)).resolves.toEqual({ total: 0, unread: 0 });
  });
});
