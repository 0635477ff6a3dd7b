-- Two roles: an editor changes the content (banners, texts, galleries, projects,
-- certificates, board and staff, the pages' words) and the contact messages; an
-- administrator may also change the payment details, the team, the alert and approval
-- settings and the logo. The role is app_metadata.role ('editor' or 'admin'), which only
-- the secret key can set (the team function). Every check reads it from the account
-- now (auth.users), not only from the token, so a demoted or removed person loses the
-- rights at once, and a token from before a promotion gains nothing until it is renewed.
-- Today's administrators keep the role they have.

-- Rewrites a function from its definition in the catalog, with `old` replaced by `new`:
-- how a migration changes one call in a long function without copying its body. A
-- definition without `old` stops the migration.
create or replace procedure private.rewrite_function(f regprocedure, old text, new text)
language plpgsql
set search_path = ''
as $$
declare
  before text := pg_catalog.pg_get_functiondef(f);
  after text := replace(before, old, new);
begin
  if after = before then
    raise exception '% does not contain %', f, old;
  end if;
  execute after;
end;
$$;
revoke all on procedure private.rewrite_function(regprocedure, text, text) from public;

-- The role of the account behind the token, now: 'admin', 'editor', or null when the
-- account is gone, banned or has neither role. Security definer (owned by the migration
-- role), as auth.users is readable by no API role; one primary-key lookup.
create or replace function private.account_role()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select u.raw_app_meta_data ->> 'role'
    from auth.users as u
   where u.id = (select auth.uid())
     and u.raw_app_meta_data ->> 'role' in ('admin', 'editor')
     and u.deleted_at is null
     and (u.banned_until is null or u.banned_until <= pg_catalog.now())
$$;
revoke all on function private.account_role() from public;
grant execute on function private.account_role() to anon, authenticated, service_role;

-- Every policy written so far against private.is_admin() guards what editors may do
-- too: the content tables, the audit log, the contact messages, the media objects and
-- the publish runs. A policy holds the function itself, not its name, so renaming the
-- function moves all of them to private.can_edit() at once; the few that stay with
-- administrators are given the new private.is_admin() below. Functions that call
-- private.is_admin() by name in their bodies (activate_logo, hold_payment_change) now
-- reach the administrators' check, which is what they guard.
alter function private.is_admin() rename to can_edit;

-- An editor or an administrator, by the token and by the account now, in a session
-- that is still live (not signed out, not past its not_after). Never null.
create or replace function private.can_edit()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') in ('admin', 'editor')
     and private.account_role() is not null
     and private.live_session()
$$;
revoke all on function private.can_edit() from public;
grant execute on function private.can_edit() to anon, authenticated, service_role;

-- An administrator, by the token and by the account now, in a live session. Never
-- null: callers write `if not private.is_admin()`, which a null would let through.
create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') = 'admin'
     and coalesce(private.account_role(), '') = 'admin'
     and private.live_session()
$$;
revoke all on function private.is_admin() from public;
grant execute on function private.is_admin() to anon, authenticated, service_role;

-- The account check the old is_admin() used; account_role() replaces it.
drop function private.admin_account();

-- The policies renamed with the function now name who they let in.
do $$
declare
  p record;
begin
  for p in
    select policyname, tablename from pg_catalog.pg_policies
     where schemaname = 'public' and policyname like 'Admins can %'
  loop
    execute format('alter policy %I on public.%I rename to %I',
      p.policyname, p.tablename, 'Editors and admins can ' || substr(p.policyname, 12));
  end loop;
end;
$$;

-- What stays with administrators: the settings, the alerts, the payment changes, the
-- payment details themselves and the logo. Editors may still read the payment details
-- (visitors read the active ones anyway) and the logos.
drop policy "Editors and admins can read the settings" on public.admin_settings;
create policy "Administrators can read the settings"
  on public.admin_settings for select to authenticated
  using ((select private.is_admin()));
drop policy "Editors and admins can change the settings" on public.admin_settings;
create policy "Administrators can change the settings"
  on public.admin_settings for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

drop policy "Editors and admins can read the alert outbox" on public.alert_outbox;
create policy "Administrators can read the alert outbox"
  on public.alert_outbox for select to authenticated
  using ((select private.is_admin()));

drop policy "Editors and admins can read payment changes" on public.payment_changes;
create policy "Administrators can read payment changes"
  on public.payment_changes for select to authenticated
  using ((select private.is_admin()));

do $$
declare
  t text;
  label text;
begin
  foreach t in array array['donate_content', 'logo_settings'] loop
    label := replace(t, '_', ' ');
    execute format('drop policy %I on public.%I', 'Editors and admins can add rows to ' || label, t);
    execute format('drop policy %I on public.%I', 'Editors and admins can change rows of ' || label, t);
    execute format('drop policy %I on public.%I', 'Editors and admins can delete rows of ' || label, t);
    execute format(
      'create policy %I on public.%I for insert to authenticated with check ((select private.is_admin()))',
      'Administrators can add rows to ' || label, t);
    execute format(
      'create policy %I on public.%I for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()))',
      'Administrators can change rows of ' || label, t);
    execute format(
      'create policy %I on public.%I for delete to authenticated using ((select private.is_admin()))',
      'Administrators can delete rows of ' || label, t);
  end loop;
end;
$$;

-- The content functions' own check: editors and administrators.
create or replace function private.require_editor(what text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not (select private.can_edit()) then
    raise exception 'Only editors and administrators can %', what using errcode = '42501';
  end if;
end;
$$;
revoke all on function private.require_editor(text) from public;
grant execute on function private.require_editor(text) to authenticated, service_role;


-- Ordering, the trash and restoring a version are content work: they call
-- require_editor instead of require_admin, which now guards only the payment paths.
call private.rewrite_function('public.reorder_rows(text, uuid[])',
  'private.require_admin(', 'private.require_editor(');
call private.rewrite_function('public.trash_entries()',
  'private.require_admin(', 'private.require_editor(');
call private.rewrite_function('public.restore_version(bigint, text)',
  'private.require_admin(', 'private.require_editor(');

-- What this session may do now, for the admin to show the right screens and to say
-- why a write was refused: 'admin' or 'editor' (its role), 'ended' (its session is gone
-- or ran out: sign in again) or 'removed' (the account is gone or has no role).
create or replace function public.admin_access()
returns text
language sql
stable
security invoker
set search_path = ''
as $$
  select case
    when private.account_role() is null then 'removed'
    when not private.live_session() then 'ended'
    else private.account_role()
  end
$$;
revoke all on function public.admin_access() from public, anon;
grant execute on function public.admin_access() to authenticated;

-- Team entries gain two actions: ROLE (a member's role changed; old_data and new_data
-- hold it) and FACTORS (an administrator removed another member's second factors, for
-- a member who lost their phone).
alter table public.audit_log drop constraint audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check
  check (action in ('INSERT', 'UPDATE', 'DELETE', 'INVITE', 'RESEND', 'REMOVE', 'ROLE', 'FACTORS'));

call private.rewrite_function('private.append_team_entry(uuid, text, uuid, jsonb, jsonb)',
  $x$p_action not in ('INVITE', 'RESEND', 'REMOVE')$x$,
  $x$p_action not in ('INVITE', 'RESEND', 'REMOVE', 'ROLE', 'FACTORS')$x$);
call private.rewrite_function('private.append_team_entry(uuid, text, uuid, jsonb, jsonb)',
  'A team change is INVITE, RESEND or REMOVE',
  'A team change is INVITE, RESEND, REMOVE, ROLE or FACTORS');
