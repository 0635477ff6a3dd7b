import type { LucideIcon } from "lucide-react";
import type { MouseEvent, Ref } from "react";
import { button } from "./styles.ts";

interface SmallButtonProps {
  icon: LucideIcon;
  label: string;
  /** What it acts on, for screen readers: the button is then named 'Delete Clean Water'. */
  target?: string;
  danger?: boolean;
  disabled?: boolean;
  /**
   * An action on its item is under way: the button says it is unavailable and ignores
   * clicks, but keeps focus, so a keyboard user stays on the item they acted on.
   */
  busy?: boolean;
  /** Names the control within its card, so focus can be put back on it. */
  control?: string;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  buttonRef?: Ref<HTMLButtonElement>;
}

/** A card's or tile's action: an icon and a short label. */
export function SmallButton({
  icon: Icon,
  label,
  target,
  danger,
  disabled,
  busy,
  control,
  onClick,
  buttonRef,
}: SmallButtonProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className={`${danger ? button.smallDanger : button.small} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
      disabled={disabled}
      aria-disabled={busy ? true : undefined}
      data-control={control}
      onClick={(event) => {
        if (!busy) onClick(event);
      }}
      aria-label={target === undefined ? undefined : `${label} ${target}`}
    >
      <Icon aria-hidden="true" className="size-4" />
      {label}
    </button>
  );
}
