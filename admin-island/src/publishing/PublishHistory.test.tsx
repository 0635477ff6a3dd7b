import { act, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { when } from "../ui/when.ts";
import { PublishHistory } from "./PublishHistory.tsx";
import { createPublisher, type PublishApi, type PublishRun } from "./publish.ts";

function publisherWith(runs: PublishRun[] | Error) {
  const api: PublishApi = {
    request: async () => {},
    runs: async () => {
      if (runs instanceof Error) throw runs;
      return runs;
    },
    live: async () => ({ revision: 9, builtAt: "2026-11-22T10:00:00.000Z" }),
    savedRevision: async () => 9,
  };
  return createPublisher(api);
}

const today = new Date();
const at = (hours: number, minutes: number, seconds = 0) => {
  const date = new Date(today);
  date.setHours(hours, minutes, seconds, 0);
  return date.toISOString();
};

describe("PublishHistory", () => {
  it("says it is loading, then that nothing was published yet", async () => {
    const publisher = publisherWith([]);
    render(<PublishHistory publisher={publisher} />);
    expect(screen.getByText("Loading recent publishes...")).toBeTruthy();
    await act(() => publisher.refresh());
    expect(screen.getByText("Nothing has been published from the admin yet.")).toBeTruthy();
    publisher.stop();
  });

  it("lists runs newest first with their outcome, time taken and a failure's reason", async () => {
    const publisher = publisherWith([
      {
        id: 3,
        status: "building",
        requested_revision: 9,
        built_revision: null,
        requested_at: at(10, 5),
        started_at: at(10, 5, 2),
        finished_at: null,
        error: null,
      },
      {
        id: 2,
        status: "failed",
        requested_revision: 8,
        built_revision: null,
        requested_at: at(9, 0),
        started_at: at(9, 0, 1),
        finished_at: at(9, 0, 40),
        error: "The deploy hook answered HTTP 500.",
      },
      {
        id: 1,
        status: "succeeded",
        requested_revision: 7,
        built_revision: 7,
        requested_at: at(8, 0),
        started_at: at(8, 0, 2),
        finished_at: at(8, 0, 10),
        error: null,
      },
    ]);
    render(<PublishHistory publisher={publisher} />);
    await act(() => publisher.refresh());
    const items = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      `PublishingAsked ${when(at(10, 5))}`,
      `FailedAsked ${when(at(9, 0))}, finished ${when(at(9, 0, 40))} (took 39 s)The deploy hook answered HTTP 500.`,
      `PublishedAsked ${when(at(8, 0))}, finished ${when(at(8, 0, 10))} (took 8 s)`,
    ]);
    expect(when(at(8, 0))).toMatch(/^Today /);
    publisher.stop();
  });

  it("names yesterday and older days", () => {
    const now = new Date("2026-11-22T12:00:00");
    expect(when("2026-11-21T09:30:00", now)).toMatch(/^Yesterday /);
    // The day and month in the browser's own order ("3 Nov" or "Nov 3"), then the time.
    const older = when("2026-11-03T16:40:00", now);
    expect(older).toMatch(/\bNov\b/);
    expect(older).toMatch(/\b3\b/);
    expect(older).not.toMatch(/Today|Yesterday/);
    expect(when("not a date", now)).toBe("");
  });
});
