import { FolderOpen } from "lucide-react";
import { useState } from "react";
import type { ResolvedImage } from "../../lib/image-types";
import { Picture } from "./Picture";

export interface ProjectItem {
  id: string;
  title: string;
  description: string;
  category_name: string;
  project_status: string;
  image: ResolvedImage | null;
}

export interface ProjectsFilterProps {
  projects: ProjectItem[];
}

export const ALL_PROJECTS = "All Projects";
export const EMPTY_PROJECTS_TITLE = "No Projects Yet";

export type ProjectStatusTone = "completed" | "ongoing" | "planning" | "other";

export function projectStatusTone(status: string): ProjectStatusTone {
  const key = status.trim().toLowerCase();
  return key === "completed" || key === "ongoing" || key === "planning" ? key : "other";
}

// Spec: completed green, ongoing blue, planning yellow, anything else grey.
const STATUS_CLASSES: Record<ProjectStatusTone, string> = {
  completed: "bg-green-100 text-green-800 ring-green-600/20",
  ongoing: "bg-blue-100 text-blue-800 ring-blue-600/20",
  planning: "bg-yellow-100 text-yellow-800 ring-yellow-600/30",
  other: "bg-gray-100 text-gray-800 ring-gray-500/20",
};

/** Badge colour classes for a project status. */
export function projectStatusClasses(status: string): string {
  return STATUS_CLASSES[projectStatusTone(status)];
}

/** The status with its first letter capitalised: "ongoing" reads "Ongoing". */
export function projectStatusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export interface CategoryCount {
  name: string;
  count: number;
}

/** Categories in order of first appearance, each with its number of projects. */
export function countCategories(projects: Pick<ProjectItem, "category_name">[]): CategoryCount[] {
  const counts = new Map<string, number>();
  for (const { category_name } of projects) {
    counts.set(category_name, (counts.get(category_name) ?? 0) + 1);
  }
  return Array.from(counts, ([name, count]) => ({ name, count }));
}

function FilterButton({
  label,
  count,
  pressed,
  onClick,
}: {
  label: string;
  count: number;
  pressed: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`inline-flex min-h-11 items-center gap-2 rounded-pill border px-4 py-2 text-sm font-semibold transition-colors ${
        pressed
          ? "border-brand-700 bg-brand-700 text-white"
          : "border-surface-sunken bg-surface text-ink-muted hover:border-brand-200 hover:bg-brand-50 hover:text-brand-800"
      }`}
    >
      {label}
      <span
        className={`rounded-pill px-2 py-0.5 text-xs tabular-nums ${
          pressed ? "bg-white/20 text-white" : "bg-surface-sunken text-ink-muted"
        }`}
      >
        {count}
      </span>
    </button>
  );
}

function ProjectCard({ project }: { project: ProjectItem }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-card border border-surface-sunken bg-surface shadow-sm">
      <div className="relative aspect-[16/10] overflow-hidden bg-brand-50">
        {project.image ? (
          <Picture image={project.image} className="h-full w-full object-cover" />
        ) : (
          <div className="flex h-full w-full items-center justify-center text-brand-300">
            <FolderOpen aria-hidden="true" className="h-12 w-12" />
          </div>
        )}
        <span
          className={`absolute top-3 right-3 rounded-pill px-3 py-1 text-xs font-semibold ring-1 ring-inset ${projectStatusClasses(
            project.project_status,
          )}`}
        >
          {projectStatusLabel(project.project_status)}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
          {project.category_name}
        </p>
        <h2 className="font-display text-xl font-bold text-brand-900">{project.title}</h2>
        <p className="text-sm whitespace-pre-line text-ink-muted">{project.description}</p>
      </div>
    </article>
  );
}

export function ProjectsFilter({ projects }: ProjectsFilterProps) {
  // null is "All Projects", the default.
  const [category, setCategory] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);

  if (projects.length === 0) {
    return (
      <div className="rounded-card border border-dashed border-brand-200 bg-surface-muted px-6 py-12 text-center">
        <h2 className="font-display text-xl font-bold text-brand-900">{EMPTY_PROJECTS_TITLE}</h2>
      </div>
    );
  }

  const categories = countCategories(projects);
  const shown = category === null ? projects : projects.filter((p) => p.category_name === category);
  const choose = (next: string | null) => {
    setCategory(next);
    setChanged(true);
  };

  return (
    <div>
      <fieldset className="flex min-w-0 flex-wrap justify-center gap-2 sm:gap-3">
        <legend className="sr-only">Filter projects by category</legend>
        <FilterButton
          label={ALL_PROJECTS}
          count={projects.length}
          pressed={category === null}
          onClick={() => choose(null)}
        />
        {categories.map(({ name, count }) => (
          <FilterButton
            key={name}
            label={name}
            count={count}
            pressed={category === name}
            onClick={() => choose(name)}
          />
        ))}
      </fieldset>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {changed
          ? `Showing ${shown.length} ${shown.length === 1 ? "project" : "projects"}${
              category === null ? "" : ` in ${category}`
            }`
          : ""}
      </p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((project) => (
          <li key={project.id}>
            <ProjectCard project={project} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export default ProjectsFilter;
