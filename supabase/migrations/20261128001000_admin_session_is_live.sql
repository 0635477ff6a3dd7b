-- An admin's write must come from a session that still exists. Signing out, and a
-- password change (which ends every other session of the account), delete the
-- session's row in auth.sessions at once, but an access token already issued stays
-- valid until it expires (up to an hour), and PostgREST and Storage check only the
-- token. So a device signed out elsewhere could go on saving. Supabase's sessions
-- guide suggests this check for sensitive actions: every access token carries its
-- session's id (`session_id`), the primary key of auth.sessions. A session past its
-- `not_after` counts as ended too. Security definer, as auth.users and auth.sessions
-- are readable by no API role; a primary-key lookup each.

-- The account behind the token is an administrator now: not deleted, demoted or banned.
create or replace function private.admin_account()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
      from auth.users as u
     where u.id = (select auth.uid())
       and u.raw_app_meta_data ->> 'role' = 'admin'
       and u.deleted_at is null
       and (u.banned_until is null or u.banned_until <= pg_catalog.now())
  )
$$;
revoke all on function private.admin_account() from public;
grant execute on function private.admin_account() to anon, authenticated, service_role;

-- The token's session still exists and has not run out.
create or replace function private.live_session()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
      from auth.sessions as s
     where s.id = nullif((select auth.jwt()) ->> 'session_id', '')::uuid
       and s.user_id = (select auth.uid())
       and (s.not_after is null or s.not_after > pg_catalog.now())
  )
$$;
revoke all on function private.live_session() from public;
grant execute on function private.live_session() to anon, authenticated, service_role;

create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') = 'admin'
     and private.admin_account()
     and private.live_session()
$$;
revoke all on function private.is_admin() from public;
grant execute on function private.is_admin() to anon, authenticated, service_role;

-- What this session may do now, for the admin to say why a write was refused:
-- 'admin' (it may write), 'ended' (its session is gone or ran out: sign in again) or
-- 'removed' (the account is gone or no longer an administrator). The database refuses
-- such writes anyway, but a refusal alone reads like any other (no row matched, not
-- allowed). Security invoker, as every function the API exposes: the two checks it
-- calls are the security definer ones above.
create or replace function public.admin_access()
returns text
language sql
stable
security invoker
set search_path = ''
as $$
  select case
    when not private.admin_account() then 'removed'
    when not private.live_session() then 'ended'
    else 'admin'
  end
$$;
revoke all on function public.admin_access() from public, anon;
grant execute on function public.admin_access() to authenticated;
