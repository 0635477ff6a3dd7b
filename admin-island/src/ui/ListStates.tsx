// The loading, error and empty states every list screen shows before its rows.
import { RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import type { RowsState } from "../content/useRows.ts";
import { button } from "./styles.ts";

export function Loading({ text }: { text: string }) {
  return (
    <p role="status" className="py-10 text-center text-ink-muted">
      {text}
    </p>
  );
}

export function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-6 text-center">
      <p className="font-medium text-red-900">{text}</p>
      <button type="button" className={`${button.secondary} mt-4`} onClick={onRetry}>
        <RotateCw aria-hidden="true" className="size-4" />
        Retry
      </button>
    </div>
  );
}

/**
 * A reload that failed above a list still shown (what was loaded before, or what
 * needs no loading): the failure in a bar, with Retry.
 */
export function LoadErrorBar({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-red-300 bg-red-50 p-4"
    >
      <p className="font-medium text-red-900">{text}</p>
      <button type="button" className={button.small} onClick={onRetry}>
        <RotateCw aria-hidden="true" className="size-4" />
        Retry
      </button>
    </div>
  );
}

interface ListStatesProps {
  state: RowsState;
  loading: string;
  loadError: string;
  onRetry: () => void;
  /** Shown when the list loaded and is empty. */
  empty: ReactNode;
  /** The list itself, once there are rows. */
  children: ReactNode;
}

export function ListStates({
  state,
  loading,
  loadError,
  onRetry,
  empty,
  children,
}: ListStatesProps) {
  const rows = state.rows;
  if (state.status === "loading" && rows.length === 0) return <Loading text={loading} />;
  if (state.status === "error" && rows.length === 0) {
    return <LoadError text={loadError} onRetry={onRetry} />;
  }
  return rows.length === 0 ? empty : children;
}
