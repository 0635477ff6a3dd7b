// Renders a definition's fields inside a react-hook-form form.
import { Minus, Plus } from "lucide-react";
import { type ReactNode, useRef } from "react";
import { type FieldErrors, useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { type AltTextField, isAltTextField } from "../content/resources/common.ts";
import type { Field, ListField as ListFieldDef } from "../content/resources/types.ts";
import { DragHandle, SortableItem, SortableList } from "../ui/Sortable.tsx";
import { button, input } from "../ui/styles.ts";
import { AltTextPrompt, useAltTextPrompt } from "./AltTextPrompt.tsx";
import { describedBy, FieldShell, hintId } from "./FieldShell.tsx";
import { IconPicker } from "./IconPicker.tsx";
import { UploadField } from "./UploadField.tsx";

function errorAt(errors: FieldErrors, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  const message = (node as { message?: unknown } | undefined)?.message;
  if (typeof message === "string") return message;
  // An array's own error (e.g. too few items) sits under `root`.
  const root = (node as { root?: { message?: unknown } } | undefined)?.root?.message;
  return typeof root === "string" ? root : undefined;
}

function fieldId(path: string) {
  return `field-${path.replace(/\./g, "-")}`;
}

interface FieldInputProps {
  field: Field;
  path: string;
}

export function FieldInput({ field, path }: FieldInputProps) {
  if (isAltTextField(field)) return <AltTextInput field={field} path={path} />;
  return <PlainFieldInput field={field} path={path} />;
}

/** A picture's Alt text, with a gentle prompt when a new picture has none. */
function AltTextInput({ field, path }: { field: AltTextField; path: string }) {
  const text = useAltTextPrompt(field, path);
  return (
    <PlainFieldInput field={field} path={path} note={{ id: `${fieldId(path)}-prompt`, text }} />
  );
}

function PlainFieldInput({
  field,
  path,
  note,
}: FieldInputProps & {
  /** Advice under the control, never an error: announced, and describing it while shown. */
  note?: { id: string; text: string | null };
}) {
  const { register, formState } = useFormContext();
  const error = errorAt(formState.errors, path);
  const id = fieldId(path);
  const described = [describedBy(id, field.hint, error), note?.text ? note.id : null]
    .filter(Boolean)
    .join(" ");
  const aria = {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described || undefined,
    "aria-required": field.required ? true : undefined,
  };

  // The simple inputs share one shell: label, hint and error around the control.
  let control: ReactNode = null;
  switch (field.kind) {
    case "text":
      control = (
        <>
          <input
            id={id}
            type={field.inputType ?? "text"}
            className={input}
            placeholder={field.placeholder}
            {...aria}
            {...register(path)}
          />
          {note === undefined ? null : <AltTextPrompt id={note.id} text={note.text} />}
        </>
      );
      break;
    case "textarea":
      control = (
        <textarea
          id={id}
          rows={4}
          className={input}
          placeholder={field.placeholder}
          {...aria}
          {...register(path)}
        />
      );
      break;
    case "number":
      control = (
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={field.min}
          step={1}
          className={input}
          {...aria}
          {...register(path)}
        />
      );
      break;
    case "select":
      control = (
        <select id={id} className={input} {...aria} {...register(path)}>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
      break;
  }
  if (control) {
    return (
      <FieldShell
        id={id}
        label={field.label}
        required={field.required}
        hint={field.hint}
        error={error}
      >
        {control}
      </FieldShell>
    );
  }

  switch (field.kind) {
    case "checkbox":
      return (
        <div className="self-end py-2">
          <div className="flex items-center gap-3">
            <input
              id={id}
              type="checkbox"
              className="size-5 shrink-0 accent-brand-700"
              aria-describedby={field.hint ? hintId(id) : undefined}
              {...register(path)}
            />
            <label htmlFor={id} className="text-sm font-semibold text-ink">
              {field.label}
            </label>
          </div>
          {field.hint ? (
            <p id={hintId(id)} className="mt-1 pl-8 text-sm text-ink-muted">
              {field.hint}
            </p>
          ) : null}
        </div>
      );
    case "image":
    case "document":
      return <UploadField field={field} name={path} error={error} />;
    case "list":
      return <ListFieldInput field={field} path={path} error={error} />;
    case "icon":
      return <IconPicker field={field} path={path} id={id} error={error} />;
    default:
      return null;
  }
}

/** The item keys that name a list's item, in the order they are tried. */
const ITEM_NAME_KEYS = ["title", "label", "name", "bank_name", "account_name"];

/** A repeating list: add freely, remove only while more than one remains, move by the handles. */
function ListFieldInput({
  field,
  path,
  error,
}: {
  field: ListFieldDef;
  path: string;
  error?: string;
}) {
  const { control } = useFormContext();
  const { fields, append, remove, move } = useFieldArray({ control, name: path });
  const values = (useWatch({ control, name: path }) ?? []) as Record<string, unknown>[];
  // Each item by its own words (a service's title), else its place: 'Service 2'.
  const nameKey = ITEM_NAME_KEYS.find((key) => field.fields.some((sub) => sub.name === key));
  const nameAt = (index: number) => {
    const own = nameKey ? values[index]?.[nameKey] : undefined;
    return typeof own === "string" && own.trim() ? own.trim() : `${field.itemLabel} ${index + 1}`;
  };
  const names = new Map(fields.map((item, index) => [item.id, nameAt(index)]));
  const removeButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const addButton = useRef<HTMLButtonElement>(null);
  // After a removal, focus stays where the person was: on the item that took its place,
  // else (the last one went) on the Add button.
  const removeAt = (index: number) => {
    remove(index);
    requestAnimationFrame(() => {
      const next = removeButtons.current[index];
      if (next?.isConnected && !next.disabled) next.focus();
      else addButton.current?.focus();
    });
  };
  return (
    <fieldset className="min-w-0 rounded-lg border border-surface-sunken p-4">
      <legend className="px-1 text-base font-semibold text-ink">{field.label}</legend>
      {error ? <p className="mb-2 text-sm font-medium text-red-800">{error}</p> : null}
      {/* The items' order is the form's: a move is saved with the form. */}
      <SortableList
        ids={fields.map((item) => item.id)}
        nameOf={(id) => names.get(id) ?? ""}
        unit={field.itemLabel.toLowerCase()}
        layout="vertical"
        onMove={move}
      >
        <ol className="flex flex-col gap-4">
          {fields.map((item, index) => (
            <SortableItem key={item.id} id={item.id} className="rounded-lg bg-surface-muted p-3">
              <div className="mb-2 flex items-center justify-between gap-3">
                <div className="flex items-center gap-2">
                  <DragHandle name={nameAt(index)} />
                  <h4 className="text-sm font-semibold text-ink-muted">
                    {field.itemLabel} {index + 1}
                  </h4>
                </div>
                <button
                  ref={(button) => {
                    removeButtons.current[index] = button;
                  }}
                  type="button"
                  className={button.smallDanger}
                  disabled={fields.length <= 1}
                  onClick={() => removeAt(index)}
                  aria-label={`Remove ${nameAt(index)}`}
                  title={
                    fields.length <= 1
                      ? `At least one ${field.itemLabel.toLowerCase()} is needed`
                      : undefined
                  }
                >
                  <Minus aria-hidden="true" className="size-4" />
                  Remove
                </button>
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                {field.fields.map((sub) => (
                  <div
                    key={sub.name}
                    className={
                      sub.wide || sub.kind === "textarea" || sub.kind === "icon"
                        ? "sm:col-span-2"
                        : undefined
                    }
                  >
                    <FieldInput field={sub} path={`${path}.${index}.${sub.name}`} />
                  </div>
                ))}
              </div>
            </SortableItem>
          ))}
        </ol>
      </SortableList>
      <button
        ref={addButton}
        type="button"
        className={`${button.small} mt-3`}
        onClick={() => append({ ...field.newItem })}
      >
        <Plus aria-hidden="true" className="size-4" />
        {field.addLabel}
      </button>
    </fieldset>
  );
}
