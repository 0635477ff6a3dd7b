-- The site logo shown in the header and footer. At most one is active.
create table public.logo_settings (
  id uuid primary key default gen_random_uuid(),
  logo_url text not null constraint logo_settings_logo_url_valid check (private.is_image_url(logo_url)),
  logo_name text not null constraint logo_settings_logo_name_filled check (private.nonblank(logo_name, 200)),
  tagline text default 'Making a Difference'
    constraint logo_settings_tagline_length check (char_length(tagline) <= 300),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index logo_settings_one_active on public.logo_settings ((true)) where is_active;
call private.setup_content_table('public.logo_settings');

-- Makes one logo the active one and every other inactive, in one transaction
-- (the spec's two-step update, made atomic). Runs with the caller's rights, so
-- RLS applies too; the explicit check gives non-admins a clear refusal.
create or replace function public.activate_logo(logo_id uuid)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if not (select private.is_admin()) and coalesce((select auth.role()), '') <> 'service_role' then
    raise exception 'Only administrators can activate a logo' using errcode = '42501';
  end if;
  -- Two activations at once must not both pass the unique check in between.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.activate_logo'));
  if not exists (select 1 from public.logo_settings where id = logo_id) then
    raise exception 'No logo with id %', logo_id using errcode = '22023';
  end if;
  update public.logo_settings set is_active = false where is_active and id <> logo_id;
  update public.logo_settings set is_active = true where id = logo_id and not is_active;
end;
$$;
revoke all on function public.activate_logo(uuid) from public, anon;
grant execute on function public.activate_logo(uuid) to authenticated, service_role;
