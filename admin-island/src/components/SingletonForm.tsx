// A table that holds one record (the home page's about section): one form that
// creates the record the first time and updates it after.
import { RotateCw } from "lucide-react";
import { useState } from "react";
import { ConflictError } from "../data/data-layer.ts";
import { signalSaved } from "../data/saves.ts";
import type { ResourceDefinition } from "../resources/types.ts";
import { useData } from "./DataContext.tsx";
import { rowToForm } from "./form-values.ts";
import { notifyError, notifySuccess } from "./notify.ts";
import { clearDraft, ResourceForm } from "./ResourceForm.tsx";
import { button } from "./ui.ts";
import { useRows } from "./useRows.ts";

type Failure = { message: string; action?: { label: string; run: () => void } } | null;

export function SingletonForm({ definition }: { definition: ResourceDefinition }) {
  const data = useData();
  const { texts } = definition;
  const { state, reload } = useRows(definition.table, definition.order, texts.loadError);
  const [failure, setFailure] = useState<Failure>(null);
  const [version, setVersion] = useState(0);
  const row = state.rows[0] ?? null;
  // Once the form has been shown it stays, through the reloads that follow saves.
  const [shown, setShown] = useState(false);
  if (!shown && state.status === "ready") setShown(true);
  const draftKey = `${definition.key}:single`;

  if (!shown && state.status === "loading") {
    return (
      <p role="status" className="py-10 text-center text-ink-muted">
        {texts.loading}
      </p>
    );
  }
  if (!shown && state.status === "error") {
    return (
      <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-6 text-center">
        <p className="font-medium text-red-900">{texts.loadError}</p>
        <button type="button" className={`${button.secondary} mt-4`} onClick={() => void reload()}>
          <RotateCw aria-hidden="true" className="size-4" />
          Retry
        </button>
      </div>
    );
  }

  const save = async (values: Record<string, unknown>) => {
    setFailure(null);
    try {
      if (row) await data.update(definition.table, row.id, values, row.updated_at);
      else await data.insert(definition.table, [values]);
      clearDraft(draftKey);
      notifySuccess(texts.updated);
      signalSaved();
      await reload();
      setVersion((v) => v + 1);
    } catch (error) {
      if (error instanceof ConflictError) {
        setFailure({
          message: error.message,
          action: {
            label: "Reload the saved content",
            run: () => {
              clearDraft(draftKey);
              setFailure(null);
              void reload().then(() => setVersion((v) => v + 1));
            },
          },
        });
        return;
      }
      setFailure({ message: texts.saveError });
      notifyError(texts.saveError, error);
    }
  };

  return (
    <section
      aria-labelledby={`${definition.key}-heading`}
      className="rounded-xl bg-white p-5 shadow-sm"
    >
      <h2
        id={`${definition.key}-heading`}
        className="mb-5 font-display text-2xl font-bold text-ink"
      >
        {texts.heading}
      </h2>
      <ResourceForm
        key={`${row?.id ?? "new"}:${version}`}
        definition={definition}
        mode={row ? "edit" : "create"}
        initial={rowToForm(definition, row)}
        draftKey={draftKey}
        failure={failure}
        onSubmit={save}
      />
    </section>
  );
}
