// A table that holds one record (the home page's about section): one form that
// creates the record the first time and updates it after.
import { useState } from "react";
import { LoadError, Loading } from "../ui/ListStates.tsx";
import { NoticeBar } from "../ui/NoticeBar.tsx";
import { rowToForm } from "./form-values.ts";
import { ResourceForm } from "./ResourceForm.tsx";
import type { ResourceDefinition } from "./resources/types.ts";
import { useSingleRecord } from "./useSingleRecord.ts";

export function SingletonForm({ definition }: { definition: ResourceDefinition }) {
  const { texts } = definition;
  const { state, reload, row, failure, version, draftKey, save } = useSingleRecord(definition);
  // Once the form has been shown it stays, through the reloads that follow saves.
  const [shown, setShown] = useState(false);
  if (!shown && state.status === "ready") setShown(true);

  if (!shown && state.status === "loading") return <Loading text={texts.loading} />;
  if (!shown && state.status === "error") {
    return <LoadError text={texts.loadError} onRetry={() => void reload()} />;
  }

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
      {definition.notice ? (
        <div className="mb-5">
          <NoticeBar notice={definition.notice} />
        </div>
      ) : null}
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
