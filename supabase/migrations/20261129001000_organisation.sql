-- The organisation's identity as content: its name, words, address, phones, emails,
-- social links and founding year, edited in the admin and read by every page at build
-- time (header, footer, structured data, social cards, page titles), by the admin's
-- brand line and by the alert mails' sender name. One record, like about_content.
--
-- The record is filled here from the product's built-in identity, so a site already
-- running looks the same after this migration until someone edits it.

-- An email address as the admin's forms take it (isEmail in src/lib/schema/rules.ts):
-- something@host.tld, no whitespace (JavaScript's \s, spelled out so the rule does not
-- depend on the locale), no angle brackets, brackets, quotes, commas or semicolons.
create or replace function private.is_email(address text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select char_length(address) <= 254
    and address ~ '^[^\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff@<>()\[\]\\,;:"]+@[^\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff@<>()\[\]\\,;:".]+(\.[^\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff@<>()\[\]\\,;:".]+)+$'
$$;

-- Whether every item of a JSON list holds, under `key`, a value of `kind`: 'link' (a
-- web address the site may link to) or 'email'. The list's shape is is_object_list's.
create or replace function private.list_values_are(list jsonb, key text, kind text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  item jsonb;
  value text;
begin
  if list is null or jsonb_typeof(list) <> 'array' then
    return null;
  end if;
  for item in select element from jsonb_array_elements(list) as element loop
    value := item ->> key;
    if value is null then
      continue;
    end if;
    if kind = 'link' and not private.is_link_url(value) then
      return false;
    elsif kind = 'email' and not private.is_email(value) then
      return false;
    elsif kind not in ('link', 'email') then
      raise exception 'No list value kind %', kind using errcode = '22023';
    end if;
  end loop;
  return true;
end;
$$;

grant execute on function private.is_email(text) to anon, authenticated, service_role;
grant execute on function private.list_values_are(jsonb, text, text) to anon, authenticated, service_role;

create table public.organisation (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint organisation_name_filled check (private.nonblank(name, 200)),
  short_name text not null
    constraint organisation_short_name_filled check (private.nonblank(short_name, 100)),
  tagline text not null constraint organisation_tagline_filled check (private.nonblank(tagline, 300)),
  description text not null
    constraint organisation_description_filled check (private.nonblank(description, 1000)),
  street text not null constraint organisation_street_filled check (private.nonblank(street, 200)),
  locality text not null
    constraint organisation_locality_filled check (private.nonblank(locality, 200)),
  postal_code text
    constraint organisation_postal_code_length check (char_length(postal_code) <= 20),
  country text not null constraint organisation_country_filled check (private.nonblank(country, 100)),
  -- ISO 3166-1 alpha-2, for structured data.
  country_code text not null
    constraint organisation_country_code_valid check (country_code ~ '^[A-Z]{2}$'),
  phones jsonb not null
    constraint organisation_phones_valid check (private.is_object_list(phones, array['number'], '{}', 10)),
  emergency_phone text
    constraint organisation_emergency_phone_length check (char_length(emergency_phone) <= 50),
  emails jsonb not null
    constraint organisation_emails_valid check (
      private.is_object_list(emails, array['address'], '{}', 10)
      and private.list_values_are(emails, 'address', 'email')
    ),
  socials jsonb not null
    constraint organisation_socials_valid check (
      private.is_object_list(socials, array['label', 'href'], '{}', 10)
      and private.list_values_are(socials, 'href', 'link')
    ),
  founded_year integer not null
    constraint organisation_founded_year_range check (founded_year between 1800 and 2100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index organisation_single_row on public.organisation ((true));
call private.setup_content_table('public.organisation');

insert into public.organisation (
  name, short_name, tagline, description, street, locality, postal_code, country,
  country_code, phones, emergency_phone, emails, socials, founded_year
) values (
  'Helping Hands Foundation',
  'Helping Hands',
  'Caring for children, elders and families in need since 2009',
  'Helping Hands Foundation runs a children''s home, an old-age home, medical aid and relief work for families in need.',
  '12 Riverside Road',
  'Green Valley',
  '44600',
  'Nepal',
  'NP',
  '[{"number": "+977 1 4000 100"}, {"number": "+977 980 000 0100"}]',
  '+977 980 000 0199',
  '[{"address": "info@helpinghands.example"}, {"address": "donate@helpinghands.example"}]',
  '[{"label": "Facebook", "href": "https://www.facebook.com/helpinghandsfoundation"}, {"label": "Instagram", "href": "https://www.instagram.com/helpinghandsfoundation"}]',
  2009
);
