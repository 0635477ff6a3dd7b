// One valid row per content table: the smallest row every constraint accepts.
// Tests start from these and change one thing at a time.
import { TABLES } from "../../src/lib/schema/tables.ts";

const image = "/images/seed/sample.jpg";
const statistics = [{ number: "150+", label: "Children Cared For" }];
const services = [{ icon: "Home", title: "Safe Housing", description: "A safe and loving home." }];

/** A programme page's words, with what that page adds. */
const programmeWords = <const E extends object>(page: string, extra: E) => ({
  seo_title: page,
  seo_description: `About ${page}.`,
  intro_eyebrow: "Our programmes",
  intro_title: page,
  donate_label: "Give",
  stats_title: "In numbers",
  about_eyebrow: null,
  services_eyebrow: "What we do",
  services_title: "Services",
  services_text: null,
  gallery_eyebrow: null,
  gallery_title: "Gallery",
  gallery_text: "Pictures.",
  cta_title: "Help",
  cta_text: "Give today.",
  ...extra,
});

const aidAbout = {
  about_title: "Close to home",
  about_text: "One.\n\nTwo.",
  highlights_title: "Your gift pays for",
  highlights: "Medicines\nFuel",
};

export const validRows = {
  organisation: {
    name: "Riverside Care Trust",
    short_name: "Riverside",
    tagline: "Care for all",
    description: "A home for children and elders.",
    street: "1 River Road",
    locality: "Green Valley",
    country: "Nepal",
    country_code: "NP",
    phones: [{ number: "+977 1 4000 100" }],
    emails: [{ address: "info@riverside.example" }],
    socials: [{ label: "Facebook", href: "https://www.facebook.com/riverside" }],
    founded_year: 2009,
  },
  history_page: {
    seo_title: "Our History",
    seo_description: "How we grew.",
    intro_eyebrow: "Our journey",
    intro_title: "Our History",
    intro_lead: "One step at a time.",
    timeline_title: "Milestones",
    cta_title: "Join us",
    cta_text: "Write the next chapter with us.",
  },
  about_page: {
    seo_title: "About Us",
    seo_description: "Who we are.",
    intro_eyebrow: "Who we are",
    intro_title: "About Us",
    intro_lead: "One open door.",
    story_title: "Our Story",
    story_text: "We began in 2009.",
    founded_note: "The year we opened",
    values_title: "Our Values",
    core_values: [{ icon: "Heart", title: "Compassion", description: "We listen first." }],
    links_title: "Learn more",
    history_text: "Our milestones.",
    team_text: "Our people.",
    mission_text: "Our goals.",
    cta_title: "Join us",
    cta_text: "Keep the doors open.",
  },
  mission_page: {
    seo_title: "Our Mission",
    seo_description: "Why we exist.",
    intro_eyebrow: "What drives us",
    intro_title: "Our Mission",
    intro_lead: "Why we exist.",
    values_title: "Our Core Values",
    core_values: [{ icon: "Heart", title: "Compassion", description: "We listen first." }],
    objectives_title: "Strategic Objectives",
    cta_title: "Join us",
    cta_text: "Turn our mission into action.",
  },
  mission_objectives: {
    icon: "GraduationCap",
    title: "Education",
    description: "School for every child.",
    sort_order: 0,
  },
  contact_page: {
    seo_title: "Contact Us",
    seo_description: "Write to us.",
    intro_eyebrow: "Hello",
    intro_title: "Contact Us",
    intro_lead: "We answer every message.",
    form_title: "Send Us a Message",
    map_title: "Find Us",
    departments_title: "Departments",
    emergency_title: "Emergency",
    emergency_text: "Call our line.",
    national_numbers: [{ label: "Police", number: "100" }],
  },
  departments: { name: "Volunteering", sort_order: 0 },
  donate_page: {
    seo_title: "Donate",
    seo_description: "Give to us.",
    intro_eyebrow: "Give",
    intro_title: "Donate",
    intro_lead: "Every gift helps.",
    methods_title: "Donation Methods",
    qr_title: "Scan to Give",
    bank_title: "Bank Transfer",
    none_title: "Details soon",
    none_text: "Call us to give.",
    areas_title: "Where Your Gift Goes",
    giving_areas: [
      { icon: "Home", title: "Children's Home", description: "Care.", href: "/children-home/" },
    ],
    ways_title: "Other Ways to Help",
    other_ways: [{ icon: "Users", title: "Volunteer", description: "Lend a hand." }],
  },
  projects_page: {
    seo_title: "Our Projects",
    seo_description: "What we build.",
    intro_eyebrow: "Our work",
    intro_title: "Our Projects",
    intro_lead: "Wells and homes.",
    empty_title: "No Projects Yet",
    empty_text: "Soon.",
    cta_title: "Help",
    cta_text: "Give.",
  },
  certifications_page: {
    seo_title: "Certifications",
    seo_description: "Our papers.",
    intro_eyebrow: "Accountable",
    intro_title: "Certifications",
    intro_lead: "Registered and audited.",
    empty_title: "None yet",
    empty_text: "Ask us for a copy.",
  },
  home_page: {
    seo_description: "A home for children and elders.",
    about_eyebrow: null,
    causes_eyebrow: "Give",
    causes_title: "Our Causes",
    causes_text: null,
    board_eyebrow: null,
    board_title: "Our People",
    board_text: "Who we are.",
    gallery_eyebrow: null,
    gallery_title: "Gallery",
    gallery_text: null,
  },
  children_page: programmeWords("Children's Home", { intro_lead: "A home for every child." }),
  oldage_page: programmeWords("Old Age Home", { intro_lead: "Company for elders." }),
  medical_page: programmeWords("Medical", {
    ...aidAbout,
    tips_eyebrow: null,
    tips_title: "Health Tips",
    tips_text: "Stay well.",
  }),
  relief_page: programmeWords("Relief", aidAbout),
  team_page: {
    seo_title: "Our Team",
    seo_description: "Who we are.",
    intro_eyebrow: "The people",
    intro_title: "Our Team",
    intro_lead: "A small team.",
    statistics,
    leaders_title: "Leadership Team",
    cta_title: "Join us",
    cta_text: "Stand with our team.",
  },
  milestones: {
    year: 2009,
    title: "An open door",
    description: "Two rooms for children who needed a home.",
    sort_order: 0,
  },
  logo_settings: {
    logo_url: image,
    logo_name: "HELPING HANDS FOUNDATION",
    tagline: "Making a Difference",
  },
  banners: {
    title: "Hope",
    subtitle: "Every child",
    image_url: image,
    position: "left",
    sort_order: 0,
  },
  about_content: {
    image_url: image,
    about_text: "We care for children and elders.",
    our_vision: "A world where no one is left alone.",
    our_mission: "Care, shelter and healing for all who need it.",
  },
  causes: {
    title: "Education",
    description: "School for every child.",
    image_url: image,
    sort_order: 0,
  },
  board_staff: { name: "Asha Rai", designation: "Chairperson", image_url: image, sort_order: 0 },
  gallery_images: { title: "Sports day", category: "events", image_url: image, sort_order: 0 },
  home_gallery: { image_url: image, sort_order: 0 },
  children_gallery: { image_url: image, sort_order: 0 },
  oldage_gallery: { image_url: image, sort_order: 0 },
  medical_gallery: { image_url: image, sort_order: 0 },
  relief_gallery: { image_url: image, sort_order: 0 },
  children_banners: { image_url: image, position: "center", sort_order: 0 },
  oldage_banners: {
    image_url: image,
    title: "Elders",
    subtitle: null,
    position: "right",
    sort_order: 0,
  },
  children_content: {
    about_image_url: image,
    about_title: "A Home Away From Home",
    about_description: "Children grow up safe here.",
    statistics,
    services,
  },
  oldage_content: {
    about_image_url: image,
    about_title: "Honoring Our Elders",
    about_description: "Elders live with dignity here.",
    statistics,
    services,
  },
  medical_content: {
    banner_image_url: image,
    title: "Medical Services",
    description: "Healthcare for all.",
    services,
    statistics,
    health_tips: [{ title: "Regular Exercise", description: "30 minutes a day.", icon: "🩺" }],
  },
  relief_content: {
    banner_image_url: image,
    title: "Relief Programs",
    description: "Help when disaster strikes.",
    services,
    statistics,
  },
  donate_content: {
    qr_codes: [{ title: "Mobile Payment", image_url: image }],
    bank_accounts: [
      { bank_name: "Sample Bank", account_name: "Helping Hands", account_number: "0001" },
    ],
  },
  projects: {
    title: "New classroom",
    description: "Two more classrooms.",
    category_name: "Education",
    project_status: "ongoing",
  },
  certifications: { certificate_name: "Registration", image_url: image, sort_order: 0 },
} as const satisfies Record<string, Record<string, unknown>>;

export type ContentTable = keyof typeof validRows;
export const CONTENT_TABLES = Object.keys(validRows) as ContentTable[];

/**
 * The tables of one record: the about section, the organisation and the pages' words.
 * They have no Active flag (visitors read them whole) and a unique index keeps them to
 * one row; the newer ones' migrations inserted their record already.
 */
export const SINGLE_RECORD: ReadonlySet<ContentTable> = new Set(
  (Object.keys(validRows) as ContentTable[]).filter((table) => !TABLES[table].read.activeOnly),
);

/** Tables whose rows visitors see only while active: all but the single records. */
export const hasActiveFlag = (table: ContentTable) => !SINGLE_RECORD.has(table);

export const validContactMessage = {
  name: "Mina",
  email: "mina@example.org",
  phone: null,
  subject: "Volunteering",
  message: "How can I help on weekends?",
  inquiry_type: "volunteer",
};
