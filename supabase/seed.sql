-- Sample content for a fresh database: the product's default content as real rows,
-- so every public page and admin screen has something to show. Images live in
-- public/images/seed/ (drawn by `npm run seed:images`) and are referenced by site
-- path. Bank and QR details are clearly marked samples: replace them before going live.
--
-- Runs once, after the migrations, on an empty database (the Supabase CLI's
-- `supabase db reset`, and the embedded stand-in with `seed: true`). ids and
-- timestamps come from the column defaults.

-- ---------------------------------------------------------------------------
-- Logo: one active, and an older inactive one (only one may be active).

insert into public.logo_settings (logo_url, logo_name, tagline, is_active) values
  ('/images/seed/logo.png', 'HELPING HANDS FOUNDATION', 'Making a Difference', true),
  ('/logo.svg', 'HELPING HANDS', 'Since 2009', false);

-- ---------------------------------------------------------------------------
-- Home page: banners, about, causes, board and staff, galleries.

insert into public.banners (title, subtitle, image_url, position, is_active, sort_order) values
  ('Together, We Build Brighter Futures',
   'A safe home, schooling and loving care for children and elders in need.',
   '/images/seed/banner-1.jpg', 'left', true, 0),
  ('Be Part of Our Family',
   'Join the volunteers and supporters who make every day a little brighter for the people we serve.',
   '/images/seed/banner-2.jpg', 'center', true, 1),
  ('Education Opens Every Door',
   'Your support keeps 150+ children in school, with books, uniforms and mentors.',
   '/images/seed/banner-3.jpg', 'right', true, 2),
  ('Winter Appeal',
   'Blankets and warm meals for families in the hill villages. (Hidden: last season''s appeal.)',
   '/images/seed/children-banner-3.jpg', 'left', false, 3);

insert into public.about_content
  (image_url, years_of_service, about_title, about_text, lives_impacted, active_volunteers, our_vision, our_mission)
values (
  '/images/seed/about.jpg',
  15,
  'About Helping Hands Foundation',
  'Helping Hands Foundation began in 2009 when a small group of neighbours opened their doors to children who had nowhere safe to sleep. '
    || 'Today we run a children''s home, an old-age home, free medical camps and emergency relief for families in crisis. '
    || 'Everything we do rests on the same simple idea: every person deserves safety, dignity and someone who cares. '
    || 'Our work is carried by dedicated staff, local volunteers and donors who give what they can, month after month.',
  500,
  50,
  'A community where every child grows up safe and loved, every elder lives with dignity, and no family faces hardship alone.',
  'To provide shelter, education, healthcare and relief to the most vulnerable people in our community, with compassion, transparency and respect.'
);

insert into public.causes (title, description, image, image_url, icon, category, is_active, sort_order) values
  ('Education for Every Child',
   'School fees, books, uniforms and daily tutoring so the children in our care can learn, grow and dream big.',
   '/images/seed/cause-education.jpg', '/images/seed/cause-education.jpg', 'GraduationCap', 'Education', true, 0),
  ('Care for Our Elders',
   'A warm home, nutritious meals, medical attention and companionship for elderly people who have no one else.',
   '/images/seed/cause-elder-care.jpg', '/images/seed/cause-elder-care.jpg', 'Heart', 'Elder Care', true, 1),
  ('Healthcare for All',
   'Free health camps, check-ups and medicines for families who cannot afford a visit to the doctor.',
   '/images/seed/cause-healthcare.jpg', '/images/seed/cause-healthcare.jpg', 'Stethoscope', 'Healthcare', true, 2),
  ('Safe Homes',
   'Building and repairing safe, dry homes for families who lost theirs to floods, landslides or poverty.',
   '/images/seed/cause-housing.jpg', '/images/seed/cause-housing.jpg', 'Home', 'Housing', true, 3),
  ('Nutritious Meals',
   'Hot, balanced meals every day for children, elders and families facing hunger in our community.',
   '/images/seed/cause-nutrition.jpg', '/images/seed/cause-nutrition.jpg', 'Utensils', 'Nutrition', true, 4),
  ('Emergency Relief',
   'Food, water, shelter and medical supplies delivered quickly when disaster strikes.',
   '/images/seed/cause-relief.jpg', '/images/seed/cause-relief.jpg', 'HandHeart', 'Relief', true, 5);

insert into public.board_staff (name, designation, image_url, is_active, sort_order) values
  ('Kamala Shrestha', 'Chairperson', '/images/seed/portrait-2.jpg', true, 0),
  ('Hari Prasad Koirala', 'Vice Chairperson', '/images/seed/portrait-6.jpg', true, 1),
  ('Ramesh Adhikari', 'Executive Director', '/images/seed/portrait-1.jpg', true, 2),
  ('Dr. Sunita Gurung', 'Medical Director', '/images/seed/portrait-3.jpg', true, 3),
  ('Bikash Thapa', 'Treasurer', '/images/seed/portrait-4.jpg', true, 4),
  ('Anjali Rai', 'Children''s Home Coordinator', '/images/seed/portrait-5.jpg', true, 5);

insert into public.gallery_images (title, description, category, image_url, is_active, sort_order) values
  ('Our Community', 'The village homes our outreach team visits every week.',
   'general', '/images/seed/gallery-1.jpg', true, 0),
  ('Annual Family Day', 'Children, residents, staff and volunteers celebrating together.',
   'events', '/images/seed/gallery-2.jpg', true, 1),
  ('Outdoor Play Time', 'Kites, balloons and games after school at the children''s home.',
   'activities', '/images/seed/gallery-3.jpg', true, 2),
  ('Volunteer Orientation', 'New volunteers meeting the team before their first day.',
   'activities', '/images/seed/gallery-4.jpg', true, 3),
  ('Community Service Award', 'Recognised for fifteen years of service to the community.',
   'achievements', '/images/seed/gallery-5.jpg', true, 4),
  ('Hands of Hope', 'Every gift, large or small, is held with care.',
   'general', '/images/seed/gallery-6.jpg', true, 5);

insert into public.home_gallery (image_url, sort_order, is_active) values
  ('/images/seed/home-gallery-1.jpg', 0, true),
  ('/images/seed/home-gallery-2.jpg', 1, true),
  ('/images/seed/home-gallery-3.jpg', 2, true),
  ('/images/seed/home-gallery-4.jpg', 3, true),
  ('/images/seed/home-gallery-5.jpg', 4, true),
  ('/images/seed/home-gallery-6.jpg', 5, true);

-- ---------------------------------------------------------------------------
-- Programme pages: galleries, banners, content.

insert into public.children_gallery (image_url, sort_order, is_active) values
  ('/images/seed/children-gallery-1.jpg', 0, true),
  ('/images/seed/children-gallery-2.jpg', 1, true),
  ('/images/seed/children-gallery-3.jpg', 2, true),
  ('/images/seed/children-gallery-4.jpg', 3, true),
  ('/images/seed/children-gallery-5.jpg', 4, true),
  ('/images/seed/children-gallery-6.jpg', 5, true);

insert into public.oldage_gallery (image_url, sort_order, is_active) values
  ('/images/seed/oldage-gallery-1.jpg', 0, true),
  ('/images/seed/oldage-gallery-2.jpg', 1, true),
  ('/images/seed/oldage-gallery-3.jpg', 2, true),
  ('/images/seed/oldage-gallery-4.jpg', 3, true),
  ('/images/seed/oldage-gallery-5.jpg', 4, true),
  ('/images/seed/oldage-gallery-6.jpg', 5, true);

insert into public.medical_gallery (image_url, sort_order, is_active) values
  ('/images/seed/medical-gallery-1.jpg', 0, true),
  ('/images/seed/medical-gallery-2.jpg', 1, true),
  ('/images/seed/medical-gallery-3.jpg', 2, true),
  ('/images/seed/medical-gallery-4.jpg', 3, true),
  ('/images/seed/medical-gallery-5.jpg', 4, true),
  ('/images/seed/medical-gallery-6.jpg', 5, true);

insert into public.relief_gallery (image_url, sort_order, is_active) values
  ('/images/seed/relief-gallery-1.jpg', 0, true),
  ('/images/seed/relief-gallery-2.jpg', 1, true),
  ('/images/seed/relief-gallery-3.jpg', 2, true),
  ('/images/seed/relief-gallery-4.jpg', 3, true),
  ('/images/seed/relief-gallery-5.jpg', 4, true),
  ('/images/seed/relief-gallery-6.jpg', 5, true);

insert into public.children_banners (image_url, position, is_active, sort_order) values
  ('/images/seed/children-banner-1.jpg', 'left', true, 0),
  ('/images/seed/children-banner-2.jpg', 'center', true, 1),
  ('/images/seed/children-banner-3.jpg', 'right', true, 2);

insert into public.oldage_banners (title, subtitle, image_url, position, is_active, sort_order) values
  ('Dignity in Every Season',
   'A warm home and loving care for more than 80 elderly residents.',
   '/images/seed/oldage-banner-1.jpg', 'left', true, 0),
  ('Days Filled with Companionship',
   'Gardening, music and shared meals keep our residents active and connected.',
   '/images/seed/oldage-banner-2.jpg', 'right', true, 1),
  ('Care Around the Clock',
   'Nurses and caregivers are with our residents day and night.',
   '/images/seed/oldage-banner-3.jpg', 'left', true, 2);

insert into public.children_content (about_image_url, about_title, about_description, statistics, services, is_active)
values (
  '/images/seed/children-about.jpg',
  'A Home Away From Home',
  'Our children''s home gives children who have lost their parents, or whose families cannot care for them, a safe and loving place to grow up. '
    || 'House parents live alongside the children, every child goes to school, and each one has a mentor who follows their progress. '
    || 'We keep brothers and sisters together and help children stay in touch with their extended families wherever we can.',
  '[
    {"number": "150+", "label": "Children Cared For"},
    {"number": "95%", "label": "School Attendance"},
    {"number": "12", "label": "Dedicated Staff"},
    {"number": "24/7", "label": "Care and Support"}
  ]',
  '[
    {"icon": "Home", "title": "Safe Housing", "description": "A safe, loving home with caring house parents."},
    {"icon": "GraduationCap", "title": "Education Support", "description": "School fees, books, uniforms and daily homework help."},
    {"icon": "Stethoscope", "title": "Healthcare", "description": "Regular check-ups, vaccinations and care when a child is unwell."},
    {"icon": "Heart", "title": "Emotional Care", "description": "Counselling and a trusted adult for every child."},
    {"icon": "Gamepad2", "title": "Recreation and Play", "description": "Sports, games, music and art to let children be children."},
    {"icon": "Users", "title": "Mentorship", "description": "Mentors who guide older children towards further study and work."}
  ]',
  true
);

insert into public.oldage_content (about_image_url, about_title, about_description, statistics, services, is_active)
values (
  '/images/seed/oldage-about.jpg',
  'Honoring Our Elders',
  'Our old-age home welcomes elderly people who live alone, have been abandoned or can no longer care for themselves. '
    || 'Residents share bright rooms, three nutritious meals a day, gentle exercise and the company of friends. '
    || 'Nurses and caregivers are on hand day and night, and volunteers visit every week to read, play music and simply listen.',
  '[
    {"number": "80+", "label": "Elderly Residents"},
    {"number": "15", "label": "Caring Staff"},
    {"number": "24/7", "label": "Medical Support"},
    {"number": "3", "label": "Nutritious Meals Daily"}
  ]',
  '[
    {"icon": "Stethoscope", "title": "24/7 Medical Care", "description": "Doctors and nurses on call day and night."},
    {"icon": "Heart", "title": "Companionship", "description": "Friendly company, conversation and emotional support every day."},
    {"icon": "Utensils", "title": "Nutritious Meals", "description": "Three balanced meals a day, adapted to each resident''s needs."},
    {"icon": "Activity", "title": "Daily Activities", "description": "Gentle exercise, gardening, music and games to stay active."},
    {"icon": "Home", "title": "Comfortable Living", "description": "Clean, bright rooms designed for safety and ease."},
    {"icon": "Users", "title": "Family Visits", "description": "Welcoming families and friends to keep residents connected."}
  ]',
  true
);

insert into public.medical_content (banner_image_url, title, description, services, statistics, health_tips, is_active)
values (
  '/images/seed/medical-banner.jpg',
  'Medical Services',
  'Providing accessible, quality healthcare services to ensure the wellbeing of our community members',
  '[
    {"icon": "Stethoscope", "title": "General Healthcare", "description": "Check-ups, treatment and medicines for every age."},
    {"icon": "Clock", "title": "Emergency Care", "description": "First aid and referral to hospital, day or night."},
    {"icon": "MapPin", "title": "Health Camps", "description": "Free camps in remote villages with doctors, nurses and medicines."},
    {"icon": "Truck", "title": "Mobile Clinic", "description": "A clinic on wheels that reaches families far from any hospital."},
    {"icon": "Shield", "title": "Preventive Care", "description": "Vaccinations, screenings and health education."},
    {"icon": "Heart", "title": "Mother and Child Health", "description": "Care before and after birth, and growth checks for young children."}
  ]',
  '[
    {"number": "5,000+", "label": "Patients Treated"},
    {"number": "12", "label": "Medical Professionals"},
    {"number": "50+", "label": "Health Camps"},
    {"number": "24/7", "label": "Emergency Support"}
  ]',
  '[
    {"title": "Regular Exercise", "description": "Aim for at least 30 minutes of physical activity every day.", "icon": "🏃"},
    {"title": "Stay Hydrated", "description": "Drink at least 8 glasses of clean water a day.", "icon": "💧"},
    {"title": "Balanced Diet", "description": "Eat plenty of vegetables, fruit, pulses and whole grains.", "icon": "🥗"},
    {"title": "Regular Check-ups", "description": "See a health worker at least once a year, even when you feel well.", "icon": "🩺"},
    {"title": "Good Sleep", "description": "Adults need seven to eight hours of sleep each night.", "icon": "😴"},
    {"title": "Wash Your Hands", "description": "Wash with soap before eating and after using the toilet.", "icon": "🧼"}
  ]',
  true
);

insert into public.relief_content (banner_image_url, title, description, services, statistics, is_active)
values (
  '/images/seed/relief-banner.jpg',
  'Relief Programs',
  'When floods, landslides, earthquakes or sudden hardship strike, our relief team responds within hours. '
    || 'We deliver food, clean water, shelter and medical supplies, and we stay on to help families rebuild their homes and livelihoods.',
  '[
    {"icon": "Utensils", "title": "Food Distribution", "description": "Meals and food packs for families in crisis."},
    {"icon": "Clock", "title": "Rapid Response", "description": "A trained team ready to travel within hours of a disaster."},
    {"icon": "Shield", "title": "Emergency Shelter", "description": "Tents, tarpaulins and blankets for families who lost their homes."},
    {"icon": "Truck", "title": "Supply Delivery", "description": "Water, hygiene kits and medicines brought to where they are needed."},
    {"icon": "MapPin", "title": "Community Outreach", "description": "Finding and supporting families in remote and overlooked places."},
    {"icon": "HandHeart", "title": "Rebuilding Support", "description": "Help with repairs, school supplies and livelihoods after the crisis."}
  ]',
  '[
    {"number": "24/7", "label": "Response Ready"},
    {"number": "10,000+", "label": "Meals Served"},
    {"number": "1,200+", "label": "Families Supported"},
    {"number": "35", "label": "Relief Missions"}
  ]',
  true
);

-- ---------------------------------------------------------------------------
-- Donation methods: SAMPLE details only. Replace them in the admin before launch.

insert into public.donate_content (qr_codes, bank_accounts, is_active)
values (
  '[
    {"title": "Mobile Payment", "image_url": "/images/seed/donate-qr-sample.png", "description": "Sample QR code for illustration only. Replace it with your own payment QR code in the admin."}
  ]',
  '[
    {"bank_name": "Sample Community Bank", "account_name": "Helping Hands Foundation", "account_number": "0000-0000-0000 (SAMPLE)", "routing_number": "000000000 (SAMPLE)", "swift_code": "SAMPLEXX", "branch": "Green Valley Branch (sample)"}
  ]',
  true
);

-- ---------------------------------------------------------------------------
-- Projects (each status, varied categories; one hidden) and certifications.

insert into public.projects (title, description, image_url, category_name, project_status, is_active) values
  ('Clean Water for Hill Villages',
   'Six new wells and water filters now give more than 400 families safe drinking water close to home.',
   '/images/seed/project-1.jpg', 'Water & Sanitation', 'completed', true),
  ('Safe Homes Rebuilding',
   'Twenty-two families whose houses were destroyed by landslides moved into safe, earthquake-resistant homes.',
   '/images/seed/project-2.jpg', 'Housing', 'completed', true),
  ('Mobile Health Clinic',
   'A clinic on wheels visits remote villages every week with a doctor, a nurse and essential medicines.',
   '/images/seed/project-3.jpg', 'Healthcare', 'ongoing', true),
  ('Children''s Learning Centre',
   'A library, study room and after-school tutoring for children from the home and the neighbourhood.',
   '/images/seed/project-4.jpg', 'Education', 'ongoing', true),
  ('Community Kitchen',
   'A kitchen that will serve hot, nutritious meals every day to children, elders and families in need.',
   '/images/seed/project-5.jpg', 'Nutrition', 'planning', true),
  ('Emergency Supply Depot',
   'A stocked warehouse of food, water, tents and medical kits, ready before the next monsoon.',
   '/images/seed/project-6.jpg', 'Disaster Relief', 'planning', true),
  ('Winter Blanket Drive',
   'Blankets and warm clothes for elderly people in the hill villages. Hidden: last season''s drive.',
   '/images/seed/project-2.jpg', 'Relief', 'completed', false);

insert into public.certifications (certificate_name, image_url, pdf_url, is_active, sort_order) values
  ('Certificate of Registration', '/images/seed/certificate-1.jpg', '/images/seed/sample-certificate.pdf', true, 0),
  ('Tax Exemption Certificate', '/images/seed/certificate-2.jpg', null, true, 1),
  ('Certificate of Recognition', '/images/seed/certificate-3.jpg', null, true, 2),
  ('Child Care Accreditation', '/images/seed/certificate-4.jpg', null, true, 3);
