// The sign-in form. The /admin/ page is rendered ahead with it (the form paints before
// any script runs) and React takes it over when its script arrives: until then its
// buttons stay disabled, so no click is lost and neither a click nor Enter can send the
// form natively (its password would end up in the address).
import { Eye, EyeOff, KeyRound, Lock } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { accessWords } from "../api/words.ts";
import { describedBy, FieldShell } from "../fields/FieldShell.tsx";
import { FormFailureAlert } from "../ui/FormFailure.tsx";
import { button, input } from "../ui/styles.ts";
import { useHydrated } from "../ui/useHydrated.ts";
import { signIn } from "./auth.ts";
import type { AuthHolder } from "./auth-client.ts";
import { passwords, secondFactor } from "./words.ts";

// 'Forgot password?' is rare: its form loads when asked for, not with the page; so does
// the code step, which only accounts with an authenticator app see.
const ForgotPasswordForm = lazy(async () => ({
  default: (await import("./ForgotPasswordForm.tsx")).ForgotPasswordForm,
}));
const SecondFactorForm = lazy(async () => ({
  default: (await import("./SecondFactorForm.tsx")).SecondFactorForm,
}));

interface LoginValues {
  username: string;
  password: string;
  remember: boolean;
}

/**
 * `codeStep`: the password was right and the account has an authenticator app, so the
 * card asks for its code instead; `onOtherAccount` signs that session out.
 */
export function LoginScreen({
  client,
  codeStep = false,
  onOtherAccount,
}: {
  client: AuthHolder;
  codeStep?: boolean;
  onOtherAccount?: () => void;
}) {
  const id = useId();
  const [showPassword, setShowPassword] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const hydrated = useHydrated();
  // Sent here because the session ended on another device (AdminApp): say so. Read
  // once the page runs (the form was rendered ahead, without an address).
  const [ended, setEnded] = useState(false);
  useEffect(() => {
    setEnded(new URLSearchParams(window.location.search).get("ended") === "1");
  }, []);
  // 'Forgot password?' swaps the sign-in form for the reset request, in the same card.
  const [forgot, setForgot] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // No default values: what was typed before the script ran is read from the fields,
  // where a default would overwrite it.
  const { register, handleSubmit, formState, getValues } = useForm<LoginValues>();
  const { errors, isSubmitting } = formState;

  // After switching, focus goes to the card's new heading.
  const show = (next: boolean) => {
    setForgot(next);
    requestAnimationFrame(() => heading.current?.focus());
  };

  const submit = handleSubmit(async ({ username, password, remember }) => {
    setFailure(null);
    const result = await signIn(client, username, password, remember === true);
    // Signed in: the page's session listener goes on (app/AdminEntry.tsx).
    if (!result.ok) setFailure(result.message);
  });

  const userId = `${id}-username`;
  const passwordId = `${id}-password`;
  const userError = errors.username?.message;
  const passwordError = errors.password?.message;

  return (
    <main
      data-sign-in
      className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-10"
    >
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl">
        <div className="mb-6 text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-100">
            {forgot ? (
              <KeyRound aria-hidden="true" className="size-7 text-brand-800" />
            ) : (
              <Lock aria-hidden="true" className="size-7 text-brand-800" />
            )}
          </span>
          <h1
            ref={heading}
            tabIndex={-1}
            className="mt-4 font-display text-2xl font-bold text-ink outline-none"
          >
            {codeStep ? secondFactor.codeTitle : forgot ? passwords.forgotTitle : "Admin Login"}
          </h1>
          {forgot || codeStep ? null : (
            <p className="mt-1 text-ink-muted">Sign in to manage the website</p>
          )}
        </div>
        {codeStep ? (
          <Suspense fallback={<p role="status">Loading...</p>}>
            <SecondFactorForm client={client} onOtherAccount={() => onOtherAccount?.()} />
          </Suspense>
        ) : forgot ? (
          <Suspense fallback={<p role="status">Loading...</p>}>
            <ForgotPasswordForm
              client={client}
              initialEmail={getValues("username") ?? ""}
              onBack={() => show(false)}
            />
          </Suspense>
        ) : null}
        <form
          noValidate
          onSubmit={submit}
          className="flex flex-col gap-5"
          hidden={forgot || codeStep}
        >
          {ended && !failure ? (
            <p
              role="status"
              className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
            >
              {accessWords.signInNotice}
            </p>
          ) : null}
          {failure ? <FormFailureAlert failure={{ message: failure }} /> : null}
          <FieldShell id={userId} label="Username" error={userError}>
            <input
              id={userId}
              type="email"
              autoComplete="username"
              inputMode="email"
              placeholder="Your email address"
              className={input}
              aria-invalid={userError ? true : undefined}
              aria-describedby={describedBy(userId, undefined, userError)}
              {...register("username", { required: "Please enter your username" })}
            />
          </FieldShell>
          <FieldShell id={passwordId} label="Password" error={passwordError}>
            <div className="relative">
              <input
                id={passwordId}
                type={showPassword ? "text" : "password"}
                autoComplete="current-password"
                className={`${input} pr-12`}
                aria-invalid={passwordError ? true : undefined}
                aria-describedby={describedBy(passwordId, undefined, passwordError)}
                {...register("password", { required: "Please enter your password" })}
              />
              <button
                type="button"
                className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-lg text-ink-muted hover:text-ink"
                aria-label={showPassword ? "Hide password" : "Show password"}
                aria-pressed={showPassword}
                disabled={!hydrated}
                onClick={() => setShowPassword((shown) => !shown)}
              >
                {showPassword ? (
                  <EyeOff aria-hidden="true" className="size-5" />
                ) : (
                  <Eye aria-hidden="true" className="size-5" />
                )}
              </button>
            </div>
          </FieldShell>
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <div className="flex items-center gap-3">
              <input
                id={`${id}-remember`}
                type="checkbox"
                className="size-5 accent-brand-700"
                {...register("remember")}
              />
              <label htmlFor={`${id}-remember`} className="text-sm text-ink">
                Remember me
              </label>
            </div>
            <button
              type="button"
              className="min-h-11 text-sm font-medium text-brand-800 underline"
              disabled={!hydrated}
              onClick={() => show(true)}
            >
              {passwords.forgotLink}
            </button>
          </div>
          <button
            type="submit"
            className={`${button.primary} w-full`}
            disabled={!hydrated || isSubmitting}
          >
            {isSubmitting ? "Signing in..." : "Sign In"}
          </button>
        </form>
        <p className="mt-6 text-center text-sm">
          <a href="/" className="font-medium text-brand-800 underline">
            Back to the website
          </a>
        </p>
      </div>
    </main>
  );
}
