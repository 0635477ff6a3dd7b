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
import { galleryItems, newestOrDefault, orDefaults, programmeBanners } from "./select.ts";

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

  it("gives programme content defaults as the spec describes", () => {
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
      { id: "a", image_url: "/a.jpg", title: "Home Gallery Image 1" },
      { id: "b", image_url: "/b.jpg", title: "Home Gallery Image 2" },
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
    });
  });
});

describe("programme banners", () => {
  it("maps rows, with null title and subtitle for children's banners", () => {
    expect(programmeBanners([{ id: "x", image_url: "/x.jpg", position: "left" }], [])).toEqual([
      { id: "x", image_url: "/x.jpg", title: null, subtitle: null, position: "left" },
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
