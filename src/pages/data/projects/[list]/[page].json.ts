// The projects' later batches: /data/projects/<list>/<n>.json, list 0 for every project
// (its first batch is in /projects itself) and i + 1 for the i-th category (all of its
// batches, since the page holds only the first projects overall). The projects filter
// fetches them for 'Show more' and when a category is chosen.
import type { APIRoute, GetStaticPaths } from "astro";
import { countCategories, type ProjectItem } from "../../../../components/islands/ProjectsFilter";
import { BATCH, chunkResponse, pageCount, pageItems } from "../../../../lib/batches";
import { projectItem } from "../../../../lib/cards";
import { getProjects } from "../../../../lib/content/index";
import type { RowOf } from "../../../../lib/schema/tables";

/** Every list the filter shows: all projects, then each category in the filter's order. */
async function projectLists(): Promise<RowOf<"projects">[][]> {
  const all = await getProjects();
  const categories = countCategories(all).map(({ name }) =>
    all.filter((project) => project.category_name === name),
  );
  return [all, ...categories];
}

export const getStaticPaths = (async () => {
  const lists = await projectLists();
  // When every project fits the page's first batch, the filter needs no file.
  if ((lists[0]?.length ?? 0) <= BATCH.projects) return [];
  return lists.flatMap((rows, list) => {
    const pages = pageCount(rows.length, BATCH.projects);
    const first = list === 0 ? 2 : 1;
    return Array.from({ length: Math.max(0, pages - first + 1) }, (_, i) => ({
      params: { list: String(list), page: String(first + i) },
      props: { list, page: first + i },
    }));
  });
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ list: number; page: number }> = async ({ props }) => {
  const rows = (await projectLists())[props.list] ?? [];
  const items: ProjectItem[] = await Promise.all(
    pageItems(rows, props.page, BATCH.projects).map(projectItem),
  );
  return chunkResponse(props.page, rows.length, items);
};
