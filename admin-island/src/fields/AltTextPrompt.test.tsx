// A picture's Alt text and Decorative fields in a real form: a new record starts not
// decorative, a new picture without alt text is asked for one (advice, never a
// refusal), and what the editor typed is stored trimmed, blank as null.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ResourceManager } from "../content/ResourceManager.tsx";
import { causes } from "../content/resources/home.ts";
import { renderScreen, type ScreenStack, startScreenStack } from "../testing/stack.ts";

// No canvas here: the resize step hands the file back; the checks stay real.
vi.mock("../uploads/images.ts", async (original) =>
  (await import("../testing/fake-images.ts")).withoutCanvas(original),
);

const PROMPT = /^New picture: add a short description/;
const CHECK = "New picture: check that the alt text still describes it.";

/** A 2x2 PNG: the media function stores only real pictures. */
const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVQImWM4kWJ0IsWIAUIBACiuBXmfXj+VAAAAAElFTkSuQmCC",
  ),
  (char) => char.charCodeAt(0),
);
const png = (name: string) => new File([PNG], name, { type: "image/png" });

const CAUSE = {
  title: "Clean Water",
  description: "Wells for the villages",
  image_url: "https://example.org/well.jpg",
  image_alt: "Children drinking from a new well",
  image_decorative: false,
  sort_order: 0,
  is_active: true,
};

let stack: ScreenStack;
beforeAll(async () => {
  stack = await startScreenStack();
});
afterAll(() => stack?.close());

/** Opens the causes' form from the button named, the causes being `rows`. */
async function open(button: string, dialogName: string, rows: Record<string, unknown>[] = []) {
  await stack.clear("causes");
  if (rows.length > 0) await stack.seed("causes", rows);
  const user = userEvent.setup();
  renderScreen(<ResourceManager definition={causes} />, stack);
  await user.click(await screen.findByRole("button", { name: button }));
  const dialog = within(await screen.findByRole("dialog", { name: dialogName }));
  return { user, dialog };
}

describe("describing a picture", () => {
  it("starts a new record not decorative (and active), with no prompt before a picture", async () => {
    const { dialog } = await open("Add Cause", "Add New Cause");
    const decorative = dialog.getByRole("checkbox", {
      name: "Decorative picture (no description)",
    });
    expect((decorative as HTMLInputElement).checked).toBe(false);
    expect(decorative.getAttribute("aria-describedby")).toBeTruthy();
    expect((dialog.getByRole("checkbox", { name: "Active" }) as HTMLInputElement).checked).toBe(
      true,
    );
    const alt = dialog.getByRole("textbox", { name: "Alt text" });
    expect((alt as HTMLInputElement).value).toBe("");
    expect(alt.getAttribute("aria-required")).toBeNull();
    expect(dialog.queryByText(PROMPT)).toBeNull();
  });

  it("asks for a description of an uploaded picture, and saves without one", async () => {
    const { user, dialog } = await open("Add Cause", "Add New Cause");
    await user.type(dialog.getByLabelText(/^Title/), "Clean Water");
    await user.type(dialog.getByLabelText(/^Description/), "Wells for the villages");
    await user.upload(dialog.getByLabelText(/^Image file for Cause Image/), png("well.png"));

    const prompt = await dialog.findByText(PROMPT);
    const alt = dialog.getByRole("textbox", { name: "Alt text" });
    // Advice tied to the field, not an error.
    expect(alt.getAttribute("aria-describedby")?.split(" ")).toContain(
      prompt.closest("p")?.getAttribute("id"),
    );
    expect(alt.getAttribute("aria-invalid")).toBeNull();
    expect(prompt.closest('[role="status"]')).not.toBeNull();

    await user.click(dialog.getByRole("button", { name: "Create Cause" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The picture went through the media function into the bucket.
    expect((await stack.rows("causes"))[0]).toMatchObject({
      title: "Clean Water",
      image_url: expect.stringMatching(/\/storage\/v1\/object\/public\/media\/.+\.png$/),
      image_alt: null,
      image_decorative: false,
    });
  });

  it("asks for a pasted picture too, and stops once it is described or decorative", async () => {
    const { user, dialog } = await open("Add Cause", "Add New Cause");
    await user.type(dialog.getByLabelText(/^Title/), "Clean Water");
    await user.type(dialog.getByLabelText(/^Description/), "Wells for the villages");
    await user.type(
      dialog.getByLabelText("or paste an image address"),
      "https://example.org/well.jpg",
    );
    expect(dialog.getByText(PROMPT)).toBeTruthy();

    const alt = dialog.getByRole("textbox", { name: "Alt text" });
    await user.type(alt, "  Children drinking from a new well ");
    expect(dialog.queryByText(PROMPT)).toBeNull();
    await user.clear(alt);
    expect(dialog.getByText(PROMPT)).toBeTruthy();
    await user.type(alt, "   ");
    expect(dialog.getByText(PROMPT)).toBeTruthy();
    await user.click(dialog.getByRole("checkbox", { name: "Decorative picture (no description)" }));
    expect(dialog.queryByText(PROMPT)).toBeNull();
    await user.click(dialog.getByRole("checkbox", { name: "Decorative picture (no description)" }));
    await user.type(alt, "Children drinking from a new well  ");

    await user.click(dialog.getByRole("button", { name: "Create Cause" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect((await stack.rows("causes"))[0]).toMatchObject({
      image_alt: "Children drinking from a new well",
      image_decorative: false,
    });
  });

  it("leaves an unchanged picture alone, and asks to check the old words for a new one", async () => {
    const { user, dialog } = await open("Edit Clean Water", "Edit Cause", [CAUSE]);
    const [row] = await stack.rows("causes");
    const alt = dialog.getByRole("textbox", { name: "Alt text" });
    expect((alt as HTMLInputElement).value).toBe("Children drinking from a new well");
    expect(dialog.queryByText(PROMPT)).toBeNull();
    expect(dialog.queryByText(CHECK)).toBeNull();

    const address = dialog.getByLabelText("or paste an image address");
    await user.clear(address);
    await user.type(address, "https://example.org/pump.jpg");
    expect(dialog.getByText(CHECK)).toBeTruthy();
    // Words written since are for the new picture.
    await user.type(alt, " at the pump");
    expect(dialog.queryByText(CHECK)).toBeNull();
    expect(dialog.queryByText(PROMPT)).toBeNull();
    await user.clear(alt);
    expect(dialog.getByText(PROMPT)).toBeTruthy();
    await user.click(dialog.getByRole("checkbox", { name: "Decorative picture (no description)" }));

    await user.click(dialog.getByRole("button", { name: "Update Cause" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await stack.row("causes", row?.id ?? "")).toMatchObject({
      image_url: "https://example.org/pump.jpg",
      image_alt: null,
      image_decorative: true,
    });
  });
});
