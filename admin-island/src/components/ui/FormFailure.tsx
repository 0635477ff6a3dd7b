import { button } from "./ui.ts";

/** Why the last save failed, with what the editor can do about it (reload, say). */
export interface FormFailure {
  message: string;
  action?: { label: string; run: () => void };
}

export function FormFailureAlert({ failure }: { failure: FormFailure }) {
  return (
    <div
      className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
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
