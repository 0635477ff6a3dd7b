-- The four programme pages' words as content, each page's one record: what search
-- engines read, the page's name and small heading, its donate button's label, its
-- sections' headings and texts, and its closing call. The homes add the line under
-- their heading; medical and relief, whose content has no about block of its own, add
-- one (a heading, paragraphs, and what a gift pays for, one item per line); medical
-- adds its health tips' heading. What each programme's content record holds (banners,
-- figures, services, tips, gallery) stays where it was. Filled here from the product's
-- built-in copy, so a site already running looks the same after this migration until
-- someone edits them.

-- Creates one page's table from its columns: (name, most characters, required).
-- A required text may not be blank; an optional one is null or at most that long.
create function pg_temp.create_page_table(page text, own_columns text[][])
returns void
language plpgsql
as $$
declare
  columns text := '';
  spec text[];
begin
  foreach spec slice 1 in array own_columns loop
    if spec[3] = 'required' then
      columns := columns || format(
        '%1$I text not null constraint %2$I check (private.nonblank(%1$I, %3$s)), ',
        spec[1], page || '_' || spec[1] || '_filled', spec[2]::integer);
    else
      columns := columns || format(
        '%1$I text constraint %2$I check (char_length(%1$I) <= %3$s), ',
        spec[1], page || '_' || spec[1] || '_length', spec[2]::integer);
    end if;
  end loop;
  execute format(
    'create table public.%1$I (id uuid primary key default gen_random_uuid(), %2$s'
    'created_at timestamptz not null default now(), updated_at timestamptz not null default now())',
    page, columns);
  execute format('create unique index %I on public.%I ((true))', page || '_single_row', page);
  execute format('call private.setup_content_table(%L)', 'public.' || page);
end;
$$;

-- Every programme page's words, in the order the page shows them.
create function pg_temp.programme_columns(top text[][], middle text[][])
returns text[][]
language sql
as $$
  select array[
    array['seo_title', '200', 'required'],
    array['seo_description', '300', 'required'],
    array['intro_eyebrow', '100', 'required'],
    array['intro_title', '200', 'required']
  ] || top || array[
    array['donate_label', '100', 'required'],
    array['stats_title', '200', 'required'],
    array['about_eyebrow', '100', 'optional']
  ] || middle || array[
    array['services_eyebrow', '100', 'optional'],
    array['services_title', '200', 'required'],
    array['services_text', '500', 'optional'],
    array['gallery_eyebrow', '100', 'optional'],
    array['gallery_title', '200', 'required'],
    array['gallery_text', '500', 'optional'],
    array['cta_title', '200', 'required'],
    array['cta_text', '1000', 'required']
  ];
$$;

-- The homes: the line under the heading.
select pg_temp.create_page_table(page, pg_temp.programme_columns(
  array[array['intro_lead', '1000', 'required']],
  array[]::text[][]))
from unnest(array['children_page', 'oldage_page']) as page;

-- Medical and relief: their about block (and medical its health tips' heading).
select pg_temp.create_page_table(page, pg_temp.programme_columns(
  array[]::text[][],
  array[
    array['about_title', '200', 'required'],
    array['about_text', '10000', 'required'],
    array['highlights_title', '200', 'required'],
    array['highlights', '2000', 'optional']
  ] || case when page = 'medical_page' then array[
    array['tips_eyebrow', '100', 'optional'],
    array['tips_title', '200', 'required'],
    array['tips_text', '500', 'optional']
  ] else array[]::text[][] end))
from unnest(array['medical_page', 'relief_page']) as page;

insert into public.children_page (
  seo_title, seo_description, intro_eyebrow, intro_title, intro_lead, donate_label,
  stats_title, about_eyebrow, services_eyebrow, services_title, services_text,
  gallery_eyebrow, gallery_title, gallery_text, cta_title, cta_text
) values (
  'Children''s Home',
  'A safe, loving home, schooling, healthcare and mentoring for children who have lost their parents or cannot live with their families. Sponsor a child today.',
  'Our programmes',
  'Children''s Home',
  'A safe, loving home where every child goes to school, is cared for when unwell and has an adult who believes in them.',
  'Sponsor a Child',
  'The children''s home in numbers',
  'About the Children''s Home',
  'What we do',
  'What Every Child Receives',
  'Everything a child needs to feel safe, learn and grow, under one roof.',
  'Gallery',
  'Life at the Children''s Home',
  'School mornings, homework evenings, festivals and plenty of play.',
  'Give a child a home, a school place and a future',
  'Sponsoring a child covers their meals, schooling, healthcare and care for a whole year. You receive news of their progress twice a year.'
);

insert into public.oldage_page (
  seo_title, seo_description, intro_eyebrow, intro_title, intro_lead, donate_label,
  stats_title, about_eyebrow, services_eyebrow, services_title, services_text,
  gallery_eyebrow, gallery_title, gallery_text, cta_title, cta_text
) values (
  'Old Age Home',
  'A warm home, round-the-clock care, nutritious meals and companionship for elderly people who live alone or have no one to care for them.',
  'Our programmes',
  'Old Age Home',
  'Comfort, care and good company for elders who would otherwise face their later years alone.',
  'Sponsor',
  'The old age home in numbers',
  'About the Old Age Home',
  'What we do',
  'How We Care for Our Residents',
  'Medical care, good food and a full day, every day.',
  'Gallery',
  'Life at the Old Age Home',
  'Gardening, music mornings, festivals and family visits.',
  'Sponsor an elder''s care',
  'Your sponsorship provides meals, medicines, nursing care and a warm bed for a resident who has no one else to turn to.'
);

insert into public.medical_page (
  seo_title, seo_description, intro_eyebrow, intro_title, donate_label, stats_title,
  about_eyebrow, about_title, about_text, highlights_title, highlights, tips_eyebrow,
  tips_title, tips_text, services_eyebrow, services_title, services_text, gallery_eyebrow,
  gallery_title, gallery_text, cta_title, cta_text
) values (
  'Medical Services',
  'Free health camps, a mobile clinic, medicines and preventive care for families who cannot reach or afford a doctor.',
  'Our programmes',
  'Medical Services',
  'Donate for Medical',
  'Our medical work in numbers',
  'About the programme',
  'Healthcare Close to Home',
  E'For many families in the hill villages, the nearest hospital is a full day''s walk away, and a single visit can cost a week''s wages. Small problems go untreated until they become serious.\n\nOur volunteer doctors and nurses bring care to them instead: free health camps, a mobile clinic that visits remote villages every week, and medicines that families could not otherwise afford. Our residents at the children''s home and old-age home are looked after by the same team.',
  'Your gift pays for',
  E'Medicines for a family for a month\nA child''s vaccinations and growth check\nFuel for the mobile clinic''s weekly round\nA full health camp for a remote village',
  'Stay well',
  'Health Tips',
  'Simple habits that keep families healthy, shared at every one of our camps.',
  'What we do',
  'Our Medical Services',
  'From routine check-ups to emergency care, close to home and free of charge.',
  'Gallery',
  'Our Medical Work',
  'Health camps, the mobile clinic and the care of our residents.',
  'Bring a doctor to a village that has none',
  'Your donation pays for medicines, health camps and the mobile clinic''s visits to families far from any hospital.'
);

insert into public.relief_page (
  seo_title, seo_description, intro_eyebrow, intro_title, donate_label, stats_title,
  about_eyebrow, about_title, about_text, highlights_title, highlights, services_eyebrow,
  services_title, services_text, gallery_eyebrow, gallery_title, gallery_text, cta_title,
  cta_text
) values (
  'Relief Programs',
  'Food, clean water, shelter and medical supplies within hours of a flood, landslide or earthquake, and help to rebuild afterwards.',
  'Our programmes',
  'Relief Programs',
  'Donate for Relief Fund',
  'Our relief work in numbers',
  'About the programme',
  'When Disaster Strikes, We Are Already There',
  E'Our valley lives with floods, landslides and earthquakes. Because our volunteers live here too, we can reach affected families within hours, often before anyone else.\n\nWe bring food, clean water, tarpaulins, blankets and first aid, find the families who are easy to overlook, and stay long after the cameras have gone to help them repair their homes and get children back to school.',
  'Your gift pays for',
  E'A food pack that feeds a family for a week\nA tarpaulin and blankets for a family without a roof\nHygiene kits and clean water supplies\nBuilding materials to repair a damaged home',
  'What we do',
  'How We Respond',
  'From the first hours after a disaster to the months of rebuilding that follow.',
  'Gallery',
  'Relief in Action',
  'Our volunteers on the ground with families in need.',
  'Help us be ready for the next emergency',
  'Gifts to the relief fund keep our depot stocked and our team ready to travel the moment disaster strikes.'
);
