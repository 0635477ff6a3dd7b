// The contact messages inbox at scale: a page of 25 at a time, newest first, with
// "Showing 1–25 of N", Previous/Next and First/Last; a search sent to the server after
// a pause in typing (or at once on Enter); new or handled only; marking a message
// handled and deleting it keep the counts right. Then the request itself, as
// supabase-js sends it: the range, the exact count and the escaped search filters.
import { createClient } from "@supabase/supabase-js";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { AdminClient } from "../api/client.ts";
import { supabaseDataLayer } from "../api/supabase-data.ts";
import { createFakeData, type FakeData } from "../testing/fake-data.ts";
import { renderWithData } from "../testing/render.ts";
import { searchFilters } from "./inbox-query.ts";
import { MessagesScreen } from "./MessagesScreen.tsx";

/** `count` messages, the last one the newest (the fake stamps them in order). */
function inboxOf(count: number, handledEvery = 0): FakeData {
  return createFakeData({
    contact_messages: Array.from({ length: count }, (_, i) => ({
      name: `Sender ${i + 1}`,
      email: `sender${i + 1}@example.org`,
      subject: `Question ${i + 1}`,
      message: `Message number ${i + 1}`,
      inquiry_type: "general",
      handled: handledEvery > 0 && i % handledEvery === 0,
    })),
  });
}

function setup(fake: FakeData) {
  const user = userEvent.setup();
  renderWithData(<MessagesScreen />, fake);
  return { user };
}

const list = () => screen.getByRole("list", { name: "Messages" });
const subjects = () =>
  within(list())
    .getAllByRole("heading", { level: 3 })
    .map((heading) => heading.textContent);
const summary = () => screen.getByText(/^Showing /);

describe("the inbox, a page at a time", () => {
  it("shows the newest 25 and pages through to the oldest", async () => {
    const fake = inboxOf(60, 3);
    const { user } = setup(fake);
    expect(await screen.findByText("Showing 1–25 of 60")).toBeTruthy();
    expect(subjects()).toHaveLength(25);
    expect(subjects()[0]).toBe("Question 60");
    expect(screen.getByText("40 new, 20 handled")).toBeTruthy();
    expect(fake.messages).toHaveBeenLastCalledWith({
      page: 0,
      pageSize: 25,
      search: "",
      show: "all",
    });
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
    const fake = inboxOf(60);
    const { user } = setup(fake);
    await screen.findByText("Showing 1–25 of 60");
    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Showing 26–50 of 60");

    const search = screen.getByRole("searchbox", { name: "Search" });
    await user.type(search, "SENDER4@example");
    expect(await screen.findByText("Showing 1–1 of 1")).toBeTruthy();
    expect(subjects()).toEqual(["Question 4"]);
    expect(fake.messages).toHaveBeenLastCalledWith({
      page: 0,
      pageSize: 25,
      search: "SENDER4@example",
      show: "all",
    });
    // One request for the whole word typed, not one per letter.
    expect(
      fake.messages.mock.calls.filter(([query]) => query.search.startsWith("SENDER")),
    ).toHaveLength(1);

    await user.clear(search);
    await user.type(search, "nobody{Enter}");
    expect(await screen.findByText("No results for “nobody”")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Clear search" }));
    expect(await screen.findByText("Showing 1–25 of 60")).toBeTruthy();
    expect(document.activeElement).toBe(search);
  });

  it("marks a found message handled, and the counts follow", async () => {
    const fake = inboxOf(30);
    const { user } = setup(fake);
    await screen.findByText("30 new, 0 handled");
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "question 7{Enter}");
    const found = await screen.findByRole("article", { name: "Message from Sender 7: Question 7" });
    await user.click(within(found).getByRole("button", { name: "Mark as handled" }));
    expect(await screen.findByText("Message marked as handled.")).toBeTruthy();
    expect(await screen.findByText("29 new, 1 handled")).toBeTruthy();
    expect(within(found).getByText("Handled")).toBeTruthy();
    expect(fake.rows("contact_messages").find((row) => row.subject === "Question 7")?.handled).toBe(
      true,
    );

    // New only leaves it out; handled only shows just it.
    await user.clear(screen.getByRole("searchbox", { name: "Search" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Show" }), "handled");
    await waitFor(() => expect(subjects()).toEqual(["Question 7"]));
    await user.selectOptions(screen.getByRole("combobox", { name: "Show" }), "new");
    expect(await screen.findByText("Showing 1–25 of 29")).toBeTruthy();
  });

  it("steps back a page when the last message of the last page is deleted", async () => {
    const fake = inboxOf(26);
    const { user } = setup(fake);
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
  });

  it("says so when there are no messages at all", async () => {
    const empty = createFakeData();
    setup(empty);
    expect(await screen.findByText("No Messages Yet")).toBeTruthy();
    expect(screen.queryByRole("searchbox")).toBeNull();
  });

  it("never shows another search's messages as the answer to one that failed", async () => {
    const fake = inboxOf(30);
    const { user } = setup(fake);
    await screen.findByText("Showing 1–25 of 30");
    fake.fail("messages");
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "sender17@{Enter}");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Error loading messages. Please try again.");
    expect(screen.queryByRole("list", { name: "Messages" })).toBeNull();
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Showing 1–1 of 1")).toBeTruthy();
  });

  it("offers to try again when the messages cannot be loaded", async () => {
    const fake = inboxOf(3);
    fake.fail("messages");
    const { user } = setup(fake);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Error loading messages. Please try again.");
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Showing 1–3 of 3")).toBeTruthy();
  });
});

describe("the inbox's request, as supabase-js sends it", () => {
  function capturing(contentRange: string) {
    const requests: Request[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Request(input, init));
      return new Response("[]", {
        status: 200,
        headers: { "Content-Type": "application/json", "Content-Range": contentRange },
      });
    });
    const client = createClient("https://project.test", "sb_publishable_test", {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { fetch },
    }) as unknown as AdminClient;
    return {
      data: supabaseDataLayer(client, "https://project.test", "sb_publishable_test"),
      requests,
    };
  }

  it("asks for one page by range, newest first, with an exact count and escaped search", async () => {
    const { data, requests } = capturing("*/307");
    const search = 'Asha "50%_off", (urgent)\\';
    const page = await data.messages({ page: 2, pageSize: 25, search, show: "new" });
    expect(page).toEqual({ rows: [], total: 307 });
    const [request] = requests;
    const url = new URL(request?.url ?? "");
    expect(url.pathname).toBe("/rest/v1/contact_messages");
    expect(url.searchParams.get("offset")).toBe("50");
    expect(url.searchParams.get("limit")).toBe("25");
    expect(url.searchParams.get("order")).toBe("created_at.desc,id.desc");
    expect(url.searchParams.get("handled")).toBe("eq.false");
    expect(request?.headers.get("prefer")).toContain("count=exact");
    expect(url.searchParams.getAll("or")).toEqual(searchFilters(search).map((f) => `(${f})`));
    expect(url.searchParams.getAll("or")[1]).toBe(
      '(name.ilike."%\\"50\\\\%\\\\_off\\",%",email.ilike."%\\"50\\\\%\\\\_off\\",%",subject.ilike."%\\"50\\\\%\\\\_off\\",%",message.ilike."%\\"50\\\\%\\\\_off\\",%")',
    );
  });

  it("counts every message and the new ones without reading them", async () => {
    const { data, requests } = capturing("*/12");
    await act(async () => {
      expect(await data.messageCounts()).toEqual({ total: 12, unread: 12 });
    });
    expect(requests.map((request) => request.method)).toEqual(["HEAD", "HEAD"]);
    expect(requests.map((request) => new URL(request.url).searchParams.get("handled"))).toEqual([
      null,
      "eq.false",
    ]);
  });
});
