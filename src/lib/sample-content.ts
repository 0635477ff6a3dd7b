// The product's default content, written once. From it come:
//   - supabase/seed.sql, the sample rows of a fresh database (scripts/gen-seed.ts;
//     a test fails when the committed file is stale);
//   - the built-in content the public site shows while a table has no active rows
//     (src/lib/defaults.ts: the active sample rows of those tables);
//   - the values a new record starts with in the admin, and the database's column
//     defaults, which a test holds to them (NEW_RECORDS).
// Pictures live in public/images/seed/ (drawn by `npm run seed:images`) and are
// referred to by site path. Bank and QR details are clearly marked samples.

import { ORGANISATION, ORGANISATION_RECORD } from "./sample-organisation.ts";
import type { BankAccount, HealthTip, QrCode, Service, Statistic } from "./schema/items.ts";
import type { ContentTable, RowOf, TABLES } from "./schema/tables.ts";

export { ORGANISATION, ORGANISATION_RECORD };

type Written<T extends ContentTable> = Omit<RowOf<T>, "id" | "created_at" | "updated_at">;
type Columns<T extends ContentTable> = (typeof TABLES)[T]["columns"];
/** Columns a record may leave out: those that may be null, and those the database fills. */
type Optional<T extends ContentTable> = {
  [K in keyof Written<T>]: null extends Written<T>[K]
    ? K
    : K extends keyof Columns<T>
      ? Columns<T>[K] extends { initial: unknown }
        ? K
        : never
      : never;
}[keyof Written<T>];

/**
 * A record of table T as an editor writes it: every column but id and timestamps;
 * a column that may be null or that the database fills may be left out.
 */
export type SampleRow<T extends ContentTable> = Omit<Written<T>, Optional<T>> &
  Partial<Pick<Written<T>, Optional<T>>>;

const seed = (name: string) => `/images/seed/${name}`;
const numbered = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => seed(`${prefix}-${i + 1}.jpg`));

const gallery = (area: string): SampleRow<"home_gallery">[] =>
  numbered(`${area}-gallery`, 6).map((image_url, sort_order) => ({
    image_url,
    sort_order,
    is_active: true,
  }));

const CHILDREN_SERVICES: Service[] = [
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
];

const CHILDREN_STATISTICS: Statistic[] = [
  { number: "150+", label: "Children Cared For" },
  { number: "95%", label: "School Attendance" },
  { number: "12", label: "Dedicated Staff" },
  { number: "24/7", label: "Care and Support" },
];

const OLDAGE_SERVICES: Service[] = [
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
];

const OLDAGE_STATISTICS: Statistic[] = [
  { number: "80+", label: "Elderly Residents" },
  { number: "15", label: "Caring Staff" },
  { number: "24/7", label: "Medical Support" },
  { number: "3", label: "Nutritious Meals Daily" },
];

const MEDICAL_SERVICES: Service[] = [
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
];

const MEDICAL_STATISTICS: Statistic[] = [
  { number: "5,000+", label: "Patients Treated" },
  { number: "12", label: "Medical Professionals" },
  { number: "50+", label: "Health Camps" },
  { number: "24/7", label: "Emergency Support" },
];

const HEALTH_TIPS: HealthTip[] = [
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
];

const RELIEF_SERVICES: Service[] = [
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
];

const RELIEF_STATISTICS: Statistic[] = [
  { number: "24/7", label: "Response Ready" },
  { number: "10,000+", label: "Meals Served" },
  { number: "1,200+", label: "Families Supported" },
  { number: "35", label: "Relief Missions" },
];

const QR_CODES: QrCode[] = [
  {
    title: "Mobile Payment",
    image_url: seed("donate-qr-sample.png"),
    description:
      "Sample QR code for illustration only. Replace it with your own payment QR code in the admin.",
  },
];

const BANK_ACCOUNTS: BankAccount[] = [
  {
    bank_name: "Sample Community Bank",
    account_name: ORGANISATION,
    account_number: "0000-0000-0000 (SAMPLE)",
    routing_number: "000000000 (SAMPLE)",
    swift_code: "SAMPLEXX",
    branch: "Green Valley Branch (sample)",
  },
];

function cause(
  title: string,
  description: string,
  picture: string,
  icon: string,
  category: string,
  sort_order: number,
): SampleRow<"causes"> {
  const url = seed(picture);
  return {
    title,
    description,
    image: url,
    image_url: url,
    icon,
    category,
    sort_order,
    is_active: true,
  };
}

/**
 * The sample charity's people, in their order: who Board & Staff on the home page and
 * Our Team show (their two ticks), with what Our Team tells of them.
 */
const PEOPLE = [
  {
    name: "Kamala Shrestha",
    designation: "Founder & Chairperson",
    image_url: seed("portrait-2.jpg"),
    bio: "Kamala opened the first two rooms on Riverside Road in 2009. A retired schoolteacher, she still reads with the youngest children every Friday evening.",
    specialties: "Child welfare\nCommunity organising\nGovernance",
    achievements:
      "Founded the children's home in 2009\nDistrict Social Service Award, 2019\nTrained more than 200 volunteers",
    email: "kamala@helpinghands.example",
    phone: "+977 1 4000 101",
    social_url: "https://www.linkedin.com/in/kamala-shrestha-hhf",
    on_home_page: true,
    on_team_page: true,
  },
  {
    name: "Hari Prasad Koirala",
    designation: "Vice Chairperson",
    image_url: seed("portrait-6.jpg"),
    bio: null,
    specialties: null,
    achievements: null,
    email: null,
    phone: null,
    social_url: null,
    on_home_page: true,
    on_team_page: false,
  },
  {
    name: "Ramesh Adhikari",
    designation: "Executive Director",
    image_url: seed("portrait-1.jpg"),
    bio: "Ramesh joined as a volunteer during the 2015 earthquake response and now runs day-to-day operations, partnerships and our annual public accounts.",
    specialties: "Operations\nPartnerships\nFinancial transparency",
    achievements:
      "Led the 2015 earthquake relief effort\nIntroduced published annual accounts\nGrew the partner network to 20 organisations",
    email: "ramesh@helpinghands.example",
    phone: "+977 1 4000 102",
    social_url: "https://www.linkedin.com/in/ramesh-adhikari-hhf",
    on_home_page: true,
    on_team_page: true,
  },
  {
    name: "Dr. Sunita Gurung",
    designation: "Medical Director",
    image_url: seed("portrait-3.jpg"),
    bio: "A family physician with twenty years in rural health, Sunita leads our health camps, the mobile clinic and the care of residents at the old-age home.",
    specialties: "Family medicine\nRural health\nElder care",
    achievements:
      "Launched the free medical camps in 2018\nSet up the mobile clinic in 2022\nOver 5,000 patients treated under her lead",
    email: "sunita@helpinghands.example",
    phone: "+977 1 4000 103",
    social_url: "https://www.linkedin.com/in/sunita-gurung-hhf",
    on_home_page: true,
    on_team_page: true,
  },
  {
    name: "Anjali Rai",
    designation: "Children's Home Coordinator",
    image_url: seed("portrait-5.jpg"),
    bio: "Anjali grew up in a children's home herself. She makes sure every child has a mentor, a school place and a voice in how the home is run.",
    specialties: "Child protection\nEducation support\nMentoring",
    achievements:
      "Raised school attendance to 95%\nStarted the children's council\nOpened the learning centre in 2024",
    email: "anjali@helpinghands.example",
    phone: "+977 1 4000 104",
    social_url: "https://www.linkedin.com/in/anjali-rai-hhf",
    on_home_page: true,
    on_team_page: true,
  },
  {
    name: "Sita Maharjan",
    designation: "Old Age Home Manager",
    image_url: null,
    bio: "A trained nurse, Sita leads the team that looks after more than 80 residents, from medicines and meals to music mornings and family visits.",
    specialties: "Geriatric nursing\nPalliative care\nTeam leadership",
    achievements:
      "Expanded the home to more than 80 residents\nIntroduced round-the-clock nursing cover\nBegan the weekly volunteer visiting scheme",
    email: "sita@helpinghands.example",
    phone: "+977 1 4000 105",
    social_url: "https://www.linkedin.com/in/sita-maharjan-hhf",
    on_home_page: false,
    on_team_page: true,
  },
  {
    name: "Bikash Thapa",
    designation: "Treasurer & Relief Coordinator",
    image_url: seed("portrait-4.jpg"),
    bio: "Bikash keeps our books and our relief stores in order, and leads the rapid response team that travels within hours when disaster strikes.",
    specialties: "Finance\nLogistics\nDisaster response",
    achievements:
      "Coordinated 35 relief missions\nBuilt the emergency supply depot plan\nClean independent audit every year since 2016",
    email: "bikash@helpinghands.example",
    phone: "+977 1 4000 106",
    social_url: "https://www.linkedin.com/in/bikash-thapa-hhf",
    on_home_page: true,
    on_team_page: true,
  },
] as const;

/**
 * Tables whose built-in rows their own migration inserted (the words that were fixed
 * copy before they became content), so a site already running looked the same after
 * the upgrade. The seed leaves them out; a test holds each migration's rows to these.
 */
export const INSERTED_BY_MIGRATION: ReadonlySet<ContentTable> = new Set([
  "organisation",
  "history_page",
  "milestones",
  "team_page",
  "about_page",
  "mission_page",
  "mission_objectives",
  "contact_page",
  "departments",
  "donate_page",
  "projects_page",
  "certifications_page",
  "home_page",
  "children_page",
  "oldage_page",
  "medical_page",
  "relief_page",
]);

/** Sample rows per table, in the order they are inserted. */
export const SAMPLE = {
  organisation: [ORGANISATION_RECORD],
  history_page: [
    {
      seo_title: "Our History",
      seo_description:
        "From two rented rooms in 2009 to a children's home, an old-age home, medical camps and disaster relief: the milestones of Helping Hands Foundation.",
      intro_eyebrow: "Our journey",
      intro_title: "Our History",
      intro_lead:
        "Fifteen years of growing one step at a time, always led by what our neighbours needed most.",
      timeline_title: "Milestones",
      timeline_text: "The moments that shaped who we are.",
      cta_title: "Write the next chapter with us",
      cta_text: "Our story is still being written, by neighbours, volunteers and donors like you.",
    },
  ],
  about_page: [
    {
      seo_title: "About Us",
      seo_description:
        "Since 2009, Helping Hands Foundation has given children a home, elders a family and families in crisis a helping hand. Read our story, mission and values.",
      intro_eyebrow: "Who we are",
      intro_title: "About Us",
      intro_lead:
        "A community organisation that grew from one open door into a children's home, an old-age home, free medical care and emergency relief, run by people who live where they serve.",
      extra_figure: "24/7",
      extra_figure_label: "Support",
      story_title: "Our Story",
      story_text: [
        "In 2009, after a hard monsoon left several children in our neighbourhood without parents or a safe place to sleep, Kamala Shrestha and a handful of neighbours rented two rooms on Riverside Road and opened their doors. The first night, six children slept there. Volunteers cooked on a borrowed stove, and a local teacher came every evening to help with homework.",
        "Word spread, and so did the need. Older people living alone began knocking too, so in 2012 we opened a small home for elders next door. Families asked for medicines they could not afford, and our first free health camp followed. When floods and an earthquake struck the valley, our volunteers were already there, so relief work became part of who we are.",
        "Today the same idea carries everything we do: every person deserves safety, dignity and someone who cares. We are still local, still run largely by volunteers, and we publish where every gift goes, because the trust of our donors is what keeps the doors open.",
      ].join("\n\n"),
      founded_note: "The year we opened our doors",
      values_eyebrow: "What we stand for",
      values_title: "Our Values",
      core_values: [
        {
          icon: "Heart",
          title: "Compassion",
          description:
            "We meet every child, elder and family with warmth and patience, and we listen before we act.",
        },
        {
          icon: "Scale",
          title: "Integrity",
          description:
            "We spend every gift where we say we will, keep honest accounts and publish them every year.",
        },
        {
          icon: "Shield",
          title: "Dignity",
          description:
            "The people we serve make choices about their own lives. We protect their privacy and their voice.",
        },
        {
          icon: "Users",
          title: "Community",
          description:
            "Neighbours, volunteers and donors working side by side achieve more than any of us could alone.",
        },
      ],
      links_title: "Learn more about us",
      history_text: "Fifteen years of milestones, from two rented rooms to four programmes.",
      team_text: "Meet the people who lead our homes, clinics and relief work.",
      mission_text: "The values we hold and the goals we are working towards.",
      cta_title: "Help us keep the doors open",
      cta_text:
        "Every gift, large or small, pays for a meal, a school book, a medicine or a warm bed tonight.",
    },
  ],
  mission_page: [
    {
      seo_title: "Our Mission",
      seo_description:
        "The mission, vision, core values and strategic objectives that guide Helping Hands Foundation.",
      intro_eyebrow: "What drives us",
      intro_title: "Our Mission",
      intro_lead:
        "Why we exist, the future we are working towards and the promises we keep along the way.",
      values_eyebrow: "How we work",
      values_title: "Our Core Values",
      values_text: "Six promises that guide every decision we make.",
      core_values: [
        {
          icon: "Heart",
          title: "Compassion",
          description: "We treat every person as family, with warmth, patience and kindness.",
        },
        {
          icon: "Scale",
          title: "Integrity",
          description: "Honest accounts, clear decisions and gifts spent exactly where we promise.",
        },
        {
          icon: "Shield",
          title: "Dignity",
          description: "We protect the privacy, choices and self-respect of everyone we serve.",
        },
        {
          icon: "Eye",
          title: "Transparency",
          description: "We publish our accounts every year and welcome questions from anyone.",
        },
        {
          icon: "Users",
          title: "Community",
          description:
            "Local people lead our work, and we build on the strengths already around us.",
        },
        {
          icon: "Sprout",
          title: "Sustainability",
          description:
            "We plan for the long term, so that the help we give today still stands tomorrow.",
        },
      ],
      objectives_eyebrow: "Where we are heading",
      objectives_title: "Strategic Objectives",
      objectives_text: "Four objectives, each with goals we measure and report on every year.",
      cta_title: "Turn our mission into action",
      cta_text:
        "Every goal on this page is funded by people like you. Choose a programme, or give where the need is greatest.",
    },
  ],
  mission_objectives: (
    [
      [
        "GraduationCap",
        "Education for every child in our care",
        "Give every child at the home the schooling, mentoring and support to finish school and choose their own path.",
        [
          "Keep school attendance above 95%",
          "A mentor for every child aged 12 and over",
          "Support 20 young people into further study or work by 2027",
        ],
      ],
      [
        "Heart",
        "Dignified care for our elders",
        "Offer every resident of the old-age home safety, good food, medical care and a full social life.",
        [
          "Round-the-clock nursing cover every day of the year",
          "A personal care plan reviewed every three months",
          "Weekly visits from volunteers and families",
        ],
      ],
      [
        "Stethoscope",
        "Healthcare within reach",
        "Bring free, quality healthcare to families who live far from a hospital or cannot afford one.",
        [
          "Hold 20 free health camps every year",
          "Visit 12 remote villages each month with the mobile clinic",
          "Screen 2,000 children and elders a year",
        ],
      ],
      [
        "HandHeart",
        "Ready when disaster strikes",
        "Respond within hours to floods, landslides and earthquakes, and stay to help families rebuild.",
        [
          "A stocked emergency supply depot before each monsoon",
          "A trained rapid response team of 30 volunteers",
          "Help every family we reach back into a safe home",
        ],
      ],
    ] as const
  ).map(([icon, title, description, goals], sort_order) => ({
    icon,
    title,
    description,
    goals: goals.join("\n"),
    sort_order,
    is_active: true,
  })),
  contact_page: [
    {
      seo_title: "Contact Us",
      seo_description:
        "Get in touch with Helping Hands Foundation: visit, call or write to us, volunteer, or reach our 24/7 emergency line.",
      intro_eyebrow: "We would love to hear from you",
      intro_title: "Contact Us",
      intro_lead:
        "Questions about our work, volunteering, sponsoring a child or visiting the homes? Write, call or drop by: we answer every message within two working days.",
      form_title: "Send Us a Message",
      form_text: "Fill in the form and the right person on our team will get back to you.",
      map_title: "Find Us",
      directions:
        "We are a five-minute walk from the Green Valley bus park, opposite the community health post.",
      departments_title: "Department Contacts",
      departments_text: "Reach the right team directly.",
      emergency_eyebrow: "Available 24/7",
      emergency_title: "Emergency Contact",
      emergency_text:
        "For medical emergencies among our residents, or to report a family in urgent need after a flood, landslide or earthquake, call our round-the-clock line. If a life is in danger, call the national emergency services first.",
      national_numbers: [
        { label: "Police", number: "100" },
        { label: "Ambulance", number: "102" },
      ],
    },
  ],
  departments: (
    [
      [
        "General Enquiries",
        "Questions about our work, visits and partnerships.",
        "info",
        "+977 1 4000 100",
      ],
      [
        "Donations & Sponsorship",
        "Giving, receipts, child and elder sponsorship.",
        "donate",
        "+977 1 4000 110",
      ],
      [
        "Volunteering",
        "Join our volunteers at the homes, camps or relief work.",
        "volunteer",
        "+977 1 4000 120",
      ],
      [
        "Children's Home",
        "Admissions, visits and the children's welfare.",
        "children",
        "+977 1 4000 130",
      ],
      [
        "Old Age Home",
        "Admissions, visits and care for residents.",
        "eldercare",
        "+977 1 4000 140",
      ],
      [
        "Medical & Relief",
        "Health camps, the mobile clinic and relief missions.",
        "relief",
        "+977 1 4000 150",
      ],
    ] as const
  ).map(([name, description, mailbox, phone], sort_order) => ({
    name,
    description,
    email: `${mailbox}@helpinghands.example`,
    phone,
    sort_order,
    is_active: true,
  })),
  team_page: [
    {
      seo_title: "Our Team",
      seo_description:
        "Meet the leadership team of Helping Hands Foundation: the people who run our children's home, old-age home, medical camps and relief work.",
      intro_eyebrow: "The people behind the work",
      intro_title: "Our Team",
      intro_lead:
        "A small leadership team of social workers, carers, doctors and volunteers, most of whom grew up within a few kilometres of our homes.",
      statistics: [
        { number: "6", label: "Leadership Members" },
        { number: "45", label: "Full-time Staff" },
        { number: "50+", label: "Active Volunteers" },
        { number: "100+", label: "Years of Combined Experience" },
      ],
      leaders_eyebrow: "Leadership",
      leaders_title: "Leadership Team",
      leaders_text:
        "Get in touch with any of us directly: we are always glad to talk about our work.",
      cta_title: "Stand with our team",
      cta_text:
        "Your support lets our carers, nurses and volunteers keep showing up for the people who need them.",
    },
  ],
  milestones: (
    [
      [
        2009,
        "Two rooms and an open door",
        "After a devastating monsoon, our founders rented two rooms on Riverside Road so that children who had lost their homes had somewhere safe to sleep, eat and study.",
        "Riverside Road, Green Valley",
        "6 children given a safe home in the first week",
      ],
      [
        2012,
        "A home for our elders",
        "Older neighbours living alone began asking for help, so we opened a small residence next door with shared meals, a visiting nurse and plenty of company.",
        "Green Valley",
        "20 elderly residents welcomed in the first year",
      ],
      [
        2015,
        "Earthquake relief",
        "When the earthquake struck, our volunteers were among the first to reach the hill villages with food, tarpaulins, clean water and first aid, and stayed on to help families rebuild.",
        "Hill villages of the district",
        "1,200 families reached with emergency supplies",
      ],
      [
        2018,
        "Free medical camps begin",
        "With volunteer doctors and nurses, we held our first free health camps, offering check-ups, medicines and referrals to families who had never seen a doctor.",
        "Six rural wards",
        "2,000 patients treated in the first year",
      ],
      [
        2020,
        "Care through the pandemic",
        "We kept both homes safe through lockdown, delivered food packs to families who lost their daily wages and ran a phone line for elders living alone.",
        "Green Valley and surrounding villages",
        "15,000 meals delivered and no resident left alone",
      ],
      [
        2022,
        "The mobile clinic hits the road",
        "A donated vehicle became a clinic on wheels, bringing a doctor, a nurse and essential medicines to remote villages every week.",
        "Remote villages across the district",
        "50+ health camps held and counting",
      ],
      [
        2024,
        "Fifteen years of service",
        "We opened a learning centre for the children, expanded the old-age home to more than 80 residents and were recognised with a Community Service Award.",
        "Green Valley",
        "500+ lives touched by our programmes",
      ],
    ] as const
  ).map(([year, title, description, location, impact], sort_order) => ({
    year,
    title,
    description,
    location,
    impact,
    sort_order,
    is_active: true,
  })),
  logo_settings: [
    {
      logo_url: seed("logo.png"),
      logo_name: ORGANISATION.toUpperCase(),
      tagline: "Making a Difference",
      is_active: true,
    },
    { logo_url: "/logo.svg", logo_name: "HELPING HANDS", tagline: "Since 2009", is_active: false },
  ],
  banners: [
    {
      title: "Together, We Build Brighter Futures",
      subtitle: "A safe home, schooling and loving care for children and elders in need.",
      image_url: seed("banner-1.jpg"),
      position: "left",
      sort_order: 0,
      is_active: true,
    },
    {
      title: "Be Part of Our Family",
      subtitle:
        "Join the volunteers and supporters who make every day a little brighter for the people we serve.",
      image_url: seed("banner-2.jpg"),
      position: "center",
      sort_order: 1,
      is_active: true,
    },
    {
      title: "Education Opens Every Door",
      subtitle: "Your support keeps 150+ children in school, with books, uniforms and mentors.",
      image_url: seed("banner-3.jpg"),
      position: "right",
      sort_order: 2,
      is_active: true,
    },
    {
      title: "Winter Appeal",
      subtitle:
        "Blankets and warm meals for families in the hill villages. (Hidden: last season's appeal.)",
      image_url: seed("children-banner-3.jpg"),
      position: "left",
      sort_order: 3,
      is_active: false,
    },
  ],
  about_content: [
    {
      image_url: seed("about.jpg"),
      years_of_service: 15,
      about_title: `About ${ORGANISATION}`,
      about_text:
        `${ORGANISATION} began in 2009 when a small group of neighbours opened their doors to children who had nowhere safe to sleep. ` +
        "Today we run a children's home, an old-age home, free medical camps and emergency relief for families in crisis. " +
        "Everything we do rests on the same simple idea: every person deserves safety, dignity and someone who cares. " +
        "Our work is carried by dedicated staff, local volunteers and donors who give what they can, month after month.",
      lives_impacted: 500,
      active_volunteers: 50,
      our_vision:
        "A community where every child grows up safe and loved, every elder lives with dignity, and no family faces hardship alone.",
      our_mission:
        "To provide shelter, education, healthcare and relief to the most vulnerable people in our community, with compassion, transparency and respect.",
    },
  ],
  causes: [
    cause(
      "Education for Every Child",
      "School fees, books, uniforms and daily tutoring so the children in our care can learn, grow and dream big.",
      "cause-education.jpg",
      "GraduationCap",
      "Education",
      0,
    ),
    cause(
      "Care for Our Elders",
      "A warm home, nutritious meals, medical attention and companionship for elderly people who have no one else.",
      "cause-elder-care.jpg",
      "Heart",
      "Elder Care",
      1,
    ),
    cause(
      "Healthcare for All",
      "Free health camps, check-ups and medicines for families who cannot afford a visit to the doctor.",
      "cause-healthcare.jpg",
      "Stethoscope",
      "Healthcare",
      2,
    ),
    cause(
      "Safe Homes",
      "Building and repairing safe, dry homes for families who lost theirs to floods, landslides or poverty.",
      "cause-housing.jpg",
      "Home",
      "Housing",
      3,
    ),
    cause(
      "Nutritious Meals",
      "Hot, balanced meals every day for children, elders and families facing hunger in our community.",
      "cause-nutrition.jpg",
      "Utensils",
      "Nutrition",
      4,
    ),
    cause(
      "Emergency Relief",
      "Food, water, shelter and medical supplies delivered quickly when disaster strikes.",
      "cause-relief.jpg",
      "HandHeart",
      "Relief",
      5,
    ),
  ],
  board_staff: PEOPLE.map((person, sort_order) => ({
    ...person,
    image_alt: null,
    image_decorative: false,
    social_label: person.social_url ? "LinkedIn" : null,
    sort_order,
    is_active: true,
  })),
  gallery_images: (
    [
      ["Our Community", "The village homes our outreach team visits every week.", "general"],
      [
        "Annual Family Day",
        "Children, residents, staff and volunteers celebrating together.",
        "events",
      ],
      [
        "Outdoor Play Time",
        "Kites, balloons and games after school at the children's home.",
        "activities",
      ],
      [
        "Volunteer Orientation",
        "New volunteers meeting the team before their first day.",
        "activities",
      ],
      [
        "Community Service Award",
        "Recognised for fifteen years of service to the community.",
        "achievements",
      ],
      ["Hands of Hope", "Every gift, large or small, is held with care.", "general"],
    ] as const
  ).map(([title, description, category], sort_order) => ({
    title,
    description,
    category,
    image_url: seed(`gallery-${sort_order + 1}.jpg`),
    sort_order,
    is_active: true,
  })),
  home_gallery: gallery("home"),
  children_gallery: gallery("children"),
  oldage_gallery: gallery("oldage"),
  medical_gallery: gallery("medical"),
  relief_gallery: gallery("relief"),
  children_banners: (["left", "center", "right"] as const).map((position, sort_order) => ({
    image_url: seed(`children-banner-${sort_order + 1}.jpg`),
    position,
    sort_order,
    is_active: true,
  })),
  oldage_banners: (
    [
      [
        "Dignity in Every Season",
        "A warm home and loving care for more than 80 elderly residents.",
        "left",
      ],
      [
        "Days Filled with Companionship",
        "Gardening, music and shared meals keep our residents active and connected.",
        "right",
      ],
      [
        "Care Around the Clock",
        "Nurses and caregivers are with our residents day and night.",
        "left",
      ],
    ] as const
  ).map(([title, subtitle, position], sort_order) => ({
    title,
    subtitle,
    image_url: seed(`oldage-banner-${sort_order + 1}.jpg`),
    position,
    sort_order,
    is_active: true,
  })),
  children_content: [
    {
      about_image_url: seed("children-about.jpg"),
      about_title: "A Home Away From Home",
      about_description:
        "Our children's home gives children who have lost their parents, or whose families cannot care for them, a safe and loving place to grow up. " +
        "House parents live alongside the children, every child goes to school, and each one has a mentor who follows their progress. " +
        "We keep brothers and sisters together and help children stay in touch with their extended families wherever we can.",
      statistics: CHILDREN_STATISTICS,
      services: CHILDREN_SERVICES,
      is_active: true,
    },
  ],
  oldage_content: [
    {
      about_image_url: seed("oldage-about.jpg"),
      about_title: "Honoring Our Elders",
      about_description:
        "Our old-age home welcomes elderly people who live alone, have been abandoned or can no longer care for themselves. " +
        "Residents share bright rooms, three nutritious meals a day, gentle exercise and the company of friends. " +
        "Nurses and caregivers are on hand day and night, and volunteers visit every week to read, play music and simply listen.",
      statistics: OLDAGE_STATISTICS,
      services: OLDAGE_SERVICES,
      is_active: true,
    },
  ],
  medical_content: [
    {
      banner_image_url: seed("medical-banner.jpg"),
      title: "Medical Services",
      description:
        "Providing accessible, quality healthcare services to ensure the wellbeing of our community members",
      services: MEDICAL_SERVICES,
      statistics: MEDICAL_STATISTICS,
      health_tips: HEALTH_TIPS,
      is_active: true,
    },
  ],
  relief_content: [
    {
      banner_image_url: seed("relief-banner.jpg"),
      title: "Relief Programs",
      description:
        "When floods, landslides, earthquakes or sudden hardship strike, our relief team responds within hours. " +
        "We deliver food, clean water, shelter and medical supplies, and we stay on to help families rebuild their homes and livelihoods.",
      services: RELIEF_SERVICES,
      statistics: RELIEF_STATISTICS,
      is_active: true,
    },
  ],
  donate_page: [
    {
      seo_title: "Donate",
      seo_description: `Give to ${ORGANISATION} by mobile payment or bank transfer. Every gift feeds, teaches, heals and shelters children, elders and families in need.`,
      intro_eyebrow: "Make a difference today",
      intro_title: "Donate",
      intro_lead:
        "Your gift becomes a hot meal, a school book, a doctor's visit or a roof over someone's head. Thank you for standing with us.",
      methods_title: "Donation Methods",
      methods_text: "Choose whichever way is easiest for you.",
      qr_title: "Scan to Give",
      qr_text: "Open your banking or wallet app and scan the code.",
      bank_title: "Bank Transfer",
      bank_text:
        "Transfer directly to our account. Please add your name as the reference so we can thank you.",
      receipt_text:
        "Would you like a receipt or to tell us what your gift is for? Email us after you give and we will reply within two working days.",
      none_title: "Donation details are on their way",
      none_text:
        "Our online donation details are being updated. In the meantime, we would be glad to help you give by phone or email.",
      areas_eyebrow: "Your impact",
      areas_title: "Where Your Gift Goes",
      areas_text:
        "Give where the need is greatest, or tell us which programme you would like to support.",
      giving_areas: [
        {
          icon: "Home",
          title: "Children's Home",
          description: "Meals, schooling and care for a child.",
          href: "/children-home/",
        },
        {
          icon: "Heart",
          title: "Old Age Home",
          description: "Nursing, meals and company for an elder.",
          href: "/oldage-home/",
        },
        {
          icon: "Stethoscope",
          title: "Medical Services",
          description: "Medicines, camps and the mobile clinic.",
          href: "/medical/",
        },
        {
          icon: "HandHeart",
          title: "Relief Programs",
          description: "Food, water and shelter after a disaster.",
          href: "/relief/",
        },
      ],
      ways_eyebrow: "Beyond giving",
      ways_title: "Other Ways to Help",
      other_ways: [
        {
          icon: "Users",
          title: "Volunteer",
          description: "Cook, teach, read, drive or lend your professional skills.",
        },
        {
          icon: "Handshake",
          title: "Partner with us",
          description: "Businesses and schools can sponsor a programme or run a drive.",
        },
        {
          icon: "Award",
          title: "Give in kind",
          description: "Books, blankets, medicines and school supplies are always welcome.",
        },
      ],
      transparency_text:
        "We publish audited accounts every year, and every gift is spent where we say it will be.",
    },
  ],
  projects_page: [
    {
      seo_title: "Our Projects",
      seo_description: `Wells, homes, clinics and learning centres: the completed, ongoing and planned projects of ${ORGANISATION}.`,
      intro_eyebrow: "Our work in action",
      intro_title: "Our Projects",
      intro_lead:
        "Practical projects that change daily life for good, from clean water to safe homes. Filter by category to see what we have done and what comes next.",
      empty_title: "No Projects Yet",
      empty_text: "Our projects will appear here soon. Check back to see what we are working on.",
      cta_title: "Help us start the next project",
      cta_text:
        "Projects in planning move forward as soon as they are funded. Your gift can be the one that gets them started.",
    },
  ],
  certifications_page: [
    {
      seo_title: "Certifications",
      seo_description: `Registration, tax exemption and accreditation certificates of ${ORGANISATION}: proof that your gift is in trustworthy hands.`,
      intro_eyebrow: "Accountable to you",
      intro_title: "Certifications",
      intro_lead:
        "We are a registered, accredited and audited organisation. Here are the documents that show it.",
      empty_title: "No Certifications Available",
      empty_text:
        "Our certificates will be published here soon. Contact us if you need a copy in the meantime.",
    },
  ],
  home_page: [
    {
      seo_description: `${ORGANISATION} gives children a home, elders a family and families in crisis a helping hand: a children's home, an old-age home, free medical care and disaster relief since 2009.`,
      about_eyebrow: "Who we are",
      causes_eyebrow: "Where your gift goes",
      causes_title: "Our Causes",
      causes_text:
        "Choose the cause closest to your heart. Every card leads to the ways you can give.",
      board_eyebrow: "The people who lead us",
      board_title: "Our Board & Staff",
      board_text:
        "Volunteers, carers and professionals who give their time and skill to our community.",
      gallery_eyebrow: "Moments that matter",
      gallery_title: "Gallery",
      gallery_text: "Everyday life at our homes, camps and relief missions.",
    },
  ],
  children_page: [
    {
      seo_title: "Children's Home",
      seo_description:
        "A safe, loving home, schooling, healthcare and mentoring for children who have lost their parents or cannot live with their families. Sponsor a child today.",
      intro_eyebrow: "Our programmes",
      intro_title: "Children's Home",
      intro_lead:
        "A safe, loving home where every child goes to school, is cared for when unwell and has an adult who believes in them.",
      donate_label: "Sponsor a Child",
      stats_title: "The children's home in numbers",
      about_eyebrow: "About the Children's Home",
      services_eyebrow: "What we do",
      services_title: "What Every Child Receives",
      services_text: "Everything a child needs to feel safe, learn and grow, under one roof.",
      gallery_eyebrow: "Gallery",
      gallery_title: "Life at the Children's Home",
      gallery_text: "School mornings, homework evenings, festivals and plenty of play.",
      cta_title: "Give a child a home, a school place and a future",
      cta_text:
        "Sponsoring a child covers their meals, schooling, healthcare and care for a whole year. You receive news of their progress twice a year.",
    },
  ],
  oldage_page: [
    {
      seo_title: "Old Age Home",
      seo_description:
        "A warm home, round-the-clock care, nutritious meals and companionship for elderly people who live alone or have no one to care for them.",
      intro_eyebrow: "Our programmes",
      intro_title: "Old Age Home",
      intro_lead:
        "Comfort, care and good company for elders who would otherwise face their later years alone.",
      donate_label: "Sponsor",
      stats_title: "The old age home in numbers",
      about_eyebrow: "About the Old Age Home",
      services_eyebrow: "What we do",
      services_title: "How We Care for Our Residents",
      services_text: "Medical care, good food and a full day, every day.",
      gallery_eyebrow: "Gallery",
      gallery_title: "Life at the Old Age Home",
      gallery_text: "Gardening, music mornings, festivals and family visits.",
      cta_title: "Sponsor an elder's care",
      cta_text:
        "Your sponsorship provides meals, medicines, nursing care and a warm bed for a resident who has no one else to turn to.",
    },
  ],
  medical_page: [
    {
      seo_title: "Medical Services",
      seo_description:
        "Free health camps, a mobile clinic, medicines and preventive care for families who cannot reach or afford a doctor.",
      intro_eyebrow: "Our programmes",
      intro_title: "Medical Services",
      donate_label: "Donate for Medical",
      stats_title: "Our medical work in numbers",
      about_eyebrow: "About the programme",
      about_title: "Healthcare Close to Home",
      about_text: [
        "For many families in the hill villages, the nearest hospital is a full day's walk away, and a single visit can cost a week's wages. Small problems go untreated until they become serious.",
        "Our volunteer doctors and nurses bring care to them instead: free health camps, a mobile clinic that visits remote villages every week, and medicines that families could not otherwise afford. Our residents at the children's home and old-age home are looked after by the same team.",
      ].join("\n\n"),
      highlights_title: "Your gift pays for",
      highlights: [
        "Medicines for a family for a month",
        "A child's vaccinations and growth check",
        "Fuel for the mobile clinic's weekly round",
        "A full health camp for a remote village",
      ].join("\n"),
      tips_eyebrow: "Stay well",
      tips_title: "Health Tips",
      tips_text: "Simple habits that keep families healthy, shared at every one of our camps.",
      services_eyebrow: "What we do",
      services_title: "Our Medical Services",
      services_text: "From routine check-ups to emergency care, close to home and free of charge.",
      gallery_eyebrow: "Gallery",
      gallery_title: "Our Medical Work",
      gallery_text: "Health camps, the mobile clinic and the care of our residents.",
      cta_title: "Bring a doctor to a village that has none",
      cta_text:
        "Your donation pays for medicines, health camps and the mobile clinic's visits to families far from any hospital.",
    },
  ],
  relief_page: [
    {
      seo_title: "Relief Programs",
      seo_description:
        "Food, clean water, shelter and medical supplies within hours of a flood, landslide or earthquake, and help to rebuild afterwards.",
      intro_eyebrow: "Our programmes",
      intro_title: "Relief Programs",
      donate_label: "Donate for Relief Fund",
      stats_title: "Our relief work in numbers",
      about_eyebrow: "About the programme",
      about_title: "When Disaster Strikes, We Are Already There",
      about_text: [
        "Our valley lives with floods, landslides and earthquakes. Because our volunteers live here too, we can reach affected families within hours, often before anyone else.",
        "We bring food, clean water, tarpaulins, blankets and first aid, find the families who are easy to overlook, and stay long after the cameras have gone to help them repair their homes and get children back to school.",
      ].join("\n\n"),
      highlights_title: "Your gift pays for",
      highlights: [
        "A food pack that feeds a family for a week",
        "A tarpaulin and blankets for a family without a roof",
        "Hygiene kits and clean water supplies",
        "Building materials to repair a damaged home",
      ].join("\n"),
      services_eyebrow: "What we do",
      services_title: "How We Respond",
      services_text:
        "From the first hours after a disaster to the months of rebuilding that follow.",
      gallery_eyebrow: "Gallery",
      gallery_title: "Relief in Action",
      gallery_text: "Our volunteers on the ground with families in need.",
      cta_title: "Help us be ready for the next emergency",
      cta_text:
        "Gifts to the relief fund keep our depot stocked and our team ready to travel the moment disaster strikes.",
    },
  ],
  donate_content: [{ qr_codes: QR_CODES, bank_accounts: BANK_ACCOUNTS, is_active: true }],
  projects: (
    [
      [
        "Clean Water for Hill Villages",
        "Six new wells and water filters now give more than 400 families safe drinking water close to home.",
        1,
        "Water & Sanitation",
        "completed",
      ],
      [
        "Safe Homes Rebuilding",
        "Twenty-two families whose houses were destroyed by landslides moved into safe, earthquake-resistant homes.",
        2,
        "Housing",
        "completed",
      ],
      [
        "Mobile Health Clinic",
        "A clinic on wheels visits remote villages every week with a doctor, a nurse and essential medicines.",
        3,
        "Healthcare",
        "ongoing",
      ],
      [
        "Children's Learning Centre",
        "A library, study room and after-school tutoring for children from the home and the neighbourhood.",
        4,
        "Education",
        "ongoing",
      ],
      [
        "Community Kitchen",
        "A kitchen that will serve hot, nutritious meals every day to children, elders and families in need.",
        5,
        "Nutrition",
        "planning",
      ],
      [
        "Emergency Supply Depot",
        "A stocked warehouse of food, water, tents and medical kits, ready before the next monsoon.",
        6,
        "Disaster Relief",
        "planning",
      ],
      [
        "Winter Blanket Drive",
        "Blankets and warm clothes for elderly people in the hill villages. Hidden: last season's drive.",
        2,
        "Relief",
        "completed",
      ],
    ] as const
  ).map(([title, description, picture, category_name, project_status], index) => ({
    title,
    description,
    image_url: seed(`project-${picture}.jpg`),
    category_name,
    project_status,
    is_active: index < 6,
  })),
  certifications: (
    [
      ["Certificate of Registration", seed("sample-certificate.pdf")],
      ["Tax Exemption Certificate", null],
      ["Certificate of Recognition", null],
      ["Child Care Accreditation", null],
    ] as const
  ).map(([certificate_name, pdf_url], sort_order) => ({
    certificate_name,
    image_url: seed(`certificate-${sort_order + 1}.jpg`),
    pdf_url,
    sort_order,
    is_active: true,
  })),
} satisfies { [T in ContentTable]: SampleRow<T>[] };

/** The icon a new item of a list starts with, per content table and list. */
export const NEW_ITEM_ICONS = {
  medical_content: { services: "Stethoscope", health_tips: "🩺" },
  oldage_content: { services: "Heart" },
  children_content: { services: "Users" },
  relief_content: { services: "HandHeart" },
} as const;

/** A list's first sample item as a new record's first item: the editor writes its description. */
const starter = <T extends { description: string }>(item: T | undefined): T[] =>
  item ? [{ ...item, description: "" }] : [];

/**
 * What a new record starts with in the admin, where its table gives more than
 * blanks: the fixed titles and figures, and each list's first sample item. The
 * database's column defaults hold the same values, and a list column's default the
 * whole first sample item (a test holds them together).
 */
export const NEW_RECORDS = {
  // A project without the record (it was deleted) starts again from the built-in one.
  organisation: ORGANISATION_RECORD,
  // So do a page's words.
  about_page: SAMPLE.about_page[0],
  history_page: SAMPLE.history_page[0],
  team_page: SAMPLE.team_page[0],
  mission_page: SAMPLE.mission_page[0],
  contact_page: SAMPLE.contact_page[0],
  donate_page: SAMPLE.donate_page[0],
  projects_page: SAMPLE.projects_page[0],
  certifications_page: SAMPLE.certifications_page[0],
  home_page: SAMPLE.home_page[0],
  children_page: SAMPLE.children_page[0],
  oldage_page: SAMPLE.oldage_page[0],
  medical_page: SAMPLE.medical_page[0],
  relief_page: SAMPLE.relief_page[0],
  about_content: {
    about_title: `About ${ORGANISATION}`,
    years_of_service: 15,
    lives_impacted: 500,
    active_volunteers: 50,
  },
  logo_settings: { logo_name: ORGANISATION.toUpperCase(), tagline: "Making a Difference" },
  medical_content: {
    title: "Medical Services",
    description:
      "Providing accessible, quality healthcare services to ensure the wellbeing of our community members",
    services: starter(MEDICAL_SERVICES[0]),
    statistics: MEDICAL_STATISTICS.slice(0, 1),
    // A new record's tip carries the icon every new tip starts with.
    health_tips: starter(HEALTH_TIPS[0]).map((tip) => ({
      ...tip,
      icon: NEW_ITEM_ICONS.medical_content.health_tips,
    })),
  },
  oldage_content: {
    about_title: "Honoring Our Elders",
    services: starter(OLDAGE_SERVICES[0]),
    statistics: OLDAGE_STATISTICS.slice(0, 1),
  },
  children_content: {
    about_title: "A Home Away From Home",
    services: starter(CHILDREN_SERVICES[0]),
    statistics: CHILDREN_STATISTICS.slice(0, 1),
  },
  relief_content: {
    title: "Relief Programs",
    services: starter(RELIEF_SERVICES[0]),
    statistics: RELIEF_STATISTICS.slice(0, 1),
  },
  // Payment details start with names only: a sample number must never go live.
  donate_content: {
    qr_codes: [{ title: QR_CODES[0]?.title ?? "", image_url: "", description: null }],
    bank_accounts: [
      {
        bank_name: BANK_ACCOUNTS[0]?.bank_name ?? "",
        account_name: ORGANISATION,
        account_number: "",
        routing_number: null,
        swift_code: null,
        branch: null,
      },
    ],
  },
  projects: { project_status: "ongoing" },
  gallery_images: { category: "general" },
  banners: { position: "left" },
  children_banners: { position: "left" },
  oldage_banners: { position: "left" },
} satisfies { [T in ContentTable]?: Partial<SampleRow<T>> };
