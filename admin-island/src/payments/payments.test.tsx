// The payment details' safety on the screens, against the database's own rules: with
// second-admin approval on, a saved change to a bank account is held by the database
// (the record stays as it was) and shows as waiting, with Withdraw for its proposer and
// Approve / Reject for the others; approving applies and publishes it; turning approval
// off is only asked for; and the Messages screen's Notifications section says where
// message alerts go.
import type { SupabaseClient } from "@supabase/supabase-js";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signedInUser, type TestUser } from "../../../tests/contract/stack.ts";
import { donateContent } from "../content/resources/programmes.ts";
import { NotificationSettings } from "../messages/NotificationSettings.tsx";
import { notificationWords } from "../messages/words.ts";
import { $saves } from "../publishing/saves.ts";
import { renderScreen, type ScreenStack, startScreenStack } from "../testing/stack.ts";
import { undoing } from "../ui/words.ts";
import { PaymentsScreen } from "./PaymentsScreen.tsx";
import { approvalWords } from "./words.ts";

const DONATE = {
  qr_codes: [{ title: "Mobile Payment", image_url: "https://example.org/qr.png" }],
  bank_accounts: [
    { bank_name: "Sample Bank", account_name: "Helping Hands", account_number: "0001" },
  ],
  is_active: true,
};

let stack: ScreenStack;
beforeAll(async () => {
  stack = await startScreenStack();
});
afterAll(() => stack?.close());

/**
 * Only the signed-in administrator; approval off, alerts to every administrator,
 * nothing waiting; one set of donation details.
 */
beforeEach(async () => {
  await stack.onlySignedInUser();
  await approval(false);
  await stack.db.query("update public.admin_settings set alert_address = null");
  await stack.db.query("delete from public.payment_changes");
  await stack.clear("donate_content");
  await stack.seed("donate_content", [DONATE]);
  stack.faults.reset();
});

/** Turns approval on or off as the database's owner, whom nothing holds. */
async function approval(on: boolean) {
  await stack.db.query("update public.admin_settings set require_payment_approval = $1", [on]);
}

/** A second active administrator, signed in with their own client. */
const otherAdmin = (): Promise<TestUser> => signedInUser(stack.stack, { admin: true });

function render(ui: ReactElement = <PaymentsScreen definition={donateContent} />) {
  const user = userEvent.setup();
  renderScreen(ui, stack);
  return { user };
}

async function confirmWith(user: ReturnType<typeof userEvent.setup>, label: string) {
  const question = await screen.findByRole("alertdialog");
  await user.click(within(question).getByRole("button", { name: label }));
}

async function storedAccount(): Promise<string | undefined> {
  const [row] = await stack.rows("donate_content");
  return (row?.bank_accounts as { account_number: string }[] | undefined)?.[0]?.account_number;
}

/** The changes the database holds for approval, with their state. */
async function changes() {
  const { rows } = await stack.db.query<{ target: string; status: string }>(
    "select target, status from public.payment_changes order by id",
  );
  return rows;
}

const waitingChanges = async () =>
  (await changes()).filter((change) => change.status === "pending");

/** Another administrator's write to the donation details, held while approval is on. */
async function proposeAs(
  other: TestUser,
  write: (client: SupabaseClient) => PromiseLike<{ error: unknown }>,
) {
  const { error } = await write(other.client);
  expect(error).toBeNull();
  expect(await waitingChanges()).toHaveLength(1);
}

async function editAccountNumber(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.click(await screen.findByRole("button", { name: "Edit Donation details" }));
  const dialog = await screen.findByRole("dialog", { name: "Edit Donate Content" });
  const field = within(dialog).getByLabelText(/^Account Number/, {
    selector: "#field-bank_accounts-0-account_number",
  });
  await user.clear(field);
  await user.type(field, number);
  await user.click(within(dialog).getByRole("button", { name: "Update Content" }));
}

describe("the Donate screen", () => {
  it("says when approval is on and nobody else could approve, with the way out", async () => {
    await approval(true);
    render();
    const alert = (await screen.findByText(approvalWords.stuckTitle)).closest(
      "[role=alert]",
    ) as HTMLElement;
    expect(alert).not.toBeNull();
    expect(
      within(alert).getByRole("link", { name: approvalWords.stuckAction }).getAttribute("href"),
    ).toBe("/admin/team");
  });

  it("says nothing of the kind with two administrators, or with approval off", async () => {
    render();
    await screen.findByRole("button", { name: "Edit Donation details" });
    expect(screen.queryByText(approvalWords.stuckTitle)).toBeNull();
  });

  it("with approval off, a save applies at once as before", async () => {
    await otherAdmin();
    const { user } = render();
    await editAccountNumber(user, "0002");
    await screen.findByText("Donate Content updated successfully!");
    expect(await storedAccount()).toBe("0002");
    expect(await changes()).toEqual([]);
  });

  it("with approval off, a save can be undone from its toast", async () => {
    const { user } = render();
    await editAccountNumber(user, "0003");
    await screen.findByText("Donate Content updated successfully!");
    expect(await storedAccount()).toBe("0003");
    await user.click(await screen.findByRole("button", { name: undoing.action }));
    await screen.findByText(undoing.done);
    expect(await storedAccount()).toBe("0001");
    await screen.findByText("Bank: Sample Bank (0001)");
  });

  it("with approval on, a save is sent for approval and waits; the proposer may only withdraw it", async () => {
    await otherAdmin();
    await approval(true);
    const saves = $saves.get();
    const { user } = render();
    expect(await screen.findByText(approvalWords.pendingBanner)).toBeTruthy();
    await editAccountNumber(user, "0666");
    await screen.findByText(approvalWords.sentForApproval);
    expect(await storedAccount()).toBe("0001");
    expect(await waitingChanges()).toEqual([{ target: "donate_content", status: "pending" }]);
    expect($saves.get()).toBe(saves);

    const waiting = await screen.findByRole("list", { name: approvalWords.listLabel });
    await within(waiting).findByText(
      "Bank account Sample Bank (number 0001) changed: account number 0001 → 0666.",
    );
    expect(within(waiting).getByText(approvalWords.yours)).toBeTruthy();
    expect(within(waiting).queryByRole("button", { name: /^Approve/ })).toBeNull();
    await user.click(within(waiting).getByRole("button", { name: /^Withdraw/ }));
    await confirmWith(user, approvalWords.withdraw);
    await screen.findByText(approvalWords.withdrawn);
    expect(await changes()).toEqual([{ target: "donate_content", status: "withdrawn" }]);
    expect(await storedAccount()).toBe("0001");
    await waitFor(() =>
      expect(screen.queryByRole("list", { name: approvalWords.listLabel })).toBeNull(),
    );
  });

  it("another admin's change can be approved: it applies and publishes", async () => {
    const other = await otherAdmin();
    await approval(true);
    const [row] = await stack.rows("donate_content");
    await proposeAs(other, (client) =>
      client
        .from("donate_content")
        .update({ bank_accounts: [{ ...DONATE.bank_accounts[0], account_number: "0777" }] })
        .eq("id", row?.id),
    );
    expect(await storedAccount()).toBe("0001");
    const saves = $saves.get();
    const { user } = render();
    const waiting = await screen.findByRole("list", { name: approvalWords.listLabel });
    expect(await within(waiting).findByText(new RegExp(`Proposed by ${other.email}`))).toBeTruthy();
    await user.click(within(waiting).getByRole("button", { name: /^Approve/ }));
    await confirmWith(user, approvalWords.approve);
    await screen.findByText(approvalWords.approved);
    expect(await storedAccount()).toBe("0777");
    expect(await changes()).toEqual([{ target: "donate_content", status: "approved" }]);
    expect($saves.get()).toBe(saves + 1);
    // The list shows the details as they now are.
    await screen.findByText("Bank: Sample Bank (0777)");
  });

  it("a waiting QR code shows its picture before and as proposed, side by side", async () => {
    const other = await otherAdmin();
    await approval(true);
    const [row] = await stack.rows("donate_content");
    await proposeAs(other, (client) =>
      client
        .from("donate_content")
        .update({
          qr_codes: [{ title: "Mobile Payment", image_url: "https://example.org/other-qr.webp" }],
        })
        .eq("id", row?.id),
    );
    render();
    const waiting = await screen.findByRole("list", { name: approvalWords.listLabel });
    // Twice each: beside each other on a phone, under each side's details from a
    // tablet up (the stylesheet shows one; the browser tests check which).
    const before = await within(waiting).findAllByRole("img", {
      name: approvalWords.qrPicture("Mobile Payment", approvalWords.now),
    });
    const after = within(waiting).getAllByRole("img", {
      name: approvalWords.qrPicture("Mobile Payment", approvalWords.proposed),
    });
    expect(before.map((img) => img.getAttribute("src"))).toEqual([
      "https://example.org/qr.png",
      "https://example.org/qr.png",
    ]);
    expect(after.map((img) => img.getAttribute("src"))).toEqual([
      "https://example.org/other-qr.webp",
      "https://example.org/other-qr.webp",
    ]);
  });

  it("new details waiting say that nothing has changed yet, and keep waiting with approval off", async () => {
    const other = await otherAdmin();
    await approval(true);
    await proposeAs(other, (client) => client.from("donate_content").insert(DONATE));
    await approval(false);
    render();
    const waiting = await screen.findByRole("list", { name: approvalWords.listLabel });
    expect(within(waiting).getByText("New donation details")).toBeTruthy();
    expect(
      within(waiting).getByText("New donation details, to be shown on the site once approved."),
    ).toBeTruthy();
    expect(within(waiting).queryByText(/were added and are shown/)).toBeNull();
    expect(within(waiting).queryByText("(none)")).toBeNull();
    expect(
      within(waiting).getByText(/^Nothing: this set of donation details is new\./),
    ).toBeTruthy();
    // Approval is off now: the change proposed while it was on still waits, and says so.
    expect(await screen.findByText(approvalWords.introOff)).toBeTruthy();
    expect(screen.queryByText(approvalWords.intro)).toBeNull();
    expect(await stack.rows("donate_content")).toHaveLength(1);
  });

  it("turning approval off is asked for, and stays on while it waits", async () => {
    await otherAdmin();
    await approval(true);
    const { user } = render();
    await user.click(await screen.findByRole("button", { name: approvalWords.turnOff }));
    await confirmWith(user, approvalWords.confirmTurnOffLabel);
    await screen.findByText(approvalWords.offRequested);
    expect(await screen.findByText(approvalWords.offWaiting)).toBeTruthy();
    const { rows } = await stack.db.query<{ require_payment_approval: boolean }>(
      "select require_payment_approval from public.admin_settings",
    );
    expect(rows).toEqual([{ require_payment_approval: true }]);
    expect(await waitingChanges()).toEqual([{ target: "admin_settings", status: "pending" }]);
    expect(
      (await screen.findByRole("button", { name: approvalWords.turnOff })).hasAttribute("disabled"),
    ).toBe(true);
  });
});

describe("Notifications", () => {
  const alertAddress = async () =>
    (
      await stack.db.query<{ alert_address: string | null }>(
        "select alert_address from public.admin_settings",
      )
    ).rows[0]?.alert_address;
  const settingsWrites = () =>
    stack.faults.sent.filter(
      (request) => request.method === "PATCH" && request.path.startsWith("/rest/v1/admin_settings"),
    );

  it("sends message alerts to every admin, or to one valid address", async () => {
    const { user } = render(<NotificationSettings />);
    const everyone = await screen.findByRole("radio", {
      name: new RegExp(notificationWords.everyAdmin),
    });
    expect((everyone as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole("radio", { name: new RegExp(notificationWords.oneAddress) }));
    const address = screen.getByLabelText(notificationWords.addressLabel);
    await user.type(address, "office@example.org, mallory@example.org");
    await user.click(screen.getByRole("button", { name: notificationWords.save }));
    expect(await screen.findByText(notificationWords.addressInvalid)).toBeTruthy();
    expect(settingsWrites()).toEqual([]);
    await user.clear(address);
    await user.type(address, "office@example.org");
    await user.click(screen.getByRole("button", { name: notificationWords.save }));
    await screen.findByText(notificationWords.saved);
    expect(await alertAddress()).toBe("office@example.org");
    await user.click(screen.getByRole("radio", { name: new RegExp(notificationWords.everyAdmin) }));
    await user.click(screen.getByRole("button", { name: notificationWords.save }));
    await waitFor(async () => expect(await alertAddress()).toBeNull());
  });
});
