// The Team screen over a fake TeamApi: the list with who is active and who is invited,
// inviting (checked here, refusals kept in the dialog), resending, removing with
// confirmation, removing yourself (asked twice), and the only active administrator,
// whom nobody can remove.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type TeamApi, TeamError, type TeamMember } from "../api/data-layer.ts";
import { createFakeData } from "../testing/fake-data.ts";
import { fakeTeam, YOU } from "../testing/fake-team.ts";
import { renderWithData } from "../testing/render.ts";
import { teamWords as words } from "../words.ts";
import { TeamScreen } from "./TeamScreen.tsx";

const ANA: TeamMember = YOU;
const BEN: TeamMember = {
  ...ANA,
  id: "00000000-0000-4000-8000-00000000000b",
  email: "ben@example.org",
  you: false,
};
const CAT: TeamMember = {
  ...BEN,
  id: "00000000-0000-4000-8000-00000000000c",
  email: "cat@example.org",
  status: "invited",
  invitedAt: "2026-11-24T08:00:00Z",
  lastSignInAt: null,
};

function renderTeam(api: TeamApi, data = createFakeData()) {
  const user = userEvent.setup();
  const onLeft = vi.fn();
  renderWithData(<TeamScreen onLeft={onLeft} />, data, { team: api });
  return { user, onLeft };
}

const item = (email: string) =>
  screen.getByRole("heading", { name: email, level: 3 }).closest("li") as HTMLElement;

async function answer(user: ReturnType<typeof userEvent.setup>, label: string) {
  const question = await screen.findByRole("alertdialog");
  await user.click(within(question).getByRole("button", { name: label }));
}

describe("TeamScreen", () => {
  it("lists the administrators: you, who is active, who is invited and when", async () => {
    renderTeam(fakeTeam([ANA, BEN, CAT]));
    const list = await screen.findByRole("list", { name: words.listLabel });
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);
    expect(within(item("ana@example.org")).getByText(words.you)).toBeTruthy();
    expect(within(item("ben@example.org")).getByText(words.active)).toBeTruthy();
    expect(within(item("ben@example.org")).getByText(/^Last signed in: /)).toBeTruthy();
    expect(within(item("cat@example.org")).getByText(words.invited)).toBeTruthy();
    expect(within(item("cat@example.org")).getByText(/not accepted yet$/)).toBeTruthy();
    // Only an invitation can be sent again.
    expect(screen.getAllByRole("button", { name: /^Resend invite/ })).toHaveLength(1);
  });

  it("invites by email: the address is checked, the dialog closes, the list shows them", async () => {
    const api = fakeTeam([ANA, BEN]);
    const { user } = renderTeam(api);
    await user.click(await screen.findByRole("button", { name: words.invite }));
    const dialog = await screen.findByRole("dialog", { name: words.inviteTitle });
    const email = within(dialog).getByLabelText(words.emailLabel);
    await waitFor(() => expect(document.activeElement).toBe(email));

    await user.click(within(dialog).getByRole("button", { name: words.send }));
    expect(within(dialog).getByText(words.emailRequired)).toBeTruthy();
    await user.type(email, "not-an-address");
    await user.click(within(dialog).getByRole("button", { name: words.send }));
    expect(within(dialog).getByText(words.emailInvalid)).toBeTruthy();
    expect(api.invite).not.toHaveBeenCalled();

    await user.clear(email);
    await user.type(email, "dan@example.org");
    await user.click(within(dialog).getByRole("button", { name: words.send }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.invite).toHaveBeenCalledWith("dan@example.org");
    expect(await screen.findByText(words.inviteSent("dan@example.org"))).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "dan@example.org" })).toBeTruthy();
  });

  it("keeps a refusal in the dialog, in words", async () => {
    const api = fakeTeam([ANA, BEN]);
    api.invite.mockRejectedValueOnce(
      new TeamError(words.refusals.already_member as string, "already_member"),
    );
    const { user } = renderTeam(api);
    await user.click(await screen.findByRole("button", { name: words.invite }));
    const dialog = await screen.findByRole("dialog", { name: words.inviteTitle });
    await user.type(within(dialog).getByLabelText(words.emailLabel), "ben@example.org");
    await user.click(within(dialog).getByRole("button", { name: words.send }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      words.refusals.already_member,
    );
    expect(screen.getByRole("dialog", { name: words.inviteTitle })).toBeTruthy();
  });

  it("sends an invitation again", async () => {
    const api = fakeTeam([ANA, CAT]);
    const { user } = renderTeam(api);
    await user.click(await screen.findByRole("button", { name: "Resend invite cat@example.org" }));
    expect(await screen.findByText(words.resent("cat@example.org"))).toBeTruthy();
    expect(api.resend).toHaveBeenCalledWith(CAT.id);
  });

  it("removes someone only after confirming, and withdraws an invitation", async () => {
    const api = fakeTeam([ANA, BEN, CAT]);
    const { user } = renderTeam(api);
    await user.click(await screen.findByRole("button", { name: "Remove ben@example.org" }));
    const question = (await screen.findByRole("alertdialog")).textContent;
    expect(question).toContain(words.confirmRemove("ben@example.org"));
    // Approval is off: nothing to warn about.
    expect(question).not.toContain(words.approvalWarning);
    await answer(user, "Cancel");
    expect(api.remove).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Remove ben@example.org" }));
    await answer(user, words.confirmRemoveLabel);
    expect(await screen.findByText(words.removed("ben@example.org"))).toBeTruthy();
    expect(api.remove).toHaveBeenCalledWith(BEN.id, false);
    await waitFor(() =>
      expect(screen.queryByRole("heading", { name: "ben@example.org" })).toBeNull(),
    );

    await user.click(screen.getByRole("button", { name: "Remove cat@example.org" }));
    expect((await screen.findByRole("alertdialog")).textContent).toContain(
      words.confirmWithdraw("cat@example.org"),
    );
    await answer(user, words.confirmWithdrawLabel);
    expect(await screen.findByText(words.withdrawn("cat@example.org"))).toBeTruthy();
  });

  it("warns, before removing the second administrator, that approval would then be impossible", async () => {
    const data = createFakeData();
    await data.saveSettings({ require_payment_approval: true });
    const { user } = renderTeam(fakeTeam([ANA, BEN, CAT]), data);
    await user.click(await screen.findByRole("button", { name: "Remove ben@example.org" }));
    expect((await screen.findByRole("alertdialog")).textContent).toContain(words.approvalWarning);
  });

  it("asks twice before you remove yourself, then signs you out", async () => {
    const api = fakeTeam([ANA, BEN]);
    const { user, onLeft } = renderTeam(api);
    await user.click(await screen.findByRole("button", { name: "Remove ana@example.org" }));
    expect((await screen.findByRole("alertdialog")).textContent).toContain(words.confirmSelf);
    await answer(user, words.confirmSelfLabel);
    await waitFor(() =>
      expect(screen.getByRole("alertdialog").textContent).toContain(words.confirmSelfAgain),
    );
    await answer(user, "Cancel");
    expect(api.remove).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Remove ana@example.org" }));
    await answer(user, words.confirmSelfLabel);
    await waitFor(() =>
      expect(screen.getByRole("alertdialog").textContent).toContain(words.confirmSelfAgain),
    );
    await answer(user, words.confirmSelfLabel);
    await waitFor(() => expect(onLeft).toHaveBeenCalledTimes(1));
    expect(api.remove).toHaveBeenCalledWith(ANA.id, true);
  });

  it("offers no Remove to the only active administrator, and says why", async () => {
    const api = fakeTeam([ANA, CAT]);
    renderTeam(api);
    const remove = await screen.findByRole("button", { name: "Remove ana@example.org" });
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    const note = document.getElementById(remove.getAttribute("aria-describedby") ?? "");
    expect(note?.textContent).toBe(words.onlyAdmin);
  });

  it("tells a refusal of the function, and shows the list again", async () => {
    const api = fakeTeam([ANA, BEN]);
    api.remove.mockRejectedValueOnce(
      new TeamError(words.refusals.last_admin as string, "last_admin"),
    );
    const { user } = renderTeam(api);
    await user.click(await screen.findByRole("button", { name: "Remove ben@example.org" }));
    await answer(user, words.confirmRemoveLabel);
    expect(await screen.findByText(words.failed)).toBeTruthy();
    expect(await screen.findByText(words.refusals.last_admin as string)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "ben@example.org" })).toBeTruthy();
  });

  it("says when the list cannot load, and retries", async () => {
    const api = fakeTeam([ANA]);
    api.list.mockRejectedValueOnce(new Error("down"));
    const { user } = renderTeam(api);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(words.loadError);
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "ana@example.org" })).toBeTruthy();
  });
});
