// One section of a menu screen (Home Management, Pages): a way back to the menu, then
// the section's generic screen: one form for a single record, or its list of cards.
import { ArrowLeft } from "lucide-react";
import type { HomeSection } from "../app/registry-definitions.ts";
import { button } from "../ui/styles.ts";
import { ResourceManager } from "./ResourceManager.tsx";
import { SingletonForm } from "./SingletonForm.tsx";

export function SectionScreen({
  section,
  backLabel,
  onBack,
}: {
  /** undefined: a section the address names but the menu does not have. */
  section: HomeSection | undefined;
  backLabel: string;
  onBack: () => void;
}) {
  return (
    <div className="flex flex-col gap-6">
      <button type="button" className={`${button.secondary} self-start`} onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {backLabel}
      </button>
      {section ? (
        section.single ? (
          <SingletonForm definition={section.resource} />
        ) : (
          <ResourceManager definition={section.resource} />
        )
      ) : (
        <p className="rounded-xl bg-white p-10 text-center text-xl font-semibold text-ink shadow-sm">
          Coming soon
        </p>
      )}
    </div>
  );
}
