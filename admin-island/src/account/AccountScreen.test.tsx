// The Account screen against the stand-in: the password changes only with the current
// one, and the session (which verified a second factor) goes on; two-step sign-in lists
// the account's authenticator apps, adds one (its key read off the screen, the codes
// computed here as an app would) and removes one after asking.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonClient, serviceClient, totpCode } from "../../../tests/contract/stack.ts";
import { renderScreen, type ScreenStack, startScreenStack } from "../testing/stack.ts";
import { AccountScreen } from "./AccountScreen.tsx";
import { secondFactor, passwords as words } from "./words.ts";

const GOOD = "harbour violin meadow 17";

let stack: ScreenStack;
beforeAll(async () => {
  stack = await startScreenStack();
});
afterAll(() => stack?.close());

function renderAccount() {
  const user = userEvent.setup();
  renderScreen(<AccountScreen client={stack.client} email={stack.email} />, stack);
  return user;
}

async function apps(): Promise<string[]> {
  const { data } = await serviceClient(stack.stack).auth.admin.mfa.listFactors({
    userId: stack.userId,
  });
  return (data?.factors ?? []).map((factor) => factor.friendly_name ?? "");
}

describe("the Account screen", () => {
  it("changes the password only with the current one, and the session goes on", async () => {
    const user = renderAccount();
    const form = screen.getByRole("form", { name: words.accountHeading });
    await user.click(within(form).getByRole("button", { name: words.change }));
    expect(within(form).getByText(words.currentRequired)).toBeTruthy();

    const current = within(form).getByLabelText(words.currentLabel);
    expect(current.getAttribute("autocomplete")).toBe("current-password");
    await user.type(current, "wrong-one");
    await user.type(within(form).getByLabelText(words.newLabel), GOOD);
    await user.type(within(form).getByLabelText(words.repeatLabel), GOOD);
    await user.click(within(form).getByRole("button", { name: words.change }));
    const refusal = await within(form).findByRole("alert");
    expect(refusal.textContent).toBe(words.currentWrong);
    expect(document.activeElement).toBe(refusal);

    await user.clear(current);
    await user.type(current, stack.password);
    await user.click(within(form).getByRole("button", { name: words.change }));
    expect(await screen.findByText(words.changed)).toBeTruthy();
    expect((current as HTMLInputElement).value).toBe("");
    const signIn = (password: string) =>
      anonClient(stack.stack).auth.signInWithPassword({ email: stack.email, password });
    expect((await signIn(stack.password)).error?.code).toBe("invalid_credentials");
    expect((await signIn(GOOD)).error).toBeNull();
    // The screen's session is the one that verified a code: it still is.
    const { data } = await stack.client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(data?.currentLevel).toBe("aal2");
    stack.password = GOOD;
  });

  it("adds an authenticator app with its key and a code, and removes one after asking", async () => {
    const before = await apps();
    expect(before).toHaveLength(1);
    const user = renderAccount();
    const list = await screen.findByRole("list", { name: secondFactor.listLabel });
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: secondFactor.addAnother }));
    const name = screen.getByLabelText(secondFactor.nameLabel);
    expect((name as HTMLInputElement).value).toBe(secondFactor.defaultName);
    await user.clear(name);
    await user.type(name, "Spare phone");
    await user.click(screen.getByRole("button", { name: secondFactor.start }));
    const scan = await screen.findByRole("form", { name: secondFactor.scanTitle });
    const qr = within(scan).getByRole("img", { name: secondFactor.qrAlt });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    const key = (scan.querySelector("code")?.textContent ?? "").replace(/\s+/g, "");
    expect(key).toMatch(/^[A-Z2-7]{32}$/);

    await user.type(within(scan).getByLabelText(secondFactor.codeLabel), "12345");
    await user.click(within(scan).getByRole("button", { name: secondFactor.finish }));
    expect(within(scan).getByText(secondFactor.codeInvalid)).toBeTruthy();
    await user.clear(within(scan).getByLabelText(secondFactor.codeLabel));
    await user.type(within(scan).getByLabelText(secondFactor.codeLabel), totpCode(key));
    await user.click(within(scan).getByRole("button", { name: secondFactor.finish }));
    expect(await screen.findByText(secondFactor.appAdded)).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));
    expect((await apps()).sort()).toEqual([...before, "Spare phone"].sort());

    await user.click(screen.getByRole("button", { name: secondFactor.removeLabel("Spare phone") }));
    const question = await screen.findByRole("alertdialog");
    expect(question.textContent).toContain(secondFactor.confirmRemove("Spare phone"));
    await user.click(within(question).getByRole("button", { name: secondFactor.remove }));
    expect(await screen.findByText(secondFactor.removed("Spare phone"))).toBeTruthy();
    await waitFor(async () => expect(await apps()).toEqual(before));
  });
});
