// The projects' later batches: /data/projects/<list>/<n>.json, list 0 for every project
// (its first batch is in /projects itself) and i + 1 for the i-th category (all of its
// batches, since the page holds only the first projects overall). The projects filter
// fetches them for 'Show more' and when a category is chosen.
import type { APIRoute, GetStaticPaths } from "astro";
import { countCategories, type ProjectItem } from "../../../../components/islands/ProjectsFilter";
import { BATCH, type Batch, batchesFrom, chunkResponse } from "../../../../lib/batches";
import { projectItem } from "../../../../lib/cards";
import { getProjects } from "../../../../lib/content/index";
import type { RowOf } from "../../../../lib/schema/tables";

export const getStaticPaths = (async () => {
  const all = await getProjects();
  // When every project fits the page's first batch, the filter needs no file.
  if (all.length <= BATCH.projects) return [];
  // Every list the filter shows: all projects, then each category in the filter's order.
  const lists = [
    all,
    ...countCategories(all).map(({ name }) =>
      all.filter((project) => project.category_name === name),
    ),
  ];
  return lists.flatMap((rows, list) =>
    batchesFrom(rows, BATCH.projects, list === 0 ? 2 : 1).map((batch) => ({
      params: { list: String(list), page: String(batch.page) },
      props: batch,
    })),
  );
}) satisfies GetStaticPaths;

export const GET: APIRoute<Batch<RowOf<"projects">>> = async ({ props }) => {
  const items: ProjectItem[] = await Promise.all(props.items.map(projectItem));
  return chunkResponse(props.page, props.total, items);
};
