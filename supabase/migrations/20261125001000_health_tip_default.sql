-- A new medical content record starts with the product's first sample health tip,
-- the same words the admin's new-record form and the seed use. The column default
-- had a shorter variant of the same tip; rows already stored are unchanged.
alter table public.medical_content
  alter column health_tips set default
    '[{"title": "Regular Exercise", "description": "Aim for at least 30 minutes of physical activity every day.", "icon": "🏃"}]';
