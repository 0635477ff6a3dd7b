-- About Us as content: the page's words in one record (what search engines read, its
-- top, the story, a further figure, the values, the links to the other About pages'
-- words and the closing call to action). Its figures of lives, volunteers and years,
-- its mission and its vision stay where the home page reads them (about_content): one
-- fact, one place. The record is filled here from the product's built-in copy, so a
-- site already running looks the same after this migration until someone edits it.

create table public.about_page (
  id uuid primary key default gen_random_uuid(),
  seo_title text not null
    constraint about_page_seo_title_filled check (private.nonblank(seo_title, 200)),
  seo_description text not null
    constraint about_page_seo_description_filled check (private.nonblank(seo_description, 300)),
  intro_eyebrow text not null
    constraint about_page_intro_eyebrow_filled check (private.nonblank(intro_eyebrow, 100)),
  intro_title text not null
    constraint about_page_intro_title_filled check (private.nonblank(intro_title, 200)),
  intro_lead text not null
    constraint about_page_intro_lead_filled check (private.nonblank(intro_lead, 1000)),
  extra_figure text
    constraint about_page_extra_figure_length check (char_length(extra_figure) <= 20),
  extra_figure_label text
    constraint about_page_extra_figure_label_length check (char_length(extra_figure_label) <= 100),
  story_title text not null
    constraint about_page_story_title_filled check (private.nonblank(story_title, 200)),
  story_text text not null
    constraint about_page_story_text_filled check (private.nonblank(story_text, 10000)),
  founded_note text not null
    constraint about_page_founded_note_filled check (private.nonblank(founded_note, 200)),
  values_eyebrow text
    constraint about_page_values_eyebrow_length check (char_length(values_eyebrow) <= 100),
  values_title text not null
    constraint about_page_values_title_filled check (private.nonblank(values_title, 200)),
  core_values jsonb not null
    constraint about_page_core_values_valid check (private.is_object_list(core_values, array['icon', 'title', 'description'], '{}', 12)),
  links_title text not null
    constraint about_page_links_title_filled check (private.nonblank(links_title, 200)),
  history_text text not null
    constraint about_page_history_text_filled check (private.nonblank(history_text, 300)),
  team_text text not null
    constraint about_page_team_text_filled check (private.nonblank(team_text, 300)),
  mission_text text not null
    constraint about_page_mission_text_filled check (private.nonblank(mission_text, 300)),
  cta_title text not null
    constraint about_page_cta_title_filled check (private.nonblank(cta_title, 200)),
  cta_text text not null
    constraint about_page_cta_text_filled check (private.nonblank(cta_text, 1000)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index about_page_single_row on public.about_page ((true));
call private.setup_content_table('public.about_page');

insert into public.about_page (
  seo_title, seo_description, intro_eyebrow, intro_title, intro_lead, extra_figure,
  extra_figure_label, story_title, story_text, founded_note, values_eyebrow, values_title,
  core_values, links_title, history_text, team_text, mission_text, cta_title, cta_text
) values (
  'About Us',
  'Since 2009, Helping Hands Foundation has given children a home, elders a family and families in crisis a helping hand. Read our story, mission and values.',
  'Who we are',
  'About Us',
  'A community organisation that grew from one open door into a children''s home, an old-age home, free medical care and emergency relief, run by people who live where they serve.',
  '24/7',
  'Support',
  'Our Story',
  E'In 2009, after a hard monsoon left several children in our neighbourhood without parents or a safe place to sleep, Kamala Shrestha and a handful of neighbours rented two rooms on Riverside Road and opened their doors. The first night, six children slept there. Volunteers cooked on a borrowed stove, and a local teacher came every evening to help with homework.\n\nWord spread, and so did the need. Older people living alone began knocking too, so in 2012 we opened a small home for elders next door. Families asked for medicines they could not afford, and our first free health camp followed. When floods and an earthquake struck the valley, our volunteers were already there, so relief work became part of who we are.\n\nToday the same idea carries everything we do: every person deserves safety, dignity and someone who cares. We are still local, still run largely by volunteers, and we publish where every gift goes, because the trust of our donors is what keeps the doors open.',
  'The year we opened our doors',
  'What we stand for',
  'Our Values',
  '[{"icon": "Heart", "title": "Compassion", "description": "We meet every child, elder and family with warmth and patience, and we listen before we act."}, {"icon": "Scale", "title": "Integrity", "description": "We spend every gift where we say we will, keep honest accounts and publish them every year."}, {"icon": "Shield", "title": "Dignity", "description": "The people we serve make choices about their own lives. We protect their privacy and their voice."}, {"icon": "Users", "title": "Community", "description": "Neighbours, volunteers and donors working side by side achieve more than any of us could alone."}]',
  'Learn more about us',
  'Fifteen years of milestones, from two rented rooms to four programmes.',
  'Meet the people who lead our homes, clinics and relief work.',
  'The values we hold and the goals we are working towards.',
  'Help us keep the doors open',
  'Every gift, large or small, pays for a meal, a school book, a medicine or a warm bed tonight.'
);
