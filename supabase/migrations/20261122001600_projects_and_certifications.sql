create table public.projects (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint projects_title_filled check (private.nonblank(title, 200)),
  description text not null constraint projects_description_filled check (private.nonblank(description, 10000)),
  image_url text constraint projects_image_url_valid check (private.is_image_url(image_url)),
  category_name text not null constraint projects_category_name_filled check (private.nonblank(category_name, 100)),
  project_status text not null default 'ongoing'
    constraint projects_project_status_valid check (project_status in ('completed', 'ongoing', 'planning')),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
call private.setup_content_table('public.projects');

create table public.certifications (
  id uuid primary key default gen_random_uuid(),
  certificate_name text not null
    constraint certifications_certificate_name_filled check (private.nonblank(certificate_name, 200)),
  image_url text not null constraint certifications_image_url_valid check (private.is_image_url(image_url)),
  pdf_url text constraint certifications_pdf_url_valid check (private.is_link_url(pdf_url)),
  is_active boolean not null default true,
  sort_order integer not null default 0
    constraint certifications_sort_order_range check (sort_order between 0 and 100000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
call private.setup_content_table('public.certifications');
