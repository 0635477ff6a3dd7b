import { FolderOpen } from "lucide-react";
import { memo, useEffect, useRef, useState } from "react";
import { projectsLabels } from "../../lib/copy/listings";
import type { ResolvedImage } from "../../lib/image-types";
import { ChunkedList } from "./chunks";
import { Picture } from "./Picture";
import { ShowMoreControls, useFocusArrival } from "./ShowMore";

export interface ProjectItem {
  id: string;
  title: string;
  description: string;
  category_name: string;
  project_status: string;
  image: ResolvedImage | null;
}

export interface ProjectsFilterProps {
  /** The first projects, newest first (all of them in a short list). */
  projects: ProjectItem[];
  /** Projects in all, when the rest come in batches from `moreUrl`. */
  total?: number;
  /** Every category with its number of projects; counted from `projects` when absent. */
  categories?: CategoryCount[];
  /** Projects per batch; `projects` is the first batch of 'All Projects'. */
  batch?: number;
  /**
   * Where the batches are: `${moreUrl}${list}/${n}.json`, list 0 for all projects and
   * i + 1 for categories[i] (src/pages/data/projects/).
   */
  moreUrl?: string;
}

export const ALL_PROJECTS = projectsLabels.all;
export const EMPTY_PROJECTS_TITLE = "No Projects Yet";

export type ProjectStatusTone = "completed" | "ongoing" | "planning" | "other";

export function projectStatusTone(status: string): ProjectStatusTone {
  const key = status.trim().toLowerCase();
  return key === "completed" || key === "ongoing" || key === "planning" ? key : "other";
}

// Status colours: completed green, ongoing blue, planning yellow, anything else grey.
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

/** A status's name; one the site does not know reads capitalised: "on hold", "On hold". */
export function projectStatusLabel(status: string): string {
  if (Object.hasOwn(projectsLabels.status, status))
    return projectsLabels.status[status as keyof typeof projectsLabels.status];
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
          pressed ? "bg-white text-brand-800" : "bg-surface-sunken text-ink-muted"
        }`}
      >
        {count}
      </span>
    </button>
  );
}

/**
 * Cards per group of the grid: a multiple of every column count (1, 2, 3), so the
 * groups join without a gap.
 */
const GROUP = 36;

/**
 * One group of the grid's projects, `start` the index of its first: a grid of its own,
 * memoised on an array that never changes once full, and laid out only near the screen
 * (content-visibility). 'Show more' on a list of a thousand then lays out the last
 * group, not every card again. The groups are one list to assistive technology.
 */
const ProjectGroup = memo(function ProjectGroup({
  projects,
  start,
}: {
  projects: readonly ProjectItem[];
  start: number;
}) {
  return (
    <div className="grid gap-6 [contain-intrinsic-block-size:auto_100rem] [content-visibility:auto] sm:grid-cols-2 lg:grid-cols-3">
      {projects.map((project, offset) => (
        // biome-ignore lint/a11y/useSemanticElements: an item of the list the groups make together (a ul could not hold the groups)
        <div
          key={project.id}
          role="listitem"
          data-index={start + offset}
          // Focused when 'Show more' brings it, so reading goes on from there.
          tabIndex={-1}
          className="rounded-card outline-offset-4"
        >
          <ProjectCard project={project} />
        </div>
      ))}
    </div>
  );
});

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

export function ProjectsFilter({
  projects,
  total,
  categories: counted,
  batch,
  moreUrl,
}: ProjectsFilterProps) {
  // null is "All Projects", the default.
  const [category, setCategory] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  // How many of each list's projects are shown ('' is all projects).
  const [shownBy, setShownBy] = useState<Record<string, number>>({});
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [, setLoaded] = useState(0);
  const lists = useRef(new Map<string, ChunkedList<ProjectItem>>());
  // A list's loaded projects never change, so a full group of them is cut once.
  const groups = useRef(new Map<string, readonly ProjectItem[]>());
  const listRef = useRef<HTMLDivElement>(null);
  const focusNext = useFocusArrival(listRef);

  const size = Math.max(1, batch ?? projects.length);
  const categories = counted ?? countCategories(projects);
  const key = category ?? "";

  /** A list's projects; a category's starts with those the loaded ones already hold. */
  const listFor = (name: string | null): ChunkedList<ProjectItem> => {
    const existing = lists.current.get(name ?? "");
    if (existing) return existing;
    let list: ChunkedList<ProjectItem>;
    if (name === null) {
      list = new ChunkedList(projects, {
        total: total ?? projects.length,
        batch: size,
        url: moreUrl ? (page) => `${moreUrl}0/${page}.json` : null,
      });
    } else {
      const all = listFor(null);
      const at = categories.findIndex((entry) => entry.name === name);
      // A category's list is the full list filtered, so the loaded projects of that
      // category are the first ones of its list.
      const known = all
        .slice(0, all.loadedPrefix())
        .filter((project) => project.category_name === name);
      list = new ChunkedList(known, {
        total: categories[at]?.count ?? known.length,
        batch: size,
        url: moreUrl && at >= 0 ? (page) => `${moreUrl}${at + 1}/${page}.json` : null,
      });
    }
    lists.current.set(name ?? "", list);
    return list;
  };

  const list = listFor(category);
  const count = list.total;
  const shown = Math.min(count, shownBy[key] ?? (category === null ? projects.length : size));
  const visible = list.slice(0, shown);

  /** `visible` in groups, each full group the same array on every render. */
  const groupsOf = (items: readonly ProjectItem[]) => {
    const out: { start: number; projects: readonly ProjectItem[] }[] = [];
    for (let start = 0; start < items.length; start += GROUP) {
      const end = Math.min(items.length, start + GROUP);
      const id = `${key}:${start}:${end}`;
      let group = groups.current.get(id);
      if (!group) {
        group = items.slice(start, end);
        if (end - start === GROUP) groups.current.set(id, group);
      }
      out.push({ start, projects: group });
    }
    return out;
  };

  // A list opened for the first time may need its first batch.
  useEffect(() => {
    if (list.loadedPrefix() >= shown) return;
    let live = true;
    setLoading(true);
    setFailed(false);
    list.load(0, shown).then(
      () => {
        if (!live) return;
        setLoading(false);
        setLoaded((n) => n + 1);
      },
      () => {
        if (!live) return;
        setLoading(false);
        setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [list, shown]);

  if (projects.length === 0) {
    return (
      <div className="rounded-card border border-dashed border-brand-200 bg-surface-muted px-6 py-12 text-center">
        <h2 className="font-display text-xl font-bold text-brand-900">{EMPTY_PROJECTS_TITLE}</h2>
      </div>
    );
  }

  const choose = (next: string | null) => {
    setCategory(next);
    setChanged(true);
    setFailed(false);
  };

  const showMore = async () => {
    if (loading) return;
    const next = Math.min(count, shown + size);
    setLoading(true);
    setFailed(false);
    try {
      await list.load(shown, next);
    } catch {
      setLoading(false);
      setFailed(true);
      return;
    }
    focusNext.current = shown;
    setShownBy((current) => ({ ...current, [key]: next }));
    setLoading(false);
    setChanged(true);
  };

  const noun = (n: number) => (n === 1 ? "project" : "projects");
  const where = category === null ? "" : ` in ${category}`;
  // Said once the projects a choice or 'Show more' asked for are on the page.
  const announcement =
    !changed || visible.length < shown
      ? ""
      : shown < count
        ? `Showing ${shown} of ${count} ${noun(count)}${where}`
        : `Showing ${count} ${noun(count)}${where}`;

  return (
    <div>
      <fieldset className="flex min-w-0 flex-wrap justify-center gap-2 sm:gap-3">
        <legend className="sr-only">{projectsLabels.filter}</legend>
        <FilterButton
          label={ALL_PROJECTS}
          count={total ?? projects.length}
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
        {announcement}
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: its children are the grid's groups, which a ul could not hold; their items make one list */}
      <div
        ref={listRef}
        role="list"
        className="mt-8 flex flex-col gap-6"
        aria-busy={loading || undefined}
      >
        {groupsOf(visible).map(({ start, projects: group }) => (
          <ProjectGroup key={start} start={start} projects={group} />
        ))}
      </div>
      {shown < count || failed ? (
        <div className="mt-10 flex flex-col items-center gap-2">
          <ShowMoreControls
            more={shown < count}
            loading={loading}
            failed={failed}
            what="projects"
            count={`${visible.length} of ${count} ${noun(count)}${where} shown`}
            onMore={() => void showMore()}
          />
        </div>
      ) : null}
    </div>
  );
}

export default ProjectsFilter;
