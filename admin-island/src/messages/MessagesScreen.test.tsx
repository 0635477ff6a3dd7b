// The contact messages inbox at scale: a page of 25 at a time, newest first, with
// "Showing 1–25 of N", Previous/Next and First/Last; a search sent to the server after
// a pause in typing (or at once on Enter); new or handled only; marking a message
// handled and deleting it keep the counts right. Then the requests themselves, as
// supabase-js sends them: the range, the exact count and the escaped search filters.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderScreen, type ScreenStack, startScreenStack } from "../testing/stack.ts";
import { getInboxPage } from "./inbox-page-query.ts";
import { searchFilters } from "./inbox-query.ts";
import { MessagesScreen } from "./MessagesScreen.tsx";
import { getMessageCounts } from "./message-counts-query.ts";
import { getUnreadCount } from "./unread-count-query.ts";

let stack: ScreenStack;
beforeAll(async () => {
  stack = await startScreenStack();
});
afterAll(() => stack?.close());

const start = Date.UTC(2026, 0, 1);

/** `count` messages a minute apart, the last one the newest; every `handledEvery`th handled. */
function messagesOf(count: number, handledEvery = 0) {
  return Array.from({ length: count }, (_, i) => ({
    name: `Sender ${i + 1}`,
    email: `sender${i + 1}@example.org`,
    subject: `Question ${i + 1}`,
    message: `Message number ${i + 1}`,
    inquiry_type: "general",
    handled: handledEvery > 0 && i % handledEvery === 0,
    created_at: new Date(start + i * 60_000).toISOString(),
  }));
}

/** Only these messages are stored; no request is remembered yet. */
async function store(messages: Record<string, unknown>[]) {
  await stack.clear("contact_messages");
  await stack.seed("contact_messages", messages);
  stack.faults.reset();
}

async function setup(messages: Record<string, unknown>[]) {
  await store(messages);
  const user = userEvent.setup();
  renderScreen(<MessagesScreen />, stack);
  return { user };
}

/** The query of every read of the messages' rows sent, in order. */
const pageReads = () =>
  stack.faults.sent
    .filter(
      (request) =>
        request.method === "GET" && request.path.startsWith("/rest/v1/contact_messages?"),
    )
    .map((request) => new URL(request.path, "http://stack.test").searchParams);
const messageReads = { method: "GET", path: "/rest/v1/contact_messages?" };

const list = () => screen.getByRole("list", { name: "Messages" });
const subjects = () =>
  within(list())
    .getAllByRole("heading", { level: 3 })
    .map((heading) => heading.textContent);
const summary = () => screen.getByText(/^Showing /);

describe("the inbox, a page at a time", () => {
  it("shows the newest 25 and pages through to the oldest", async () => {
    const { user } = await setup(messagesOf(60, 3));
    expect(await screen.findByText("Showing 1–25 of 60")).toBeTruthy();
    expect(subjects()).toHaveLength(25);
    expect(subjects()[0]).toBe("Question 60");
    expect(await screen.findByText("40 new, 20 handled")).toBeTruthy();
    // The first page, every message, no search.
    const first = pageReads().at(-1);
    expect(first?.get("offset")).toBe("0");
    expect(first?.get("limit")).toBe("25");
    expect(first?.get("handled")).toBeNull();
    expect(first?.getAll("or")).toEqual([]);
    const pages = screen.getByRole("navigation", { name: "Pages" });
    expect(within(pages).getByText("Page 1 of 3")).toBeTruthy();
    expect(within(pages).getByRole("button", { name: "Previous" }).hasAttribute("disabled")).toBe(
      true,
    );

    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Showing 26–50 of 60")).toBeTruthy();
    expect(subjects()[0]).toBe("Question 35");
    // Focus goes to the line saying where the list now is.
    await waitFor(() => expect(document.activeElement).toBe(summary()));

    await user.click(within(pages).getByRole("button", { name: "Last page" }));
    expect(await screen.findByText("Showing 51–60 of 60")).toBeTruthy();
    expect(subjects().at(-1)).toBe("Question 1");
    expect(within(pages).getByRole("button", { name: "Next" }).hasAttribute("disabled")).toBe(true);

    await user.click(within(pages).getByRole("button", { name: "First page" }));
    expect(await screen.findByText("Showing 1–25 of 60")).toBeTruthy();
  });

  it("searches on the server once typing pauses, from the first page, and clears", async () => {
    const { user } = await setup(messagesOf(60));
    await screen.findByText("Showing 1–25 of 60");
    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Showing 26–50 of 60");

    const search = screen.getByRole("searchbox", { name: "Search" });
    await user.type(search, "SENDER4@example");
    expect(await screen.findByText("Showing 1–1 of 1")).toBeTruthy();
    expect(subjects()).toEqual(["Question 4"]);
    const searched = pageReads().at(-1);
    expect(searched?.get("offset")).toBe("0");
    expect(searched?.get("limit")).toBe("25");
    expect(searched?.getAll("or")).toEqual(searchFilters("SENDER4@example").map((f) => `(${f})`));
    // One request for the whole word typed, not one per letter.
    expect(
      pageReads().filter((query) => query.getAll("or").some((f) => f.includes("SENDER"))),
    ).toHaveLength(1);

    await user.clear(search);
    await user.type(search, "nobody{Enter}");
    expect(await screen.findByText("No results for “nobody”")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Clear search" }));
    expect(await screen.findByText("Showing 1–25 of 60")).toBeTruthy();
    expect(document.activeElement).toBe(search);
  });

  it("marks a found message handled, and the counts follow", async () => {
    const { user } = await setup(messagesOf(30));
    await screen.findByText("30 new, 0 handled");
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "question 7{Enter}");
    const found = await screen.findByRole("article", { name: "Message from Sender 7: Question 7" });
    await user.click(within(found).getByRole("button", { name: "Mark as handled" }));
    expect(await screen.findByText("Message marked as handled.")).toBeTruthy();
    expect(await screen.findByText("29 new, 1 handled")).toBeTruthy();
    expect(await within(found).findByText("Handled")).toBeTruthy();
    const stored = await stack.rows("contact_messages");
    expect(stored.filter((row) => row.handled).map((row) => row.subject)).toEqual(["Question 7"]);

    // New only leaves it out; handled only shows just it.
    await user.clear(screen.getByRole("searchbox", { name: "Search" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Show" }), "handled");
    await waitFor(() => expect(subjects()).toEqual(["Question 7"]));
    await user.selectOptions(screen.getByRole("combobox", { name: "Show" }), "new");
    expect(await screen.findByText("Showing 1–25 of 29")).toBeTruthy();
  });

  it("steps back a page when the last message of the last page is deleted", async () => {
    const { user } = await setup(messagesOf(26));
    await screen.findByText("Showing 1–25 of 26");
    await user.click(screen.getByRole("button", { name: "Last page" }));
    const last = await screen.findByRole("article", { name: /Question 1$/ });
    await user.click(within(last).getByRole("button", { name: "Delete" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }),
    );
    expect(await screen.findByText("Showing 1–25 of 25")).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Pages" })).toBeNull();
    expect(await screen.findByText("25 new, 0 handled")).toBeTruthy();
    const stored = await stack.rows("contact_messages");
    expect(stored).toHaveLength(25);
    expect(stored.some((row) => row.subject === "Question 1")).toBe(false);
  });

  it("says so when there are no messages at all", async () => {
    await setup([]);
    expect(await screen.findByText("No Messages Yet")).toBeTruthy();
    expect(screen.queryByRole("searchbox")).toBeNull();
  });

  it("never shows another search's messages as the answer to one that failed", async () => {
    const { user } = await setup(messagesOf(30));
    await screen.findByText("Showing 1–25 of 30");
    stack.faults.fail(messageReads);
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "sender17@{Enter}");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Error loading messages. Please try again.");
    expect(screen.queryByRole("list", { name: "Messages" })).toBeNull();
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Showing 1–1 of 1")).toBeTruthy();
  });

  it("offers to try again when the messages cannot be loaded", async () => {
    await store(messagesOf(3));
    stack.faults.fail(messageReads);
    const user = userEvent.setup();
    renderScreen(<MessagesScreen />, stack);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Error loading messages. Please try again.");
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Showing 1–3 of 3")).toBeTruthy();
  });
});

describe("the inbox's requests, as supabase-js sends them", () => {
  it("asks for one page by range, newest first, with an exact count", async () => {
    // 80 messages, every 4th handled: 60 new.
    await store(messagesOf(80, 4));
    const page = await getInboxPage(stack.client, {
      page: 2,
      pageSize: 25,
      search: "",
      show: "new",
    });
    expect(page.total).toBe(60);
    expect(page.rows).toHaveLength(10);
    expect(page.rows.every((row) => !row.handled)).toBe(true);
    expect(page.rows.map((row) => row.created_at)).toEqual(
      page.rows
        .map((row) => row.created_at)
        .sort()
        .reverse(),
    );
    const [query, ...more] = pageReads();
    expect(more).toEqual([]);
    expect(query?.get("offset")).toBe("50");
    expect(query?.get("limit")).toBe("25");
    expect(query?.get("order")).toBe("created_at.desc,id.desc");
    expect(query?.get("handled")).toBe("eq.false");
  });

  it("searches each word as written, escaped for LIKE and PostgREST", async () => {
    const search = 'Asha "50%_off", (urgent)\\';
    const odd = { ...messagesOf(1)[0], name: "Asha", subject: 'Refund "50%_off", (urgent)\\ now' };
    const near = { ...messagesOf(2)[1], name: "Asha", subject: "Refund 500 off urgent now" };
    await store([odd, near, ...messagesOf(5)]);
    const page = await getInboxPage(stack.client, { page: 0, pageSize: 25, search, show: "new" });
    expect(page).toEqual({ rows: [expect.objectContaining({ subject: odd.subject })], total: 1 });
    const [query] = pageReads();
    expect(query?.getAll("or")).toEqual(searchFilters(search).map((f) => `(${f})`));
    expect(query?.getAll("or")[1]).toBe(
      '(name.ilike."%\\"50\\\\%\\\\_off\\",%",email.ilike."%\\"50\\\\%\\\\_off\\",%",subject.ilike."%\\"50\\\\%\\\\_off\\",%",message.ilike."%\\"50\\\\%\\\\_off\\",%")',
    );
  });

  it("answers a page past the last with no messages and how many there are", async () => {
    await store(messagesOf(30));
    const page = await getInboxPage(stack.client, {
      page: 4,
      pageSize: 25,
      search: "",
      show: "all",
    });
    expect(page).toEqual({ rows: [], total: 30 });
  });

  it("counts every message and the new ones without reading them", async () => {
    await store(messagesOf(12, 4));
    expect(await getMessageCounts(stack.client)).toEqual({ total: 12, unread: 9 });
    expect(stack.faults.sent.map((request) => request.method)).toEqual(["HEAD", "HEAD"]);
    const handled = stack.faults.sent.map((request) =>
      new URL(request.path, "http://stack.test").searchParams.get("handled"),
    );
    expect(handled.sort()).toEqual(["eq.false", null].sort());

    stack.faults.reset();
    expect(await getUnreadCount(stack.client)).toBe(9);
    expect(stack.faults.sent).toEqual([
      {
        method: "HEAD",
        path: expect.stringMatching(/^\/rest\/v1\/contact_messages\?.*handled=eq\.false/),
      },
    ]);
  });
});
