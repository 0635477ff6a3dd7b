// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { Picture } from "./Picture";
import { fakeImage } from "./testing";

afterEach(cleanup);

describe("Picture", () => {
  it("renders one source per format, then the sized fallback img", () => {
    const image = fakeImage("hero", "Children in class");
    const { container } = render(<Picture image={image} className="h-full" />);
    const sources = container.querySelectorAll("picture > source");
    expect([...sources].map((s) => s.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    expect(sources[0]?.getAttribute("srcset")).toBe(image.sources[0]?.srcset);
    expect(sources[0]?.getAttribute("sizes")).toBe(image.sizes);
    const img = container.querySelector("picture > img");
    expect(img?.getAttribute("src")).toBe(image.src);
    expect(img?.getAttribute("srcset")).toBe(image.srcset);
    expect(img?.getAttribute("sizes")).toBe(image.sizes);
    expect(img?.getAttribute("width")).toBe("800");
    expect(img?.getAttribute("height")).toBe("600");
    expect(img?.getAttribute("alt")).toBe("Children in class");
    expect(img?.getAttribute("decoding")).toBe("async");
    expect(img?.getAttribute("loading")).toBe("lazy");
    expect(img?.getAttribute("class")).toBe("h-full");
  });

  it("marks the largest paint eager and high priority, and takes sizes and alt overrides", () => {
    const html = renderToString(
      <Picture image={fakeImage("a")} loading="eager" fetchPriority="high" sizes="100vw" alt="" />,
    );
    expect(html).toContain('loading="eager"');
    expect(html).toMatch(/fetchPriority="high"/i);
    expect(html).toContain('alt=""');
    expect(html.match(/sizes="100vw"/g)).toHaveLength(3);
    // Inside <picture>, React must not hoist a preload for the fallback file.
    expect(html).not.toContain("preload");
  });
});
