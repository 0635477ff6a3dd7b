// The state behind the one form every resource uses: react-hook-form with the
// definition's zod schema, the draft kept while it has changes, the pictures chosen for
// a bulk add, and the files uploaded into it that no save used.
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { useBackend } from "../api/backend.ts";
import { failures } from "../api/words.ts";
import { removeUpload } from "../uploads/media-upload-mutation.ts";
import { createUploadSession, type UploadSession } from "../uploads/upload-session.ts";
import { titleFromAddress } from "../uploads/uploads.ts";
import { hasDraft, readDraft, writeDraft } from "./drafts.ts";
import type { FormValues, ResourceDefinition } from "./resources/types.ts";
import { forms } from "./words.ts";

export interface ResourceFormOptions {
  definition: ResourceDefinition;
  mode: "create" | "edit";
  initial: FormValues;
  /** Where the draft of this form is kept, e.g. 'projects:new' or 'projects:<id>'. */
  draftKey: string;
  /** `files`: the pictures chosen for a bulk add (see ResourceDefinition.bulk). */
  onSubmit: (values: Record<string, unknown>, files: File[]) => Promise<void>;
  onDirtyChange?: (dirty: boolean) => void;
}

/** Stands in for each file's address while the form is checked; never stored. */
const BULK_PLACEHOLDER = "/bulk-upload-placeholder";

type Values = Record<string, unknown>;

/** The paths of every refused value in a form's errors, lists' items included. */
function errorPaths(errors: FieldErrors, prefix: string[] = []): string[][] {
  const paths: string[][] = [];
  for (const [key, node] of Object.entries(errors)) {
    if (node === null || typeof node !== "object") continue;
    const path = key === "root" ? prefix : [...prefix, key];
    if (typeof (node as { message?: unknown }).message === "string") paths.push(path);
    else paths.push(...errorPaths(node as FieldErrors, path));
  }
  return paths;
}

function valueAt(values: unknown, path: string[]): unknown {
  let node = values;
  for (const part of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * What the banner above a refused form says. Blank required fields are named (all of
 * them blank: the form's own words); any other refusal (a bad address, a negative
 * number, a blank number, which says under it what it needs) points to the highlighted
 * fields instead.
 */
export function refusalBanner(
  definition: ResourceDefinition,
  errors: FieldErrors,
  values: FormValues,
): string {
  // Each blank required field by its label (a list's item field as 'Title of Service 2'),
  // and whether it takes a file.
  const missing = new Map<string, { label: string; file: boolean; field: string }>();
  let wrong = false;
  for (const path of errorPaths(errors)) {
    const value = valueAt(values, path);
    const field = definition.fields.find((item) => item.name === path[0]);
    const blank =
      value === undefined || value === null || (typeof value === "string" && !value.trim());
    // A number's field says what it needs ("1e" and "" read alike, as blank).
    if (!blank || !field || field.kind === "number") {
      wrong = true;
      continue;
    }
    const item = field.kind === "list" ? field.fields.find((f) => f.name === path[2]) : undefined;
    const named = item ?? field;
    const label =
      field.kind === "list" && item
        ? `${item.label} of ${field.itemLabel} ${Number(path[1]) + 1}`
        : field.label;
    missing.set(path.join("."), {
      label,
      file: named.kind === "image" || named.kind === "document",
      field: field.name,
    });
  }
  if (missing.size > 0 && wrong) return forms.fillAndFix;
  if (wrong) return forms.fixFields;
  const blanks = [...missing.values()];
  const required = definition.fields.filter((field) => field.required);
  // Every required field blank, or a bulk add's pictures (chosen files or an address):
  // the form's own words.
  if (blanks.length === 0 || blanks.length >= required.length) return definition.texts.invalid;
  if (definition.bulk && blanks.every((blank) => blank.field === definition.bulk?.imageField))
    return definition.texts.invalid;
  return forms.missing(
    blanks.filter((blank) => !blank.file).map((blank) => blank.label),
    blanks.filter((blank) => blank.file).map((blank) => blank.label),
  );
}

/**
 * When the form goes away with its draft cleared (cancelled, or saved and closed), the
 * files uploaded into it that no save used are removed (see upload-session.ts).
 */
function useUnusedUploadsRemoved(uploads: UploadSession, draftKey: string) {
  const backend = useBackend();
  // Read when the form goes away, so the cleanup runs once, on unmount only.
  const latest = useRef({ backend, draftKey });
  latest.current = { backend, draftKey };
  useEffect(
    () => () => {
      const { backend: current, draftKey: key } = latest.current;
      if (hasDraft(key)) return;
      for (const url of uploads.unsaved()) {
        removeUpload(current, url).catch((error: unknown) => {
          console.error(failures.unusedUploadKept, error);
        });
      }
    },
    [uploads],
  );
}

export function useResourceForm({
  definition,
  mode,
  initial,
  draftKey,
  onSubmit,
  onDirtyChange,
}: ResourceFormOptions) {
  const [draft] = useState(() => readDraft(draftKey));
  const [uploads] = useState(createUploadSession);
  useUnusedUploadsRemoved(uploads, draftKey);
  const [files, setFiles] = useState<File[]>([]);
  // The resolver is read when the form checks, so it sees the files through a ref.
  const filesRef = useRef<File[]>([]);
  filesRef.current = files;
  const bulk = mode === "create" ? definition.bulk : undefined;
  /**
   * The fields the form shows. Adding many pictures at once has one rule for titles:
   * a blank one takes each picture's file name, so the title is optional there, and
   * the pictures (or one image address) are chosen in one place, not in the image field.
   */
  const fields = bulk
    ? definition.fields
        .filter((field) => field.name !== bulk.imageField)
        .map((field) =>
          field.name === bulk.titleField
            ? { ...field, required: false, hint: forms.bulkTitleHint }
            : field,
        )
    : definition.fields;
  const zod = zodResolver(definition.schema as never) as unknown as Resolver<
    FormValues,
    unknown,
    Values
  >;
  // With pictures chosen, each file brings its own image; a blank title takes the
  // picture's file name (checked here as a stand-in, filled in on submit).
  const resolver: Resolver<FormValues, unknown, Values> = (values, context, options) =>
    bulk
      ? zod(
          {
            ...values,
            ...(filesRef.current.length > 0 ? { [bulk.imageField]: BULK_PLACEHOLDER } : {}),
            [bulk.titleField]: String(values[bulk.titleField] ?? "").trim() || "untitled",
          },
          context,
          options,
        )
      : zod(values, context, options);
  const form = useForm<FormValues, unknown, Values>({ resolver, defaultValues: initial });
  const { handleSubmit, formState, watch, reset } = form;
  /** The banner of a refused form, or null. */
  const [invalid, setInvalid] = useState<string | null>(null);
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
      if (form.formState.isDirty) writeDraft(draftKey, values);
    });
    return () => subscription.unsubscribe();
  }, [watch, draftKey, form]);

  const submit = handleSubmit(
    async (values) => {
      setInvalid(null);
      uploads.submitted(values);
      if (bulk) {
        // The title as typed: blank means each picture takes its file name.
        const typed = String(form.getValues(bulk.titleField) ?? "").trim();
        const title =
          typed || files.length > 0 ? typed : titleFromAddress(String(values[bulk.imageField]));
        await onSubmit({ ...values, [bulk.titleField]: title }, files);
      } else {
        await onSubmit(values, []);
      }
    },
    (errors) => setInvalid(refusalBanner(definition, errors, form.getValues())),
  );

  /** Pictures chosen: what was refused for want of a picture or title is no longer. */
  const choose = (chosen: File[]) => {
    setFiles(chosen);
    if (bulk && chosen.length > 0) {
      form.clearErrors([bulk.imageField, bulk.titleField]);
      setInvalid(null);
    }
  };

  return { form, submit, draft, invalid, bulk, fields, files, setFiles: choose, uploads };
}
