-- Contact as content. The organisation gains its office hours (the footer and the
-- contact page show them) and the line under the footer's social links; the page's words are one record (what search engines read,
-- its top, the form's, map's, departments' and emergency section's headings and texts,
-- and the national emergency numbers); its departments are a list editors order by
-- dragging. All are filled here from the product's built-in copy, so a site already
-- running looks the same after this migration until someone edits them.

alter table public.organisation
  add column office_hours text
    constraint organisation_office_hours_length check (char_length(office_hours) <= 300),
  add column follow_text text
    constraint organisation_follow_text_length check (char_length(follow_text) <= 300);
update public.organisation
set office_hours = 'Mon-Fri 8:00 AM-6:00 PM, Sat 9:00 AM-4:00 PM, Sunday emergency only',
  follow_text = 'News from the homes, camps and relief missions, every week.';

create table public.contact_page (
  id uuid primary key default gen_random_uuid(),
  seo_title text not null
    constraint contact_page_seo_title_filled check (private.nonblank(seo_title, 200)),
  seo_description text not null
    constraint contact_page_seo_description_filled check (private.nonblank(seo_description, 300)),
  intro_eyebrow text not null
    constraint contact_page_intro_eyebrow_filled check (private.nonblank(intro_eyebrow, 100)),
  intro_title text not null
    constraint contact_page_intro_title_filled check (private.nonblank(intro_title, 200)),
  intro_lead text not null
    constraint contact_page_intro_lead_filled check (private.nonblank(intro_lead, 1000)),
  form_title text not null
    constraint contact_page_form_title_filled check (private.nonblank(form_title, 200)),
  form_text text constraint contact_page_form_text_length check (char_length(form_text) <= 500),
  map_title text not null
    constraint contact_page_map_title_filled check (private.nonblank(map_title, 200)),
  directions text
    constraint contact_page_directions_length check (char_length(directions) <= 1000),
  departments_title text not null
    constraint contact_page_departments_title_filled check (private.nonblank(departments_title, 200)),
  departments_text text
    constraint contact_page_departments_text_length check (char_length(departments_text) <= 500),
  emergency_eyebrow text
    constraint contact_page_emergency_eyebrow_length check (char_length(emergency_eyebrow) <= 100),
  emergency_title text not null
    constraint contact_page_emergency_title_filled check (private.nonblank(emergency_title, 200)),
  emergency_text text not null
    constraint contact_page_emergency_text_filled check (private.nonblank(emergency_text, 2000)),
  national_numbers jsonb not null
    constraint contact_page_national_numbers_valid check (private.is_object_list(national_numbers, array['label', 'number'], '{}', 10)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index contact_page_single_row on public.contact_page ((true));
call private.setup_content_table('public.contact_page');

create table public.departments (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint departments_name_filled check (private.nonblank(name, 200)),
  description text
    constraint departments_description_length check (char_length(description) <= 500),
  email text constraint departments_email_valid check (private.is_email(email)),
  phone text constraint departments_phone_length check (char_length(phone) <= 50),
  sort_order integer not null default 0
    constraint departments_sort_order_range check (sort_order between 0 and 100000),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
call private.setup_content_table('public.departments');
call private.keep_positions_apart('public.departments');

insert into public.contact_page (
  seo_title, seo_description, intro_eyebrow, intro_title, intro_lead, form_title, form_text,
  map_title, directions, departments_title, departments_text, emergency_eyebrow,
  emergency_title, emergency_text, national_numbers
) values (
  'Contact Us',
  'Get in touch with Helping Hands Foundation: visit, call or write to us, volunteer, or reach our 24/7 emergency line.',
  'We would love to hear from you',
  'Contact Us',
  'Questions about our work, volunteering, sponsoring a child or visiting the homes? Write, call or drop by: we answer every message within two working days.',
  'Send Us a Message',
  'Fill in the form and the right person on our team will get back to you.',
  'Find Us',
  'We are a five-minute walk from the Green Valley bus park, opposite the community health post.',
  'Department Contacts',
  'Reach the right team directly.',
  'Available 24/7',
  'Emergency Contact',
  'For medical emergencies among our residents, or to report a family in urgent need after a flood, landslide or earthquake, call our round-the-clock line. If a life is in danger, call the national emergency services first.',
  '[{"label": "Police", "number": "100"}, {"label": "Ambulance", "number": "102"}]'
);

insert into public.departments (name, description, email, phone, sort_order) values
  ('General Enquiries', 'Questions about our work, visits and partnerships.', 'info@helpinghands.example', '+977 1 4000 100', 0),
  ('Donations & Sponsorship', 'Giving, receipts, child and elder sponsorship.', 'donate@helpinghands.example', '+977 1 4000 110', 1),
  ('Volunteering', 'Join our volunteers at the homes, camps or relief work.', 'volunteer@helpinghands.example', '+977 1 4000 120', 2),
  ('Children''s Home', 'Admissions, visits and the children''s welfare.', 'children@helpinghands.example', '+977 1 4000 130', 3),
  ('Old Age Home', 'Admissions, visits and care for residents.', 'eldercare@helpinghands.example', '+977 1 4000 140', 4),
  ('Medical & Relief', 'Health camps, the mobile clinic and relief missions.', 'relief@helpinghands.example', '+977 1 4000 150', 5);
