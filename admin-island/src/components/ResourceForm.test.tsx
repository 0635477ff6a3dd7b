// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { boardStaff } from "../resources/home.ts";
import { donateContent, medicalContent } from "../resources/programmes.ts";
import type { ResourceDefinition } from "../resources/types.ts";
import { ResourceForm } from "./ResourceForm.tsx";
import { createFakeData, errorOf, inputValue, renderWithData } from "./testing/fake-data.ts";

function setup(definition: ResourceDefinition, draftKey = `${definition.key}:new`) {
  const user = userEvent.setup();
  const onSubmit = vi.fn(async (_values: Record<string, unknown>) => {});
  const view = renderWithData(
    <ResourceForm
      definition={definition}
      mode="create"
      initial={definition.defaults()}
      draftKey={draftKey}
      onSubmit={onSubmit}
    />,
    createFakeData(),
  );
  return { user, onSubmit, view };
}

function disabled(element: HTMLElement): boolean {
  return (element as HTMLButtonElement).disabled;
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe("ResourceForm: repeating lists", () => {
  it("adds a service, and allows removing only while two or more remain", async () => {
    const { user } = setup(medicalContent);
    const services = within(screen.getByRole("group", { name: "Services" }));

    expect(services.getAllByRole("listitem")).toHaveLength(1);
    const onlyRemove = services.getByRole("button", { name: "Remove Service 1" });
    expect(disabled(onlyRemove)).toBe(true);
    expect(onlyRemove.getAttribute("title")).toBe("At least one service is needed");

    await user.click(services.getByRole("button", { name: "Add Service" }));
    expect(services.getAllByRole("listitem")).toHaveLength(2);
    expect(services.getByRole("heading", { name: "Service 2" })).toBeTruthy();
    // A new item starts from the definition's newItem.
    expect(
      inputValue(services.getByLabelText(/^Icon/, { selector: "#field-services-1-icon" })),
    ).toBe("Stethoscope");
    expect(
      inputValue(services.getByLabelText(/^Title/, { selector: "#field-services-1-title" })),
    ).toBe("");
    expect(disabled(services.getByRole("button", { name: "Remove Service 1" }))).toBe(false);
    expect(disabled(services.getByRole("button", { name: "Remove Service 2" }))).toBe(false);

    await user.click(services.getByRole("button", { name: "Remove Service 1" }));
    expect(services.getAllByRole("listitem")).toHaveLength(1);
    // The one left is the added item, and it cannot be removed.
    expect(inputValue(services.getByLabelText(/^Title/))).toBe("");
    expect(disabled(services.getByRole("button", { name: "Remove Service 1" }))).toBe(true);
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
      "Please fill in all required fields",
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
      expect(disabled(list.getByRole("button", { name: `Remove ${item} 1` }))).toBe(true);
      await user.click(list.getByRole("button", { name: add }));
      expect(disabled(list.getByRole("button", { name: `Remove ${item} 1` }))).toBe(false);
      expect(disabled(list.getByRole("button", { name: `Remove ${item} 2` }))).toBe(false);
      await user.click(list.getByRole("button", { name: `Remove ${item} 2` }));
      expect(disabled(list.getByRole("button", { name: `Remove ${item} 1` }))).toBe(true);
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

  it("turns a non-number sort order into 0", async () => {
    const { onSubmit } = await submitSortOrder("abc");
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ sort_order: 0 });
  });

  it("turns an empty sort order into 0", async () => {
    const { onSubmit } = await submitSortOrder("");
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ sort_order: 0 });
  });

  it("keeps a typed whole number as a number", async () => {
    const { onSubmit } = await submitSortOrder("12");
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: "Asha Rai",
      designation: "Treasurer",
      image_url: null,
      sort_order: 12,
      is_active: true,
    });
  });

  it("refuses a negative or fractional sort order", async () => {
    const negative = await submitSortOrder("-1");
    expect(await screen.findByText("Use a number of 0 or more")).toBeTruthy();
    expect(errorOf(negative.sortOrder)).toBe("Use a number of 0 or more");
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
