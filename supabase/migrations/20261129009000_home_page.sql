-- The home page's words as content, one record: what search engines read under the
-- charity's name, and its sections' small headings, headings and lines (Who we are,
-- Our Causes, Our Board & Staff, Gallery). What the sections hold (banners, the about
-- record, causes, people, pictures) stays where it was. Filled here from the product's
-- built-in copy, so a site already running looks the same after this migration until
-- someone edits them; the search description names the organisation and its founding
-- year as they stand, as the built-in copy did.

create table public.home_page (
  id uuid primary key default gen_random_uuid(),
  seo_description text not null
    constraint home_page_seo_description_filled check (private.nonblank(seo_description, 300)),
  about_eyebrow text
    constraint home_page_about_eyebrow_length check (char_length(about_eyebrow) <= 100),
  causes_eyebrow text
    constraint home_page_causes_eyebrow_length check (char_length(causes_eyebrow) <= 100),
  causes_title text not null
    constraint home_page_causes_title_filled check (private.nonblank(causes_title, 200)),
  causes_text text
    constraint home_page_causes_text_length check (char_length(causes_text) <= 500),
  board_eyebrow text
    constraint home_page_board_eyebrow_length check (char_length(board_eyebrow) <= 100),
  board_title text not null
    constraint home_page_board_title_filled check (private.nonblank(board_title, 200)),
  board_text text
    constraint home_page_board_text_length check (char_length(board_text) <= 500),
  gallery_eyebrow text
    constraint home_page_gallery_eyebrow_length check (char_length(gallery_eyebrow) <= 100),
  gallery_title text not null
    constraint home_page_gallery_title_filled check (private.nonblank(gallery_title, 200)),
  gallery_text text
    constraint home_page_gallery_text_length check (char_length(gallery_text) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index home_page_single_row on public.home_page ((true));
call private.setup_content_table('public.home_page');

insert into public.home_page (
  seo_description, about_eyebrow, causes_eyebrow, causes_title, causes_text, board_eyebrow,
  board_title, board_text, gallery_eyebrow, gallery_title, gallery_text
) values (
  left(format(
    '%s gives children a home, elders a family and families in crisis a helping hand: a children''s home, an old-age home, free medical care and disaster relief since %s.',
    coalesce((select name from public.organisation order by created_at desc limit 1), 'Helping Hands Foundation'),
    coalesce((select founded_year from public.organisation order by created_at desc limit 1), 2009)
  ), 300),
  'Who we are',
  'Where your gift goes',
  'Our Causes',
  'Choose the cause closest to your heart. Every card leads to the ways you can give.',
  'The people who lead us',
  'Our Board & Staff',
  'Volunteers, carers and professionals who give their time and skill to our community.',
  'Moments that matter',
  'Gallery',
  'Everyday life at our homes, camps and relief missions.'
);
