// The fixed copy must keep the product's constants: the figures,
import { isEmail } from "../../../functions/_shared/email-rules.ts";
// years, counts and texts the pages promise.

import { describe, expect, it } from "vitest";
import {
  DEFAULT_ABOUT,
  DEFAULT_ABOUT_PAGE,
  DEFAULT_CERTIFICATIONS_PAGE,
  DEFAULT_DEPARTMENTS,
  DEFAULT_MISSION_PAGE,
  DEFAULT_OBJECTIVES,
  DEFAULT_PROGRAMME_PAGES,
  DEFAULT_PROJECTS_PAGE,
  DEFAULT_TEAM,
} from "../defaults";
import { iconNames } from "../icons";
import { footerLinks } from "../nav";
import { SAMPLE } from "../sample-content";
import { DEFAULT_SITE } from "../site";
import { lines, paragraphs } from "../text";
import { aboutStats } from "./about";
import { infoCards } from "./contact";
import { galleryEmpty, homeBoard } from "./home";
import { certificationsPdf } from "./listings";
import { defaultProgrammeStats } from "./programmes";
import { achievementsShown } from "./team";

describe("About Us's built-in words", () => {
  it("shows the home page's three figures, then the page's own fourth", () => {
    expect(aboutStats(DEFAULT_ABOUT, DEFAULT_ABOUT_PAGE)).toEqual([
      { number: "500+", label: "Lives Impacted" },
      { number: "50+", label: "Active Volunteers" },
      { number: "15+", label: "Years of Service" },
      { number: "24/7", label: "Support" },
    ]);
    // A fourth figure with its number or its label left blank is not shown.
    const blank = { ...DEFAULT_ABOUT_PAGE, extra_figure_label: null };
    expect(aboutStats(DEFAULT_ABOUT, blank)).toHaveLength(3);
  });

  it("tells the story from 2009 in three paragraphs and lists four values", () => {
    const story = paragraphs(DEFAULT_ABOUT_PAGE.story_text);
    expect(story).toHaveLength(3);
    expect(story[0]).toMatch(/^In 2009/);
    expect(DEFAULT_ABOUT_PAGE.core_values).toHaveLength(4);
  });
});

describe("history copy", () => {
  it("has the seven milestones, each complete", () => {
    const milestones = SAMPLE.milestones;
    expect(milestones.map((m) => m.year)).toEqual([2009, 2012, 2015, 2018, 2020, 2022, 2024]);
    for (const milestone of milestones) {
      for (const field of [
        milestone.title,
        milestone.description,
        milestone.location,
        milestone.impact,
      ]) {
        expect(field.trim()).not.toBe("");
      }
    }
  });
});

describe("Our Team's built-in people", () => {
  it("are six, each with contacts and at least the two achievements a card shows", () => {
    expect(DEFAULT_TEAM).toHaveLength(6);
    expect(achievementsShown).toBe(2);
    for (const member of DEFAULT_TEAM) {
      expect(member.designation).not.toBe("");
      expect(member.bio).toBeTruthy();
      expect(lines(member.specialties).length).toBeGreaterThan(0);
      expect(lines(member.achievements).length).toBeGreaterThanOrEqual(2);
      expect(isEmail(member.email ?? ""), String(member.email)).toBe(true);
      expect(member.phone).toMatch(/^\+[\d ]+$/);
      expect(member.social_url).toMatch(/^https:\/\//);
    }
    expect(new Set(DEFAULT_TEAM.map((member) => member.name)).size).toBe(6);
  });
});

describe("Our Mission's built-in words", () => {
  it("has six core values and four objectives with goals, each icon a known one", () => {
    const values = DEFAULT_MISSION_PAGE.core_values;
    expect(values).toHaveLength(6);
    expect(DEFAULT_OBJECTIVES).toHaveLength(4);
    for (const objective of DEFAULT_OBJECTIVES) expect(lines(objective.goals)).toHaveLength(3);
    for (const item of [...values, ...DEFAULT_OBJECTIVES]) expect(iconNames).toContain(item.icon);
  });
});

describe("contact's info cards", () => {
  it("are four, from the organisation's record; the office hours card only when it has hours", () => {
    expect(infoCards(DEFAULT_SITE).map((card) => card.title)).toEqual([
      "Visit Us",
      "Call Us",
      "Email Us",
      "Office Hours",
    ]);
    const hours = "Mon-Fri 8:00 AM-6:00 PM, Sat 9:00 AM-4:00 PM, Sunday emergency only";
    expect(DEFAULT_SITE.officeHours).toBe(hours);
    expect(infoCards(DEFAULT_SITE)[3]?.lines).toEqual([{ text: hours }]);
    expect(infoCards({ ...DEFAULT_SITE, officeHours: null }).map((card) => card.title)).toEqual([
      "Visit Us",
      "Call Us",
      "Email Us",
    ]);
    expect(DEFAULT_DEPARTMENTS).toHaveLength(6);
  });
});

describe("programme pages' built-in words", () => {
  it("labels each page's donate button with its own words", () => {
    const { children, oldage, medical, relief } = DEFAULT_PROGRAMME_PAGES;
    expect(children.donate_label).toBe("Sponsor a Child");
    expect(oldage.donate_label).toBe("Sponsor");
    expect(medical.donate_label).toBe("Donate for Medical");
    expect(relief.donate_label).toBe("Donate for Relief Fund");
  });

  it("gives medical and relief an about block of two paragraphs and four gifts", () => {
    for (const words of [DEFAULT_PROGRAMME_PAGES.medical, DEFAULT_PROGRAMME_PAGES.relief]) {
      expect(paragraphs(words.about_text)).toHaveLength(2);
      expect(lines(words.highlights)).toHaveLength(4);
    }
    expect(DEFAULT_PROGRAMME_PAGES.medical.tips_title).toBe("Health Tips");
  });

  it("keeps the default programme figures", () => {
    expect(defaultProgrammeStats.children.map((s) => s.number)).toEqual(["150+", "95%", "12"]);
    expect(defaultProgrammeStats.oldage.map((s) => s.number)).toEqual(["80+", "15"]);
    expect(defaultProgrammeStats.medical.map((s) => s.number)).toEqual(["5,000+", "12", "50+"]);
  });
});

describe("empty states and links", () => {
  it("uses the product's empty-state titles", () => {
    expect(homeBoard.emptyTitle).toBe("No Board Staff Members");
    expect(homeBoard.emptyText).toBe(
      "Board staff members will appear here once added through the admin panel.",
    );
    expect(galleryEmpty.title).toBe("No Gallery Images");
    expect(DEFAULT_PROJECTS_PAGE.empty_title).toBe("No Projects Yet");
    expect(DEFAULT_CERTIFICATIONS_PAGE.empty_title).toBe("No Certifications Available");
    expect(certificationsPdf.newTab).toBe("(opens PDF in a new tab)");
  });

  it("reaches every page the header does not list from the footer", () => {
    const hrefs = footerLinks.map((link) => link.href);
    for (const href of [
      "/about/",
      "/about/our-history/",
      "/about/our-team/",
      "/about/our-mission/",
      "/contact/",
      "/donate/",
    ]) {
      expect(hrefs).toContain(href);
    }
  });
});
