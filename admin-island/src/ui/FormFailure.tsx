import type { Ref } from "react";
import { button } from "./styles.ts";

/** Why the last save failed, with what the editor can do about it (reload, say). */
export interface FormFailure {
  message: string;
  action?: { label: string; run: () => void };
}

/**
 * A form's failure at its top, read out at once. With `focusRef` it can also take focus
 * (tabIndex -1), for forms that move focus to their refusal.
 */
export function FormFailureAlert({
  failure,
  focusRef,
}: {
  failure: FormFailure;
  focusRef?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={focusRef}
      tabIndex={focusRef ? -1 : undefined}
      className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 outline-none"
      role="alert"
    >
      <p className="font-medium">{failure.message}</p>
      {failure.action ? (
        <button type="button" className={`${button.small} mt-2`} onClick={failure.action.run}>
          {failure.action.label}
        </button>
      ) : null}
    </div>
  );
}
