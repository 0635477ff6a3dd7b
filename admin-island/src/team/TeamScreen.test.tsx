// The Team screen against the real team function: the list with each member's role and
// who is active and who is invited, inviting as an editor or an administrator (checked
// here, refusals kept in the dialog), changing a role, resending, removing with
// confirmation, removing yourself (asked twice), and the only active administrator, whom
// nobody can remove or make an editor. Other members are made with the secret key.
import type { User } from "@supabase/supabase-js";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { serviceClient, typedClient, verifySecondFactor } from "../../../tests/contract/stack.ts";
import type { AdminClient } from "../api/client.ts";
import { organisationName } from "../app/organisation.ts";
import { renderScreen, type ScreenStack, startScreenStack } from "../testing/stack.ts";
import { TeamScreen } from "./TeamScreen.tsx";
import { teamWords as words } from "./words.ts";

const BEN = "ben@helpinghands.example";
const CAT = "cat@helpinghands.example";
const DAN = "dan@helpinghands.example";
const ANA = "ana@helpinghands.example";
const PASSWORD = "a long enough password";
const TEAM = "/functions/v1/team";

let stack: ScreenStack;
beforeAll(async () => {
  stack = await startScreenStack();
});
afterAll(() => stack?.close());

const auth = () => serviceClient(stack.stack).auth.admin;

/** Every user of the project but the signed-in administrator goes; approval is off. */
beforeEach(async () => {
  await stack.onlySignedInUser();
  await stack.db.query("update public.admin_settings set require_payment_approval = false");
  stack.faults.reset();
});

const signedIn = (email: string): Promise<AdminClient> =>
  typedClient(stack.stack, { email, password: PASSWORD });

/**
 * A member who accepted (and signed in once), or one only invited: an account without
 * a password, holding what the invitation email names. An administrator unless `role`.
 */
async function member(
  email: string,
  status: "active" | "invited",
  role: "admin" | "editor" = "admin",
): Promise<User> {
  const { data, error } = await auth().createUser({
    email,
    app_metadata: { role },
    ...(status === "active"
      ? { password: PASSWORD, email_confirm: true }
      : { user_metadata: { site_name: organisationName(), invited_by: stack.email } }),
  });
  if (error || !data.user) throw new Error(`could not create ${email}: ${error?.message}`);
  if (status === "active") await signedIn(email);
  return data.user;
}

/** The user Auth keeps, or null when the account is gone. */
async function account(id: string): Promise<User | null> {
  const { data, error } = await auth().getUserById(id);
  return error ? null : data.user;
}

/** The requests sent to the team function that were not a list. */
const changes = () =>
  stack.faults.sent.filter((request) => request.method === "POST" && request.path === TEAM);

function renderTeam(as: ScreenStack = stack) {
  const user = userEvent.setup();
  const onLeft = vi.fn();
  renderScreen(<TeamScreen onLeft={onLeft} />, as);
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
    await member(BEN, "active");
    await member(CAT, "invited");
    renderTeam();
    const list = await screen.findByRole("list", { name: words.listLabel });
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);
    expect(within(item(stack.email)).getByText(words.you)).toBeTruthy();
    expect(within(item(BEN)).getByText(words.active)).toBeTruthy();
    expect(within(item(BEN)).getByText(/^Last signed in: /)).toBeTruthy();
    expect(within(item(CAT)).getByText(words.invited)).toBeTruthy();
    expect(within(item(CAT)).getByText(/not accepted yet$/)).toBeTruthy();
    // Only an invitation can be sent again.
    expect(screen.getAllByRole("button", { name: /^Resend invite/ })).toHaveLength(1);
  });

  it("invites by email: the address is checked, the dialog closes, the list shows them", async () => {
    await member(BEN, "active");
    const { user } = renderTeam();
    await user.click(await screen.findByRole("button", { name: words.invite }));
    const dialog = await screen.findByRole("dialog", { name: words.inviteTitle });
    const email = within(dialog).getByLabelText(words.emailLabel);
    await waitFor(() => expect(document.activeElement).toBe(email));

    await user.click(within(dialog).getByRole("button", { name: words.send }));
    expect(within(dialog).getByText(words.emailRequired)).toBeTruthy();
    await user.type(email, "not-an-address");
    await user.click(within(dialog).getByRole("button", { name: words.send }));
    expect(within(dialog).getByText(words.emailInvalid)).toBeTruthy();
    expect(changes()).toEqual([]);

    await user.clear(email);
    await user.type(email, DAN);
    // An editor unless chosen otherwise.
    const editor = within(dialog).getByRole("radio", {
      name: new RegExp(`^${words.roles.editor}`),
    });
    expect((editor as HTMLInputElement).checked).toBe(true);
    await user.click(
      within(dialog).getByRole("radio", { name: new RegExp(`^${words.roles.admin}`) }),
    );
    await user.click(within(dialog).getByRole("button", { name: words.send }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByText(words.inviteSent(DAN))).toBeTruthy();
    expect(await screen.findByRole("heading", { name: DAN })).toBeTruthy();
    // Auth keeps an invited administrator, whose email names the charity and who invited.
    const { data } = await auth().listUsers();
    const dan = data.users.find((u) => u.email === DAN);
    expect(dan?.app_metadata.role).toBe("admin");
    expect(dan?.email_confirmed_at ?? null).toBeNull();
    expect(dan?.user_metadata).toMatchObject({
      site_name: organisationName(),
      invited_by: stack.email,
    });
  });

  it("keeps a refusal in the dialog, in words", async () => {
    await member(BEN, "active");
    const { user } = renderTeam();
    await user.click(await screen.findByRole("button", { name: words.invite }));
    const dialog = await screen.findByRole("dialog", { name: words.inviteTitle });
    await user.type(within(dialog).getByLabelText(words.emailLabel), BEN);
    await user.click(within(dialog).getByRole("button", { name: words.send }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      words.refusals.already_member,
    );
    expect(screen.getByRole("dialog", { name: words.inviteTitle })).toBeTruthy();
  });

  it("sends an invitation again", async () => {
    const cat = await member(CAT, "invited");
    const { user } = renderTeam();
    await user.click(await screen.findByRole("button", { name: `Resend invite ${CAT}` }));
    expect(await screen.findByText(words.resent(CAT))).toBeTruthy();
    expect(changes()).toHaveLength(1);
    expect((await account(cat.id))?.confirmation_sent_at).toBeTruthy();
  });

  it("removes someone only after confirming, and withdraws an invitation", async () => {
    const ben = await member(BEN, "active");
    const cat = await member(CAT, "invited");
    const { user } = renderTeam();
    await user.click(await screen.findByRole("button", { name: `Remove ${BEN}` }));
    const question = (await screen.findByRole("alertdialog")).textContent;
    expect(question).toContain(words.confirmRemove(BEN));
    // Approval is off: nothing to warn about.
    expect(question).not.toContain(words.approvalWarning);
    await answer(user, "Cancel");
    expect(changes()).toEqual([]);
    expect(await account(ben.id)).not.toBeNull();

    await user.click(screen.getByRole("button", { name: `Remove ${BEN}` }));
    await answer(user, words.confirmRemoveLabel);
    expect(await screen.findByText(words.removed(BEN))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("heading", { name: BEN })).toBeNull());
    expect(await account(ben.id)).toBeNull();

    await user.click(screen.getByRole("button", { name: `Remove ${CAT}` }));
    expect((await screen.findByRole("alertdialog")).textContent).toContain(
      words.confirmWithdraw(CAT),
    );
    await answer(user, words.confirmWithdrawLabel);
    expect(await screen.findByText(words.withdrawn(CAT))).toBeTruthy();
    expect(await account(cat.id)).toBeNull();
  });

  it("warns, before removing the second administrator, that approval would then be impossible", async () => {
    await member(BEN, "active");
    await member(CAT, "invited");
    await stack.db.query("update public.admin_settings set require_payment_approval = true");
    const { user } = renderTeam();
    await user.click(await screen.findByRole("button", { name: `Remove ${BEN}` }));
    expect((await screen.findByRole("alertdialog")).textContent).toContain(words.approvalWarning);
    await answer(user, "Cancel");
  });

  it("asks twice before you remove yourself, then signs you out", async () => {
    const ana = await member(ANA, "active");
    const client = await signedIn(ANA);
    // Changing the team takes a session that verified a second factor.
    await verifySecondFactor(client);
    const { user, onLeft } = renderTeam({
      ...stack,
      client,
      backend: { ...stack.backend, client },
    });
    await user.click(await screen.findByRole("button", { name: `Remove ${ANA}` }));
    expect((await screen.findByRole("alertdialog")).textContent).toContain(words.confirmSelf);
    await answer(user, words.confirmSelfLabel);
    await waitFor(() =>
      expect(screen.getByRole("alertdialog").textContent).toContain(words.confirmSelfAgain),
    );
    await answer(user, "Cancel");
    expect(await account(ana.id)).not.toBeNull();

    await user.click(screen.getByRole("button", { name: `Remove ${ANA}` }));
    await answer(user, words.confirmSelfLabel);
    await waitFor(() =>
      expect(screen.getByRole("alertdialog").textContent).toContain(words.confirmSelfAgain),
    );
    await answer(user, words.confirmSelfLabel);
    await waitFor(() => expect(onLeft).toHaveBeenCalledTimes(1));
    expect(await screen.findByText(words.removedSelf)).toBeTruthy();
    expect(await account(ana.id)).toBeNull();
  });

  it("offers neither Remove nor another role to the only active administrator, and says why", async () => {
    await member(CAT, "invited");
    await member(BEN, "active", "editor");
    renderTeam();
    const remove = await screen.findByRole("button", { name: `Remove ${stack.email}` });
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    const note = document.getElementById(remove.getAttribute("aria-describedby") ?? "");
    expect(note?.textContent).toBe(words.onlyAdmin);
    const role = screen.getByRole("combobox", { name: words.roleOf(stack.email) });
    expect((role as HTMLSelectElement).disabled).toBe(true);
    expect(role.getAttribute("aria-describedby")).toBe(remove.getAttribute("aria-describedby"));
  });

  it("changes a role after asking, and records it in the log", async () => {
    const ben = await member(BEN, "active", "editor");
    const { user } = renderTeam();
    const role = await screen.findByRole("combobox", { name: words.roleOf(BEN) });
    expect((role as HTMLSelectElement).value).toBe("editor");
    // Asked first: a No changes nothing.
    await user.selectOptions(role, "admin");
    const question = await screen.findByRole("alertdialog");
    expect(question.textContent).toContain(words.confirmPromote(BEN));
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    expect((role as HTMLSelectElement).value).toBe("editor");
    expect(changes()).toEqual([]);

    await user.selectOptions(role, "admin");
    await answer(user, words.confirmRoleLabel);
    expect(await screen.findByText(words.roleChanged(BEN, "admin"))).toBeTruthy();
    expect((await account(ben.id))?.app_metadata.role).toBe("admin");
    await waitFor(() => expect((role as HTMLSelectElement).value).toBe("admin"));
    const { rows } = await stack.db.query<{ old_data: unknown; new_data: unknown }>(
      "select old_data, new_data from public.audit_log where action = 'ROLE' and row_id = $1",
      [ben.id],
    );
    expect(rows).toEqual([
      {
        old_data: { email: BEN, role: "editor", status: "active" },
        new_data: { email: BEN, role: "admin", status: "active" },
      },
    ]);
  });

  it("tells a refusal of the function, and shows the list again", async () => {
    const ben = await member(BEN, "active");
    const { user } = renderTeam();
    await user.click(await screen.findByRole("button", { name: `Remove ${BEN}` }));
    // Someone else removes them meanwhile: the function no longer finds them.
    await auth().deleteUser(ben.id);
    await answer(user, words.confirmRemoveLabel);
    expect(await screen.findByText(words.failed)).toBeTruthy();
    expect(await screen.findByText(words.refusals.not_found as string)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("heading", { name: BEN })).toBeNull());
    expect(screen.getByRole("heading", { name: stack.email })).toBeTruthy();
  });

  it("says when the list cannot load, and retries", async () => {
    stack.faults.fail({ method: "GET", path: TEAM });
    const { user } = renderTeam();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(words.loadError);
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: stack.email })).toBeTruthy();
  });
});
