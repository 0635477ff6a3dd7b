// Every management screen, driven by its own resource definition: the empty state,
// each validation message, create, edit, toggle active and delete with confirmation,
// against the embedded stack with the real RLS policies. The tables are put back as
// they were after each test.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { homeSections } from "../../admin-island/src/app/registry-definitions.ts";
import { adminRoutes } from "../../admin-island/src/app/routes.ts";
import { isAltTextField } from "../../admin-island/src/content/resources/common.ts";
import { resourceDefinitions } from "../../admin-island/src/content/resources/definitions.ts";
import type { Field, ResourceDefinition } from "../../admin-island/src/content/resources/types.ts";
import {
  expectToast,
  restoreTable,
  serviceClient,
  signInAsAdmin,
  snapshotTable,
  withTableEmptied,
} from "./admin-support.ts";

const IMAGE = "/images/seed/gallery-1.jpg";

interface Screen {
  path: string;
  definition: ResourceDefinition;
}

const screens: Screen[] = [
  ...adminRoutes.flatMap((route) =>
    route.screen.kind === "cards"
      ? [{ path: route.path, definition: resourceDefinitions[route.screen.resource] }]
      : [],
  ),
  ...homeSections
    .filter((section) => !section.single)
    .map((section) => ({
      path: `/admin/home-management#${section.id}`,
      definition: section.resource,
    })),
];

function fieldLocator(scope: Locator, path: string): Locator {
  return scope.locator(`#field-${path.replace(/\./g, "-")}`);
}

/** Blank values for every text of the form: what a user who typed nothing sends. */
function blankValues(definition: ResourceDefinition): Record<string, unknown> {
  const values = definition.defaults();
  const typed = (field: Field) => ["text", "textarea", "image", "document"].includes(field.kind);
  for (const field of definition.fields) {
    if (typed(field)) values[field.name] = "";
    if (field.kind === "list") {
      values[field.name] = (values[field.name] as Record<string, unknown>[]).map((item) =>
        Object.fromEntries(
          Object.entries(item).map(([key, value]) => {
            const sub = field.fields.find((f) => f.name === key);
            return [key, sub && typed(sub) ? "" : value];
          }),
        ),
      );
    }
  }
  return values;
}

/** The message shown under each field when the blank form is sent (first per field). */
function expectedMessages(definition: ResourceDefinition): string[] {
  const blank = blankValues(definition);
  // Adding many pictures at once, a blank title takes each file's name.
  if (definition.bulk) blank[definition.bulk.titleField] = "untitled";
  const result = definition.schema.safeParse(blank);
  if (result.success) return [];
  const firstPerPath = new Map<string, string>();
  for (const issue of result.error.issues) {
    const key = issue.path.join(".");
    if (!firstPerPath.has(key)) firstPerPath.set(key, issue.message);
  }
  return [...new Set(firstPerPath.values())];
}

async function clearTexts(dialog: Locator) {
  for (const input of await dialog
    .locator('input[type="text"], input[type="url"], textarea')
    .all()) {
    await input.fill("");
  }
}

async function fillImage(scope: Locator, field: Field) {
  await scope
    .getByRole("group", { name: field.label, exact: true })
    .getByLabel("or paste an image address")
    .fill(IMAGE);
}

/** A value marked by `text` that the field takes: an address where it asks for one. */
function typedValue(field: { inputType?: string; name: string }, text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  if (field.inputType === "email") return `${slug}@example.org`;
  if (field.inputType === "url") return `https://example.org/${slug}`;
  return text;
}

/** Fills every text and image of the form with values marked by `tag`; returns the marker text. */
async function fillForm(
  dialog: Locator,
  definition: ResourceDefinition,
  tag: string,
): Promise<string | null> {
  let marker: string | null = null;
  for (const field of definition.fields) {
    if (field.kind === "text" || field.kind === "textarea") {
      const value = typedValue(field, `${field.label} ${tag}`);
      await fieldLocator(dialog, field.name).fill(value);
      // A picture's alt text never shows on its card.
      if (marker === null && !isAltTextField(field)) marker = value;
    } else if (field.kind === "image") {
      // Adding many pictures at once, the one image address is in the Pictures group.
      if (
        definition.bulk?.imageField === field.name &&
        (await dialog.locator('input[type="file"][multiple]').count()) > 0
      )
        await dialog.getByLabel("Or an image address").fill(IMAGE);
      else await fillImage(dialog, field);
    } else if (field.kind === "list") {
      const group = dialog.getByRole("group", { name: field.label, exact: true });
      const count = await group.getByRole("listitem").count();
      for (let index = 0; index < count; index += 1) {
        for (const sub of field.fields) {
          if (sub.kind === "text" || sub.kind === "textarea") {
            const value = typedValue(sub, `${sub.label} ${tag} ${index + 1}`);
            await fieldLocator(dialog, `${field.name}.${index}.${sub.name}`).fill(value);
            if (sub.required && marker === null) marker = value;
          } else if (sub.kind === "image") {
            await fillImage(group.getByRole("listitem").nth(index), sub);
          }
        }
      }
    }
  }
  return marker;
}

/** How many logos are active now. */
async function activeLogos(): Promise<number> {
  const { count } = await (await serviceClient())
    .from("logo_settings")
    .select("id", { count: "exact", head: true })
    .eq("is_active", true);
  return count ?? 0;
}

/** The card (a direct item of the screen's list) that shows `marker`. */
function card(page: Page, definition: ResourceDefinition, marker: string): Locator {
  return page
    .getByRole("list", { name: definition.texts.heading, exact: true })
    .locator(":scope > li")
    .filter({ hasText: marker });
}

test.describe("management screens @desktop", () => {
  // A screen's form is filled field by field, twice: the people's form has seventeen.
  test.describe.configure({ timeout: 120_000 });
  for (const { path, definition } of screens) {
    const { texts } = definition;

    test(`${path}: empty state, validation, create, edit, toggle and delete`, async ({ page }) => {
      const before = await snapshotTable(definition.table);
      try {
        await signInAsAdmin(page);

        await withTableEmptied(definition.table, async () => {
          await page.goto(path);
          await expect(page.getByText(texts.empty, { exact: true })).toBeVisible();
          await expect(page.getByRole("button", { name: texts.emptyAction })).toBeVisible();
        });

        await page.goto(path);
        await page.reload();
        const heading = page.getByRole("heading", { name: texts.heading });
        await expect(heading).toBeVisible();
        await page.getByRole("button", { name: texts.addButton }).first().click();
        const dialog = page.getByRole("dialog", { name: texts.addTitle });
        await expect(dialog).toBeVisible();

        // Nothing typed in: the spec's alert when every required field is blank, else the
        // blank ones by name (a choice may hold its default); each field's own message;
        // nothing stored.
        await clearTexts(dialog);
        await dialog.getByRole("button", { name: texts.createSubmit }).click();
        const spec = texts.invalid.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        await expect(
          dialog
            .getByRole("alert")
            .filter({ hasText: new RegExp(`^(${spec}|Please (fill in|upload) .+\\.)$`) }),
        ).toBeVisible();
        for (const message of expectedMessages(definition)) {
          await expect(dialog.getByText(message, { exact: true }).first()).toBeVisible();
        }
        expect(await snapshotTable(definition.table)).toHaveLength(before.length);

        // Create.
        const tag = `e2e-${Date.now().toString(36)}`;
        let marker = await fillForm(dialog, definition, tag);
        if (marker === null) {
          // A banner without texts shows its place in the order.
          await fieldLocator(dialog, "sort_order").fill("99");
          marker = "Banner 100";
        }
        await dialog.getByRole("button", { name: texts.createSubmit }).click();
        await expectToast(page, texts.added);
        await expect(dialog).toBeHidden();
        const created = card(page, definition, marker);
        await expect(created).toHaveCount(1);
        if (definition.activation === "logo") {
          const { data } = await (await serviceClient())
            .from("logo_settings")
            .select("logo_name")
            .eq("is_active", true);
          expect(data).toEqual([{ logo_name: marker }]);
        }

        // Edit: the form opens filled in; the change is saved.
        await created.getByRole("button", { name: /^Edit/ }).click();
        const edit = page.getByRole("dialog", { name: texts.editTitle });
        await expect(edit).toBeVisible();
        let editedMarker = `${marker} edited`;
        if (marker === "Banner 100") {
          await fieldLocator(edit, "position").selectOption("center");
          editedMarker = marker;
        } else {
          const inputs = await edit.locator('input[type="text"], textarea').all();
          let changed = false;
          for (const input of inputs) {
            if ((await input.inputValue()) === marker) {
              await input.fill(editedMarker);
              changed = true;
              break;
            }
          }
          expect(changed, `the edit form shows ${marker}`).toBe(true);
        }
        await edit.getByRole("button", { name: texts.updateSubmit }).click();
        await expectToast(page, texts.updated);
        const edited = card(page, definition, editedMarker);
        await expect(edited).toHaveCount(1);
        if (marker === "Banner 100") await expect(edited).toContainText("Center Aligned");

        // Toggle active, both ways (the only active logo asks first).
        await edited.getByRole("button", { name: /^Deactivate/ }).click();
        if (definition.activation === "logo" && (await activeLogos()) === 1) {
          await page.getByRole("alertdialog").getByRole("button", { name: "Deactivate" }).click();
        }
        await expectToast(page, texts.deactivated);
        await expect(edited.getByRole("button", { name: /^Activate/ })).toBeVisible();
        await expect(edited.getByRole("list", { name: "Status" })).toContainText(/Inactive|Hidden/);
        await edited.getByRole("button", { name: /^Activate/ }).click();
        await expectToast(page, texts.activated);
        await expect(edited.getByRole("button", { name: /^Deactivate/ })).toBeVisible();

        // Delete asks first; cancelling keeps the record.
        await edited.getByRole("button", { name: /^Delete/ }).click();
        const confirm = page.getByRole("alertdialog");
        await expect(confirm).toContainText(texts.confirmDelete);
        await confirm.getByRole("button", { name: "Cancel" }).click();
        await expect(edited).toHaveCount(1);
        await edited.getByRole("button", { name: /^Delete/ }).click();
        await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
        await expectToast(page, texts.deleted);
        await expect(edited).toHaveCount(0);
      } finally {
        await restoreTable(definition.table, before);
      }
    });
  }
});
