-- Helpers shared by policies, constraints and triggers. They live in the `private`
-- schema, which PostgREST does not expose, so no client can call them directly.
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- Who is an admin: a user whose access token carries app_metadata.role = 'admin'.
-- Only the service key can write app_metadata, so no user can make themselves one.
create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') = 'admin'
$$;
revoke all on function private.is_admin() from public;
grant execute on function private.is_admin() to anon, authenticated, service_role;

-- A required text: not only whitespace, and no longer than max_length characters.
-- NULL passes here on purpose: NOT NULL is the column's own job.
create or replace function private.nonblank(value text, max_length integer)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select btrim(value, E' \t\r\n') <> '' and char_length(value) <= max_length
$$;

-- A web address the site may link to: http(s) with a host, or a path on the site
-- itself ("/images/x.jpg"). javascript:, data:text/html and the like never pass.
create or replace function private.is_link_url(url text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select char_length(url) <= 2048
    and (
      url ~ '^https?://[^/?#[:space:]<>"''`\\]+([/?#][^[:space:]<>"''`\\]*)?$'
      or url ~ '^/[^/[:space:]<>"''`\\][^[:space:]<>"''`\\]*$'
    )
$$;

-- An image address: a link as above, or an embedded raster image (data:image/...;
-- base64) of at most about 5 MB. SVG is refused as a data URL: it can carry script.
create or replace function private.is_image_url(url text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select private.is_link_url(url)
    or (
      char_length(url) <= 7000000
      and url ~ '^data:image/(png|jpeg|gif|webp|avif);base64,[A-Za-z0-9+/]+={0,2}$'
    )
$$;

-- A JSON list of objects: an array of 1 to max_items objects whose required keys
-- are non-blank strings and whose optional keys are strings or null; no other keys.
-- Keys named image_url must hold an image address; other strings stay short.
create or replace function private.is_object_list(
  list jsonb,
  required_keys text[],
  optional_keys text[] default '{}',
  max_items integer default 50
)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  item jsonb;
  key text;
  value jsonb;
begin
  if list is null then
    return null;
  end if;
  if jsonb_typeof(list) <> 'array'
    or jsonb_array_length(list) < 1
    or jsonb_array_length(list) > max_items then
    return false;
  end if;
  for item in select element from jsonb_array_elements(list) as element loop
    if jsonb_typeof(item) <> 'object' then
      return false;
    end if;
    foreach key in array required_keys loop
      if jsonb_typeof(item -> key) is distinct from 'string'
        or btrim(item ->> key, E' \t\r\n') = '' then
        return false;
      end if;
    end loop;
    for key, value in select k, v from jsonb_each(item) as entry(k, v) loop
      if not (key = any(required_keys) or key = any(optional_keys)) then
        return false;
      end if;
      if jsonb_typeof(value) not in ('string', 'null') then
        return false;
      end if;
      if key = 'image_url' then
        if jsonb_typeof(value) = 'string' and not private.is_image_url(value #>> '{}') then
          return false;
        end if;
      elsif char_length(coalesce(value #>> '{}', '')) > 2000 then
        return false;
      end if;
    end loop;
  end loop;
  return true;
end;
$$;

-- Keeps updated_at true on every change, whatever the client sends.
create or replace function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

revoke all on all functions in schema private from public;
grant execute on function private.nonblank(text, integer) to anon, authenticated, service_role;
grant execute on function private.is_link_url(text) to anon, authenticated, service_role;
grant execute on function private.is_image_url(text) to anon, authenticated, service_role;
grant execute on function private.is_object_list(jsonb, text[], text[], integer) to anon, authenticated, service_role;
