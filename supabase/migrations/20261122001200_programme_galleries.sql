-- The image galleries of the home page and the four programme pages.

create table public.home_gallery (
  id uuid primary key default gen_random_uuid(),
  image_url text not null constraint home_gallery_image_url_valid check (private.is_image_url(image_url)),
  sort_order integer not null default 0 constraint home_gallery_sort_order_range check (sort_order between 0 and 100000),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
call private.setup_content_table('public.home_gallery');

create table public.children_gallery (
  id uuid primary key default gen_random_uuid(),
  image_url text not null constraint children_gallery_image_url_valid check (private.is_image_url(image_url)),
  sort_order integer not null default 0 constraint children_gallery_sort_order_range check (sort_order between 0 and 100000),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
call private.setup_content_table('public.children_gallery');

create table public.oldage_gallery (
  id uuid primary key default gen_random_uuid(),
  image_url text not null constraint oldage_gallery_image_url_valid check (private.is_image_url(image_url)),
  sort_order integer not null default 0 constraint oldage_gallery_sort_order_range check (sort_order between 0 and 100000),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
call private.setup_content_table('public.oldage_gallery');

create table public.medical_gallery (
  id uuid primary key default gen_random_uuid(),
  image_url text not null constraint medical_gallery_image_url_valid check (private.is_image_url(image_url)),
  sort_order integer not null default 0 constraint medical_gallery_sort_order_range check (sort_order between 0 and 100000),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
call private.setup_content_table('public.medical_gallery');

create table public.relief_gallery (
  id uuid primary key default gen_random_uuid(),
  image_url text not null constraint relief_gallery_image_url_valid check (private.is_image_url(image_url)),
  sort_order integer not null default 0 constraint relief_gallery_sort_order_range check (sort_order between 0 and 100000),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
call private.setup_content_table('public.relief_gallery');
