// A list item's icon: the site's icons as a group of radio tiles, each with its
// picture and its name, so only an icon the site knows can be chosen. A health tip's
// icon may be an emoji instead: its Emoji choice opens a box for it. A stored name the
// picker does not know selects nothing and asks for a choice; the form refuses it.
import {
  Activity,
  Award,
  BookOpen,
  Calendar,
  Check,
  Clock,
  Eye,
  Gamepad2,
  Globe,
  GraduationCap,
  HandHeart,
  Handshake,
  Heart,
  House,
  Leaf,
  Lightbulb,
  type LucideIcon,
  Mail,
  MapPin,
  Phone,
  Scale,
  Shield,
  Siren,
  Smile,
  Sprout,
  Stethoscope,
  Target,
  TriangleAlert,
  Truck,
  Users,
  Utensils,
} from "lucide-react";
import { useId, useState } from "react";
import { useController } from "react-hook-form";
import {
  isShownTipIcon,
  resolveTipIcon,
  type ServiceIconName,
  serviceIconNames,
  serviceIconOf,
} from "../../../src/lib/icons.ts";
import type { IconField } from "../content/resources/types.ts";
import { input, label as labelClass } from "../ui/styles.ts";
import { errorId, FieldMessages, hintId, LabelText } from "./FieldShell.tsx";

/** Each service icon as the site draws it (src/components/Icon.astro). */
const PICTURES: Record<ServiceIconName, LucideIcon> = {
  Home: House,
  GraduationCap,
  Stethoscope,
  Heart,
  Gamepad2,
  Users,
  Activity,
  Clock,
  Truck,
  MapPin,
  Utensils,
  Shield,
  HandHeart,
  Award,
  BookOpen,
  Calendar,
  Eye,
  Globe,
  Handshake,
  Leaf,
  Lightbulb,
  Mail,
  Phone,
  Scale,
  Siren,
  Sprout,
  Target,
};

/**
 * Each icon's name in plain words, as editors see it; the stored value stays the icon's
 * own name (what the site draws by).
 */
export const ICON_LABELS: Record<ServiceIconName, string> = {
  Home: "Home",
  GraduationCap: "Education",
  Stethoscope: "Medical care",
  Heart: "Heart",
  Gamepad2: "Games",
  Users: "People",
  Activity: "Health",
  Clock: "Time",
  Truck: "Transport",
  MapPin: "Place",
  Utensils: "Meals",
  Shield: "Safety",
  HandHeart: "Care",
  Award: "Award",
  BookOpen: "Book",
  Calendar: "Calendar",
  Eye: "Vision",
  Globe: "World",
  Handshake: "Partnership",
  Leaf: "Nature",
  Lightbulb: "Idea",
  Mail: "Mail",
  Phone: "Phone",
  Scale: "Fairness",
  Siren: "Emergency",
  Sprout: "Growth",
  Target: "Goal",
};

export const iconWords = {
  emoji: "Emoji",
  chosen: "Chosen:",
  none: "None",
  emojiBox: "Type or paste an emoji",
  unknownIcon: (name: string) => `“${name}” is not one of these icons: choose one.`,
  unknownTip: (text: string) =>
    `“${text}” is neither an icon nor an emoji: choose an icon, or type one emoji.`,
};

const tile =
  "relative flex min-h-14 cursor-pointer flex-col items-center justify-center gap-1 rounded-md border border-ink-soft/40 bg-white px-0.5 py-1.5 text-center text-xs leading-tight text-ink hover:bg-surface-muted has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-700 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-500";

interface IconPickerProps {
  field: IconField;
  /** The value's place in the form: services.0.icon. */
  path: string;
  /** The field's id: the current choice's, and its hint's and error's prefix. */
  id: string;
  error?: string;
}

export function IconPicker({ field, path, id, error }: IconPickerProps) {
  const { field: control } = useController({ name: path });
  const value = typeof control.value === "string" ? control.value : "";
  const text = value.trim();
  const picked = serviceIconOf(value);
  const group = useId();
  // Typing keeps the Emoji choice, even once the text names an icon.
  const [typing, setTyping] = useState(false);
  const emojiChosen = field.emoji === true && (typing || picked === null);
  // What choosing Emoji again brings back.
  const [lastEmoji, setLastEmoji] = useState(emojiChosen ? value : "");
  const emojiText = emojiChosen ? value : lastEmoji;
  const emojiShown = resolveTipIcon(emojiText);

  const known = !text || (field.emoji ? isShownTipIcon(value) : picked !== null);
  const note = known
    ? null
    : field.emoji
      ? iconWords.unknownTip(text)
      : iconWords.unknownIcon(text);
  const noteId = `${id}-note`;
  const legendId = `${id}-legend`;
  const boxId = `${id}-emoji`;
  const described =
    [field.hint ? hintId(id) : null, error ? errorId(id) : note ? noteId : null]
      .filter(Boolean)
      .join(" ") || undefined;
  // A refused form focuses the control to fix: the emoji box, else the chosen tile.
  const focusName = emojiChosen ? null : (picked ?? serviceIconNames[0]);

  function chooseIcon(name: ServiceIconName) {
    if (emojiChosen) setLastEmoji(value);
    setTyping(false);
    control.onChange(name);
  }

  function chooseEmoji() {
    setTyping(true);
    control.onChange(lastEmoji);
  }

  const Picture = picked ? PICTURES[picked] : null;
  return (
    <fieldset className="min-w-0" aria-describedby={described}>
      <legend id={legendId} className={`${labelClass} mb-1`}>
        <LabelText label={field.label} required={field.required} />
      </legend>
      <p className="mb-2 flex items-center gap-1.5 text-sm text-ink-muted">
        {iconWords.chosen}
        <output
          id={id}
          aria-labelledby={legendId}
          aria-live="off"
          className="inline-flex items-center gap-1 font-semibold text-ink"
        >
          {emojiChosen ? (
            <>
              {iconWords.emoji}
              {emojiShown.kind === "emoji" ? (
                <span className="font-emoji"> {emojiShown.text}</span>
              ) : null}
            </>
          ) : Picture ? (
            <>
              <Picture aria-hidden="true" className="size-4 shrink-0" />
              {picked ? ICON_LABELS[picked] : null}
            </>
          ) : (
            iconWords.none
          )}
        </output>
      </p>
      <div
        className={`grid grid-cols-[repeat(auto-fill,minmax(5.25rem,1fr))] gap-1.5 rounded-md ${
          error ? "ring-2 ring-red-700 ring-offset-2" : ""
        }`}
      >
        {field.emoji ? (
          <label className={tile}>
            <input
              type="radio"
              name={group}
              value={iconWords.emoji}
              checked={emojiChosen}
              required={field.required}
              onChange={chooseEmoji}
              onBlur={control.onBlur}
              className="peer sr-only"
            />
            {emojiShown.kind === "emoji" ? (
              <span aria-hidden="true" className="font-emoji text-lg leading-5">
                {emojiShown.text}
              </span>
            ) : (
              <Smile aria-hidden="true" className="size-5 shrink-0" />
            )}
            <span>{iconWords.emoji}</span>
            <Check
              aria-hidden="true"
              className="absolute top-0.5 right-0.5 hidden size-3.5 text-brand-700 peer-checked:block"
            />
          </label>
        ) : null}
        {serviceIconNames.map((name) => {
          const Icon = PICTURES[name];
          return (
            <label key={name} className={tile}>
              <input
                ref={name === focusName ? control.ref : undefined}
                type="radio"
                name={group}
                value={name}
                checked={!emojiChosen && picked === name}
                required={field.required}
                onChange={() => chooseIcon(name)}
                onBlur={control.onBlur}
                className="peer sr-only"
              />
              <Icon aria-hidden="true" className="size-5 shrink-0" />
              <span className="[overflow-wrap:anywhere]">{ICON_LABELS[name]}</span>
              <Check
                aria-hidden="true"
                className="absolute top-0.5 right-0.5 hidden size-3.5 text-brand-700 peer-checked:block"
              />
            </label>
          );
        })}
      </div>
      {emojiChosen ? (
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
          <label htmlFor={boxId} className="text-sm font-semibold text-ink">
            {iconWords.emojiBox}
          </label>
          <div className="w-28">
            {/* Part of the icon choice, not one of the form's own texts: no type="text". */}
            <input
              ref={control.ref}
              id={boxId}
              className={`${input} font-emoji`}
              value={value}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={error || note ? true : undefined}
              aria-describedby={described}
              onChange={(event) => {
                setTyping(true);
                setLastEmoji(event.target.value);
                control.onChange(event.target.value);
              }}
              onBlur={control.onBlur}
            />
          </div>
        </div>
      ) : null}
      <FieldMessages id={id} hint={field.hint} error={error} />
      {!error && note ? (
        <p
          id={noteId}
          className="mt-2 flex items-start gap-2 rounded-lg bg-accent-50 px-3 py-2 text-sm text-accent-900"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{note}</span>
        </p>
      ) : null}
    </fieldset>
  );
}
