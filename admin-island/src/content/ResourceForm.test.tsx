import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { errorOf, inputValue } from "../testing/queries.ts";
import { renderScreen, type ScreenStack, startScreenStack } from "../testing/stack.ts";
import { ResourceForm } from "./ResourceForm.tsx";
import { boardStaff, causes } from "./resources/home.ts";
import { donateContent, medicalContent } from "./resources/programmes.ts";
import { certifications } from "./resources/showcase.ts";
import type { ResourceDefinition } from "./resources/types.ts";

// The form stores nothing itself (its onSubmit is the test's); it is rendered signed in,
// as the admin app renders it, for its picture fields.
let stack: ScreenStack;
beforeAll(async () => {
  stack = await startScreenStack();
});
afterAll(() => stack?.close());

function setup(definition: ResourceDefinition, draftKey = `${definition.key}:new`) {
  const user = userEvent.setup();
  const onSubmit = vi.fn(async (_values: Record<string, unknown>) => {});
  const view = renderScreen(
    <ResourceForm
      definition={definition}
      mode="create"
      initial={definition.defaults()}
      draftKey={draftKey}
      onSubmit={onSubmit}
    />,
    stack,
  );
  return { user, onSubmit, view };
}

function disabled(element: HTMLElement): boolean {
  return (element as HTMLButtonElement).disabled;
}

describe("ResourceForm: repeating lists", () => {
  it("adds a service, and allows removing only while two or more remain", async () => {
    const { user } = setup(medicalContent);
    const services = within(screen.getByRole("group", { name: "Services" }));

    expect(services.getAllByRole("listitem")).toHaveLength(1);
    // An item is named by its title; one without a title by its place.
    const onlyRemove = services.getByRole("button", { name: "Remove General Healthcare" });
    expect(disabled(onlyRemove)).toBe(true);
    expect(onlyRemove.getAttribute("title")).toBe("At least one service is needed");

    await user.click(services.getByRole("button", { name: "Add Service" }));
    expect(services.getAllByRole("listitem")).toHaveLength(2);
    expect(services.getByRole("heading", { name: "Service 2" })).toBeTruthy();
    // A new item starts from the definition's newItem.
    expect(
      inputValue(services.getByLabelText(/^Icon/, { selector: "#field-services-1-icon" })),
    ).toBe("Medical care");
    expect(
      inputValue(services.getByLabelText(/^Title/, { selector: "#field-services-1-title" })),
    ).toBe("");
    expect(disabled(services.getByRole("button", { name: "Remove General Healthcare" }))).toBe(
      false,
    );
    expect(disabled(services.getByRole("button", { name: "Remove Service 2" }))).toBe(false);
    expect(services.getByRole("button", { name: "Move Service 2" })).toBeTruthy();

    await user.click(services.getByRole("button", { name: "Remove General Healthcare" }));
    expect(services.getAllByRole("listitem")).toHaveLength(1);
    // The one left is the added item, and it cannot be removed: focus goes on to Add.
    expect(inputValue(services.getByLabelText(/^Title/))).toBe("");
    expect(disabled(services.getByRole("button", { name: "Remove Service 1" }))).toBe(true);
    await waitFor(() =>
      expect(document.activeElement).toBe(services.getByRole("button", { name: "Add Service" })),
    );
  });

  it("after a removal, focus goes to the item that took its place", async () => {
    const { user } = setup(medicalContent);
    const services = within(screen.getByRole("group", { name: "Services" }));
    await user.click(services.getByRole("button", { name: "Add Service" }));
    await user.type(
      services.getByLabelText(/^Title/, { selector: "#field-services-1-title" }),
      "Vaccination",
    );
    await user.click(services.getByRole("button", { name: "Add Service" }));
    await user.click(services.getByRole("button", { name: "Remove Vaccination" }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        services.getByRole("button", { name: "Remove Service 2" }),
      ),
    );
  });

  it("submits every item, and shows an item's own message when it is blank", async () => {
    const { user, onSubmit } = setup(medicalContent);
    await user.type(
      screen.getByLabelText("or paste an image address"),
      "https://example.org/medical.jpg",
    );
    const services = within(screen.getByRole("group", { name: "Services" }));
    await user.type(services.getByLabelText(/^Description/), "Check-ups every week");
    await user.click(services.getByRole("button", { name: "Add Service" }));
    const tips = within(screen.getByRole("group", { name: "Health Tips" }));
    await user.type(tips.getByLabelText(/^Description/), "Walk every day");

    await user.click(screen.getByRole("button", { name: "Create Content" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Please fill in Title of Service 2 and Description of Service 2.",
    );
    const newTitle = services.getByLabelText(/^Title/, { selector: "#field-services-1-title" });
    expect(newTitle.getAttribute("aria-invalid")).toBe("true");
    expect(errorOf(newTitle)).toBe("Enter the service title");
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(newTitle, "Vaccination");
    await user.type(
      services.getByLabelText(/^Description/, { selector: "#field-services-1-description" }),
      "Free vaccines",
    );
    await user.click(screen.getByRole("button", { name: "Create Content" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const values = onSubmit.mock.calls[0]?.[0] as Record<string, unknown>;
    expect(values.services).toEqual([
      { icon: "Stethoscope", title: "General Healthcare", description: "Check-ups every week" },
      { icon: "Stethoscope", title: "Vaccination", description: "Free vaccines" },
    ]);
    expect(values.health_tips).toEqual([
      { title: "Regular Exercise", description: "Walk every day", icon: "🩺" },
    ]);
    expect(values.statistics).toEqual([{ number: "5,000+", label: "Patients Treated" }]);
  });

  it("applies the same rule to the donate page's QR codes and bank accounts", async () => {
    const { user } = setup(donateContent);
    for (const [group, item, add] of [
      ["QR Codes", "QR Code", "Add QR Code"],
      ["Bank Accounts", "Bank Account", "Add Bank Account"],
    ] as const) {
      const list = within(screen.getByRole("group", { name: group }));
      const removes = () => list.getAllByRole("button", { name: /^Remove / });
      expect(removes().map(disabled)).toEqual([true]);
      await user.click(list.getByRole("button", { name: add }));
      expect(removes().map(disabled)).toEqual([false, false]);
      // The new item has no name of its own yet: it is named by its place.
      await user.click(list.getByRole("button", { name: `Remove ${item} 2` }));
      expect(removes().map(disabled)).toEqual([true]);
    }
  });
});

describe("ResourceForm: number fields", () => {
  async function submitSortOrder(typed: string) {
    const { user, onSubmit } = setup(boardStaff);
    await user.type(screen.getByLabelText(/^Full Name/), "Asha Rai");
    await user.type(screen.getByLabelText(/^Designation/), "Treasurer");
    const sortOrder = screen.getByLabelText("Sort Order");
    await user.clear(sortOrder);
    if (typed) await user.type(sortOrder, typed);
    await user.click(screen.getByRole("button", { name: "Create Member" }));
    return { onSubmit, sortOrder };
  }

  it("refuses a non-number sort order under the field, never taking it as 0", async () => {
    const { onSubmit, sortOrder } = await submitSortOrder("abc");
    expect(await screen.findByText("Please enter a whole number.")).toBeTruthy();
    expect(errorOf(sortOrder)).toBe("Please enter a whole number.");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("refuses an empty sort order under the field, never taking it as 0", async () => {
    const { onSubmit, sortOrder } = await submitSortOrder("");
    expect(await screen.findByText("Please enter a whole number.")).toBeTruthy();
    expect(errorOf(sortOrder)).toBe("Please enter a whole number.");
    // Every required field is filled: the banner points to the field instead.
    expect(screen.getByRole("alert").textContent).toBe("Please fix the highlighted fields.");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("keeps a typed whole number as a number", async () => {
    const { onSubmit } = await submitSortOrder("12");
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: "Asha Rai",
      designation: "Treasurer",
      image_url: null,
      image_alt: null,
      image_decorative: false,
      bio: null,
      specialties: null,
      achievements: null,
      email: null,
      phone: null,
      social_label: null,
      social_url: null,
      on_home_page: true,
      on_team_page: true,
      sort_order: 12,
      is_active: true,
    });
  });

  it("refuses a negative or fractional sort order", async () => {
    const negative = await submitSortOrder("-1");
    expect(await screen.findByText("Use a number of 0 or more")).toBeTruthy();
    expect(errorOf(negative.sortOrder)).toBe("Use a number of 0 or more");
    expect(screen.getByRole("alert").textContent).toBe("Please fix the highlighted fields.");
    expect(negative.onSubmit).not.toHaveBeenCalled();
    cleanup();

    const fraction = await submitSortOrder("2.5");
    expect(await screen.findByText("Use a whole number")).toBeTruthy();
    expect(fraction.onSubmit).not.toHaveBeenCalled();
  });
});

describe("ResourceForm: drafts", () => {
  it("offers typed values again when the same form opens after a reload", async () => {
    const first = setup(boardStaff, "board_staff:new");
    await first.user.type(screen.getByLabelText(/^Full Name/), "Asha");
    first.view.unmount();

    setup(boardStaff, "board_staff:new");
    expect(await screen.findByText("Your unsaved changes were restored.")).toBeTruthy();
    expect(inputValue(screen.getByLabelText(/^Full Name/))).toBe("Asha");
    cleanup();

    setup(boardStaff, "board_staff:other");
    expect(screen.queryByText("Your unsaved changes were restored.")).toBeNull();
    expect(inputValue(screen.getByLabelText(/^Full Name/))).toBe("");
  });
});

describe("ResourceForm: the banner of a refused form", () => {
  it("points to the fields when a board member's picture address is bad", async () => {
    const { user, onSubmit } = setup(boardStaff);
    await user.type(screen.getByLabelText(/^Full Name/), "Asha Rai");
    await user.type(screen.getByLabelText(/^Designation/), "Treasurer");
    await user.type(screen.getByLabelText("or paste an image address"), "not an address");
    await user.click(screen.getByRole("button", { name: "Create Member" }));

    expect((await screen.findByRole("alert")).textContent).toBe(
      "Please fix the highlighted fields.",
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("points to the fields when a certificate's PDF address is bad", async () => {
    const { user, onSubmit } = setup(certifications);
    await user.type(screen.getByLabelText(/^Certificate Name/), "NGO registration");
    await user.type(
      screen.getByLabelText("or paste an image address"),
      "https://example.org/c.png",
    );
    await user.type(screen.getByLabelText("or paste the PDF's address"), "javascript:alert(1)");
    await user.click(screen.getByRole("button", { name: "Create Certification" }));

    expect((await screen.findByRole("alert")).textContent).toBe(
      "Please fix the highlighted fields.",
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("names the one field a cause misses: its image, not every field", async () => {
    const { user, onSubmit } = setup(causes);
    await user.type(screen.getByLabelText(/^Title/), "Clean Water");
    await user.type(screen.getByLabelText(/^Description/), "Wells for two villages");
    await user.click(screen.getByRole("button", { name: "Create Cause" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please upload the Cause Image.");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("asks for the required fields when they are what is missing", async () => {
    const { user, onSubmit } = setup(boardStaff);
    await user.click(screen.getByRole("button", { name: "Create Member" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Please fill in all required fields",
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
