// One valid row per content table: the smallest row every constraint accepts.
// Tests start from these and change one thing at a time.

const image = "/images/seed/sample.jpg";
const statistics = [{ number: "150+", label: "Children Cared For" }];
const services = [{ icon: "Home", title: "Safe Housing", description: "A safe and loving home." }];

export const validRows = {
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

/** Tables whose rows visitors see only while active; about_content has no flag. */
export const hasActiveFlag = (table: ContentTable) => table !== "about_content";

export const validContactMessage = {
  name: "Mina",
  email: "mina@example.org",
  phone: null,
  subject: "Volunteering",
  message: "How can I help on weekends?",
  inquiry_type: "volunteer",
};
