// Every public route: its sections and fixed texts (from the seed and src/lib/copy),
// the shared header and footer, the active header link, the heading outline, no
// horizontal scrolling, and no axe (WCAG 2.2 AA) violation, at desktop and phone widths.

import { expect, type Page, test } from "@playwright/test";
import {
  expectActiveLink,
  expectHeadingOutline,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  expectSiteChrome,
  SITE_NAME,
} from "./support";

interface RouteCase {
  path: string;
  title: string;
  h1: string | RegExp;
  /** The header link shown as current, or null when the route has none. */
  active: string | null;
  check: (page: Page) => Promise<void>;
}

const main = (page: Page) => page.getByRole("main");

async function expectTexts(page: Page, texts: (string | RegExp)[]) {
  for (const text of texts) await expect(main(page)).toContainText(text);
}

async function expectHeadings(page: Page, names: string[]) {
  for (const name of names) {
    await expect(main(page).getByRole("heading", { name, exact: true }).first()).toBeAttached();
  }
}

async function expectDonateLink(page: Page, name: string) {
  const link = main(page).getByRole("link", { name, exact: true }).first();
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", "/donate/");
}

async function expectGallery(page: Page, prefix: string) {
  const thumbs = main(page).getByRole("button", { name: new RegExp(`^View ${prefix} \\d+$`) });
  await expect(thumbs).toHaveCount(6);
  await expect(thumbs.first()).toHaveAccessibleName(`View ${prefix} 1`);
}

const routes: RouteCase[] = [
  {
    path: "/",
    title: SITE_NAME,
    h1: SITE_NAME,
    active: "Home",
    async check(page) {
      const hero = page.locator('[aria-roledescription="carousel"][aria-label="Highlights"]');
      await expect(hero.locator('[aria-roledescription="slide"]')).toHaveCount(3);
      await expect(
        hero.getByRole("heading", { name: "Together, We Build Brighter Futures" }),
      ).toBeVisible();
      await expectHeadings(page, [
        "About Helping Hands Foundation",
        "Our Vision",
        "Our Mission",
        "Our Causes",
        "Our Board & Staff",
        "Gallery",
      ]);
      await expectTexts(page, [
        "15+",
        "Years of Service",
        "500+",
        "Lives Impacted",
        "50+",
        "Active Volunteers",
        "began in 2009",
        "A community where every child grows up safe and loved",
        "To provide shelter, education, healthcare and relief",
      ]);
      const causes = main(page).getByRole("region", { name: "Our Causes" }).last();
      await expect(causes.locator('[aria-roledescription="slide"]')).toHaveCount(6);
      for (const title of ["Education for Every Child", "Emergency Relief"]) {
        await expect(causes.getByRole("heading", { name: title })).toBeAttached();
        await expect(
          causes.getByRole("link", { name: new RegExp(`^Donate Now\\W+${title}$`) }),
        ).toHaveAttribute("href", "/donate/");
      }
      const staff = main(page).getByRole("region", { name: "Our Board & Staff" }).last();
      await expect(staff.locator('[aria-roledescription="slide"]')).toHaveCount(6);
      await expect(staff.getByRole("heading", { name: "Kamala Shrestha" })).toBeAttached();
      await expect(staff).toContainText("Chairperson");
      await expectGallery(page, "Home Gallery Image");
    },
  },
  {
    path: "/about/",
    title: `About Us | ${SITE_NAME}`,
    h1: "About Us",
    active: null,
    async check(page) {
      const stats = main(page).locator("dl").first();
      for (const [value, label] of [
        ["500+", "Lives Impacted"],
        ["50+", "Active Volunteers"],
        ["15+", "Years of Service"],
        ["24/7", "Support"],
      ] as const) {
        await expect(stats.getByText(value, { exact: true })).toBeVisible();
        await expect(stats.getByText(label, { exact: true })).toBeVisible();
      }
      await expectHeadings(page, [
        "Our Story",
        "Our Mission",
        "Our Vision",
        "Our Values",
        "Compassion",
        "Integrity",
        "Dignity",
        "Community",
      ]);
      await expectTexts(page, ["In 2009", "Since 2009"]);
      const aboutNav = page.getByRole("navigation", { name: "About us" });
      await expect(aboutNav.getByRole("link", { name: "About Us" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expectDonateLink(page, "Donate Now");
    },
  },
  {
    path: "/about/our-history/",
    title: `Our History | ${SITE_NAME}`,
    h1: "Our History",
    active: null,
    async check(page) {
      const milestones = main(page).getByRole("region", { name: "Milestones" }).locator("ol > li");
      await expect(milestones).toHaveCount(7);
      const years = ["2009", "2012", "2015", "2018", "2020", "2022", "2024"];
      for (const [i, year] of years.entries()) {
        const milestone = milestones.nth(i);
        await expect(milestone).toContainText(year);
        await expect(milestone.getByRole("heading", { level: 3 })).toHaveText(/\w+/);
        await expect(milestone).toContainText("Location:");
        await expect(milestone).toContainText("Impact:");
      }
      await expect(milestones.first()).toContainText("Riverside Road");
      await expectDonateLink(page, "Donate Now");
      await expectDonateLink(page, "Support Our Next Milestone");
    },
  },
  {
    path: "/about/our-team/",
    title: `Our Team | ${SITE_NAME}`,
    h1: "Our Team",
    active: null,
    async check(page) {
      const members = main(page)
        .getByRole("region", { name: "Leadership Team" })
        .locator(":scope > div > ul > li");
      await expect(members).toHaveCount(6);
      for (const member of await members.all()) {
        await expect(member.getByRole("heading", { level: 3 })).toHaveText(/\w+/);
        await expect(member.getByRole("heading", { name: "Specialties" })).toBeVisible();
        // Each card shows exactly the first two achievements.
        const achievements = member
          .getByRole("heading", { name: "Key Achievements" })
          .locator("xpath=following-sibling::ul[1]/li");
        await expect(achievements).toHaveCount(2);
        await expect(member.getByRole("link", { name: /^Email / })).toHaveAttribute(
          "href",
          /^mailto:/,
        );
        await expect(member.getByRole("link", { name: /^Call / })).toHaveAttribute(
          "href",
          /^tel:\+/,
        );
        const social = member.getByRole("link", { name: /opens in a new tab/ });
        await expect(social).toHaveAttribute("target", "_blank");
        await expect(social).toHaveAttribute("rel", /noopener/);
      }
      await expect(members.first()).toContainText("Kamala Shrestha");
      await expect(members.first()).toContainText("Founder & Chairperson");
      await expect(members.first()).toContainText("Founded the children's home in 2009");
      await expect(members.first()).not.toContainText("Trained more than 200 volunteers");
      await expectTexts(page, ["Leadership Members", "Active Volunteers"]);
      await expectDonateLink(page, "Donate Now");
      await expectDonateLink(page, "Support Our Team");
    },
  },
  {
    path: "/about/our-mission/",
    title: `Our Mission | ${SITE_NAME}`,
    h1: "Our Mission",
    active: null,
    async check(page) {
      await expectHeadings(page, ["Our Vision", "Our Core Values", "Strategic Objectives"]);
      const values = main(page)
        .getByRole("region", { name: "Our Core Values" })
        .getByRole("heading", { level: 3 });
      await expect(values).toHaveText([
        "Compassion",
        "Integrity",
        "Dignity",
        "Transparency",
        "Community",
        "Sustainability",
      ]);
      const objectives = main(page)
        .getByRole("region", { name: "Strategic Objectives" })
        .locator("ol > li");
      await expect(objectives).toHaveCount(4);
      for (const objective of await objectives.all()) {
        await expect(objective.getByRole("heading", { name: "Goals" })).toBeVisible();
        expect(await objective.locator("ul > li").count()).toBeGreaterThanOrEqual(2);
      }
      await expectDonateLink(page, "Donate Now");
      await expectDonateLink(page, "Support Our Goals");
    },
  },
  {
    path: "/children-home/",
    title: `Children's Home | ${SITE_NAME}`,
    h1: "Children's Home",
    active: "Children's Home",
    async check(page) {
      const hero = page.locator('[aria-roledescription="carousel"][aria-label="Highlights"]');
      await expect(hero.locator('[aria-roledescription="slide"]')).toHaveCount(3);
      await expectTexts(page, [
        "150+",
        "Children Cared For",
        "95%",
        "School Attendance",
        "12",
        "Dedicated Staff",
      ]);
      await expectHeadings(page, [
        "A Home Away From Home",
        "What Every Child Receives",
        "Safe Housing",
        "Education Support",
        "Healthcare",
        "Emotional Care",
        "Recreation and Play",
        "Mentorship",
        "Life at the Children's Home",
      ]);
      await expectGallery(page, "Children Gallery Image");
      await expectDonateLink(page, "Sponsor a Child");
    },
  },
  {
    path: "/oldage-home/",
    title: `Old Age Home | ${SITE_NAME}`,
    h1: "Old Age Home",
    active: "Old Age Home",
    async check(page) {
      const hero = page.locator('[aria-roledescription="carousel"][aria-label="Highlights"]');
      await expect(hero.locator('[aria-roledescription="slide"]')).toHaveCount(3);
      await expect(hero.getByRole("heading", { name: "Dignity in Every Season" })).toBeVisible();
      await expectTexts(page, ["80+", "Elderly Residents", "15", "Caring Staff"]);
      await expectHeadings(page, [
        "Honoring Our Elders",
        "How We Care for Our Residents",
        "24/7 Medical Care",
        "Companionship",
        "Life at the Old Age Home",
      ]);
      await expectGallery(page, "Old Age Home Gallery Image");
      await expectDonateLink(page, "Sponsor");
    },
  },
  {
    path: "/medical/",
    title: `Medical Services | ${SITE_NAME}`,
    h1: "Medical Services",
    active: "Medical",
    async check(page) {
      const heroImage = main(page).locator("section").first().locator("img").first();
      await expect(heroImage).toHaveAttribute("fetchpriority", "high");
      await expect(heroImage).toHaveAttribute("loading", "eager");
      await expectTexts(page, [
        "Providing accessible, quality healthcare services",
        "5,000+",
        "Patients Treated",
        "Medical Professionals",
        "50+",
        "Health Camps",
      ]);
      await expectHeadings(page, [
        "Healthcare Close to Home",
        "Our Medical Services",
        "General Healthcare",
        "Mobile Clinic",
        "Health Tips",
        "Regular Exercise",
        "Stay Hydrated",
        "Our Medical Work",
      ]);
      await expectTexts(page, ["30 minutes", "8 glasses"]);
      await expectGallery(page, "Medical Gallery Image");
      await expectDonateLink(page, "Donate for Medical");
    },
  },
  {
    path: "/relief/",
    title: `Relief Programs | ${SITE_NAME}`,
    h1: "Relief Programs",
    active: "Relief",
    async check(page) {
      await expectTexts(page, [
        "our relief team responds within hours",
        "24/7",
        "Response Ready",
        "1,200+",
      ]);
      await expectHeadings(page, [
        "When Disaster Strikes, We Are Already There",
        "How We Respond",
        "Food Distribution",
        "Rebuilding Support",
        "Relief in Action",
      ]);
      await expect(main(page).getByRole("heading", { name: "Health Tips" })).toHaveCount(0);
      await expectGallery(page, "Relief Gallery Image");
      await expectDonateLink(page, "Donate for Relief Fund");
    },
  },
  {
    path: "/projects/",
    title: `Our Projects | ${SITE_NAME}`,
    h1: "Our Projects",
    active: "Projects",
    async check(page) {
      await expect(main(page).getByRole("button", { name: /^All Projects/ })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(
        main(page).getByRole("heading", { level: 2, name: "Clean Water for Hill Villages" }),
      ).toBeVisible();
      await expect(main(page)).not.toContainText("Winter Blanket Drive");
    },
  },
  {
    path: "/contact/",
    title: `Contact Us | ${SITE_NAME}`,
    h1: "Contact Us",
    active: null,
    async check(page) {
      const cards = main(page).getByRole("region", { name: "How to reach us" });
      await expect(cards.getByRole("heading", { level: 3 })).toHaveText([
        "Visit Us",
        "Call Us",
        "Email Us",
        "Office Hours",
      ]);
      await expect(cards).toContainText("12 Riverside Road");
      await expect(cards.getByRole("link", { name: "+977 1 4000 100" })).toHaveAttribute(
        "href",
        "tel:+97714000100",
      );
      await expect(cards.getByRole("link", { name: "info@helpinghands.example" })).toHaveAttribute(
        "href",
        "mailto:info@helpinghands.example",
      );
      await expect(cards).toContainText(
        "Mon-Fri 8:00 AM-6:00 PM, Sat 9:00 AM-4:00 PM, Sunday emergency only",
      );
      const form = main(page).getByRole("region", { name: "Send Us a Message" });
      await expect(form.getByLabel(/Full Name/)).toBeVisible();
      await expect(form.getByLabel(/Email Address/)).toBeVisible();
      await expect(form.getByLabel(/Subject/)).toBeVisible();
      await expect(form.getByLabel(/Message/)).toBeVisible();
      await expect(main(page)).toContainText("Interactive map coming soon");
      const departments = main(page).getByRole("region", { name: "Department Contacts" });
      await expect(departments.getByRole("heading", { level: 3 })).toHaveCount(6);
      await expect(departments.getByRole("link", { name: /^Email Volunteering/ })).toHaveAttribute(
        "href",
        "mailto:volunteer@helpinghands.example",
      );
      const emergency = main(page).getByRole("region", { name: "Emergency Contact" });
      await expect(emergency.getByRole("link", { name: /24\/7 emergency line/ })).toHaveAttribute(
        "href",
        "tel:+9779800000199",
      );
    },
  },
  {
    path: "/donate/",
    title: `Donate | ${SITE_NAME}`,
    h1: "Donate",
    active: null,
    async check(page) {
      const methods = main(page).getByRole("region", { name: "Donation Methods" });
      const qr = methods.getByRole("region", { name: "Scan to Give" });
      await expect(qr.getByRole("heading", { name: "Mobile Payment" })).toBeVisible();
      await expect(qr.getByRole("img", { name: "QR code for Mobile Payment" })).toBeVisible();
      await expect(qr).toContainText("Sample QR code for illustration only");
      const bank = methods.getByRole("region", { name: "Bank Transfer" });
      for (const [label, value] of [
        ["Bank Name", "Sample Community Bank"],
        ["Account Name", "Helping Hands Foundation"],
        ["Account Number", "0000-0000-0000 (SAMPLE)"],
        ["Routing Number", "000000000 (SAMPLE)"],
        ["SWIFT Code", "SAMPLEXX"],
        ["Branch", "Green Valley Branch (sample)"],
      ] as const) {
        const term = bank.locator("dt", { hasText: label });
        await expect(term).toBeVisible();
        await expect(term.locator("xpath=following-sibling::dd[1]")).toHaveText(value);
      }
      await expectHeadings(page, ["Where Your Gift Goes", "Other Ways to Help"]);
    },
  },
  {
    path: "/certifications/",
    title: `Certifications | ${SITE_NAME}`,
    h1: "Certifications",
    active: "Certifications",
    async check(page) {
      const cards = main(page).getByRole("region", { name: "Certificates" }).locator("ul > li");
      await expect(cards).toHaveCount(4);
      await expect(cards.getByRole("heading", { level: 2 })).toHaveText([
        "Certificate of Registration",
        "Tax Exemption Certificate",
        "Certificate of Recognition",
        "Child Care Accreditation",
      ]);
      const pdf = cards.first().getByRole("link");
      await expect(pdf).toHaveAccessibleName(
        "View certificate for Certificate of Registration (opens PDF in a new tab)",
      );
      await expect(pdf).toHaveAttribute("href", "/images/seed/sample-certificate.pdf");
      await expect(pdf).toHaveAttribute("target", "_blank");
      await expect(pdf).toHaveAttribute("rel", /noopener/);
      // Certificates without a PDF are not links.
      await expect(cards.nth(1).getByRole("link")).toHaveCount(0);
      await expect(cards.first().getByRole("img")).toHaveAccessibleName(
        /Certificate of Registration/,
      );
    },
  },
];

for (const route of routes) {
  test(`${route.path} shows its sections, header and footer, and passes axe`, async ({
    page,
    isMobile,
  }) => {
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(route.title);
    await expectHeadingOutline(page, route.h1);
    await route.check(page);
    await expectSiteChrome(page);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await expectActiveLink(page, isMobile, route.active);
  });
}

test("the 404 page is served for unknown routes and passes axe", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expectHeadingOutline(page, "Page not found");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("link", { name: "Back to the home page" })).toHaveAttribute(
    "href",
    "/",
  );
  await expectSiteChrome(page);
  await expectNoAxeViolations(page);
});
