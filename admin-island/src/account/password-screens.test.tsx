// Passwords on the screens, over a fake Auth client: 'Forgot password?' on the sign-in
// card (the same words for any address, a wait said as such), the set-password screen
// an emailed link leads to (a used link, no link, a new password typed twice), and
// changing one's own password on the Account screen.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { AdminClient } from "../api/client.ts";
import { MIN_PASSWORD_LENGTH, SET_PASSWORD_PATH } from "./auth.ts";
import { LoginScreen } from "./LoginScreen.tsx";
import { ResetCodeForm } from "./ResetCodeForm.tsx";
import { SetPasswordScreen } from "./SetPasswordScreen.tsx";
import { passwords as words } from "./words.ts";

const GOOD = "a-good-password-1";

function fakeClient() {
  const auth = {
    resetPasswordForEmail: vi.fn(
      async (_email: string, _options?: { redirectTo?: string }) =>
        ({ data: {}, error: null }) as { data: object; error: unknown },
    ),
    updateUser: vi.fn(
      async (_changes: { password: string }) =>
        ({ data: {}, error: null }) as { data: object; error: unknown },
    ),
    verifyOtp: vi.fn(
      async (_params: { email: string; token: string; type: string }) =>
        ({ data: {}, error: null }) as { data: object; error: unknown },
    ),
    signInWithPassword: vi.fn(
      async (_credentials: { email: string; password: string }) =>
        ({ data: {}, error: null }) as { data: object; error: unknown },
    ),
  };
  return { auth, client: { auth } as unknown as AdminClient };
}

/**
 * The reset request's form loads when asked for, and the card's heading takes the focus
 * on the next frame after 'Forgot password?'; typing sooner, as a test on a loaded
 * machine can, loses the keys after it.
 */
async function forgotFormFocused(): Promise<void> {
  await screen.findByRole("form", { name: words.forgotTitle });
  const heading = screen.getByRole("heading", { name: words.forgotTitle });
  await waitFor(() => expect(document.activeElement).toBe(heading));
}

describe("Forgot password? on the sign-in card", () => {
  it("asks for a link to the set-password screen and answers the same for any address", async () => {
    const { auth, client } = fakeClient();
    const user = userEvent.setup();
    render(<LoginScreen client={client} />);
    await user.type(screen.getByLabelText("Username"), "someone@example.org");
    await user.click(screen.getByRole("button", { name: words.forgotLink }));

    await forgotFormFocused();
    const form = screen.getByRole("form", { name: words.forgotTitle });
    const email = within(form).getByLabelText(words.emailLabel) as HTMLInputElement;
    expect(email.value).toBe("someone@example.org");
    await user.click(within(form).getByRole("button", { name: words.send }));
    expect(await within(form).findByText(words.sent)).toBeTruthy();
    expect(auth.resetPasswordForEmail).toHaveBeenCalledWith("someone@example.org", {
      redirectTo: `${window.location.origin}${SET_PASSWORD_PATH}`,
    });

    // Back to signing in, with what was typed kept.
    await user.click(within(form).getByRole("button", { name: words.backToSignIn }));
    expect(screen.getByRole("heading", { name: "Admin Login" })).toBeTruthy();
    expect((screen.getByLabelText("Username") as HTMLInputElement).value).toBe(
      "someone@example.org",
    );
  });

  it("says to wait when Auth refuses another link so soon, and checks the address first", async () => {
    const { auth, client } = fakeClient();
    auth.resetPasswordForEmail.mockResolvedValueOnce({
      data: {},
      error: { status: 429, code: "over_email_send_rate_limit", name: "AuthApiError" },
    });
    const user = userEvent.setup();
    render(<LoginScreen client={client} />);
    await user.click(screen.getByRole("button", { name: words.forgotLink }));
    await forgotFormFocused();
    const form = screen.getByRole("form", { name: words.forgotTitle });
    await user.click(within(form).getByRole("button", { name: words.send }));
    expect(await within(form).findByText(words.emailRequired)).toBeTruthy();
    await user.type(within(form).getByLabelText(words.emailLabel), "a@example.org");
    await user.click(within(form).getByRole("button", { name: words.send }));
    expect((await within(form).findByRole("alert")).textContent).toBe(words.wait);
  });
});

describe("the code from the reset email", () => {
  it("is offered once the email is sent, checked, and signs in for the set-password screen", async () => {
    const { auth, client } = fakeClient();
    const user = userEvent.setup();
    render(<LoginScreen client={client} />);
    await user.click(screen.getByRole("button", { name: words.forgotLink }));
    await forgotFormFocused();
    const form = screen.getByRole("form", { name: words.forgotTitle });
    expect(screen.queryByRole("form", { name: words.codeHeading })).toBeNull();
    await user.type(within(form).getByLabelText(words.emailLabel), "ana@example.org");
    await user.click(within(form).getByRole("button", { name: words.send }));
    const codeForm = await screen.findByRole("form", { name: words.codeHeading });
    const code = within(codeForm).getByLabelText(words.codeLabel);
    expect(code.getAttribute("autocomplete")).toBe("one-time-code");
    await user.type(code, "12ab");
    await user.click(within(codeForm).getByRole("button", { name: words.codeSubmit }));
    expect(await within(codeForm).findByText(words.codeInvalid)).toBeTruthy();
    expect(auth.verifyOtp).not.toHaveBeenCalled();
  });

  it("says a wrong or used code in words, and goes on with a right one", async () => {
    const { auth, client } = fakeClient();
    auth.verifyOtp.mockResolvedValueOnce({
      data: {},
      error: { status: 403, code: "otp_expired", name: "AuthApiError" },
    });
    const onVerified = vi.fn();
    const user = userEvent.setup();
    render(<ResetCodeForm client={client} email="ana@example.org" onVerified={onVerified} />);
    const code = screen.getByLabelText(words.codeLabel);
    await user.type(code, "123 456");
    await user.click(screen.getByRole("button", { name: words.codeSubmit }));
    expect(await screen.findByText(words.codeWrong)).toBeTruthy();
    expect(document.activeElement).toBe(code);
    await user.click(screen.getByRole("button", { name: words.codeSubmit }));
    await waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
    expect(auth.verifyOtp).toHaveBeenLastCalledWith({
      email: "ana@example.org",
      token: "123456",
      type: "recovery",
    });
  });
});

describe("the set-password screen", () => {
  it("says a used or expired link has expired, and offers a new one", async () => {
    const { auth, client } = fakeClient();
    const user = userEvent.setup();
    render(
      <SetPasswordScreen
        client={client}
        link={{ kind: "expired" }}
        email="ana@example.org"
        onSaved={vi.fn()}
      />,
    );
    expect(screen.getByRole("heading", { name: words.linkExpiredTitle })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(words.linkExpired);
    const form = screen.getByRole("form", { name: words.forgotTitle });
    await user.type(within(form).getByLabelText(words.emailLabel), "ana@example.org");
    await user.click(within(form).getByRole("button", { name: words.send }));
    expect(await within(form).findByText(words.sent)).toBeTruthy();
    expect(auth.updateUser).not.toHaveBeenCalled();
  });

  it("without a link or a session, says where the link is", () => {
    const { client } = fakeClient();
    render(
      <SetPasswordScreen client={client} link={{ kind: "none" }} email={null} onSaved={vi.fn()} />,
    );
    expect(screen.getByText(words.noLink)).toBeTruthy();
    expect(screen.getByRole("form", { name: words.forgotTitle })).toBeTruthy();
  });

  it("takes a new password typed twice, held to Auth's length, then goes on", async () => {
    const { auth, client } = fakeClient();
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(
      <SetPasswordScreen
        client={client}
        link={{ kind: "session", purpose: "invite" }}
        email="cat@example.org"
        onSaved={onSaved}
      />,
    );
    expect(screen.getByRole("heading", { name: words.newTitle })).toBeTruthy();
    expect(screen.getByText(words.newIntroInvite)).toBeTruthy();
    const form = screen.getByRole("form", { name: words.newTitle });
    const next = within(form).getByLabelText(words.newLabel);
    const repeat = within(form).getByLabelText(words.repeatLabel);
    expect(next.getAttribute("autocomplete")).toBe("new-password");

    await user.type(next, "short");
    await user.click(within(form).getByRole("button", { name: words.save }));
    expect(within(form).getByText(words.tooShort(MIN_PASSWORD_LENGTH))).toBeTruthy();
    expect(document.activeElement).toBe(next);

    await user.clear(next);
    await user.type(next, GOOD);
    await user.type(repeat, `${GOOD}x`);
    await user.click(within(form).getByRole("button", { name: words.save }));
    expect(within(form).getByText(words.mismatch)).toBeTruthy();
    expect(auth.updateUser).not.toHaveBeenCalled();

    await user.click(within(form).getByRole("button", { name: words.showPassword }));
    expect(next.getAttribute("type")).toBe("text");
    await user.clear(repeat);
    await user.type(repeat, GOOD);
    await user.click(within(form).getByRole("button", { name: words.save }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(auth.updateUser).toHaveBeenCalledWith({ password: GOOD });
  });

  it("refuses the commonest passwords and ones built on the email's name", async () => {
    const { auth, client } = fakeClient();
    const user = userEvent.setup();
    render(
      <SetPasswordScreen
        client={client}
        link={{ kind: "session", purpose: "recovery" }}
        email="asha.rai@example.org"
        onSaved={vi.fn()}
      />,
    );
    const form = screen.getByRole("form", { name: words.newTitle });
    const next = within(form).getByLabelText(words.newLabel);
    const repeat = within(form).getByLabelText(words.repeatLabel);
    for (const [password, refusal] of [
      ["password1234", words.common],
      ["qwertyuiop12", words.common],
      ["Asha-Forever-2026", words.containsName],
    ] as const) {
      await user.clear(next);
      await user.clear(repeat);
      await user.type(next, password);
      await user.type(repeat, password);
      await user.click(within(form).getByRole("button", { name: words.save }));
      expect(await within(form).findByText(refusal), password).toBeTruthy();
      expect(document.activeElement).toBe(next);
    }
    expect(auth.updateUser).not.toHaveBeenCalled();
  });

  it("shows Auth's refusal of a password in words", async () => {
    const { auth, client } = fakeClient();
    auth.updateUser.mockResolvedValueOnce({
      data: {},
      error: { status: 422, code: "weak_password", name: "AuthWeakPasswordError" },
    });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(
      <SetPasswordScreen
        client={client}
        link={{ kind: "session", purpose: "recovery" }}
        email="ana@example.org"
        onSaved={onSaved}
      />,
    );
    const form = screen.getByRole("form", { name: words.newTitle });
    await user.type(within(form).getByLabelText(words.newLabel), GOOD);
    await user.type(within(form).getByLabelText(words.repeatLabel), GOOD);
    await user.click(within(form).getByRole("button", { name: words.save }));
    expect((await within(form).findByRole("alert")).textContent).toBe(
      words.weak(MIN_PASSWORD_LENGTH),
    );
    expect(onSaved).not.toHaveBeenCalled();
  });
});
