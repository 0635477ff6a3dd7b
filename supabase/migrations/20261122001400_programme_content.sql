-- The content of the four programme pages. Each JSON list holds objects with the
-- keys the pages show and at least one item.

create table public.children_content (
  id uuid primary key default gen_random_uuid(),
  about_image_url text not null
    constraint children_content_about_image_url_valid check (private.is_image_url(about_image_url)),
  about_title text not null default 'A Home Away From Home'
    constraint children_content_about_title_filled check (private.nonblank(about_title, 200)),
  about_description text not null
    constraint children_content_about_description_filled check (private.nonblank(about_description, 10000)),
  statistics jsonb not null default '[{"number": "150+", "label": "Children Cared For"}]'
    constraint children_content_statistics_valid check (private.is_object_list(statistics, array['number', 'label'])),
  services jsonb not null default '[{"icon": "Home", "title": "Safe Housing", "description": "A safe, loving home with caring house parents."}]'
    constraint children_content_services_valid check (private.is_object_list(services, array['icon', 'title', 'description'])),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
call private.setup_content_table('public.children_content');

create table public.oldage_content (
  id uuid primary key default gen_random_uuid(),
  about_image_url text not null
    constraint oldage_content_about_image_url_valid check (private.is_image_url(about_image_url)),
  about_title text not null default 'Honoring Our Elders'
    constraint oldage_content_about_title_filled check (private.nonblank(about_title, 200)),
  about_description text not null
    constraint oldage_content_about_description_filled check (private.nonblank(about_description, 10000)),
  statistics jsonb not null default '[{"number": "80+", "label": "Elderly Residents"}]'
    constraint oldage_content_statistics_valid check (private.is_object_list(statistics, array['number', 'label'])),
  services jsonb not null default '[{"icon": "Stethoscope", "title": "24/7 Medical Care", "description": "Doctors and nurses on call day and night."}]'
    constraint oldage_content_services_valid check (private.is_object_list(services, array['icon', 'title', 'description'])),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
call private.setup_content_table('public.oldage_content');

create table public.medical_content (
  id uuid primary key default gen_random_uuid(),
  banner_image_url text not null
    constraint medical_content_banner_image_url_valid check (private.is_image_url(banner_image_url)),
  title text not null default 'Medical Services'
    constraint medical_content_title_filled check (private.nonblank(title, 200)),
  description text not null
    default 'Providing accessible, quality healthcare services to ensure the wellbeing of our community members'
    constraint medical_content_description_filled check (private.nonblank(description, 10000)),
  services jsonb not null default '[{"icon": "Stethoscope", "title": "General Healthcare", "description": "Check-ups, treatment and medicines for every age."}]'
    constraint medical_content_services_valid check (private.is_object_list(services, array['icon', 'title', 'description'])),
  statistics jsonb not null default '[{"number": "5,000+", "label": "Patients Treated"}]'
    constraint medical_content_statistics_valid check (private.is_object_list(statistics, array['number', 'label'])),
  health_tips jsonb not null default '[{"title": "Regular Exercise", "description": "Aim for at least 30 minutes of activity every day.", "icon": "🏃"}]'
    constraint medical_content_health_tips_valid check (private.is_object_list(health_tips, array['title', 'description', 'icon'])),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
call private.setup_content_table('public.medical_content');

create table public.relief_content (
  id uuid primary key default gen_random_uuid(),
  banner_image_url text not null
    constraint relief_content_banner_image_url_valid check (private.is_image_url(banner_image_url)),
  title text not null default 'Relief Programs'
    constraint relief_content_title_filled check (private.nonblank(title, 200)),
  description text not null
    constraint relief_content_description_filled check (private.nonblank(description, 10000)),
  services jsonb not null default '[{"icon": "Utensils", "title": "Food Distribution", "description": "Meals and food packs for families in crisis."}]'
    constraint relief_content_services_valid check (private.is_object_list(services, array['icon', 'title', 'description'])),
  statistics jsonb not null default '[{"number": "24/7", "label": "Response Ready"}]'
    constraint relief_content_statistics_valid check (private.is_object_list(statistics, array['number', 'label'])),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
call private.setup_content_table('public.relief_content');
