// One thing a screen loads (the trash, the team, a record's history...): loading, then
// ready with its value or failed, and a reload for Retry and after a change.
import { useCallback, useEffect, useRef, useState } from "react";

export type Loaded<T> = { status: "loading" } | { status: "error" } | { status: "ready"; value: T };

export interface LoadedOptions {
  /** Loads again whenever this changes (a store's version, say). */
  again?: unknown;
  /** Told each failure; by default it is logged. */
  onError?: (error: unknown) => void;
  /**
   * Whether a failure after a success keeps what was shown (true by default); false
   * shows the failure instead.
   */
  keepOnError?: boolean;
}

/**
 * Loads `load` on mount, whenever `load` (or `again`) changes, and on `reload`. Only
 * the latest load's answer counts: an earlier one that comes back after it is dropped.
 */
export function useLoaded<T>(
  load: () => Promise<T>,
  { again, onError, keepOnError = true }: LoadedOptions = {},
): { state: Loaded<T>; reload: () => Promise<void> } {
  const [state, setState] = useState<Loaded<T>>({ status: "loading" });
  const latest = useRef(0);
  const told = useRef(onError);
  told.current = onError;

  const reload = useCallback(async () => {
    const mine = ++latest.current;
    try {
      const value = await load();
      if (mine === latest.current) setState({ status: "ready", value });
    } catch (error) {
      if (mine !== latest.current) return;
      (told.current ?? console.error)(error);
      setState((previous) =>
        keepOnError && previous.status === "ready" ? previous : { status: "error" },
      );
    }
  }, [load, keepOnError]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `again` asks for a load again
  useEffect(() => {
    void reload();
  }, [reload, again]);

  return { state, reload };
}
