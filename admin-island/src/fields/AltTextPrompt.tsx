// The gentle prompt under a picture's Alt text: a picture new in this form (uploaded or
// pasted since it opened) with no alt text is asked for one, and one that still has the
// previous picture's words is asked to check them. Advice only: the form saves without
// it, and a decorative picture needs no words.
import { Info } from "lucide-react";
import { useFormContext, useWatch } from "react-hook-form";
import { hasVisibleText } from "../../../src/lib/schema/rules.ts";
import type { AltTextField } from "../content/resources/common.ts";

/** The prompt's words for the Alt text at `path`, or null while none is due. */
export function useAltTextPrompt(field: AltTextField, path: string): string | null {
  const { control, formState } = useFormContext();
  const decorativePath = path.replace(/image_alt$/, "image_decorative");
  const [picture, alt, decorative] = useWatch({
    control,
    name: [field.describes, path, decorativePath],
  }) as unknown[];
  const before = formState.defaultValues;
  const newPicture =
    typeof picture === "string" && picture.trim() !== "" && picture !== before?.[field.describes];
  if (!newPicture || decorative === true) return null;
  if (typeof alt !== "string" || !hasVisibleText(alt)) return field.prompts.missing;
  // Words the editor has not touched since the picture changed were written for the old one.
  return alt === before?.[path] ? field.prompts.check : null;
}

/**
 * A polite live region, present from the start so a screen reader announces the prompt
 * when it appears.
 */
export function AltTextPrompt({ id, text }: { id: string; text: string | null }) {
  return (
    <div role="status">
      {text ? (
        <p
          id={id}
          className="mt-2 flex items-start gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900"
        >
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{text}</span>
        </p>
      ) : null}
    </div>
  );
}
