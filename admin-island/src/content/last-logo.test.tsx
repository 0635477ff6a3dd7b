// The site is never left without a logo by a slip: deactivating, unticking Active on
// or deleting the only active logo asks first, and a 'no' changes nothing.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderScreen, type ScreenStack, startScreenStack } from "../testing/stack.ts";
import { ResourceManager } from "./ResourceManager.tsx";
import { logos } from "./resources/showcase.ts";
import { logoWords } from "./words.ts";

const logo = (logo_name: string, is_active: boolean) => ({
  logo_name,
  logo_url: "https://example.org/logo.png",
  tagline: null,
  is_active,
});

let stack: ScreenStack;
beforeAll(async () => {
  stack = await startScreenStack();
});
afterAll(() => stack?.close());

async function setup(rows: ReturnType<typeof logo>[]) {
  await stack.clear("logo_settings");
  await stack.seed("logo_settings", rows);
  stack.faults.reset();
  const user = userEvent.setup();
  renderScreen(<ResourceManager definition={logos} />, stack);
  return { user };
}

const stored = () => stack.rows("logo_settings");
/** Requests that would change a logo. */
const writes = () =>
  stack.faults.sent.filter((request) => request.method !== "GET" && request.method !== "HEAD");

const question = async () => within(await screen.findByRole("alertdialog"));

describe("the last active logo", () => {
  it("asks before deactivating it; 'Cancel' keeps it active", async () => {
    const { user } = await setup([logo("Main", true), logo("Old", false)]);
    await user.click(await screen.findByRole("button", { name: "Deactivate Main" }));
    const dialog = await question();
    expect(dialog.getByText(logoWords.noLogoTitle)).toBeTruthy();
    expect(dialog.getByText(new RegExp(logoWords.lastActive.slice(0, 30)))).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect((await stored()).find((row) => row.logo_name === "Main")?.is_active).toBe(true);

    await user.click(screen.getByRole("button", { name: "Deactivate Main" }));
    await user.click((await question()).getByRole("button", { name: logoWords.deactivate }));
    await screen.findByRole("button", { name: "Activate Main" });
    expect((await stored()).every((row) => !row.is_active)).toBe(true);
  });

  it("says so in the delete question", async () => {
    const { user } = await setup([logo("Main", true)]);
    await user.click(await screen.findByRole("button", { name: "Delete Main" }));
    const dialog = await question();
    expect(dialog.getByText(new RegExp(logoWords.lastActive.slice(0, 30)))).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
  });

  it("asks before a save that unticks Active; 'Cancel' keeps the form open and saves nothing", async () => {
    const { user } = await setup([logo("Main", true)]);
    await user.click(await screen.findByRole("button", { name: "Edit Main" }));
    const form = within(await screen.findByRole("dialog", { name: "Edit Logo" }));
    await user.click(form.getByLabelText(/^Active/));
    await user.click(form.getByRole("button", { name: "Update Logo" }));
    await user.click((await question()).getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("dialog", { name: "Edit Logo" })).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it("asks nothing when another logo stays active", async () => {
    const { user } = await setup([logo("Main", true), logo("Spare", false)]);
    await user.click(await screen.findByRole("button", { name: "Activate Spare" }));
    await screen.findByRole("button", { name: "Deactivate Spare" });
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});
