// confirm() as an accessible dialog: the same words, focus kept inside, Escape cancels,
// and focus back on the control that asked once it closes (when that is still there).
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from "react";
import { focusMovedOn } from "./Modal.tsx";
import { button } from "./styles.ts";

interface ConfirmOptions {
  /** The dialog's heading, e.g. 'Delete "Clean Water"?'; 'Please confirm' without one. */
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
}

type ConfirmFn = (message: string, options?: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<ConfirmFn | null>(null);

export function useConfirm(): ConfirmFn {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm needs a <ConfirmProvider> above it");
  return confirm;
}

interface Pending extends ConfirmOptions {
  message: string;
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);
  const asker = useRef<HTMLElement | null>(null);

  const confirm = useCallback<ConfirmFn>((message, options = {}) => {
    resolver.current?.(false);
    const focused = document.activeElement;
    asker.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
    setPending({ message, ...options });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setPending(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <AlertDialog.Root open={pending !== null} onOpenChange={(open) => !open && answer(false)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <AlertDialog.Content
            onCloseAutoFocus={(event) => {
              if (focusMovedOn()) {
                event.preventDefault();
                return;
              }
              if (asker.current?.isConnected) {
                event.preventDefault();
                asker.current.focus();
              }
            }}
            className="fixed left-1/2 top-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
          >
            <AlertDialog.Title className="text-lg font-semibold text-ink">
              {pending?.title ?? "Please confirm"}
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-ink-muted [overflow-wrap:anywhere]">
              {pending?.message}
            </AlertDialog.Description>
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <AlertDialog.Cancel className={button.secondary}>
                {pending?.cancelLabel ?? "Cancel"}
              </AlertDialog.Cancel>
              <AlertDialog.Action
                className={pending?.danger === false ? button.primary : button.danger}
                onClick={() => answer(true)}
              >
                {pending?.confirmLabel ?? "OK"}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </ConfirmContext.Provider>
  );
}
