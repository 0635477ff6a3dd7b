// Built-in content the public site shows when a table has NO active rows (spec 4).
// Never used because a request failed: a failed read fails the build instead.
// The texts are the product's default content (the same words as supabase/seed.sql);
// the images are the sample pictures in public/images/seed/.

import type { Tables } from "../../supabase/database.types.ts";

/** Timestamp given to built-in rows: they are older than anything an admin adds. */
const BUILT_IN_AT = "2009-01-01T00:00:00.000Z";

const stamps = { created_at: BUILT_IN_AT, updated_at: BUILT_IN_AT } as const;

export type GalleryArea = "home" | "children" | "oldage" | "medical" | "relief";
export type ProgrammeBannerArea = "children" | "oldage";
export type ProgrammeArea = "children" | "oldage" | "medical" | "relief";

export interface GalleryItem {
  id: string;
  image_url: string;
  title: string;
}

export interface ProgrammeBanner {
  id: string;
  image_url: string;
  title: string | null;
  subtitle: string | null;
  position: string;
}

/** How a gallery's images are titled: 'Home Gallery Image 1', ... (spec 4). */
export const GALLERY_TITLE_PREFIX: Record<GalleryArea, string> = {
  home: "Home Gallery Image",
  children: "Children Gallery Image",
  oldage: "Old Age Home Gallery Image",
  medical: "Medical Gallery Image",
  relief: "Relief Gallery Image",
};

export function galleryTitle(area: GalleryArea, index: number): string {
  return `${GALLERY_TITLE_PREFIX[area]} ${index + 1}`;
}

export const DEFAULT_BANNERS: Tables<"banners">[] = [
  {
    id: "default-banner-1",
    title: "Together, We Build Brighter Futures",
    subtitle: "A safe home, schooling and loving care for children and elders in need.",
    image_url: "/images/seed/banner-1.jpg",
    position: "left",
    is_active: true,
    sort_order: 0,
    ...stamps,
  },
  {
    id: "default-banner-2",
    title: "Be Part of Our Family",
    subtitle:
      "Join the volunteers and supporters who make every day a little brighter for the people we serve.",
    image_url: "/images/seed/banner-2.jpg",
    position: "center",
    is_active: true,
    sort_order: 1,
    ...stamps,
  },
  {
    id: "default-banner-3",
    title: "Education Opens Every Door",
    subtitle: "Your support keeps 150+ children in school, with books, uniforms and mentors.",
    image_url: "/images/seed/banner-3.jpg",
    position: "right",
    is_active: true,
    sort_order: 2,
    ...stamps,
  },
];

export const DEFAULT_ABOUT: Tables<"about_content"> = {
  id: "default-about",
  image_url: "/images/seed/about.jpg",
  years_of_service: 15,
  about_title: "About Helping Hands Foundation",
  about_text:
    "Helping Hands Foundation began in 2009 when a small group of neighbours opened their doors to children who had nowhere safe to sleep. " +
    "Today we run a children's home, an old-age home, free medical camps and emergency relief for families in crisis. " +
    "Everything we do rests on the same simple idea: every person deserves safety, dignity and someone who cares. " +
    "Our work is carried by dedicated staff, local volunteers and donors who give what they can, month after month.",
  lives_impacted: 500,
  active_volunteers: 50,
  our_vision:
    "A community where every child grows up safe and loved, every elder lives with dignity, and no family faces hardship alone.",
  our_mission:
    "To provide shelter, education, healthcare and relief to the most vulnerable people in our community, with compassion, transparency and respect.",
  ...stamps,
};

function cause(
  n: number,
  title: string,
  description: string,
  image: string,
  icon: string,
  category: string,
): Tables<"causes"> {
  const url = `/images/seed/${image}`;
  return {
    id: `default-cause-${n + 1}`,
    title,
    description,
    image: url,
    image_url: url,
    icon,
    category,
    is_active: true,
    sort_order: n,
    ...stamps,
  };
}

export const DEFAULT_CAUSES: Tables<"causes">[] = [
  cause(
    0,
    "Education for Every Child",
    "School fees, books, uniforms and daily tutoring so the children in our care can learn, grow and dream big.",
    "cause-education.jpg",
    "GraduationCap",
    "Education",
  ),
  cause(
    1,
    "Care for Our Elders",
    "A warm home, nutritious meals, medical attention and companionship for elderly people who have no one else.",
    "cause-elder-care.jpg",
    "Heart",
    "Elder Care",
  ),
  cause(
    2,
    "Healthcare for All",
    "Free health camps, check-ups and medicines for families who cannot afford a visit to the doctor.",
    "cause-healthcare.jpg",
    "Stethoscope",
    "Healthcare",
  ),
  cause(
    3,
    "Safe Homes",
    "Building and repairing safe, dry homes for families who lost theirs to floods, landslides or poverty.",
    "cause-housing.jpg",
    "Home",
    "Housing",
  ),
  cause(
    4,
    "Nutritious Meals",
    "Hot, balanced meals every day for children, elders and families facing hunger in our community.",
    "cause-nutrition.jpg",
    "Utensils",
    "Nutrition",
  ),
  cause(
    5,
    "Emergency Relief",
    "Food, water, shelter and medical supplies delivered quickly when disaster strikes.",
    "cause-relief.jpg",
    "HandHeart",
    "Relief",
  ),
];

/** The sample pictures a gallery shows while it has no active rows. */
export const DEFAULT_GALLERY_IMAGES: Record<GalleryArea, readonly string[]> = {
  home: [1, 2, 3, 4, 5, 6].map((n) => `/images/seed/home-gallery-${n}.jpg`),
  children: [1, 2, 3, 4, 5, 6].map((n) => `/images/seed/children-gallery-${n}.jpg`),
  oldage: [1, 2, 3, 4, 5, 6].map((n) => `/images/seed/oldage-gallery-${n}.jpg`),
  medical: [1, 2, 3, 4, 5, 6].map((n) => `/images/seed/medical-gallery-${n}.jpg`),
  relief: [1, 2, 3, 4, 5, 6].map((n) => `/images/seed/relief-gallery-${n}.jpg`),
};

export function defaultGallery(area: GalleryArea): GalleryItem[] {
  return DEFAULT_GALLERY_IMAGES[area].map((image_url, index) => ({
    id: `default-${area}-gallery-${index + 1}`,
    image_url,
    title: galleryTitle(area, index),
  }));
}

export const DEFAULT_PROGRAMME_BANNERS: Record<ProgrammeBannerArea, ProgrammeBanner[]> = {
  children: [
    { position: "left", n: 1 },
    { position: "center", n: 2 },
    { position: "right", n: 3 },
  ].map(({ position, n }) => ({
    id: `default-children-banner-${n}`,
    image_url: `/images/seed/children-banner-${n}.jpg`,
    title: null,
    subtitle: null,
    position,
  })),
  oldage: [
    {
      id: "default-oldage-banner-1",
      image_url: "/images/seed/oldage-banner-1.jpg",
      title: "Dignity in Every Season",
      subtitle: "A warm home and loving care for more than 80 elderly residents.",
      position: "left",
    },
    {
      id: "default-oldage-banner-2",
      image_url: "/images/seed/oldage-banner-2.jpg",
      title: "Days Filled with Companionship",
      subtitle: "Gardening, music and shared meals keep our residents active and connected.",
      position: "right",
    },
    {
      id: "default-oldage-banner-3",
      image_url: "/images/seed/oldage-banner-3.jpg",
      title: "Care Around the Clock",
      subtitle: "Nurses and caregivers are with our residents day and night.",
      position: "left",
    },
  ],
};

export const DEFAULT_CHILDREN_CONTENT: Tables<"children_content"> = {
  id: "default-children-content",
  about_image_url: "/images/seed/children-about.jpg",
  about_title: "A Home Away From Home",
  about_description:
    "Our children's home gives children who have lost their parents, or whose families cannot care for them, a safe and loving place to grow up. " +
    "House parents live alongside the children, every child goes to school, and each one has a mentor who follows their progress. " +
    "We keep brothers and sisters together and help children stay in touch with their extended families wherever we can.",
  statistics: [
    { number: "150+", label: "Children Cared For" },
    { number: "95%", label: "School Attendance" },
    { number: "12", label: "Dedicated Staff" },
    { number: "24/7", label: "Care and Support" },
  ],
  services: [
    {
      icon: "Home",
      title: "Safe Housing",
      description: "A safe, loving home with caring house parents.",
    },
    {
      icon: "GraduationCap",
      title: "Education Support",
      description: "School fees, books, uniforms and daily homework help.",
    },
    {
      icon: "Stethoscope",
      title: "Healthcare",
      description: "Regular check-ups, vaccinations and care when a child is unwell.",
    },
    {
      icon: "Heart",
      title: "Emotional Care",
      description: "Counselling and a trusted adult for every child.",
    },
    {
      icon: "Gamepad2",
      title: "Recreation and Play",
      description: "Sports, games, music and art to let children be children.",
    },
    {
      icon: "Users",
      title: "Mentorship",
      description: "Mentors who guide older children towards further study and work.",
    },
  ],
  is_active: true,
  ...stamps,
};

export const DEFAULT_OLDAGE_CONTENT: Tables<"oldage_content"> = {
  id: "default-oldage-content",
  about_image_url: "/images/seed/oldage-about.jpg",
  about_title: "Honoring Our Elders",
  about_description:
    "Our old-age home welcomes elderly people who live alone, have been abandoned or can no longer care for themselves. " +
    "Residents share bright rooms, three nutritious meals a day, gentle exercise and the company of friends. " +
    "Nurses and caregivers are on hand day and night, and volunteers visit every week to read, play music and simply listen.",
  statistics: [
    { number: "80+", label: "Elderly Residents" },
    { number: "15", label: "Caring Staff" },
    { number: "24/7", label: "Medical Support" },
    { number: "3", label: "Nutritious Meals Daily" },
  ],
  services: [
    {
      icon: "Stethoscope",
      title: "24/7 Medical Care",
      description: "Doctors and nurses on call day and night.",
    },
    {
      icon: "Heart",
      title: "Companionship",
      description: "Friendly company, conversation and emotional support every day.",
    },
    {
      icon: "Utensils",
      title: "Nutritious Meals",
      description: "Three balanced meals a day, adapted to each resident's needs.",
    },
    {
      icon: "Activity",
      title: "Daily Activities",
      description: "Gentle exercise, gardening, music and games to stay active.",
    },
    {
      icon: "Home",
      title: "Comfortable Living",
      description: "Clean, bright rooms designed for safety and ease.",
    },
    {
      icon: "Users",
      title: "Family Visits",
      description: "Welcoming families and friends to keep residents connected.",
    },
  ],
  is_active: true,
  ...stamps,
};

export const DEFAULT_MEDICAL_CONTENT: Tables<"medical_content"> = {
  id: "default-medical-content",
  banner_image_url: "/images/seed/medical-banner.jpg",
  title: "Medical Services",
  description:
    "Providing accessible, quality healthcare services to ensure the wellbeing of our community members",
  services: [
    {
      icon: "Stethoscope",
      title: "General Healthcare",
      description: "Check-ups, treatment and medicines for every age.",
    },
    {
      icon: "Clock",
      title: "Emergency Care",
      description: "First aid and referral to hospital, day or night.",
    },
    {
      icon: "MapPin",
      title: "Health Camps",
      description: "Free camps in remote villages with doctors, nurses and medicines.",
    },
    {
      icon: "Truck",
      title: "Mobile Clinic",
      description: "A clinic on wheels that reaches families far from any hospital.",
    },
    {
      icon: "Shield",
      title: "Preventive Care",
      description: "Vaccinations, screenings and health education.",
    },
    {
      icon: "Heart",
      title: "Mother and Child Health",
      description: "Care before and after birth, and growth checks for young children.",
    },
  ],
  statistics: [
    { number: "5,000+", label: "Patients Treated" },
    { number: "12", label: "Medical Professionals" },
    { number: "50+", label: "Health Camps" },
    { number: "24/7", label: "Emergency Support" },
  ],
  health_tips: [
    {
      title: "Regular Exercise",
      description: "Aim for at least 30 minutes of physical activity every day.",
      icon: "🏃",
    },
    {
      title: "Stay Hydrated",
      description: "Drink at least 8 glasses of clean water a day.",
      icon: "💧",
    },
    {
      title: "Balanced Diet",
      description: "Eat plenty of vegetables, fruit, pulses and whole grains.",
      icon: "🥗",
    },
    {
      title: "Regular Check-ups",
      description: "See a health worker at least once a year, even when you feel well.",
      icon: "🩺",
    },
    {
      title: "Good Sleep",
      description: "Adults need seven to eight hours of sleep each night.",
      icon: "😴",
    },
    {
      title: "Wash Your Hands",
      description: "Wash with soap before eating and after using the toilet.",
      icon: "🧼",
    },
  ],
  is_active: true,
  ...stamps,
};

export const DEFAULT_RELIEF_CONTENT: Tables<"relief_content"> = {
  id: "default-relief-content",
  banner_image_url: "/images/seed/relief-banner.jpg",
  title: "Relief Programs",
  description:
    "When floods, landslides, earthquakes or sudden hardship strike, our relief team responds within hours. " +
    "We deliver food, clean water, shelter and medical supplies, and we stay on to help families rebuild their homes and livelihoods.",
  services: [
    {
      icon: "Utensils",
      title: "Food Distribution",
      description: "Meals and food packs for families in crisis.",
    },
    {
      icon: "Clock",
      title: "Rapid Response",
      description: "A trained team ready to travel within hours of a disaster.",
    },
    {
      icon: "Shield",
      title: "Emergency Shelter",
      description: "Tents, tarpaulins and blankets for families who lost their homes.",
    },
    {
      icon: "Truck",
      title: "Supply Delivery",
      description: "Water, hygiene kits and medicines brought to where they are needed.",
    },
    {
      icon: "MapPin",
      title: "Community Outreach",
      description: "Finding and supporting families in remote and overlooked places.",
    },
    {
      icon: "HandHeart",
      title: "Rebuilding Support",
      description: "Help with repairs, school supplies and livelihoods after the crisis.",
    },
  ],
  statistics: [
    { number: "24/7", label: "Response Ready" },
    { number: "10,000+", label: "Meals Served" },
    { number: "1,200+", label: "Families Supported" },
    { number: "35", label: "Relief Missions" },
  ],
  is_active: true,
  ...stamps,
};

export interface ProgrammeContentMap {
  children: Tables<"children_content">;
  oldage: Tables<"oldage_content">;
  medical: Tables<"medical_content">;
  relief: Tables<"relief_content">;
}

export const DEFAULT_PROGRAMME_CONTENT: ProgrammeContentMap = {
  children: DEFAULT_CHILDREN_CONTENT,
  oldage: DEFAULT_OLDAGE_CONTENT,
  medical: DEFAULT_MEDICAL_CONTENT,
  relief: DEFAULT_RELIEF_CONTENT,
};

/** Every image the built-in content refers to (the build prepares them all). */
export function defaultImageUrls(): string[] {
  const urls = new Set<string>();
  for (const b of DEFAULT_BANNERS) urls.add(b.image_url);
  urls.add(DEFAULT_ABOUT.image_url);
  for (const c of DEFAULT_CAUSES) urls.add(c.image_url);
  for (const list of Object.values(DEFAULT_GALLERY_IMAGES)) for (const u of list) urls.add(u);
  for (const list of Object.values(DEFAULT_PROGRAMME_BANNERS))
    for (const b of list) urls.add(b.image_url);
  urls.add(DEFAULT_CHILDREN_CONTENT.about_image_url);
  urls.add(DEFAULT_OLDAGE_CONTENT.about_image_url);
  urls.add(DEFAULT_MEDICAL_CONTENT.banner_image_url);
  urls.add(DEFAULT_RELIEF_CONTENT.banner_image_url);
  return [...urls];
}
