-- Banner slides of the children's home and old-age home pages. Children's banners
-- carry no text; old-age banners have an optional title and subtitle.

create table public.children_banners (
  id uuid primary key default gen_random_uuid(),
  image_url text not null constraint children_banners_image_url_valid check (private.is_image_url(image_url)),
  position text not null default 'left'
    constraint children_banners_position_valid check (position in ('left', 'center', 'right')),
  is_active boolean not null default true,
  sort_order integer not null default 0 constraint children_banners_sort_order_range check (sort_order between 0 and 100000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
call private.setup_content_table('public.children_banners');

create table public.oldage_banners (
  id uuid primary key default gen_random_uuid(),
  title text constraint oldage_banners_title_length check (char_length(title) <= 200),
  subtitle text constraint oldage_banners_subtitle_length check (char_length(subtitle) <= 500),
  image_url text not null constraint oldage_banners_image_url_valid check (private.is_image_url(image_url)),
  position text not null default 'left'
    constraint oldage_banners_position_valid check (position in ('left', 'center', 'right')),
  is_active boolean not null default true,
  sort_order integer not null default 0 constraint oldage_banners_sort_order_range check (sort_order between 0 and 100000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
call private.setup_content_table('public.oldage_banners');
