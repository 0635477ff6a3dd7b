// @vitest-environment jsdom
// The islands' long lists: the first batch in the props, the rest fetched from the batch
// files (src/pages/data/) for 'Show more', a chosen category, the viewer's steps and the
// carousel's Next. fetch is a stand-in serving the files.
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CardCarousel, type StaffCard } from "./CardCarousel";
import { type GalleryImage, GalleryViewer } from "./GalleryViewer";
import { type ProjectItem, ProjectsFilter } from "./ProjectsFilter";
import {
  fakeImage,
  installDialogModel,
  installLayout,
  installMatchMedia,
  installObservers,
} from "./testing";

let asked: string[] = [];
/** Serves `files` (path to its items) as batch files; anything else is a 404. */
function serve(files: Record<string, unknown[]>) {
  asked = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      asked.push(url);
      const items = files[url];
      return items
        ? Response.json({ page: 0, total: 0, items })
        : new Response("", { status: 404 });
    }),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const picture = (n: number): GalleryImage => ({
  id: `g${n}`,
  title: `Home Gallery Image ${n}`,
  alt: `Picture ${n}`,
  thumb: fakeImage(`thumb-${n}`, ""),
  full: fakeImage(`full-${n}`, ""),
});
const pictures = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => picture(from + i));

describe("GalleryViewer with batches", () => {
  let removeDialogModel: () => void;
  beforeEach(() => {
    removeDialogModel = installDialogModel();
    serve({
      "/data/gallery/home/2.json": pictures(4, 6),
      "/data/gallery/home/3.json": [picture(7)],
    });
  });
  afterEach(() => {
    // Unmounted while the dialog model still stands: the viewer closes its dialog.
    cleanup();
    removeDialogModel();
  });

  const gallery = () => (
    <GalleryViewer images={pictures(1, 3)} total={7} batch={3} moreUrl="/data/gallery/home/" />
  );
  const cards = () => screen.getAllByRole("button", { name: /^View Home Gallery Image/ });

  it("shows the first batch, then the next on 'Show more', focusing the first new picture", async () => {
    const user = userEvent.setup();
    render(gallery());
    expect(cards()).toHaveLength(3);
    expect(screen.getByText("3 of 7 pictures shown")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Show more pictures" }));
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(document.activeElement).toBe(
      screen.getByRole("button", { name: "View Home Gallery Image 4" }),
    );
    expect(screen.getByText("Showing 6 of 7 pictures.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Show more pictures" }));
    await waitFor(() => expect(cards()).toHaveLength(7));
    expect(screen.queryByRole("button", { name: "Show more pictures" })).toBeNull();
    expect(asked).toEqual(["/data/gallery/home/2.json", "/data/gallery/home/3.json"]);
  });

  it("steps to pictures not yet in the grid, loading their batch", async () => {
    const user = userEvent.setup();
    render(gallery());
    await user.click(cards()[0] as HTMLElement);
    const dialog = screen.getByRole("dialog", { name: "Image viewer" });
    await user.click(within(dialog).getByRole("button", { name: "Previous image" }));
    expect(within(dialog).getByText("7 / 7")).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).getByRole("img").getAttribute("src")).toBe("/_astro/full-7.jpg"),
    );
    expect(within(dialog).getByRole("img").getAttribute("alt")).toBe("Picture 7");
    expect(dialog.querySelector("figcaption")?.textContent).toBe("Home Gallery Image 7");
    // The grid still shows its first batch only.
    expect(cards()).toHaveLength(3);
  });

  it("says so when a batch cannot be loaded, and keeps 'Show more' to try again", async () => {
    serve({});
    const user = userEvent.setup();
    render(gallery());
    await user.click(screen.getByRole("button", { name: "Show more pictures" }));
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(cards()).toHaveLength(3);
    expect(screen.getByRole("button", { name: "Show more pictures" })).toBeTruthy();
  });
});

const project = (n: number, category: string): ProjectItem => ({
  id: `p${n}`,
  title: `Project ${n}`,
  description: `What project ${n} did.`,
  category_name: category,
  project_status: "ongoing",
  image: n % 2 ? fakeImage(`p${n}`) : null,
});

describe("ProjectsFilter with batches", () => {
  // 5 projects: Water, Food, Water, Food, Water; 2 per batch.
  const all = [1, 2, 3, 4, 5].map((n) => project(n, n % 2 ? "Water" : "Food"));
  beforeEach(() => {
    serve({
      "/data/projects/0/2.json": all.slice(2, 4),
      "/data/projects/0/3.json": all.slice(4),
      "/data/projects/1/1.json": [all[0], all[2]] as ProjectItem[],
      "/data/projects/1/2.json": [all[4]] as ProjectItem[],
      "/data/projects/2/1.json": [all[1], all[3]] as ProjectItem[],
    });
  });
  const filter = () => (
    <ProjectsFilter
      projects={all.slice(0, 2)}
      total={5}
      categories={[
        { name: "Water", count: 3 },
        { name: "Food", count: 2 },
      ]}
      batch={2}
      moreUrl="/data/projects/"
    />
  );
  const titles = () => screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);

  it("counts every project and category, and shows more of all on 'Show more'", async () => {
    const user = userEvent.setup();
    render(filter());
    expect(screen.getByRole("button", { name: /^All Projects\s*5$/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: /^Water\s*3$/ })).toBeTruthy();
    expect(titles()).toEqual(["Project 1", "Project 2"]);
    await user.click(screen.getByRole("button", { name: "Show more projects" }));
    await waitFor(() => expect(titles()).toHaveLength(4));
    expect((document.activeElement as HTMLElement).textContent).toContain("Project 3");
    expect(screen.getByText("Showing 4 of 5 projects")).toBeTruthy();
  });

  it("shows a category's first projects at once, then its own batches", async () => {
    const user = userEvent.setup();
    render(filter());
    await user.click(screen.getByRole("button", { name: /^Water\s*3$/ }));
    // Project 1 is known already; its batch brings Project 3.
    await waitFor(() => expect(titles()).toEqual(["Project 1", "Project 3"]));
    expect(screen.getByText("Showing 2 of 3 projects in Water")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Show more projects" }));
    await waitFor(() => expect(titles()).toEqual(["Project 1", "Project 3", "Project 5"]));
    expect(screen.getByText("Showing 3 projects in Water")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show more projects" })).toBeNull();
    expect(asked).toEqual(["/data/projects/1/1.json", "/data/projects/1/2.json"]);
  });
});

describe("CardCarousel with batches", () => {
  let removeLayout: () => void;
  beforeEach(() => {
    installObservers();
    installMatchMedia({ width: 1280 });
    removeLayout = installLayout();
  });
  afterEach(() => removeLayout());

  const member = (n: number): StaffCard => ({
    id: `s${n}`,
    name: `Member ${n}`,
    designation: "Volunteer",
    image: fakeImage(`s${n}`),
  });
  const members = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => member(from + i));

  it("counts every card and brings the next batch as Next nears the end", async () => {
    serve({ "/data/board/2.json": members(5, 8), "/data/board/3.json": members(9, 10) });
    const user = userEvent.setup();
    render(
      <CardCarousel
        label="Board"
        variant="staff"
        items={members(1, 4)}
        total={10}
        batch={4}
        moreUrl="/data/board/"
      />,
    );
    const slides = () => screen.getAllByRole("group");
    expect(slides()).toHaveLength(4);
    expect(slides()[0]?.getAttribute("aria-label")).toBe("1 of 10");
    const next = screen.getByRole("button", { name: "Next staff member" }) as HTMLButtonElement;
    // Four in view, four loaded: Next still leads on, to the cards not loaded yet.
    expect(next.disabled).toBe(false);
    await user.click(next);
    await waitFor(() => expect(slides()).toHaveLength(8));
    for (let i = 0; i < 6 && !next.disabled; i++) await user.click(next);
    await waitFor(() => expect(slides()).toHaveLength(10));
    expect(asked).toEqual(["/data/board/2.json", "/data/board/3.json"]);
  });
});
