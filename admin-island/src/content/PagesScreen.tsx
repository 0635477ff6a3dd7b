// The Pages screen: the words of the site's pages, grouped under the page they appear
// on (with a link to it), each section opening the same generic screens as elsewhere.
// The open section is kept in the address's hash, as on Home Management.
import { ExternalLink, FileText, ListOrdered } from "lucide-react";
import { type PageSection, pageSections } from "../app/registry-definitions.ts";
import { SectionTile } from "../ui/SectionTile.tsx";
import { SectionScreen } from "./SectionScreen.tsx";
import { useHashSection } from "./useHashSection.ts";

/** The sections under each page, in the registry's order. */
function byPage(
  sections: PageSection[],
): { path: string; title: string; sections: PageSection[] }[] {
  const pages = new Map<string, { path: string; title: string; sections: PageSection[] }>();
  for (const section of sections) {
    const page = pages.get(section.page.path) ?? { ...section.page, sections: [] };
    page.sections.push(section);
    pages.set(section.page.path, page);
  }
  return [...pages.values()];
}

export function PagesScreen() {
  const { section, backToMenu } = useHashSection();
  if (section) {
    return (
      <SectionScreen
        section={pageSections.find((entry) => entry.id === section)}
        backLabel="Back to Pages"
        onBack={backToMenu}
      />
    );
  }
  return (
    <div className="flex flex-col gap-8">
      {byPage(pageSections).map((page) => (
        <section
          key={page.path}
          aria-labelledby={`page-${page.path}`}
          className="flex flex-col gap-4"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={`page-${page.path}`} className="font-display text-2xl font-bold text-ink">
              {page.title}
            </h2>
            <a
              href={page.path}
              target="_blank"
              rel="noopener"
              className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-800 underline underline-offset-2"
            >
              Open {page.path}
              <ExternalLink aria-hidden="true" className="size-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {page.sections.map(({ id, title, description, single }) => (
              <SectionTile
                key={id}
                id={id}
                icon={single ? FileText : ListOrdered}
                title={title}
                description={description}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
