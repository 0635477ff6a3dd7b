// The admin's dialog: a title, a close button, and its content scrolling under them.
// It opens on the control marked `data-autofocus`, else the first one of its body (a
// form's first field, never the close button), keeps focus inside, and gives it back
// to the control that opened it. Escape closes it, except while an item of a list
// inside is being moved (Escape then cancels the move).
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ReactNode, useRef } from "react";
import { sortingInProgress } from "./sorting.ts";

/** What can take focus, in the order a form's fields come. */
const FOCUSABLE = [
  "input:not([type=hidden]):not(:disabled)",
  "select:not(:disabled)",
  "textarea:not(:disabled)",
  "button:not(:disabled)",
  "a[href]",
  '[tabindex]:not([tabindex="-1"])',
].join(", ");

/**
 * True when focus is on a control of the page again (a closing dialog's own controls
 * are gone, which leaves it on the body): the dialog then gives no focus back.
 */
export function focusMovedOn(): boolean {
  const focused = document.activeElement;
  return focused instanceof HTMLElement && focused !== document.body && focused.isConnected;
}

interface ModalProps {
  open: boolean;
  title: string;
  wide?: boolean;
  /** 'compact': a small dialog centred on the screen, as tall as its content. */
  size?: "full" | "compact";
  /** Asked before closing by Escape, the overlay or the close button. */
  onRequestClose: () => void;
  /** Gets focus back on closing; by default the control focused when the dialog opened. */
  returnFocusTo?: HTMLElement | null;
  children: ReactNode;
}

export function Modal({
  open,
  title,
  wide,
  size = "full",
  onRequestClose,
  returnFocusTo,
  children,
}: ModalProps) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current) {
    const focused = typeof document === "undefined" ? null : document.activeElement;
    opener.current =
      returnFocusTo ??
      (focused instanceof HTMLElement && focused !== document.body ? focused : null);
  }
  wasOpen.current = open;
  const place =
    size === "compact"
      ? "inset-x-4 top-1/2 max-h-[calc(100dvh-2rem)] -translate-y-1/2 rounded-xl sm:w-[calc(100vw-3rem)] sm:max-w-lg"
      : `inset-x-0 bottom-0 top-0 sm:inset-y-6 sm:rounded-xl ${
          wide ? "sm:max-w-4xl" : "sm:max-w-2xl"
        } sm:w-[calc(100vw-3rem)]`;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onRequestClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            const content = event.currentTarget as HTMLElement | null;
            // The marked control, else the first control of the body (a form's first
            // field), never the close button in the title bar.
            const first =
              content?.querySelector<HTMLElement>("[data-autofocus]") ??
              content?.querySelector<HTMLElement>(`[data-modal-body] :is(${FOCUSABLE})`);
            if (first) {
              event.preventDefault();
              first.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            // The screen may have put focus on what the dialog made (a new card) already.
            if (focusMovedOn()) {
              event.preventDefault();
              return;
            }
            const back = opener.current;
            if (back?.isConnected) {
              event.preventDefault();
              back.focus();
            }
          }}
          onEscapeKeyDown={(event) => {
            if (sortingInProgress()) event.preventDefault();
          }}
          className={`fixed z-40 mx-auto flex flex-col overflow-hidden bg-white shadow-xl ${place}`}
        >
          <div className="flex items-center justify-between gap-4 border-b border-surface-sunken px-5 py-4">
            <Dialog.Title className="text-xl font-semibold text-ink">{title}</Dialog.Title>
            <Dialog.Close
              className="inline-flex size-11 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted"
              aria-label="Close"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <div data-modal-body className="min-h-0 flex-1 overflow-y-auto px-5 pt-5">
            {children}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
