// The one form every resource uses: its fields, its zod schema (the same rules the
// database enforces), its texts. Unsaved work survives a lost session: it is kept in
// sessionStorage as a draft and offered again when the same form opens.
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState } from "react";
import { FormProvider, type Resolver, useForm } from "react-hook-form";
import type { FormValues, ResourceDefinition } from "../resources/types.ts";
import { useData } from "./DataContext.tsx";
import { FieldInput } from "./fields/Fields.tsx";
import { button } from "./ui.ts";
import { createUploadSession, UploadSessionContext } from "./upload-session.ts";

export interface ResourceFormProps {
  definition: ResourceDefinition;
  mode: "create" | "edit";
  initial: FormValues;
  /** Where the draft of this form is kept, e.g. 'projects:new' or 'projects:<id>'. */
  draftKey: string;
  /** `files`: the pictures chosen for a bulk add (see ResourceDefinition.bulk). */
  onSubmit: (values: Record<string, unknown>, files: File[]) => Promise<void>;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
  /** A message from the last failed save, with an optional action (reload). */
  failure?: { message: string; action?: { label: string; run: () => void } } | null;
}

const DRAFT_PREFIX = "charity-admin-draft:";
/** Stands in for each file's address while the form is checked; never stored. */
const BULK_PLACEHOLDER = "/bulk-upload-placeholder";

/** Gallery preview of the chosen pictures: at most 6, then '+N more'. */
function BulkFiles({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const id = useId();
  const [previews, setPreviews] = useState<string[]>([]);
  useEffect(() => {
    const urls = files.slice(0, 6).map((file) => URL.createObjectURL(file));
    setPreviews(urls);
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [files]);
  return (
    <fieldset className="rounded-lg border border-surface-sunken p-4">
      <legend className="px-1 text-base font-semibold text-ink">Pictures</legend>
      <p className="text-sm text-ink-muted">
        Choose one or more pictures (each becomes a gallery image, titled with the title below or
        its file name), or enter one image address below.
      </p>
      <label
        htmlFor={id}
        className={`${button.small} mt-3 cursor-pointer has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-500`}
      >
        Choose Images
        <input
          id={id}
          type="file"
          multiple
          accept="image/*"
          className="sr-only"
          onChange={(event) =>
            onChange(
              [...(event.target.files ?? [])].filter((file) => file.type.startsWith("image/")),
            )
          }
        />
      </label>
      {files.length > 0 ? (
        <>
          <p className="mt-2 text-sm font-medium text-ink">{files.length} picture(s) chosen</p>
          <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label="Chosen pictures">
            {previews.map((url, index) => (
              <li key={url}>
                <img
                  src={url}
                  alt={files[index]?.name ?? ""}
                  className="aspect-square w-full rounded object-cover"
                />
              </li>
            ))}
          </ul>
          {files.length > 6 ? (
            <p className="mt-1 text-sm text-ink-muted">+{files.length - 6} more</p>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}

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
  const data = useData();
  const [uploads] = useState(createUploadSession);
  // Read when the form goes away, so the cleanup below runs once, on unmount only.
  const latest = useRef({ data, draftKey });
  latest.current = { data, draftKey };
  // When the form goes away with its draft cleared (cancelled, or saved and closed),
  // files uploaded into it that no save used are removed (see upload-session.ts).
  useEffect(
    () => () => {
      const { data: layer, draftKey: key } = latest.current;
      if (sessionStorage.getItem(DRAFT_PREFIX + key) !== null) return;
      for (const url of uploads.unsaved()) {
        layer.removeUpload(url).catch((error: unknown) => {
          console.error("An unused upload could not be removed.", error);
        });
      }
    },
    [uploads],
  );
  const [files, setFiles] = useState<File[]>([]);
  // The resolver is read when the form checks, so it sees the files through a ref.
  const filesRef = useRef<File[]>([]);
  filesRef.current = files;
  const bulk = mode === "create" ? definition.bulk : undefined;
  const zod = zodResolver(definition.schema as never) as unknown as Resolver<
    FormValues,
    unknown,
    Record<string, unknown>
  >;
  // With pictures chosen, each file brings its own image and (without a title) its name.
  const resolver: Resolver<FormValues, unknown, Record<string, unknown>> = (
    values,
    context,
    options,
  ) =>
    bulk && filesRef.current.length > 0
      ? zod(
          {
            ...values,
            [bulk.imageField]: BULK_PLACEHOLDER,
            [bulk.titleField]: String(values[bulk.titleField] ?? "").trim() || "untitled",
          },
          context,
          options,
        )
      : zod(values, context, options);
  const form = useForm<FormValues, unknown, Record<string, unknown>>({
    resolver,
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
      uploads.submitted(values);
      if (bulk && files.length > 0) {
        // The title as typed: blank means each picture takes its file name.
        const typed = String(form.getValues(bulk.titleField) ?? "").trim();
        await onSubmit({ ...values, [bulk.titleField]: typed }, files);
      } else {
        await onSubmit(values, []);
      }
    },
    () => setInvalid(true),
  );

  return (
    <UploadSessionContext.Provider value={uploads}>
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
                <button
                  type="button"
                  className={`${button.small} mt-2`}
                  onClick={failure.action.run}
                >
                  {failure.action.label}
                </button>
              ) : null}
            </div>
          ) : null}
          {bulk ? <BulkFiles files={files} onChange={setFiles} /> : null}
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
    </UploadSessionContext.Provider>
  );
}
