-- The changes that move money need a second factor (Supabase Auth's TOTP MFA): the
-- payment details, approving or rejecting a change to them, the approval setting and
-- the address alerts go to. The team and its roles are held the same way by the team
-- function, which asks private.has_aal2() through public.second_factor_verified(). A
-- phished password alone then redirects no donation.
--
-- A session is at aal2 once it verified a code: its access tokens carry `aal: "aal2"`
-- (Supabase's MFA guide: "Enforce rules for MFA logins" checks `auth.jwt()->>'aal'`),
-- and Auth keeps the level on the session's row (`auth.sessions.aal`), which it lowers
-- to aal1 when the factor is removed while the tokens already issued still say aal2
-- until they expire. Both must say aal2 here, so a factor removed by another
-- administrator (a lost phone) takes the rights away at once.

-- The token's session verified a second factor, and its row still says so. Security
-- definer (owned by the migration role): auth.sessions is readable by no API role.
create or replace function private.has_aal2()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt()) ->> 'aal', '') = 'aal2'
     and exists (
       select 1
         from auth.sessions as s
        where s.id = nullif((select auth.jwt()) ->> 'session_id', '')::uuid
          and s.user_id = (select auth.uid())
          and s.aal = 'aal2'
     )
$$;
revoke all on function private.has_aal2() from public;
grant execute on function private.has_aal2() to anon, authenticated, service_role;

-- For the admin and the team function: whether this session is a team member's that
-- verified a second factor (false for anyone else, so it tells nobody outside the team
-- anything).
create or replace function public.second_factor_verified()
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select private.can_edit() and private.has_aal2()
$$;
revoke all on function public.second_factor_verified() from public, anon;
grant execute on function public.second_factor_verified() to authenticated;

-- The payment details: administrators at aal2 write them (editors and everyone else
-- read the active ones, as before).
alter policy "Administrators can add rows to donate content" on public.donate_content
  with check ((select private.is_admin()) and (select private.has_aal2()));
alter policy "Administrators can change rows of donate content" on public.donate_content
  using ((select private.is_admin()) and (select private.has_aal2()))
  with check ((select private.is_admin()) and (select private.has_aal2()));
alter policy "Administrators can delete rows of donate content" on public.donate_content
  using ((select private.is_admin()) and (select private.has_aal2()));

-- The approval setting and the alert address: administrators read them at aal1 (the
-- screens show them), and change them at aal2.
alter policy "Administrators can change the settings" on public.admin_settings
  using ((select private.is_admin()) and (select private.has_aal2()))
  with check ((select private.is_admin()) and (select private.has_aal2()));

-- The payment RPCs' own check: an administrator, at aal2. The refusal's hint names
-- what is missing, so the admin can offer to set a factor up.
create or replace function private.require_second_factor(what text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.require_admin(what);
  if not (select private.has_aal2()) then
    raise exception 'To % you need to confirm it is you with your authenticator app', what
      using errcode = '42501', hint = 'aal2_required';
  end if;
end;
$$;
revoke all on function private.require_second_factor(text) from public;
grant execute on function private.require_second_factor(text) to authenticated, service_role;

-- Proposing, deciding and making a change to the payment details call
-- require_second_factor instead of require_admin (listing the waiting changes stays at
-- aal1); their bodies are otherwise unchanged.
call private.rewrite_function('private.propose_change(text, text, uuid, jsonb, jsonb)',
  'private.require_admin(', 'private.require_second_factor(');
call private.rewrite_function('private.decide_change(bigint, boolean)',
  'private.require_admin(', 'private.require_second_factor(');
call private.rewrite_function('public.change_payment_details(text, uuid, jsonb, timestamptz)',
  'private.require_admin(', 'private.require_second_factor(');

-- A member's authenticator apps removed by an administrator (a lost phone) is the very
-- change a thief would make, so it is recorded as a FACTORS team entry and mailed to
-- everyone on the team, editors too: an alert of its own kind, 'factors'.
alter table public.alert_outbox drop constraint alert_outbox_kind_valid;
alter table public.alert_outbox add constraint alert_outbox_kind_valid
  check (kind in ('message', 'payment', 'approval', 'settings', 'factors'));

-- The addresses of the members who hold one of `roles` (not deleted, not banned),
-- lower-cased, each once: the one query behind the administrators' addresses and the
-- whole team's.
create or replace function private.member_emails(roles text[])
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(pg_catalog.array_agg(distinct pg_catalog.lower(u.email)), '{}')
    from auth.users as u
   where u.raw_app_meta_data ->> 'role' = any (roles)
     and u.deleted_at is null
     and (u.banned_until is null or u.banned_until <= pg_catalog.now())
     and u.email is not null and u.email <> ''
$$;
revoke all on function private.member_emails(text[]) from public;
grant execute on function private.member_emails(text[]) to service_role;

create or replace function private.admin_emails()
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select private.member_emails(array['admin'])
$$;

-- A claim names the whole team's addresses too (editors and administrators), beside
-- the administrators'.
call private.rewrite_function('public.claim_alerts(integer, integer, integer, integer)',
  $x$'admins', pg_catalog.to_jsonb(private.admin_emails()),$x$,
  $x$'admins', pg_catalog.to_jsonb(private.admin_emails()),
    'team', pg_catalog.to_jsonb(private.member_emails(array['admin', 'editor'])),$x$);

-- The FACTORS entry queues its alert in the same transaction: who removed whose apps.
create or replace function private.alert_factors_removed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.enqueue_alert('factors', pg_catalog.jsonb_build_object(
    'actor_email', new.actor_email,
    'member_email', new.old_data ->> 'email',
    'removed', coalesce((new.old_data ->> 'factors')::integer, 0),
    'at', new.occurred_at));
  return null;
end;
$$;
revoke all on function private.alert_factors_removed() from public;

create trigger alert_factors_removed after insert on public.audit_log
  for each row when (new.action = 'FACTORS')
  execute function private.alert_factors_removed();
