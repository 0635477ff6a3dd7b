-- Our Team as content: one list of people. Board & Staff (board_staff) gains what the
-- Our Team page shows of a person (a bio, specialties, achievements, an email, a phone
-- and a social link) and two ticks saying where each person appears: in Board & Staff
-- on the home page, and on Our Team. An editor adds a person once and chooses.
--
-- Our Team's own words (what search engines read, its top, its figures, the leaders'
-- heading and the closing call to action) are one record, filled here from the
-- product's built-in copy. The six people the page named before it was content are
-- matched by name to the people already listed, who gain their words and the Our Team
-- tick; one not listed is added, shown on Our Team only. So a site already running
-- looks the same after this migration until someone edits it (a matched person keeps
-- the designation the home page showed). A database with nobody listed yet is left
-- empty: the seed, or the editors, fill it, and the page shows its built-in people.

alter table public.board_staff
  add column bio text constraint board_staff_bio_length check (char_length(bio) <= 2000),
  -- One per line.
  add column specialties text
    constraint board_staff_specialties_length check (char_length(specialties) <= 1000),
  -- One per line, the most important first: a card shows the first two.
  add column achievements text
    constraint board_staff_achievements_length check (char_length(achievements) <= 2000),
  add column email text constraint board_staff_email_valid check (private.is_email(email)),
  add column phone text constraint board_staff_phone_length check (char_length(phone) <= 50),
  add column social_label text
    constraint board_staff_social_label_length check (char_length(social_label) <= 50),
  add column social_url text
    constraint board_staff_social_url_valid check (private.is_link_url(social_url)),
  add column on_home_page boolean not null default true,
  -- Everyone listed before this migration was shown on the home page only.
  add column on_team_page boolean not null default false;
alter table public.board_staff alter column on_team_page set default true;

create table public.team_page (
  id uuid primary key default gen_random_uuid(),
  seo_title text not null
    constraint team_page_seo_title_filled check (private.nonblank(seo_title, 200)),
  seo_description text not null
    constraint team_page_seo_description_filled check (private.nonblank(seo_description, 300)),
  intro_eyebrow text not null
    constraint team_page_intro_eyebrow_filled check (private.nonblank(intro_eyebrow, 100)),
  intro_title text not null
    constraint team_page_intro_title_filled check (private.nonblank(intro_title, 200)),
  intro_lead text not null
    constraint team_page_intro_lead_filled check (private.nonblank(intro_lead, 1000)),
  statistics jsonb not null
    constraint team_page_statistics_valid check (private.is_object_list(statistics, array['number', 'label'])),
  leaders_eyebrow text
    constraint team_page_leaders_eyebrow_length check (char_length(leaders_eyebrow) <= 100),
  leaders_title text not null
    constraint team_page_leaders_title_filled check (private.nonblank(leaders_title, 200)),
  leaders_text text
    constraint team_page_leaders_text_length check (char_length(leaders_text) <= 500),
  cta_title text not null
    constraint team_page_cta_title_filled check (private.nonblank(cta_title, 200)),
  cta_text text not null
    constraint team_page_cta_text_filled check (private.nonblank(cta_text, 1000)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index team_page_single_row on public.team_page ((true));
call private.setup_content_table('public.team_page');

insert into public.team_page (
  seo_title, seo_description, intro_eyebrow, intro_title, intro_lead, statistics,
  leaders_eyebrow, leaders_title, leaders_text, cta_title, cta_text
) values (
  'Our Team',
  'Meet the leadership team of Helping Hands Foundation: the people who run our children''s home, old-age home, medical camps and relief work.',
  'The people behind the work',
  'Our Team',
  'A small leadership team of social workers, carers, doctors and volunteers, most of whom grew up within a few kilometres of our homes.',
  '[{"number": "6", "label": "Leadership Members"}, {"number": "45", "label": "Full-time Staff"}, {"number": "50+", "label": "Active Volunteers"}, {"number": "100+", "label": "Years of Combined Experience"}]',
  'Leadership',
  'Leadership Team',
  'Get in touch with any of us directly: we are always glad to talk about our work.',
  'Stand with our team',
  'Your support lets our carers, nurses and volunteers keep showing up for the people who need them.'
);

-- The people Our Team named, in its order.
create temporary table our_team_people as
select * from (values
  (1, 'Kamala Shrestha', 'Founder & Chairperson', 'Kamala opened the first two rooms on Riverside Road in 2009. A retired schoolteacher, she still reads with the youngest children every Friday evening.', E'Child welfare\nCommunity organising\nGovernance', E'Founded the children''s home in 2009\nDistrict Social Service Award, 2019\nTrained more than 200 volunteers', 'kamala@helpinghands.example', '+977 1 4000 101', 'https://www.linkedin.com/in/kamala-shrestha-hhf'),
  (2, 'Ramesh Adhikari', 'Executive Director', 'Ramesh joined as a volunteer during the 2015 earthquake response and now runs day-to-day operations, partnerships and our annual public accounts.', E'Operations\nPartnerships\nFinancial transparency', E'Led the 2015 earthquake relief effort\nIntroduced published annual accounts\nGrew the partner network to 20 organisations', 'ramesh@helpinghands.example', '+977 1 4000 102', 'https://www.linkedin.com/in/ramesh-adhikari-hhf'),
  (3, 'Dr. Sunita Gurung', 'Medical Director', 'A family physician with twenty years in rural health, Sunita leads our health camps, the mobile clinic and the care of residents at the old-age home.', E'Family medicine\nRural health\nElder care', E'Launched the free medical camps in 2018\nSet up the mobile clinic in 2022\nOver 5,000 patients treated under her lead', 'sunita@helpinghands.example', '+977 1 4000 103', 'https://www.linkedin.com/in/sunita-gurung-hhf'),
  (4, 'Anjali Rai', 'Children''s Home Coordinator', 'Anjali grew up in a children''s home herself. She makes sure every child has a mentor, a school place and a voice in how the home is run.', E'Child protection\nEducation support\nMentoring', E'Raised school attendance to 95%\nStarted the children''s council\nOpened the learning centre in 2024', 'anjali@helpinghands.example', '+977 1 4000 104', 'https://www.linkedin.com/in/anjali-rai-hhf'),
  (5, 'Sita Maharjan', 'Old Age Home Manager', 'A trained nurse, Sita leads the team that looks after more than 80 residents, from medicines and meals to music mornings and family visits.', E'Geriatric nursing\nPalliative care\nTeam leadership', E'Expanded the home to more than 80 residents\nIntroduced round-the-clock nursing cover\nBegan the weekly volunteer visiting scheme', 'sita@helpinghands.example', '+977 1 4000 105', 'https://www.linkedin.com/in/sita-maharjan-hhf'),
  (6, 'Bikash Thapa', 'Treasurer & Relief Coordinator', 'Bikash keeps our books and our relief stores in order, and leads the rapid response team that travels within hours when disaster strikes.', E'Finance\nLogistics\nDisaster response', E'Coordinated 35 relief missions\nBuilt the emergency supply depot plan\nClean independent audit every year since 2016', 'bikash@helpinghands.example', '+977 1 4000 106', 'https://www.linkedin.com/in/bikash-thapa-hhf')
) as person(place, name, designation, bio, specialties, achievements, email, phone, social_url);

update public.board_staff as listed
set bio = person.bio,
  specialties = person.specialties,
  achievements = person.achievements,
  email = person.email,
  phone = person.phone,
  social_label = 'LinkedIn',
  social_url = person.social_url,
  on_team_page = true
from our_team_people as person
where listed.name = person.name;

-- Only where people are listed already: an empty list shows the built-in people.
insert into public.board_staff (
  name, designation, bio, specialties, achievements, email, phone, social_label, social_url,
  on_home_page, on_team_page, sort_order
)
select person.name, person.designation, person.bio, person.specialties, person.achievements,
  person.email, person.phone, 'LinkedIn', person.social_url, false, true,
  (select coalesce(max(sort_order), -1) from public.board_staff) + person.place
from our_team_people as person
where exists (select 1 from public.board_staff)
  and not exists (select 1 from public.board_staff as listed where listed.name = person.name)
order by person.place;

drop table our_team_people;
