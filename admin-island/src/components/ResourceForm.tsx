// The one form every resource uses: its fields, its zod schema (the same rules the
// database enforces), its texts. Unsaved work survives a lost session: it is kept in
// sessionStorage as a draft and offered again when the same form opens.
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { FormProvider, type Resolver, useForm } from "react-hook-form";
import type { FormValues, ResourceDefinition } from "../resources/types.ts";
import { FieldInput } from "./fields/Fields.tsx";
import { button } from "./ui.ts";

export interface ResourceFormProps {
  definition: ResourceDefinition;
  mode: "create" | "edit";
  initial: FormValues;
  /** Where the draft of this form is kept, e.g. 'projects:new' or 'projects:<id>'. */
  draftKey: string;
  onSubmit: (values: Record<string, unknown>) => Promise<void>;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
  /** A message from the last failed save, with an optional action (reload). */
  failure?: { message: string; action?: { label: string; run: () => void } } | null;
}

const DRAFT_PREFIX = "charity-admin-draft:";

export function readDraft(key: string): FormValues | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_PREFIX + key);
    return raw ? (JSON.parse(raw) as FormValues) : null;
  } catch {
    return null;
  }
}

export function clearDraft(key: string): void {
  sessionStorage.removeItem(DRAFT_PREFIX + key);
}

export function ResourceForm({
  definition,
  mode,
  initial,
  draftKey,
  onSubmit,
  onCancel,
  onDirtyChange,
  failure,
}: ResourceFormProps) {
  const [draft] = useState(() => readDraft(draftKey));
  const form = useForm<FormValues, unknown, Record<string, unknown>>({
    resolver: zodResolver(definition.schema as never) as unknown as Resolver<
      FormValues,
      unknown,
      Record<string, unknown>
    >,
    defaultValues: initial,
  });
  const { handleSubmit, formState, watch, reset } = form;
  const [invalid, setInvalid] = useState(false);
  const restored = useRef(false);

  useEffect(() => {
    if (draft && !restored.current) {
      restored.current = true;
      reset(draft, { keepDefaultValues: true });
    }
  }, [draft, reset]);

  useEffect(() => {
    onDirtyChange?.(formState.isDirty);
    if (!formState.isDirty) return;
    // Leaving the page with unsaved changes asks first (the draft is kept anyway).
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [formState.isDirty, onDirtyChange]);

  useEffect(() => {
    const subscription = watch((values) => {
      if (form.formState.isDirty)
        sessionStorage.setItem(DRAFT_PREFIX + draftKey, JSON.stringify(values));
    });
    return () => subscription.unsubscribe();
  }, [watch, draftKey, form]);

  const { texts } = definition;
  const submit = handleSubmit(
    async (values) => {
      setInvalid(false);
      await onSubmit(values);
    },
    () => setInvalid(true),
  );

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-5"
        aria-label={mode === "create" ? texts.addTitle : texts.editTitle}
      >
        {draft ? (
          <p className="rounded-lg bg-accent-50 px-3 py-2 text-sm text-ink" role="status">
            Your unsaved changes were restored.
          </p>
        ) : null}
        {invalid ? (
          <p
            className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-900"
            role="alert"
          >
            {texts.invalid}
          </p>
        ) : null}
        {failure ? (
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
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {definition.fields.map((field) => (
            <div
              key={field.name}
              className={field.wide || field.kind === "textarea" ? "sm:col-span-2" : undefined}
            >
              <FieldInput field={field} path={field.name} />
            </div>
          ))}
        </div>
        <div className="sticky bottom-0 -mx-5 flex flex-wrap justify-end gap-3 border-t border-surface-sunken bg-white px-5 py-4">
          {onCancel ? (
            <button type="button" className={button.secondary} onClick={onCancel}>
              Cancel
            </button>
          ) : null}
          <button type="submit" className={button.primary} disabled={formState.isSubmitting}>
            {formState.isSubmitting
              ? "Saving..."
              : mode === "create"
                ? texts.createSubmit
                : texts.updateSubmit}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
