-- Tightens three rules so the database refuses exactly what the admin's form refuses
-- (admin-island/src/resources/rules.ts), found by the abuse suite (tests/abuse/input):
--
-- 1. A required text must hold a visible character. private.nonblank only stripped
--    ' \t\r\n', so a title of no-break spaces (U+00A0), ideographic spaces (U+3000),
--    a byte-order mark or zero-width spaces was stored and shown as an empty heading.
--    Required keys of the JSON lists (private.is_object_list) had the same gap.
-- 2. A link's whitespace is every character JavaScript's \s matches, not the locale's
--    [[:space:]] (under C.UTF-8 that misses U+00A0 and U+FEFF), so
--    'https://exa<U+00A0>mple.org' is refused here as it is in the form.
-- 3. An http(s) address needs a host: 'https://@/x', 'http://:80/x' and 'http://./x'
--    passed the old pattern although no browser finds a host in them. The host may not
--    start with '.', ':', '-' or '@' and may not contain '@' (no user:password@ part).
--
-- The functions keep their names and signatures, so every CHECK constraint that calls
-- them applies the new rule to every later write. Rows already stored are not
-- re-checked; the seed and any row the old form could save pass the new rules.

-- Characters that show nothing: JavaScript's whitespace (what String.prototype.trim
-- removes) plus the zero-width space, joiners and word joiner.
create or replace function private.has_visible_text(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value ~ '[^\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]'
$$;

-- A required text: at least one visible character, and no longer than max_length
-- characters. NULL passes here on purpose: NOT NULL is the column's own job.
create or replace function private.nonblank(value text, max_length integer)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select private.has_visible_text(value) and char_length(value) <= max_length
$$;

-- A web address the site may link to: http(s) with a host, or a path on the site
-- itself ("/images/x.jpg"). javascript:, data:text/html, //host and the like never pass.
-- Whitespace is spelled out (JavaScript's \s), so the rule does not depend on the locale.
create or replace function private.is_link_url(url text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select char_length(url) <= 2048
    and (
      url ~ '^https?://[^/?#@.:\-\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff<>"''`\\][^/?#@\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff<>"''`\\]*([/?#][^\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff<>"''`\\]*)?$'
      or url ~ '^/[^/\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff<>"''`\\][^\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff<>"''`\\]*$'
    )
$$;

-- A JSON list of objects: an array of 1 to max_items objects whose required keys
-- are strings with a visible character and whose optional keys are strings or null;
-- no other keys. Keys named image_url must hold an image address; other strings stay
-- short.
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
        or not private.has_visible_text(item ->> key) then
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

revoke all on function private.has_visible_text(text) from public;
grant execute on function private.has_visible_text(text) to anon, authenticated, service_role;
