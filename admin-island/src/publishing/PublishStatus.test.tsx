import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { notifyUndoable } from "../ui/notify.ts";
import { PublishStatus } from "./PublishStatus.tsx";
import { createPublisher, type PublishApi } from "./publish.ts";

/** A publisher whose live site is at `live.revision` and the saves at `saved.revision`. */
function publisherAt(live: { revision: number }, saved: { revision: number }) {
  const api: PublishApi = {
    request: async () => {},
    runs: async () => [],
    live: async () => ({ revision: live.revision, builtAt: "2026-11-28T10:00:00.000Z" }),
    savedRevision: async () => saved.revision,
  };
  return createPublisher(api, { debounceMs: 5, pollMs: 5 });
}

describe("PublishStatus", () => {
  it("keeps the last change undoable beside the status until it is live, long after its toast", async () => {
    const user = userEvent.setup();
    const live = { revision: 4 };
    const saved = { revision: 5 };
    const publisher = publisherAt(live, saved);
    render(<PublishStatus publisher={publisher} />);
    await act(() => publisher.refresh());
    expect(screen.getByText("Publishing...")).toBeTruthy();

    const undo = vi.fn(async () => {});
    act(() => notifyUndoable("Banner deleted successfully!", undo));
    const button = await screen.findByRole("button", {
      name: "Undo: Banner deleted successfully!",
    });
    await user.click(button);
    expect(undo).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("button", { name: /^Undo:/ })).toBeNull();

    // Another change: offered until the site has it, then gone.
    act(() => notifyUndoable("Banner updated successfully!", async () => {}));
    expect(await screen.findByRole("button", { name: /^Undo: Banner updated/ })).toBeTruthy();
    live.revision = 5;
    await act(() => publisher.refresh());
    expect(await screen.findByText("Live")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Undo:/ })).toBeNull();
    publisher.stop();
  });
});
