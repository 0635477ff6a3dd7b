import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ConflictError, type Row, SessionExpiredError } from "../api/data-layer.ts";
import { createFakeData, type FakeData } from "../testing/fake-data.ts";
import { errorOf, renderWithData } from "../testing/render.ts";
import { failures } from "../words.ts";
import { about } from "./resources/home.ts";
import { SingletonForm } from "./SingletonForm.tsx";

const SAVED = "About content saved successfully!";
const ABOUT = {
  image_url: "https://example.org/about.jpg",
  about_title: "About Us",
  about_text: "We help.",
  years_of_service: 20,
  lives_impacted: 900,
  active_volunteers: 70,
  our_vision: "A fair world",
  our_mission: "Care for all",
};

function setup(fake: FakeData) {
  const user = userEvent.setup();
  renderWithData(<SingletonForm definition={about} />, fake);
  return { user };
}

/** A field by its label, whatever follows it (a required field's star). */
const field = (label: RegExp | string) =>
  screen.getByLabelText(
    typeof label === "string" ? new RegExp(`^${label}`) : label,
  ) as HTMLInputElement;
const saveButton = () => screen.getByRole("button", { name: "Save About Content" });

describe("SingletonForm (about)", () => {
  it("shows the loading text, then the form with its heading", async () => {
    const fake = createFakeData();
    const gate = fake.hold("list");
    setup(fake);
    expect(screen.getByRole("status").textContent).toBe("Loading about content...");
    await act(async () => gate.release());
    expect(await screen.findByRole("heading", { name: "About Section Content" })).toBeTruthy();
    expect(fake.list).toHaveBeenCalledWith("about_content", {
      column: "created_at",
      ascending: false,
    });
  });

  it("inserts the record when there is none, starting from the definition's defaults", async () => {
    const fake = createFakeData();
    const { user } = setup(fake);
    await screen.findByRole("heading", { name: "About Section Content" });
    expect(field(/^Title/).value).toBe("About Helping Hands Foundation");
    expect(field("Years of Service").value).toBe("15");
    expect(field("Lives Impacted").value).toBe("500");
    expect(field("Active Volunteers").value).toBe("50");

    await user.type(field("or paste an image address"), "https://example.org/new.jpg");
    await user.type(field(/^About Text/), "Since 2010.");
    await user.type(field(/^Our Vision/), "Vision");
    await user.type(field(/^Our Mission/), "Mission");
    await user.click(saveButton());

    expect(await screen.findByText(SAVED)).toBeTruthy();
    expect(fake.update).not.toHaveBeenCalled();
    expect(fake.insert).toHaveBeenCalledWith("about_content", [
      {
        image_url: "https://example.org/new.jpg",
        about_title: "About Helping Hands Foundation",
        about_text: "Since 2010.",
        years_of_service: 15,
        lives_impacted: 500,
        active_volunteers: 50,
        our_vision: "Vision",
        our_mission: "Mission",
      },
    ]);

    // The next save updates the record just made, instead of adding another.
    const [created] = fake.rows("about_content") as [Row];
    await waitFor(() => expect(fake.list).toHaveBeenCalledTimes(2));
    await user.clear(field(/^Our Mission/));
    await user.type(field(/^Our Mission/), "Mission, again");
    await user.click(saveButton());
    await waitFor(() => expect(fake.update).toHaveBeenCalledTimes(1));
    expect(fake.update).toHaveBeenCalledWith(
      "about_content",
      created.id,
      expect.objectContaining({ our_mission: "Mission, again" }),
      created.updated_at,
    );
    expect(fake.insert).toHaveBeenCalledTimes(1);
    expect(fake.rows("about_content")).toHaveLength(1);
  });

  it("marks the figures the home page shows as required, and says what one left blank needs", async () => {
    const fake = createFakeData({ about_content: [ABOUT] });
    const { user } = setup(fake);
    await screen.findByRole("heading", { name: "About Section Content" });
    for (const label of ["Years of Service", "Lives Impacted", "Active Volunteers"]) {
      expect(screen.getByText(label).closest("label")?.textContent).toContain("*");
    }
    await user.clear(field(/^Lives Impacted/));
    await user.click(saveButton());
    expect(await screen.findByText("Please enter a whole number.")).toBeTruthy();
    expect(errorOf(field(/^Lives Impacted/))).toBe("Please enter a whole number.");
    expect(fake.update).not.toHaveBeenCalled();
  });

  it("refuses missing required fields without saving", async () => {
    const fake = createFakeData();
    const { user } = setup(fake);
    await screen.findByRole("heading", { name: "About Section Content" });
    await user.click(saveButton());
    // The blank required fields, named (the title has its default).
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Please fill in About Text, Our Vision and Our Mission and upload the About Image.",
    );
    expect(field(/^About Text/).getAttribute("aria-invalid")).toBe("true");
    expect(fake.insert).not.toHaveBeenCalled();
  });

  it.each([
    ["Years of Service", ""],
    ["Lives Impacted", ""],
    ["Lives Impacted", "1e"],
    ["Active Volunteers", "abc"],
  ])("refuses %s given %j under the field, never saving it as 0", async (label, typed) => {
    const fake = createFakeData({ about_content: [ABOUT] });
    const { user } = setup(fake);
    await screen.findByRole("heading", { name: "About Section Content" });
    await user.clear(field(label));
    if (typed) await user.type(field(label), typed);
    await user.click(saveButton());

    expect(await screen.findByText("Please enter a whole number.")).toBeTruthy();
    expect(errorOf(field(label))).toBe("Please enter a whole number.");
    expect(field(label).getAttribute("aria-invalid")).toBe("true");
    // Every other required field is filled, so the banner points to the field.
    expect(screen.getByRole("alert").textContent).toBe("Please fix the highlighted fields.");
    expect(fake.update).not.toHaveBeenCalled();
    expect(fake.insert).not.toHaveBeenCalled();
  });

  it("says only words when the server cannot be reached, and logs the cause", async () => {
    const fake = createFakeData({ about_content: [ABOUT] });
    fake.fail("update", { error: new TypeError("Failed to fetch") });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { user } = setup(fake);
    await screen.findByRole("heading", { name: "About Section Content" });
    await user.click(saveButton());

    const toast = await waitFor(() => {
      const found = document.querySelector("[data-sonner-toast]");
      if (!found) throw new Error("no toast yet");
      return found;
    });
    await waitFor(() =>
      expect(toast.textContent).toContain(
        "The server could not be reached. Check your connection.",
      ),
    );
    expect(toast.textContent).toContain(about.texts.saveError);
    expect(toast.textContent).not.toMatch(/TypeError|Failed to fetch/);
    expect(logged).toHaveBeenCalledWith(about.texts.saveError, expect.any(TypeError));
    logged.mockRestore();
  });

  it("never shows the server's own words on a toast", async () => {
    const fake = createFakeData({ about_content: [ABOUT] });
    const { toDataError } = await import("../api/supabase-data.ts");
    fake.fail("update", {
      error: toDataError({ message: "permission denied for schema private", code: "XX000" }),
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { user } = setup(fake);
    await screen.findByRole("heading", { name: "About Section Content" });
    await user.click(saveButton());

    await waitFor(() =>
      expect(document.querySelector("[data-sonner-toast]")?.textContent).toContain(
        about.texts.saveError,
      ),
    );
    expect(document.querySelector("[data-sonner-toast]")?.textContent).not.toContain("permission");
    logged.mockRestore();
  });

  it("updates the existing record with its updated_at", async () => {
    const fake = createFakeData({ about_content: [ABOUT] });
    const [row] = fake.rows("about_content") as [Row];
    const { user } = setup(fake);
    await screen.findByRole("heading", { name: "About Section Content" });
    expect(field(/^Title/).value).toBe("About Us");
    expect(field("Years of Service").value).toBe("20");
    expect(field(/^Our Vision/).value).toBe("A fair world");

    await user.clear(field("Lives Impacted"));
    await user.type(field("Lives Impacted"), "1200");
    await user.click(saveButton());

    expect(await screen.findByText(SAVED)).toBeTruthy();
    expect(fake.insert).not.toHaveBeenCalled();
    expect(fake.update).toHaveBeenCalledWith(
      "about_content",
      row.id,
      { ...ABOUT, lives_impacted: 1200 },
      row.updated_at,
    );
    expect(fake.row("about_content", row.id)?.lives_impacted).toBe(1200);
  });

  it("keeps the typed values and says so when the save fails", async () => {
    const fake = createFakeData({ about_content: [ABOUT] });
    fake.fail("update");
    const { user } = setup(fake);
    await screen.findByRole("heading", { name: "About Section Content" });
    await user.clear(field(/^Our Vision/));
    await user.type(field(/^Our Vision/), "A kinder world");
    await user.click(saveButton());

    const alert = await screen.findByText(about.texts.saveError, { selector: "form p" });
    expect(alert).toBeTruthy();
    expect(field(/^Our Vision/).value).toBe("A kinder world");
    expect(screen.queryByText(SAVED)).toBeNull();
  });

  it("says the session ended when the save fails for that, keeping the typed values", async () => {
    const fake = createFakeData({ about_content: [ABOUT] });
    fake.fail("update", { error: new SessionExpiredError() });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { user } = setup(fake);
    await screen.findByRole("heading", { name: "About Section Content" });
    await user.clear(field(/^Our Vision/));
    await user.type(field(/^Our Vision/), "A kinder world");
    await user.click(saveButton());

    const alert = await screen.findByText(failures.sessionEnded, { selector: "form p" });
    expect(alert).toBeTruthy();
    expect(screen.queryByText(about.texts.saveError, { selector: "form p" })).toBeNull();
    expect(field(/^Our Vision/).value).toBe("A kinder world");
    expect(screen.queryByText(SAVED)).toBeNull();
    expect(logged).toHaveBeenCalledWith(about.texts.saveError, expect.any(SessionExpiredError));
    logged.mockRestore();
  });

  it("offers to reload the saved content when someone else saved first", async () => {
    const fake = createFakeData({ about_content: [ABOUT] });
    const [row] = fake.rows("about_content") as [Row];
    const { user } = setup(fake);
    await screen.findByRole("heading", { name: "About Section Content" });
    fake.change("about_content", row.id, { our_mission: "Their mission" });

    await user.clear(field(/^Our Vision/));
    await user.type(field(/^Our Vision/), "Mine");
    await user.click(saveButton());
    expect(await screen.findByText(new ConflictError(false).message)).toBeTruthy();
    expect(fake.row("about_content", row.id)?.our_vision).toBe("A fair world");

    await user.click(screen.getByRole("button", { name: "Reload the saved content" }));
    await waitFor(() => expect(field(/^Our Mission/).value).toBe("Their mission"));
    expect(field(/^Our Vision/).value).toBe("A fair world");
    expect(screen.queryByText(new ConflictError(false).message)).toBeNull();
  });

  it("shows a load failure with Retry", async () => {
    const fake = createFakeData({ about_content: [ABOUT] });
    fake.fail("list");
    const { user } = setup(fake);
    expect(await screen.findByText(about.texts.loadError, { selector: "p" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(field(/^Title/).value).toBe("About Us"));
  });
});
