import { describe, expect, it } from "vitest";
import type { Tables } from "../../../supabase/database.types.ts";
import {
  DEFAULT_ABOUT,
  DEFAULT_BANNERS,
  DEFAULT_CAUSES,
  DEFAULT_GALLERY_IMAGES,
  DEFAULT_PROGRAMME_BANNERS,
  DEFAULT_PROGRAMME_CONTENT,
  defaultGallery,
  defaultImageUrls,
  galleryTitle,
} from "../defaults.ts";
import {
  DEFAULT_ALT,
  galleryItems,
  newestOrDefault,
  orDefaults,
  pictureAlt,
  programmeBanners,
} from "./select.ts";

describe("defaults only when the table has no active rows", () => {
  it("keeps rows when there are any, even one", () => {
    const one: Tables<"banners">[] = [{ ...(DEFAULT_BANNERS[0] as Tables<"banners">), id: "real" }];
    expect(orDefaults(one, DEFAULT_BANNERS)).toBe(one);
    expect(newestOrDefault([{ ...DEFAULT_ABOUT, id: "real" }], DEFAULT_ABOUT).id).toBe("real");
  });

  it("falls back to copies of the defaults when empty", () => {
    const banners = orDefaults([], DEFAULT_BANNERS);
    expect(banners).toHaveLength(3);
    expect(banners).toEqual(DEFAULT_BANNERS);
    expect(banners[0]).not.toBe(DEFAULT_BANNERS[0]);
    expect(orDefaults([], DEFAULT_CAUSES)).toHaveLength(6);
    const about = newestOrDefault([], DEFAULT_ABOUT);
    expect(about).toMatchObject({
      years_of_service: 15,
      lives_impacted: 500,
      active_volunteers: 50,
    });
  });

  it("gives each programme page its default content", () => {
    expect(DEFAULT_PROGRAMME_CONTENT.medical.title).toBe("Medical Services");
    expect(DEFAULT_PROGRAMME_CONTENT.medical.description).toBe(
      "Providing accessible, quality healthcare services to ensure the wellbeing of our community members",
    );
    expect(DEFAULT_PROGRAMME_CONTENT.oldage.about_title).toBe("Honoring Our Elders");
    expect(DEFAULT_PROGRAMME_CONTENT.children.about_title).toBe("A Home Away From Home");
    expect(DEFAULT_PROGRAMME_CONTENT.relief.title).toBe("Relief Programs");
  });
});

describe("galleries", () => {
  it("titles rows by position: 'Home Gallery Image 1', ...", () => {
    const rows = [
      { id: "a", image_url: "/a.jpg" },
      { id: "b", image_url: "/b.jpg" },
    ];
    expect(galleryItems("home", rows, defaultGallery("home"))).toEqual([
      { id: "a", image_url: "/a.jpg", title: "Home Gallery Image 1", alt: "Home Gallery Image 1" },
      { id: "b", image_url: "/b.jpg", title: "Home Gallery Image 2", alt: "Home Gallery Image 2" },
    ]);
    expect(galleryTitle("children", 2)).toBe("Children Gallery Image 3");
  });

  it("shows the sample images when the gallery is empty", () => {
    const items = galleryItems("relief", [], defaultGallery("relief"));
    expect(items).toHaveLength(DEFAULT_GALLERY_IMAGES.relief.length);
    expect(items[0]).toEqual({
      id: "default-relief-gallery-1",
      image_url: "/images/seed/relief-gallery-1.jpg",
      title: "Relief Gallery Image 1",
      alt: "Relief Gallery Image 1",
    });
  });
});

describe("pictureAlt: how a picture is described to visitors who cannot see it", () => {
  it("is empty for a decorative picture, whatever its text", () => {
    expect(pictureAlt({ image_alt: "A girl reading", image_decorative: true }, "Default")).toBe("");
    expect(pictureAlt({ image_alt: null, image_decorative: true }, "Default")).toBe("");
  });

  it("is the stored text, trimmed, when it shows something", () => {
    expect(pictureAlt({ image_alt: "A girl reading", image_decorative: false }, "Default")).toBe(
      "A girl reading",
    );
    expect(pictureAlt({ image_alt: "  A girl reading\n", image_decorative: false }, "x")).toBe(
      "A girl reading",
    );
  });

  it("is the default words when the stored text is missing, empty or blank", () => {
    for (const image_alt of [null, undefined, "", "   ", "\n\t", "\u200b\u00a0"]) {
      expect(pictureAlt({ image_alt, image_decorative: false }, "Default"), String(image_alt)).toBe(
        "Default",
      );
    }
    expect(pictureAlt({}, "Default")).toBe("Default");
    // A default may itself be empty, where the text around the picture says it all.
    expect(pictureAlt({ image_alt: null }, DEFAULT_ALT.homeBanner())).toBe("");
  });

  it("keeps the site's default words for each kind of picture", () => {
    expect(DEFAULT_ALT.homeBanner()).toBe("");
    expect(DEFAULT_ALT.logo()).toBe("");
    expect(DEFAULT_ALT.cause({ title: "Education for All" })).toBe("Education for All");
    expect(DEFAULT_ALT.boardMember({ name: "Asha Rao" })).toBe("Photo of Asha Rao");
    expect(DEFAULT_ALT.project({ title: "Clean Water" })).toBe("Clean Water");
    expect(DEFAULT_ALT.certificate({ certificate_name: "80G" }, "Helping Hands")).toBe(
      "80G of Helping Hands",
    );
    expect(DEFAULT_ALT.galleryPicture("oldage", 2)).toBe("Old Age Home Gallery Image 3");
    expect(DEFAULT_ALT.programmeBanner("Children's Home", { title: "Welcome" }, 0, 3)).toBe("");
    expect(DEFAULT_ALT.programmeBanner("Children's Home", { title: null }, 1, 3)).toBe(
      "Children's Home, photo 2 of 3",
    );
  });

  it("describes gallery rows by their stored text, or else by their title", () => {
    const rows = [
      { id: "a", image_url: "/a.jpg", image_alt: "Elders at the harvest festival" },
      { id: "b", image_url: "/b.jpg", image_alt: "  ", image_decorative: false },
      { id: "c", image_url: "/c.jpg", image_alt: "Bunting", image_decorative: true },
    ];
    expect(galleryItems("oldage", rows, []).map((item) => [item.title, item.alt])).toEqual([
      ["Old Age Home Gallery Image 1", "Elders at the harvest festival"],
      ["Old Age Home Gallery Image 2", "Old Age Home Gallery Image 2"],
      ["Old Age Home Gallery Image 3", ""],
    ]);
  });
});

describe("programme banners", () => {
  it("carries each slide's stored description", () => {
    const [slide] = programmeBanners(
      [
        {
          id: "y",
          image_url: "/y.jpg",
          position: "center",
          image_alt: "Residents in the garden",
          image_decorative: true,
        },
      ],
      [],
    );
    expect(slide).toMatchObject({ image_alt: "Residents in the garden", image_decorative: true });
    for (const banner of DEFAULT_PROGRAMME_BANNERS.children) {
      expect(banner).toMatchObject({ image_alt: null, image_decorative: false });
    }
  });

  it("maps rows, with null title and subtitle for children's banners", () => {
    expect(programmeBanners([{ id: "x", image_url: "/x.jpg", position: "left" }], [])).toEqual([
      {
        id: "x",
        image_url: "/x.jpg",
        title: null,
        subtitle: null,
        position: "left",
        image_alt: null,
        image_decorative: false,
      },
    ]);
  });

  it("falls back to the built-in slides when none is active", () => {
    expect(programmeBanners([], DEFAULT_PROGRAMME_BANNERS.oldage)).toHaveLength(3);
  });
});

describe("defaultImageUrls", () => {
  it("lists every picture the defaults use, once, all in public/images/seed", () => {
    const urls = defaultImageUrls();
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toContain("/images/seed/banner-1.jpg");
    expect(urls).toContain("/images/seed/medical-banner.jpg");
    for (const url of urls) expect(url).toMatch(/^\/images\/seed\/[a-z0-9-]+\.jpg$/);
  });
});
