// The one form every resource uses: its fields, its zod schema (the same rules the
// database enforces), its texts. Unsaved work survives a lost session: it is kept in
// sessionStorage as a draft and offered again when the same form opens.
import { FormProvider } from "react-hook-form";
import { FieldInput } from "../fields/Fields.tsx";
import { type FormFailure, FormFailureAlert } from "../ui/FormFailure.tsx";
import { button } from "../ui/styles.ts";
import { UploadSessionContext } from "../uploads/upload-session.ts";
import { BulkFiles } from "./BulkFiles.tsx";
import { type ResourceFormOptions, useResourceForm } from "./useResourceForm.ts";

export interface ResourceFormProps extends ResourceFormOptions {
  onCancel?: () => void;
  /** A message from the last failed save, with an optional action (reload). */
  failure?: FormFailure | null;
}

export function ResourceForm({ onCancel, failure, ...options }: ResourceFormProps) {
  const { definition, mode } = options;
  const { form, submit, draft, invalid, bulk, fields, files, setFiles, uploads } =
    useResourceForm(options);
  const { texts } = definition;
  const { isSubmitting } = form.formState;

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
          {invalid ? <FormFailureAlert failure={{ message: invalid }} /> : null}
          {failure ? <FormFailureAlert failure={failure} /> : null}
          {bulk ? (
            <BulkFiles files={files} onChange={setFiles} addressField={bulk.imageField} />
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            {fields.map((field) => (
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
            <button type="submit" className={button.primary} disabled={isSubmitting}>
              {isSubmitting
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
