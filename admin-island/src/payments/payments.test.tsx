// The payment details' safety on the screens: with second-admin approval on, a saved
// change to a bank account is sent for approval (the record stays as it was) and shows
// as waiting, with Withdraw for its proposer and Approve / Reject for the others;
// approving applies and publishes it; turning approval off is only asked for; and the
// Messages screen's Notifications section says where message alerts go.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Row } from "../api/data-layer.ts";
import { donateContent } from "../content/resources/programmes.ts";
import { NotificationSettings } from "../messages/NotificationSettings.tsx";
import { $saves } from "../publishing/saves.ts";
import { createFakeData, type FakeData, SOMEONE_ELSE } from "../testing/fake-data.ts";
import { fakeTeam, YOU } from "../testing/fake-team.ts";
import { renderWithData } from "../testing/render.ts";
import { approvalWords, notificationWords } from "../words.ts";
import { PaymentsScreen } from "./PaymentsScreen.tsx";

const DONATE = {
  qr_codes: [{ title: "Mobile Payment", image_url: "https://example.org/qr.png" }],
  bank_accounts: [
    { bank_name: "Sample Bank", account_name: "Helping Hands", account_number: "0001" },
  ],
  is_active: true,
};

function renderDonate(fake: FakeData, team = fakeTeam([YOU, OTHER])) {
  const user = userEvent.setup();
  renderWithData(<PaymentsScreen definition={donateContent} />, fake, { team });
  return { user };
}

/** A second active administrator, who can approve. */
const OTHER = {
  ...YOU,
  id: "00000000-0000-4000-8000-0000000000b2",
  email: "ben@example.org",
  you: false,
};

async function confirmWith(user: ReturnType<typeof userEvent.setup>, label: string) {
  const question = await screen.findByRole("alertdialog");
  await user.click(within(question).getByRole("button", { name: label }));
}

const accountOf = (fake: FakeData) =>
  ((fake.rows("donate_content")[0] as Row).bank_accounts as { account_number: string }[])[0]
    ?.account_number;

describe("the Donate screen", () => {
  it("says when approval is on and nobody else could approve, with the way out", async () => {
    const fake = createFakeData({ donate_content: [DONATE] });
    await fake.saveSettings({ require_payment_approval: true });
    renderDonate(fake, fakeTeam([YOU]));
    const alert = (await screen.findByText(approvalWords.stuckTitle)).closest(
      "[role=alert]",
    ) as HTMLElement;
    expect(alert).not.toBeNull();
    expect(
      within(alert).getByRole("link", { name: approvalWords.stuckAction }).getAttribute("href"),
    ).toBe("/admin/team");
  });

  it("says nothing of the kind with two administrators, or with approval off", async () => {
    const fake = createFakeData({ donate_content: [DONATE] });
    renderDonate(fake, fakeTeam([YOU]));
    await screen.findByRole("button", { name: "Edit Donation details" });
    expect(screen.queryByText(approvalWords.stuckTitle)).toBeNull();
  });

  it("with approval off, a save applies at once as before", async () => {
    const fake = createFakeData({ donate_content: [DONATE] });
    const { user } = renderDonate(fake);
    await user.click(await screen.findByRole("button", { name: "Edit Donation details" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Donate Content" });
    const number = within(dialog).getByLabelText(/^Account Number/, {
      selector: "#field-bank_accounts-0-account_number",
    });
    await user.clear(number);
    await user.type(number, "0002");
    await user.click(within(dialog).getByRole("button", { name: "Update Content" }));
    await screen.findByText("Donate Content updated successfully!");
    expect(accountOf(fake)).toBe("0002");
    expect(fake.pending()).toEqual([]);
  });

  it("with approval on, a save is sent for approval and waits; the proposer may only withdraw it", async () => {
    const fake = createFakeData({ donate_content: [DONATE] });
    await fake.saveSettings({ require_payment_approval: true });
    const saves = $saves.get();
    const { user } = renderDonate(fake);
    expect(await screen.findByText(approvalWords.pendingBanner)).toBeTruthy();
    await user.click(await screen.findByRole("button", { name: "Edit Donation details" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Donate Content" });
    const number = within(dialog).getByLabelText(/^Account Number/, {
      selector: "#field-bank_accounts-0-account_number",
    });
    await user.clear(number);
    await user.type(number, "0666");
    await user.click(within(dialog).getByRole("button", { name: "Update Content" }));
    await screen.findByText(approvalWords.sentForApproval);
    expect(accountOf(fake)).toBe("0001");
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
    await waitFor(() => expect(fake.pending()).toEqual([]));
    expect(accountOf(fake)).toBe("0001");
  });

  it("another admin's change can be approved: it applies and publishes", async () => {
    const fake = createFakeData({ donate_content: [DONATE] });
    await fake.saveSettings({ require_payment_approval: true });
    const [row] = fake.rows("donate_content") as [Row];
    fake.propose("donate_content", "UPDATE", row.id, row, {
      ...row,
      bank_accounts: [{ ...DONATE.bank_accounts[0], account_number: "0777" }],
    });
    const saves = $saves.get();
    const { user } = renderDonate(fake);
    const waiting = await screen.findByRole("list", { name: approvalWords.listLabel });
    expect(
      await within(waiting).findByText(new RegExp(`Proposed by ${SOMEONE_ELSE}`)),
    ).toBeTruthy();
    await user.click(within(waiting).getByRole("button", { name: /^Approve/ }));
    await confirmWith(user, approvalWords.approve);
    await screen.findByText(approvalWords.approved);
    expect(accountOf(fake)).toBe("0777");
    expect($saves.get()).toBe(saves + 1);
  });

  it("a waiting QR code shows its picture before and as proposed, side by side", async () => {
    const fake = createFakeData({ donate_content: [DONATE] });
    await fake.saveSettings({ require_payment_approval: true });
    const [row] = fake.rows("donate_content") as [Row];
    fake.propose("donate_content", "UPDATE", row.id, row, {
      ...row,
      qr_codes: [{ title: "Mobile Payment", image_url: "https://example.org/other-qr.webp" }],
    });
    renderDonate(fake);
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
    const fake = createFakeData({ donate_content: [DONATE] });
    const added = { ...DONATE, id: "00000000-0000-4000-8000-0000000000d2" };
    fake.propose("donate_content", "INSERT", added.id, null, added);
    renderDonate(fake);
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
    expect(screen.getByText(approvalWords.introOff)).toBeTruthy();
    expect(screen.queryByText(approvalWords.intro)).toBeNull();
  });

  it("turning approval off is asked for, and stays on while it waits", async () => {
    const fake = createFakeData({ donate_content: [DONATE] });
    await fake.saveSettings({ require_payment_approval: true });
    const { user } = renderDonate(fake);
    await user.click(await screen.findByRole("button", { name: approvalWords.turnOff }));
    await confirmWith(user, approvalWords.confirmTurnOffLabel);
    await screen.findByText(approvalWords.offRequested);
    expect(await screen.findByText(approvalWords.offWaiting)).toBeTruthy();
    expect(fake.settingsNow().require_payment_approval).toBe(true);
    expect(
      (await screen.findByRole("button", { name: approvalWords.turnOff })).hasAttribute("disabled"),
    ).toBe(true);
  });
});

describe("Notifications", () => {
  it("sends message alerts to every admin, or to one valid address", async () => {
    const fake = createFakeData();
    const user = userEvent.setup();
    renderWithData(<NotificationSettings />, fake);
    const everyone = await screen.findByRole("radio", {
      name: new RegExp(notificationWords.everyAdmin),
    });
    expect((everyone as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole("radio", { name: new RegExp(notificationWords.oneAddress) }));
    const address = screen.getByLabelText(notificationWords.addressLabel);
    await user.type(address, "office@example.org, mallory@example.org");
    await user.click(screen.getByRole("button", { name: notificationWords.save }));
    expect(await screen.findByText(notificationWords.addressInvalid)).toBeTruthy();
    expect(fake.saveSettings).not.toHaveBeenCalled();
    await user.clear(address);
    await user.type(address, "office@example.org");
    await user.click(screen.getByRole("button", { name: notificationWords.save }));
    await screen.findByText(notificationWords.saved);
    expect(fake.settingsNow().alert_address).toBe("office@example.org");
    await user.click(screen.getByRole("radio", { name: new RegExp(notificationWords.everyAdmin) }));
    await user.click(screen.getByRole("button", { name: notificationWords.save }));
    await waitFor(() => expect(fake.settingsNow().alert_address).toBeNull());
  });
});
