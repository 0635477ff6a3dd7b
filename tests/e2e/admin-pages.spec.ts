// The fixed pages' words are content: on the Pages screen, grouped under the page they
// appear on, an editor changes Our History's heading and one of its milestones, and
// both go live on the page.
import { expect, test } from "@playwright/test";
import {
  expectPublished,
  expectToast,
  restoreTable,
  signInAsAdmin,
  snapshotTable,
} from "./admin-support.ts";

test.describe("pages", () => {
  test.describe.configure({ timeout: 240_000 });

  test("Our History's heading and a milestone, edited on the Pages screen, go live", async ({
    page,
    context,
  }) => {
    const before = {
      words: await snapshotTable("history_page"),
      milestones: await snapshotTable("milestones"),
    };
    try {
      await signInAsAdmin(page, "/admin/pages");
      // The screen says which page each block is on, and links to it.
      const history = page.getByRole("region", { name: "Our History" });
      await expect(
        history.getByRole("link", { name: /Open \/about\/our-history\// }),
      ).toBeVisible();

      const stamp = String(Date.now()).slice(-6);
      const heading = `Our Story So Far ${stamp}`;
      await history.getByRole("link", { name: /Page words/ }).click();
      const form = page.getByRole("form", { name: "Edit Our History Page Words" });
      await expect(form.locator("#field-intro_title")).toHaveValue("Our History");
      await form.locator("#field-intro_title").fill(heading);
      await form.getByRole("button", { name: "Save Page Words" }).click();
      await expectToast(page, "Page words saved. The site shows them once it is published.");

      await page.getByRole("button", { name: "Back to Pages" }).click();
      await page
        .getByRole("region", { name: "Our History" })
        .getByRole("link", { name: /Milestones/ })
        .click();
      const list = page.getByRole("list", { name: "Our History: Milestones", exact: true });
      const first = list.locator(":scope > li").first();
      await expect(first).toContainText("2009: Two rooms and an open door");
      await first.getByRole("button", { name: /^Edit/ }).click();
      const dialog = page.getByRole("dialog", { name: "Edit Milestone" });
      const title = `A door opened ${stamp}`;
      await dialog.locator("#field-title").fill(title);
      await dialog.getByRole("button", { name: "Update Milestone" }).click();
      await expect(dialog).toBeHidden();
      await expectPublished(page);

      const visitor = await context.newPage();
      await visitor.goto("/about/our-history/");
      await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(visitor.getByRole("heading", { level: 3, name: title })).toBeVisible();
      await expect(visitor).toHaveTitle(/^Our History \|/);
      await visitor.close();
    } finally {
      await restoreTable("history_page", before.words);
      await restoreTable("milestones", before.milestones);
    }
  });

  test("Our Team's words and one list of people: a person ticked 'On Our Team' goes live there", async ({
    page,
    context,
  }) => {
    const before = {
      words: await snapshotTable("team_page"),
      people: await snapshotTable("board_staff"),
    };
    try {
      await signInAsAdmin(page, "/admin/pages");
      const team = page.getByRole("region", { name: "Our Team" });
      await expect(team.getByRole("link", { name: /Open \/about\/our-team\// })).toBeVisible();

      const stamp = String(Date.now()).slice(-6);
      const heading = `The People Who Lead ${stamp}`;
      await team.getByRole("link", { name: /Page words/ }).click();
      const form = page.getByRole("form", { name: "Edit Our Team Page Words" });
      await expect(form.locator("#field-leaders_title")).toHaveValue("Leadership Team");
      await form.locator("#field-leaders_title").fill(heading);
      await form.getByRole("button", { name: "Save Page Words" }).click();
      await expectToast(page, "Page words saved. The site shows them once it is published.");

      // The people are Board & Staff's: the screen says so, and where each appears.
      await page.getByRole("button", { name: "Back to Pages" }).click();
      await page
        .getByRole("region", { name: "Our Team" })
        .getByRole("link", { name: /People/ })
        .click();
      await expect(page.getByText(/One list of people/)).toBeVisible();
      const list = page.getByRole("list", { name: "Our Team: People", exact: true });
      const hari = list.locator(":scope > li", { hasText: "Hari Prasad Koirala" });
      await expect(hari).toContainText("Home page");
      await expect(hari).not.toContainText("Our Team");
      await hari.getByRole("button", { name: /^Edit/ }).click();
      const dialog = page.getByRole("dialog", { name: "Edit Board Staff Member" });
      await dialog.getByRole("checkbox", { name: "On Our Team" }).check();
      const bio = `Hari has chaired the parents' committee since ${stamp}.`;
      await dialog.locator("#field-bio").fill(bio);
      await dialog.locator("#field-specialties").fill("Governance\nFundraising");
      await dialog.locator("#field-email").fill("not an address");
      await dialog.getByRole("button", { name: "Update Member" }).click();
      await expect(
        dialog.getByText("Enter an email address such as name@example.org"),
      ).toBeVisible();
      await dialog.locator("#field-email").fill("hari@helpinghands.example");
      await dialog.getByRole("button", { name: "Update Member" }).click();
      await expect(dialog).toBeHidden();
      await expect(hari).toContainText("Our Team");
      await expectPublished(page);

      const visitor = await context.newPage();
      await visitor.goto("/about/our-team/");
      const people = visitor.getByRole("region", { name: heading });
      const card = people.locator(":scope > div > ul > li", { hasText: "Hari Prasad Koirala" });
      await expect(card).toContainText(bio);
      await expect(card.getByRole("listitem").filter({ hasText: "Fundraising" })).toBeVisible();
      await expect(card.getByRole("link", { name: /^Email / })).toHaveAttribute(
        "href",
        "mailto:hari@helpinghands.example",
      );
      // He was already on the home page and stays there: one person, one record.
      await visitor.goto("/");
      await expect(
        visitor.getByRole("heading", { name: "Hari Prasad Koirala" }).first(),
      ).toBeAttached();
      await visitor.close();
    } finally {
      await restoreTable("team_page", before.words);
      await restoreTable("board_staff", before.people);
    }
  });

  test("About Us's story heading and a value, edited on the Pages screen, go live", async ({
    page,
    context,
  }) => {
    const before = await snapshotTable("about_page");
    try {
      await signInAsAdmin(page, "/admin/pages");
      const about = page.getByRole("region", { name: "About Us" });
      await expect(about.getByRole("link", { name: /Open \/about\// })).toBeVisible();
      await about.getByRole("link", { name: /Page words/ }).click();
      const form = page.getByRole("form", { name: "Edit About Us Page Words" });
      // Where the figures, mission and vision are edited instead: one fact, one place.
      await expect(page.getByText(/edit them in Home Management, About/)).toBeVisible();
      const stamp = String(Date.now()).slice(-6);
      const heading = `How It Began ${stamp}`;
      await expect(form.locator("#field-story_title")).toHaveValue("Our Story");
      await form.locator("#field-story_title").fill(heading);
      const value = `Courage ${stamp}`;
      await form.locator("#field-core_values-0-title").fill(value);
      await form.getByRole("button", { name: "Save Page Words" }).click();
      await expectToast(page, "Page words saved. The site shows them once it is published.");
      await expectPublished(page);

      const visitor = await context.newPage();
      await visitor.goto("/about/");
      await expect(visitor.getByRole("heading", { level: 2, name: heading })).toBeVisible();
      await expect(visitor.getByRole("heading", { level: 3, name: value })).toBeVisible();
      await visitor.close();
    } finally {
      await restoreTable("about_page", before);
    }
  });

  test("an Our Mission objective's goals, edited on the Pages screen, go live", async ({
    page,
    context,
  }) => {
    const before = await snapshotTable("mission_objectives");
    try {
      await signInAsAdmin(page, "/admin/pages");
      await page
        .getByRole("region", { name: "Our Mission" })
        .getByRole("link", { name: /Objectives/ })
        .click();
      const list = page.getByRole("list", { name: "Our Mission: Objectives", exact: true });
      const first = list.locator(":scope > li").first();
      await expect(first).toContainText("Education for every child in our care");
      await first.getByRole("button", { name: /^Edit/ }).click();
      const dialog = page.getByRole("dialog", { name: "Edit Objective" });
      const stamp = String(Date.now()).slice(-6);
      const goal = `Open a second learning centre by ${stamp}`;
      const goals = dialog.locator("#field-goals");
      await goals.fill(`${await goals.inputValue()}\n${goal}`);
      await dialog.getByRole("button", { name: "Update Objective" }).click();
      await expect(dialog).toBeHidden();
      await expectPublished(page);

      const visitor = await context.newPage();
      await visitor.goto("/about/our-mission/");
      const objective = visitor.locator("ol > li", { hasText: "Education for every child" });
      // Each line is a goal of its own.
      await expect(objective.getByRole("listitem")).toHaveCount(4);
      await expect(objective.getByRole("listitem").last()).toHaveText(goal);
      await visitor.close();
    } finally {
      await restoreTable("mission_objectives", before);
    }
  });

  test("a Contact department and the emergency heading, edited on the Pages screen, go live", async ({
    page,
    context,
  }) => {
    const before = {
      words: await snapshotTable("contact_page"),
      departments: await snapshotTable("departments"),
    };
    try {
      await signInAsAdmin(page, "/admin/pages");
      const contact = page.getByRole("region", { name: "Contact" });
      await contact.getByRole("link", { name: /Page words/ }).click();
      const form = page.getByRole("form", { name: "Edit Contact Page Words" });
      const stamp = String(Date.now()).slice(-6);
      const heading = `Help Around the Clock ${stamp}`;
      await expect(form.locator("#field-emergency_title")).toHaveValue("Emergency Contact");
      await form.locator("#field-emergency_title").fill(heading);
      await form.getByRole("button", { name: "Save Page Words" }).click();
      await expectToast(page, "Page words saved. The site shows them once it is published.");

      await page.getByRole("button", { name: "Back to Pages" }).click();
      await page
        .getByRole("region", { name: "Contact" })
        .getByRole("link", { name: /Departments/ })
        .click();
      const list = page.getByRole("list", { name: "Contact: Departments", exact: true });
      const volunteering = list.locator(":scope > li", { hasText: "Volunteering" });
      await volunteering.getByRole("button", { name: /^Edit/ }).click();
      const dialog = page.getByRole("dialog", { name: "Edit Department" });
      await dialog.locator("#field-email").fill("volunteers@");
      await dialog.getByRole("button", { name: "Update Department" }).click();
      await expect(
        dialog.getByText("Enter an email address such as name@example.org"),
      ).toBeVisible();
      await dialog.locator("#field-email").fill(`volunteers-${stamp}@helpinghands.example`);
      await dialog.getByRole("button", { name: "Update Department" }).click();
      await expect(dialog).toBeHidden();
      await expectPublished(page);

      const visitor = await context.newPage();
      await visitor.goto("/contact/");
      await expect(visitor.getByRole("heading", { level: 2, name: heading })).toBeVisible();
      await expect(
        visitor.getByRole("link", {
          name: `Email Volunteering: volunteers-${stamp}@helpinghands.example`,
        }),
      ).toHaveAttribute("href", `mailto:volunteers-${stamp}@helpinghands.example`);
      await visitor.close();
    } finally {
      await restoreTable("contact_page", before.words);
      await restoreTable("departments", before.departments);
    }
  });

  // The generic Pages screens are proven at phone width by the tests above; this one
  // saves eight pages' words and waits for one publish.
  test("Donate's giving areas, Projects' heading, Certifications' introduction and the programme pages' and the home page's words go live with one publish @desktop", async ({
    page,
    context,
  }) => {
    const before = {
      donate: await snapshotTable("donate_page"),
      projects: await snapshotTable("projects_page"),
      certifications: await snapshotTable("certifications_page"),
      children: await snapshotTable("children_page"),
      medical: await snapshotTable("medical_page"),
      oldage: await snapshotTable("oldage_page"),
      relief: await snapshotTable("relief_page"),
      home: await snapshotTable("home_page"),
    };
    try {
      await signInAsAdmin(page, "/admin/pages");
      const stamp = String(Date.now()).slice(-6);
      const saveWords = async (region: string, form: string, fill: Record<string, string>) => {
        await page
          .getByRole("region", { name: region, exact: true })
          .getByRole("link", { name: /Page words/ })
          .click();
        const words = page.getByRole("form", { name: `Edit ${form} Page Words` });
        for (const [field, value] of Object.entries(fill)) {
          await words.locator(`#field-${field}`).fill(value);
        }
        await words.getByRole("button", { name: "Save Page Words" }).click();
        await expectToast(page, "Page words saved. The site shows them once it is published.");
        await page.getByRole("button", { name: "Back to Pages" }).click();
      };

      const areas = `Where It Helps ${stamp}`;
      const area = `Elder Care ${stamp}`;
      // A giving area must lead somewhere safe: a script address is refused.
      await page
        .getByRole("region", { name: "Donate", exact: true })
        .getByRole("link", { name: /Page words/ })
        .click();
      const donate = page.getByRole("form", { name: "Edit Donate Page Words" });
      await expect(page.getByText(/edited on the Donate screen/)).toBeVisible();
      await donate.locator("#field-giving_areas-1-href").fill("javascript:alert(1)");
      await donate.getByRole("button", { name: "Save Page Words" }).click();
      await expect(donate.getByRole("alert").first()).toBeVisible();
      await donate.locator("#field-giving_areas-1-href").fill("/oldage-home/");
      await donate.locator("#field-areas_title").fill(areas);
      await donate.locator("#field-giving_areas-1-title").fill(area);
      await donate.getByRole("button", { name: "Save Page Words" }).click();
      await expectToast(page, "Page words saved. The site shows them once it is published.");
      await page.getByRole("button", { name: "Back to Pages" }).click();

      const projects = `What We Build ${stamp}`;
      await saveWords("Projects", "Projects", { intro_title: projects });
      const lead = `Registered, audited and accountable ${stamp}.`;
      await saveWords("Certifications", "Certifications", { intro_lead: lead });
      const sponsor = `Sponsor a Pupil ${stamp}`;
      await saveWords("Children's Home", "Children's Home", { donate_label: sponsor });
      const care = `Care Where People Live ${stamp}`;
      await saveWords("Medical", "Medical", {
        about_title: care,
        highlights: `Eye tests ${stamp}\nClean bandages`,
      });
      const elders = `Days at the Home ${stamp}`;
      await saveWords("Old Age Home", "Old Age Home", { gallery_title: elders });
      const ready = `Ready When Floods Come ${stamp}`;
      await saveWords("Relief", "Relief", { cta_title: ready });
      // The home page's words are a section of Home Management.
      const causes = `Where You Can Help ${stamp}`;
      await page.goto("/admin/home-management#words");
      const home = page.getByRole("form", { name: "Edit Home Page Words" });
      await home.locator("#field-causes_title").fill(causes);
      await home.getByRole("button", { name: "Save Page Words" }).click();
      await expectToast(page, "Page words saved. The site shows them once it is published.");
      await expectPublished(page);

      const visitor = await context.newPage();
      await visitor.goto("/donate/");
      await expect(visitor.getByRole("heading", { level: 2, name: areas })).toBeVisible();
      await expect(visitor.getByRole("link", { name: area })).toHaveAttribute(
        "href",
        "/oldage-home/",
      );
      await visitor.goto("/projects/");
      await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(projects);
      await visitor.goto("/certifications/");
      await expect(visitor.getByText(lead)).toBeVisible();
      await visitor.goto("/children-home/");
      // The page's donate buttons: in its top, its about block and its closing call.
      await expect(visitor.getByRole("link", { name: sponsor })).toHaveCount(3);
      await visitor.goto("/medical/");
      await expect(visitor.getByRole("heading", { level: 2, name: care })).toBeVisible();
      await expect(
        visitor.getByRole("listitem").filter({ hasText: `Eye tests ${stamp}` }),
      ).toHaveCount(1);
      await visitor.goto("/oldage-home/");
      await expect(visitor.getByRole("heading", { level: 2, name: elders })).toBeVisible();
      await visitor.goto("/relief/");
      await expect(visitor.getByRole("heading", { level: 2, name: ready })).toBeVisible();
      await visitor.goto("/");
      await expect(visitor.getByRole("heading", { level: 2, name: causes })).toBeVisible();
      await visitor.close();
    } finally {
      await restoreTable("donate_page", before.donate);
      await restoreTable("projects_page", before.projects);
      await restoreTable("certifications_page", before.certifications);
      await restoreTable("children_page", before.children);
      await restoreTable("medical_page", before.medical);
      await restoreTable("oldage_page", before.oldage);
      await restoreTable("relief_page", before.relief);
      await restoreTable("home_page", before.home);
    }
  });
});
