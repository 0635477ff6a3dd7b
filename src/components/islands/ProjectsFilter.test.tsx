// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import DefaultProjectsFilter, {
  countCategories,
  type ProjectItem,
  ProjectsFilter,
  projectStatusClasses,
  projectStatusLabel,
  projectStatusTone,
} from "./ProjectsFilter";
import { fakeImage } from "./testing";

const projects: ProjectItem[] = [
  {
    id: "1",
    title: "New dormitory",
    description: "Beds for 40.",
    category_name: "Housing",
    project_status: "ongoing",
    image: fakeImage("p1"),
  },
  {
    id: "2",
    title: "School van",
    description: "Daily rides.",
    category_name: "Education",
    project_status: "completed",
    image: null,
  },
  {
    id: "3",
    title: "Solar roof",
    description: "Free power.",
    category_name: "Housing",
    project_status: "planning",
    image: fakeImage("p3"),
  },
  {
    id: "4",
    title: "Library",
    description: "Books.",
    category_name: "Education",
    project_status: "paused",
    image: null,
  },
  {
    id: "5",
    title: "Clinic",
    description: "Check-ups.",
    category_name: "Healthcare",
    project_status: "completed",
    image: fakeImage("p5"),
  },
];

afterEach(cleanup);

const filter = (name: RegExp) => screen.getByRole("button", { name });
const titles = () => screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);

describe("project status helpers", () => {
  it("colours completed green, ongoing blue, planning yellow and anything else grey", () => {
    expect(projectStatusClasses("completed")).toContain("bg-green-100");
    expect(projectStatusClasses("ongoing")).toContain("bg-blue-100");
    expect(projectStatusClasses("planning")).toContain("bg-yellow-100");
    expect(projectStatusClasses("paused")).toContain("bg-gray-100");
    expect(projectStatusClasses("")).toContain("bg-gray-100");
    expect(projectStatusClasses(" Completed ")).toContain("bg-green-100");
    expect(projectStatusTone("ONGOING")).toBe("ongoing");
    expect(projectStatusTone("done")).toBe("other");
  });

  it("labels the status with its first letter capitalised", () => {
    expect(projectStatusLabel("ongoing")).toBe("Ongoing");
    expect(projectStatusLabel("completed")).toBe("Completed");
    expect(projectStatusLabel("planning")).toBe("Planning");
    expect(projectStatusLabel("on hold")).toBe("On hold");
    expect(projectStatusLabel("")).toBe("");
  });

  it("counts categories in order of first appearance", () => {
    expect(countCategories(projects)).toEqual([
      { name: "Housing", count: 2 },
      { name: "Education", count: 2 },
      { name: "Healthcare", count: 1 },
    ]);
    expect(countCategories([])).toEqual([]);
  });
});

describe("ProjectsFilter", () => {
  it("is the same component as the default export", () => {
    expect(DefaultProjectsFilter).toBe(ProjectsFilter);
  });

  it("server-renders every project with 'All Projects' pressed", () => {
    const html = renderToString(<ProjectsFilter projects={projects} />);
    const doc = new DOMParser().parseFromString(html, "text/html");
    expect(doc.querySelectorAll('[role="listitem"] article')).toHaveLength(5);
    expect(doc.querySelector("button[aria-pressed='true']")?.textContent).toBe("All Projects5");
  });

  it("offers 'All Projects' first, then each category with its count", () => {
    render(<ProjectsFilter projects={projects} />);
    const group = screen.getByRole("group", { name: "Filter projects by category" });
    expect(
      within(group)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["All Projects5", "Housing2", "Education2", "Healthcare1"]);
    expect(filter(/^All Projects/).getAttribute("aria-pressed")).toBe("true");
    expect(filter(/^Housing/).getAttribute("aria-pressed")).toBe("false");
    expect(titles()).toEqual(["New dormitory", "School van", "Solar roof", "Library", "Clinic"]);
  });

  it("filters by category, marks the active button, and goes back to all", async () => {
    const user = userEvent.setup();
    render(<ProjectsFilter projects={projects} />);
    await user.click(filter(/^Education/));
    expect(titles()).toEqual(["School van", "Library"]);
    expect(filter(/^Education/).getAttribute("aria-pressed")).toBe("true");
    expect(filter(/^All Projects/).getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByText("Showing 2 projects in Education")).toBeTruthy();
    await user.click(filter(/^Healthcare/));
    expect(titles()).toEqual(["Clinic"]);
    expect(screen.getByText("Showing 1 project in Healthcare")).toBeTruthy();
    await user.click(filter(/^All Projects/));
    expect(titles()).toHaveLength(5);
    expect(screen.getByText("Showing 5 projects")).toBeTruthy();
  });

  it("shows a status badge, category, description and the image or a placeholder", () => {
    render(<ProjectsFilter projects={projects} />);
    const card = (title: string) =>
      screen.getByRole("heading", { name: title }).closest("article") as HTMLElement;
    const van = within(card("School van"));
    expect(van.getByText("Completed").className).toContain("bg-green-100");
    expect(van.getByText("Education")).toBeTruthy();
    expect(van.getByText("Daily rides.")).toBeTruthy();
    expect(van.queryByRole("img")).toBeNull();
    expect(within(card("New dormitory")).getByText("Ongoing").className).toContain("bg-blue-100");
    expect(within(card("New dormitory")).getByRole("img").getAttribute("src")).toBe(
      "/_astro/p1.jpg",
    );
    expect(within(card("Solar roof")).getByText("Planning").className).toContain("bg-yellow-100");
    expect(within(card("Library")).getByText("Paused").className).toContain("bg-gray-100");
  });

  it("shows 'No Projects Yet' when there are none", () => {
    render(<ProjectsFilter projects={[]} />);
    expect(screen.getByRole("heading", { name: "No Projects Yet" })).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
