-- Our Mission as content: the page's words in one record (what search engines read, its
-- top, its values and the headings of its objectives, the closing call to action) and
-- its strategic objectives as a list editors order by dragging, each with its goals
-- written one per line. Its mission and vision statements are about_content's, as the
-- home and About pages show them. Both are filled here from the product's built-in
-- copy, so a site already running looks the same after this migration until someone
-- edits them.

create table public.mission_page (
  id uuid primary key default gen_random_uuid(),
  seo_title text not null
    constraint mission_page_seo_title_filled check (private.nonblank(seo_title, 200)),
  seo_description text not null
    constraint mission_page_seo_description_filled check (private.nonblank(seo_description, 300)),
  intro_eyebrow text not null
    constraint mission_page_intro_eyebrow_filled check (private.nonblank(intro_eyebrow, 100)),
  intro_title text not null
    constraint mission_page_intro_title_filled check (private.nonblank(intro_title, 200)),
  intro_lead text not null
    constraint mission_page_intro_lead_filled check (private.nonblank(intro_lead, 1000)),
  values_eyebrow text
    constraint mission_page_values_eyebrow_length check (char_length(values_eyebrow) <= 100),
  values_title text not null
    constraint mission_page_values_title_filled check (private.nonblank(values_title, 200)),
  values_text text
    constraint mission_page_values_text_length check (char_length(values_text) <= 500),
  core_values jsonb not null
    constraint mission_page_core_values_valid check (private.is_object_list(core_values, array['icon', 'title', 'description'], '{}', 12)),
  objectives_eyebrow text
    constraint mission_page_objectives_eyebrow_length check (char_length(objectives_eyebrow) <= 100),
  objectives_title text not null
    constraint mission_page_objectives_title_filled check (private.nonblank(objectives_title, 200)),
  objectives_text text
    constraint mission_page_objectives_text_length check (char_length(objectives_text) <= 500),
  cta_title text not null
    constraint mission_page_cta_title_filled check (private.nonblank(cta_title, 200)),
  cta_text text not null
    constraint mission_page_cta_text_filled check (private.nonblank(cta_text, 1000)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index mission_page_single_row on public.mission_page ((true));
call private.setup_content_table('public.mission_page');

create table public.mission_objectives (
  id uuid primary key default gen_random_uuid(),
  icon text not null constraint mission_objectives_icon_filled check (private.nonblank(icon, 100)),
  title text not null
    constraint mission_objectives_title_filled check (private.nonblank(title, 200)),
  description text not null
    constraint mission_objectives_description_filled check (private.nonblank(description, 2000)),
  -- One per line.
  goals text constraint mission_objectives_goals_length check (char_length(goals) <= 2000),
  sort_order integer not null default 0
    constraint mission_objectives_sort_order_range check (sort_order between 0 and 100000),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
call private.setup_content_table('public.mission_objectives');
call private.keep_positions_apart('public.mission_objectives');

insert into public.mission_page (
  seo_title, seo_description, intro_eyebrow, intro_title, intro_lead, values_eyebrow,
  values_title, values_text, core_values, objectives_eyebrow, objectives_title,
  objectives_text, cta_title, cta_text
) values (
  'Our Mission',
  'The mission, vision, core values and strategic objectives that guide Helping Hands Foundation.',
  'What drives us',
  'Our Mission',
  'Why we exist, the future we are working towards and the promises we keep along the way.',
  'How we work',
  'Our Core Values',
  'Six promises that guide every decision we make.',
  '[{"icon": "Heart", "title": "Compassion", "description": "We treat every person as family, with warmth, patience and kindness."}, {"icon": "Scale", "title": "Integrity", "description": "Honest accounts, clear decisions and gifts spent exactly where we promise."}, {"icon": "Shield", "title": "Dignity", "description": "We protect the privacy, choices and self-respect of everyone we serve."}, {"icon": "Eye", "title": "Transparency", "description": "We publish our accounts every year and welcome questions from anyone."}, {"icon": "Users", "title": "Community", "description": "Local people lead our work, and we build on the strengths already around us."}, {"icon": "Sprout", "title": "Sustainability", "description": "We plan for the long term, so that the help we give today still stands tomorrow."}]',
  'Where we are heading',
  'Strategic Objectives',
  'Four objectives, each with goals we measure and report on every year.',
  'Turn our mission into action',
  'Every goal on this page is funded by people like you. Choose a programme, or give where the need is greatest.'
);

insert into public.mission_objectives (icon, title, description, goals, sort_order) values
  ('GraduationCap', 'Education for every child in our care', 'Give every child at the home the schooling, mentoring and support to finish school and choose their own path.', E'Keep school attendance above 95%\nA mentor for every child aged 12 and over\nSupport 20 young people into further study or work by 2027', 0),
  ('Heart', 'Dignified care for our elders', 'Offer every resident of the old-age home safety, good food, medical care and a full social life.', E'Round-the-clock nursing cover every day of the year\nA personal care plan reviewed every three months\nWeekly visits from volunteers and families', 1),
  ('Stethoscope', 'Healthcare within reach', 'Bring free, quality healthcare to families who live far from a hospital or cannot afford one.', E'Hold 20 free health camps every year\nVisit 12 remote villages each month with the mobile clinic\nScreen 2,000 children and elders a year', 2),
  ('HandHeart', 'Ready when disaster strikes', 'Respond within hours to floods, landslides and earthquakes, and stay to help families rebuild.', E'A stocked emergency supply depot before each monsoon\nA trained rapid response team of 30 volunteers\nHelp every family we reach back into a safe home', 3);
