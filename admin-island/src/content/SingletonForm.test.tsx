// The single about record on a real database: it is added when there is none and saved
// over after; what the form refuses is never sent, and a failed, refused or overtaken
// save keeps what was typed and says so in words for editors.
import { inspect } from "node:util";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { failures } from "../api/words.ts";
import { errorOf } from "../testing/queries.ts";
import { renderScreen, type ScreenStack, startScreenStack } from "../testing/stack.ts";
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
const TABLE = "about_content";

let stack: ScreenStack;
beforeAll(async () => {
  stack = await startScreenStack();
});
afterAll(() => stack?.close());

/** Stores the about record given (or none), and forgets earlier requests. */
async function arrange(record?: Record<string, unknown>) {
  await stack.clear(TABLE);
  const [row] = record ? await stack.seed(TABLE, [record]) : [];
  stack.faults.reset();
  return row;
}

function setup() {
  const user = userEvent.setup();
  renderScreen(<SingletonForm definition={about} />, stack);
  return { user };
}

/** The requests that read the about record. */
const reads = () =>
  stack.faults.sent.filter(
    (request) => request.method === "GET" && request.path.startsWith(`/rest/v1/${TABLE}?`),
  );
/** The requests that would change it, by method. */
const writes = () =>
  stack.faults.sent
    .filter(
      (request) =>
        request.method !== "GET" &&
        request.method !== "HEAD" &&
        request.path.startsWith(`/rest/v1/${TABLE}`),
    )
    .map((request) => request.method);
const stored = () => stack.rows(TABLE);
/** A stored timestamp (the owner reads Dates) in milliseconds. */
const time = (value: unknown) =>
  value instanceof Date ? value.getTime() : Date.parse(String(value));
/** Whether the record was read again after it was added. */
const readAfterInsert = () => {
  const sent = stack.faults.sent;
  const insert = sent.findIndex(
    (request) => request.method === "POST" && request.path.startsWith(`/rest/v1/${TABLE}`),
  );
  return insert >= 0 && reads().some((request) => sent.indexOf(request) > insert);
};

/** A field by its label, whatever follows it (a required field's star). */
const field = (label: RegExp | string) =>
  screen.getByLabelText(
    typeof label === "string" ? new RegExp(`^${label}`) : label,
  ) as HTMLInputElement;
const saveButton = () => screen.getByRole("button", { name: "Save About Content" });

describe("SingletonForm (about)", () => {
  it("shows the loading text, then the form with its heading", async () => {
    await arrange();
    const gate = stack.faults.hold({ method: "GET", path: `/rest/v1/${TABLE}` });
    setup();
    expect(screen.getByRole("status").textContent).toBe("Loading about content...");
    await act(async () => gate.release());
    expect(await screen.findByRole("heading", { name: "About Section Content" })).toBeTruthy();
    expect(reads().map((request) => request.path)).toEqual([
      expect.stringMatching(/[?&]order=created_at\.desc/),
    ]);
  });

  it("inserts the record when there is none, starting from the definition's defaults", async () => {
    await arrange();
    const { user } = setup();
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
    expect(writes()).toEqual(["POST"]);
    const [created] = await stored();
    expect(created).toMatchObject({
      image_url: "https://example.org/new.jpg",
      about_title: "About Helping Hands Foundation",
      about_text: "Since 2010.",
      years_of_service: 15,
      lives_impacted: 500,
      active_volunteers: 50,
      our_vision: "Vision",
      our_mission: "Mission",
    });

    // The next save updates the record just made, instead of adding another (which
    // the database would refuse: it keeps one about record).
    await waitFor(() => expect(readAfterInsert()).toBe(true));
    await user.clear(field(/^Our Mission/));
    await user.type(field(/^Our Mission/), "Mission, again");
    await user.click(saveButton());
    await waitFor(() => expect(writes()).toEqual(["POST", "PATCH"]));
    await waitFor(async () =>
      expect((await stored()).map((row) => [row.id, row.our_mission])).toEqual([
        [created?.id, "Mission, again"],
      ]),
    );
  });

  it("marks the figures the home page shows as required, and says what one left blank needs", async () => {
    await arrange(ABOUT);
    const { user } = setup();
    await screen.findByRole("heading", { name: "About Section Content" });
    for (const label of ["Years of Service", "Lives Impacted", "Active Volunteers"]) {
      expect(screen.getByText(label).closest("label")?.textContent).toContain("*");
    }
    await user.clear(field(/^Lives Impacted/));
    await user.click(saveButton());
    expect(await screen.findByText("Please enter a whole number.")).toBeTruthy();
    expect(errorOf(field(/^Lives Impacted/))).toBe("Please enter a whole number.");
    expect(writes()).toEqual([]);
  });

  it("refuses missing required fields without saving", async () => {
    await arrange();
    const { user } = setup();
    await screen.findByRole("heading", { name: "About Section Content" });
    await user.click(saveButton());
    // The blank required fields, named (the title has its default).
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Please fill in About Text, Our Vision and Our Mission and upload the About Image.",
    );
    expect(field(/^About Text/).getAttribute("aria-invalid")).toBe("true");
    expect(writes()).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it.each([
    ["Years of Service", ""],
    ["Lives Impacted", ""],
    ["Lives Impacted", "1e"],
    ["Active Volunteers", "abc"],
  ])("refuses %s given %j under the field, never saving it as 0", async (label, typed) => {
    const row = await arrange(ABOUT);
    const { user } = setup();
    await screen.findByRole("heading", { name: "About Section Content" });
    await user.clear(field(label));
    if (typed) await user.type(field(label), typed);
    await user.click(saveButton());

    expect(await screen.findByText("Please enter a whole number.")).toBeTruthy();
    expect(errorOf(field(label))).toBe("Please enter a whole number.");
    expect(field(label).getAttribute("aria-invalid")).toBe("true");
    // Every other required field is filled, so the banner points to the field.
    expect(screen.getByRole("alert").textContent).toBe("Please fix the highlighted fields.");
    expect(writes()).toEqual([]);
    expect(await stored()).toEqual([row]);
  });

  it("says only words when the server cannot be reached, and logs the cause", async () => {
    await arrange(ABOUT);
    stack.faults.fail({ method: "PATCH", path: `/rest/v1/${TABLE}` }, { network: true });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { user } = setup();
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
    expect(logged).toHaveBeenCalledWith(about.texts.saveError, expect.any(Error));
    expect(inspect(logged.mock.calls)).toMatch(/Failed to fetch/);
    logged.mockRestore();
  });

  it("never shows the server's own words on a toast", async () => {
    await arrange(ABOUT);
    stack.faults.fail(
      { method: "PATCH", path: `/rest/v1/${TABLE}` },
      { status: 500, code: "XX000", message: "permission denied for schema private" },
    );
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { user } = setup();
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

  it("updates the existing record, over the version it loaded", async () => {
    const row = await arrange(ABOUT);
    const { user } = setup();
    await screen.findByRole("heading", { name: "About Section Content" });
    expect(field(/^Title/).value).toBe("About Us");
    expect(field("Years of Service").value).toBe("20");
    expect(field(/^Our Vision/).value).toBe("A fair world");

    await user.clear(field("Lives Impacted"));
    await user.type(field("Lives Impacted"), "1200");
    await user.click(saveButton());

    expect(await screen.findByText(SAVED)).toBeTruthy();
    expect(writes()).toEqual(["PATCH"]);
    const [saved, ...others] = await stored();
    expect(others).toEqual([]);
    expect(saved).toMatchObject({ ...ABOUT, id: row?.id, lives_impacted: 1200 });
    // Saved over the version loaded: the database's clock for the record moved on.
    expect(time(saved?.updated_at)).toBeGreaterThan(time(row?.updated_at));
  });

  it("keeps the typed values and says so when the save fails", async () => {
    await arrange(ABOUT);
    stack.faults.fail(
      { method: "PATCH", path: `/rest/v1/${TABLE}` },
      {
        status: 400,
        code: "23514",
        message:
          'new row for relation "about_content" violates check constraint "about_content_our_vision_filled"',
      },
    );
    const { user } = setup();
    await screen.findByRole("heading", { name: "About Section Content" });
    await user.clear(field(/^Our Vision/));
    await user.type(field(/^Our Vision/), "A kinder world");
    await user.click(saveButton());

    const alert = await screen.findByText(about.texts.saveError, { selector: "form p" });
    expect(alert).toBeTruthy();
    expect(field(/^Our Vision/).value).toBe("A kinder world");
    expect(screen.queryByText(SAVED)).toBeNull();
    expect((await stored())[0]?.our_vision).toBe("A fair world");
  });

  it("says the session ended when the save fails for that, keeping the typed values", async () => {
    await arrange(ABOUT);
    // A token the API no longer takes is refused everywhere, the access check included.
    const expired = { status: 401, code: "PGRST303", message: "JWT expired" };
    stack.faults.fail({ method: "PATCH", path: `/rest/v1/${TABLE}` }, expired);
    stack.faults.fail({ path: "/rest/v1/rpc/admin_access" }, expired);
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { user } = setup();
    await screen.findByRole("heading", { name: "About Section Content" });
    await user.clear(field(/^Our Vision/));
    await user.type(field(/^Our Vision/), "A kinder world");
    await user.click(saveButton());

    const alert = await screen.findByText(failures.sessionEnded, { selector: "form p" });
    expect(alert).toBeTruthy();
    expect(screen.queryByText(about.texts.saveError, { selector: "form p" })).toBeNull();
    expect(field(/^Our Vision/).value).toBe("A kinder world");
    expect(screen.queryByText(SAVED)).toBeNull();
    expect(logged).toHaveBeenCalledWith(about.texts.saveError, expect.any(Error));
    expect((await stored())[0]?.our_vision).toBe("A fair world");
    logged.mockRestore();
  });

  it("offers to reload the saved content when someone else saved first", async () => {
    const row = await arrange(ABOUT);
    const { user } = setup();
    await screen.findByRole("heading", { name: "About Section Content" });
    await stack.change(TABLE, row?.id ?? "", { our_mission: "Their mission" });

    await user.clear(field(/^Our Vision/));
    await user.type(field(/^Our Vision/), "Mine");
    await user.click(saveButton());
    expect(await screen.findByText(failures.changedElsewhere)).toBeTruthy();
    expect((await stored())[0]).toMatchObject({
      our_vision: "A fair world",
      our_mission: "Their mission",
    });

    await user.click(screen.getByRole("button", { name: "Reload the saved content" }));
    await waitFor(() => expect(field(/^Our Mission/).value).toBe("Their mission"));
    expect(field(/^Our Vision/).value).toBe("A fair world");
    expect(screen.queryByText(failures.changedElsewhere)).toBeNull();
  });

  it("shows a load failure with Retry", async () => {
    await arrange(ABOUT);
    stack.faults.fail(
      { method: "GET", path: `/rest/v1/${TABLE}` },
      { status: 500, code: "57014", message: "canceling statement due to statement timeout" },
    );
    const { user } = setup();
    expect(await screen.findByText(about.texts.loadError, { selector: "p" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(field(/^Title/).value).toBe("About Us"));
  });
});
