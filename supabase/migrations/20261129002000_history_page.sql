-- Our History as content: the page's words (what search engines read, its top, the
-- timeline's heading and the closing call to action) in one record, and its milestones
-- as a list editors order by dragging. Both are filled here from the product's
-- built-in copy, so a site already running looks the same after this migration until
-- someone edits them.

create table public.history_page (
  id uuid primary key default gen_random_uuid(),
  seo_title text not null
    constraint history_page_seo_title_filled check (private.nonblank(seo_title, 200)),
  seo_description text not null
    constraint history_page_seo_description_filled check (private.nonblank(seo_description, 300)),
  intro_eyebrow text not null
    constraint history_page_intro_eyebrow_filled check (private.nonblank(intro_eyebrow, 100)),
  intro_title text not null
    constraint history_page_intro_title_filled check (private.nonblank(intro_title, 200)),
  intro_lead text not null
    constraint history_page_intro_lead_filled check (private.nonblank(intro_lead, 1000)),
  timeline_title text not null
    constraint history_page_timeline_title_filled check (private.nonblank(timeline_title, 200)),
  timeline_text text
    constraint history_page_timeline_text_length check (char_length(timeline_text) <= 500),
  cta_title text not null
    constraint history_page_cta_title_filled check (private.nonblank(cta_title, 200)),
  cta_text text not null
    constraint history_page_cta_text_filled check (private.nonblank(cta_text, 1000)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index history_page_single_row on public.history_page ((true));
call private.setup_content_table('public.history_page');

create table public.milestones (
  id uuid primary key default gen_random_uuid(),
  year integer not null constraint milestones_year_range check (year between 1800 and 2100),
  title text not null constraint milestones_title_filled check (private.nonblank(title, 200)),
  description text not null
    constraint milestones_description_filled check (private.nonblank(description, 2000)),
  location text constraint milestones_location_length check (char_length(location) <= 200),
  impact text constraint milestones_impact_length check (char_length(impact) <= 300),
  sort_order integer not null default 0
    constraint milestones_sort_order_range check (sort_order between 0 and 100000),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
call private.setup_content_table('public.milestones');
call private.keep_positions_apart('public.milestones');

insert into public.history_page (
  seo_title, seo_description, intro_eyebrow, intro_title, intro_lead, timeline_title,
  timeline_text, cta_title, cta_text
) values (
  'Our History',
  'From two rented rooms in 2009 to a children''s home, an old-age home, medical camps and disaster relief: the milestones of Helping Hands Foundation.',
  'Our journey',
  'Our History',
  'Fifteen years of growing one step at a time, always led by what our neighbours needed most.',
  'Milestones',
  'The moments that shaped who we are.',
  'Write the next chapter with us',
  'Our story is still being written, by neighbours, volunteers and donors like you.'
);

insert into public.milestones (year, title, description, location, impact, sort_order) values
  (2009, 'Two rooms and an open door', 'After a devastating monsoon, our founders rented two rooms on Riverside Road so that children who had lost their homes had somewhere safe to sleep, eat and study.', 'Riverside Road, Green Valley', '6 children given a safe home in the first week', 0),
  (2012, 'A home for our elders', 'Older neighbours living alone began asking for help, so we opened a small residence next door with shared meals, a visiting nurse and plenty of company.', 'Green Valley', '20 elderly residents welcomed in the first year', 1),
  (2015, 'Earthquake relief', 'When the earthquake struck, our volunteers were among the first to reach the hill villages with food, tarpaulins, clean water and first aid, and stayed on to help families rebuild.', 'Hill villages of the district', '1,200 families reached with emergency supplies', 2),
  (2018, 'Free medical camps begin', 'With volunteer doctors and nurses, we held our first free health camps, offering check-ups, medicines and referrals to families who had never seen a doctor.', 'Six rural wards', '2,000 patients treated in the first year', 3),
  (2020, 'Care through the pandemic', 'We kept both homes safe through lockdown, delivered food packs to families who lost their daily wages and ran a phone line for elders living alone.', 'Green Valley and surrounding villages', '15,000 meals delivered and no resident left alone', 4),
  (2022, 'The mobile clinic hits the road', 'A donated vehicle became a clinic on wheels, bringing a doctor, a nurse and essential medicines to remote villages every week.', 'Remote villages across the district', '50+ health camps held and counting', 5),
  (2024, 'Fifteen years of service', 'We opened a learning centre for the children, expanded the old-age home to more than 80 residents and were recognised with a Community Service Award.', 'Green Valley', '500+ lives touched by our programmes', 6);
