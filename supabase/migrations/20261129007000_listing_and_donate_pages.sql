-- Donate's, Projects' and Certifications' words as content, each page's one record:
-- what search engines read, its top, and its sections' headings and texts (Donate's
-- areas a gift can go to and other ways to help are lists in its record; the payment
-- methods stay donate_content's). Filled here from the product's built-in copy, so a
-- site already running looks the same after this migration until someone edits them.
-- The search descriptions name the organisation as the built-in copy did: by its name
-- as it stands (cut to the column's 300 characters).

create table public.donate_page (
  id uuid primary key default gen_random_uuid(),
  seo_title text not null
    constraint donate_page_seo_title_filled check (private.nonblank(seo_title, 200)),
  seo_description text not null
    constraint donate_page_seo_description_filled check (private.nonblank(seo_description, 300)),
  intro_eyebrow text not null
    constraint donate_page_intro_eyebrow_filled check (private.nonblank(intro_eyebrow, 100)),
  intro_title text not null
    constraint donate_page_intro_title_filled check (private.nonblank(intro_title, 200)),
  intro_lead text not null
    constraint donate_page_intro_lead_filled check (private.nonblank(intro_lead, 1000)),
  methods_title text not null
    constraint donate_page_methods_title_filled check (private.nonblank(methods_title, 200)),
  methods_text text
    constraint donate_page_methods_text_length check (char_length(methods_text) <= 500),
  qr_title text not null
    constraint donate_page_qr_title_filled check (private.nonblank(qr_title, 200)),
  qr_text text constraint donate_page_qr_text_length check (char_length(qr_text) <= 500),
  bank_title text not null
    constraint donate_page_bank_title_filled check (private.nonblank(bank_title, 200)),
  bank_text text constraint donate_page_bank_text_length check (char_length(bank_text) <= 1000),
  receipt_text text
    constraint donate_page_receipt_text_length check (char_length(receipt_text) <= 1000),
  none_title text not null
    constraint donate_page_none_title_filled check (private.nonblank(none_title, 200)),
  none_text text not null
    constraint donate_page_none_text_filled check (private.nonblank(none_text, 1000)),
  areas_eyebrow text
    constraint donate_page_areas_eyebrow_length check (char_length(areas_eyebrow) <= 100),
  areas_title text not null
    constraint donate_page_areas_title_filled check (private.nonblank(areas_title, 200)),
  areas_text text
    constraint donate_page_areas_text_length check (char_length(areas_text) <= 500),
  giving_areas jsonb not null
    constraint donate_page_giving_areas_valid check (
      private.is_object_list(giving_areas, array['icon', 'title', 'description', 'href'], '{}', 12)
      and private.list_values_are(giving_areas, 'href', 'link')
    ),
  ways_eyebrow text
    constraint donate_page_ways_eyebrow_length check (char_length(ways_eyebrow) <= 100),
  ways_title text not null
    constraint donate_page_ways_title_filled check (private.nonblank(ways_title, 200)),
  other_ways jsonb not null
    constraint donate_page_other_ways_valid check (private.is_object_list(other_ways, array['icon', 'title', 'description'], '{}', 12)),
  transparency_text text
    constraint donate_page_transparency_text_length check (char_length(transparency_text) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index donate_page_single_row on public.donate_page ((true));
call private.setup_content_table('public.donate_page');

create table public.projects_page (
  id uuid primary key default gen_random_uuid(),
  seo_title text not null
    constraint projects_page_seo_title_filled check (private.nonblank(seo_title, 200)),
  seo_description text not null
    constraint projects_page_seo_description_filled check (private.nonblank(seo_description, 300)),
  intro_eyebrow text not null
    constraint projects_page_intro_eyebrow_filled check (private.nonblank(intro_eyebrow, 100)),
  intro_title text not null
    constraint projects_page_intro_title_filled check (private.nonblank(intro_title, 200)),
  intro_lead text not null
    constraint projects_page_intro_lead_filled check (private.nonblank(intro_lead, 1000)),
  empty_title text not null
    constraint projects_page_empty_title_filled check (private.nonblank(empty_title, 200)),
  empty_text text not null
    constraint projects_page_empty_text_filled check (private.nonblank(empty_text, 1000)),
  cta_title text not null
    constraint projects_page_cta_title_filled check (private.nonblank(cta_title, 200)),
  cta_text text not null
    constraint projects_page_cta_text_filled check (private.nonblank(cta_text, 1000)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index projects_page_single_row on public.projects_page ((true));
call private.setup_content_table('public.projects_page');

create table public.certifications_page (
  id uuid primary key default gen_random_uuid(),
  seo_title text not null
    constraint certifications_page_seo_title_filled check (private.nonblank(seo_title, 200)),
  seo_description text not null
    constraint certifications_page_seo_description_filled check (private.nonblank(seo_description, 300)),
  intro_eyebrow text not null
    constraint certifications_page_intro_eyebrow_filled check (private.nonblank(intro_eyebrow, 100)),
  intro_title text not null
    constraint certifications_page_intro_title_filled check (private.nonblank(intro_title, 200)),
  intro_lead text not null
    constraint certifications_page_intro_lead_filled check (private.nonblank(intro_lead, 1000)),
  empty_title text not null
    constraint certifications_page_empty_title_filled check (private.nonblank(empty_title, 200)),
  empty_text text not null
    constraint certifications_page_empty_text_filled check (private.nonblank(empty_text, 1000)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index certifications_page_single_row on public.certifications_page ((true));
call private.setup_content_table('public.certifications_page');

insert into public.donate_page (
  seo_title, seo_description, intro_eyebrow, intro_title, intro_lead, methods_title,
  methods_text, qr_title, qr_text, bank_title, bank_text, receipt_text, none_title,
  none_text, areas_eyebrow, areas_title, areas_text, giving_areas, ways_eyebrow, ways_title,
  other_ways, transparency_text
) values (
  'Donate',
  left(format('Give to %s by mobile payment or bank transfer. Every gift feeds, teaches, heals and shelters children, elders and families in need.', coalesce((select name from public.organisation order by created_at desc limit 1), 'Helping Hands Foundation')), 300),
  'Make a difference today',
  'Donate',
  'Your gift becomes a hot meal, a school book, a doctor''s visit or a roof over someone''s head. Thank you for standing with us.',
  'Donation Methods',
  'Choose whichever way is easiest for you.',
  'Scan to Give',
  'Open your banking or wallet app and scan the code.',
  'Bank Transfer',
  'Transfer directly to our account. Please add your name as the reference so we can thank you.',
  'Would you like a receipt or to tell us what your gift is for? Email us after you give and we will reply within two working days.',
  'Donation details are on their way',
  'Our online donation details are being updated. In the meantime, we would be glad to help you give by phone or email.',
  'Your impact',
  'Where Your Gift Goes',
  'Give where the need is greatest, or tell us which programme you would like to support.',
  '[{"icon": "Home", "title": "Children''s Home", "description": "Meals, schooling and care for a child.", "href": "/children-home/"},
    {"icon": "Heart", "title": "Old Age Home", "description": "Nursing, meals and company for an elder.", "href": "/oldage-home/"},
    {"icon": "Stethoscope", "title": "Medical Services", "description": "Medicines, camps and the mobile clinic.", "href": "/medical/"},
    {"icon": "HandHeart", "title": "Relief Programs", "description": "Food, water and shelter after a disaster.", "href": "/relief/"}]',
  'Beyond giving',
  'Other Ways to Help',
  '[{"icon": "Users", "title": "Volunteer", "description": "Cook, teach, read, drive or lend your professional skills."},
    {"icon": "Handshake", "title": "Partner with us", "description": "Businesses and schools can sponsor a programme or run a drive."},
    {"icon": "Award", "title": "Give in kind", "description": "Books, blankets, medicines and school supplies are always welcome."}]',
  'We publish audited accounts every year, and every gift is spent where we say it will be.'
);

insert into public.projects_page (
  seo_title, seo_description, intro_eyebrow, intro_title, intro_lead, empty_title, empty_text,
  cta_title, cta_text
) values (
  'Our Projects',
  left(format('Wells, homes, clinics and learning centres: the completed, ongoing and planned projects of %s.', coalesce((select name from public.organisation order by created_at desc limit 1), 'Helping Hands Foundation')), 300),
  'Our work in action',
  'Our Projects',
  'Practical projects that change daily life for good, from clean water to safe homes. Filter by category to see what we have done and what comes next.',
  'No Projects Yet',
  'Our projects will appear here soon. Check back to see what we are working on.',
  'Help us start the next project',
  'Projects in planning move forward as soon as they are funded. Your gift can be the one that gets them started.'
);

insert into public.certifications_page (
  seo_title, seo_description, intro_eyebrow, intro_title, intro_lead, empty_title, empty_text
) values (
  'Certifications',
  left(format('Registration, tax exemption and accreditation certificates of %s: proof that your gift is in trustworthy hands.', coalesce((select name from public.organisation order by created_at desc limit 1), 'Helping Hands Foundation')), 300),
  'Accountable to you',
  'Certifications',
  'We are a registered, accredited and audited organisation. Here are the documents that show it.',
  'No Certifications Available',
  'Our certificates will be published here soon. Contact us if you need a copy in the meantime.'
);
