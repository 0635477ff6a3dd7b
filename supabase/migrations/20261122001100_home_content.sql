-- Home page content: banners, the about record, causes, board and staff, and the
-- home-management gallery.

create table public.banners (
  id uuid primary key default gen_random_uuid(),
  title text constraint banners_title_length check (char_length(title) <= 200),
  subtitle text constraint banners_subtitle_length check (char_length(subtitle) <= 500),
  image_url text not null constraint banners_image_url_valid check (private.is_image_url(image_url)),
  position text not null default 'left'
    constraint banners_position_valid check (position in ('left', 'center', 'right')),
  is_active boolean not null default true,
  sort_order integer not null default 0 constraint banners_sort_order_range check (sort_order between 0 and 100000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
call private.setup_content_table('public.banners');

-- A single record: the unique index on a constant allows one row at most.
create table public.about_content (
  id uuid primary key default gen_random_uuid(),
  image_url text not null constraint about_content_image_url_valid check (private.is_image_url(image_url)),
  years_of_service integer not null default 15
    constraint about_content_years_of_service_range check (years_of_service between 0 and 1000),
  about_title text not null default 'About Helping Hands Foundation'
    constraint about_content_about_title_filled check (private.nonblank(about_title, 200)),
  about_text text not null constraint about_content_about_text_filled check (private.nonblank(about_text, 10000)),
  lives_impacted integer not null default 500
    constraint about_content_lives_impacted_range check (lives_impacted between 0 and 1000000000),
  active_volunteers integer not null default 50
    constraint about_content_active_volunteers_range check (active_volunteers between 0 and 1000000000),
  our_vision text not null constraint about_content_our_vision_filled check (private.nonblank(our_vision, 5000)),
  our_mission text not null constraint about_content_our_mission_filled check (private.nonblank(our_mission, 5000)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index about_content_single_row on public.about_content ((true));
call private.setup_content_table('public.about_content');

create table public.causes (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint causes_title_filled check (private.nonblank(title, 200)),
  description text not null constraint causes_description_filled check (private.nonblank(description, 5000)),
  image text constraint causes_image_valid check (private.is_image_url(image)),
  image_url text not null constraint causes_image_url_valid check (private.is_image_url(image_url)),
  icon text constraint causes_icon_length check (char_length(icon) <= 100),
  category text constraint causes_category_length check (char_length(category) <= 100),
  is_active boolean not null default true,
  sort_order integer not null default 0 constraint causes_sort_order_range check (sort_order between 0 and 100000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
call private.setup_content_table('public.causes');

create table public.board_staff (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint board_staff_name_filled check (private.nonblank(name, 200)),
  designation text not null constraint board_staff_designation_filled check (private.nonblank(designation, 200)),
  image_url text constraint board_staff_image_url_valid check (private.is_image_url(image_url)),
  is_active boolean not null default true,
  sort_order integer not null default 0 constraint board_staff_sort_order_range check (sort_order between 0 and 100000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
call private.setup_content_table('public.board_staff');

create table public.gallery_images (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint gallery_images_title_filled check (private.nonblank(title, 200)),
  description text constraint gallery_images_description_length check (char_length(description) <= 2000),
  category text not null default 'general'
    constraint gallery_images_category_valid check (category in ('general', 'events', 'activities', 'achievements')),
  image_url text not null constraint gallery_images_image_url_valid check (private.is_image_url(image_url)),
  is_active boolean not null default true,
  sort_order integer not null default 0 constraint gallery_images_sort_order_range check (sort_order between 0 and 100000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
call private.setup_content_table('public.gallery_images');
