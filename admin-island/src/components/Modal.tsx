import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";

interface ModalProps {
  open: boolean;
  title: string;
  wide?: boolean;
  /** Asked before closing by Escape, the overlay or the close button. */
  onRequestClose: () => void;
  children: ReactNode;
}

export function Modal({ open, title, wide, onRequestClose, children }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onRequestClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className={`fixed inset-x-0 bottom-0 top-0 z-40 mx-auto flex flex-col overflow-hidden bg-white shadow-xl sm:inset-y-6 sm:rounded-xl ${
            wide ? "sm:max-w-4xl" : "sm:max-w-2xl"
          } sm:w-[calc(100vw-3rem)]`}
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
          <div className="min-h-0 flex-1 overflow-y-auto px-5 pt-5">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
