-- An admin is a user whose token says so AND whose account still says so now. The
-- token alone is not enough: an access token lives up to an hour, so an administrator
-- who was removed, demoted or banned would otherwise keep every admin right until
-- theirs expired. Security definer (owned by the migration role), so it may read
-- auth.users, which no API role can; one primary-key lookup per statement, as the
-- policies call it through (select private.is_admin()).
create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') = 'admin'
     and exists (
       select 1
         from auth.users as u
        where u.id = (select auth.uid())
          and u.raw_app_meta_data ->> 'role' = 'admin'
          and u.deleted_at is null
          and (u.banned_until is null or u.banned_until <= pg_catalog.now())
     )
$$;
revoke all on function private.is_admin() from public;
grant execute on function private.is_admin() to anon, authenticated, service_role;
