-- The editor's safety net: alt text on every picture visitors see, ordering in one
-- call, restoring any recorded version, and a trash kept for 30 days. Everything
-- rests on the audit log, which stays append-only: a restore is a new change with
-- its own entry, and the trash is the log's recent deletions.

-- ---------------------------------------------------------------------------
-- Alt text. `image_alt` describes the picture (null: the site's default words for
-- it); `image_decorative` marks a picture that says nothing, which gets an empty alt.

create or replace procedure private.add_picture_description(target regclass)
language plpgsql
set search_path = ''
as $$
declare
  table_name text := (select relname from pg_catalog.pg_class where oid = target);
begin
  execute format(
    'alter table %s add column image_alt text constraint %I check (char_length(image_alt) <= 500),
       add column image_decorative boolean not null default false',
    target, table_name || '_image_alt_length');
end;
$$;
revoke all on procedure private.add_picture_description(regclass) from public;

call private.add_picture_description('public.banners');
call private.add_picture_description('public.children_banners');
call private.add_picture_description('public.oldage_banners');
call private.add_picture_description('public.causes');
call private.add_picture_description('public.board_staff');
call private.add_picture_description('public.home_gallery');
call private.add_picture_description('public.children_gallery');
call private.add_picture_description('public.oldage_gallery');
call private.add_picture_description('public.medical_gallery');
call private.add_picture_description('public.relief_gallery');
call private.add_picture_description('public.projects');
call private.add_picture_description('public.certifications');
call private.add_picture_description('public.logo_settings');

-- ---------------------------------------------------------------------------
-- Which tables are content tables: those setup_content_table gave an audit trigger.

create or replace function private.content_tables()
returns setof regclass
language sql
stable
set search_path = ''
as $$
  select t.tgrelid::regclass from pg_catalog.pg_trigger as t
   where t.tgname = 'write_audit_entry' and not t.tgisinternal
$$;
revoke all on function private.content_tables() from public;
grant execute on function private.content_tables() to authenticated, service_role;

create or replace function private.content_table(name text)
returns regclass
language plpgsql
stable
set search_path = ''
as $$
declare
  target regclass := pg_catalog.to_regclass('public.' || pg_catalog.quote_ident(name));
begin
  if target is null
     or not exists (select 1 from private.content_tables() as c(tbl) where c.tbl = target) then
    raise exception 'No content table is called %', name using errcode = '22023';
  end if;
  return target;
end;
$$;
revoke all on function private.content_table(text) from public;
grant execute on function private.content_table(text) to authenticated, service_role;

create or replace function private.require_admin(what text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception 'Only administrators can %', what using errcode = '42501';
  end if;
end;
$$;
revoke all on function private.require_admin(text) from public;
grant execute on function private.require_admin(text) to authenticated, service_role;

-- What only the secret key's callers (the Edge Functions) may do: refused with
-- `refusal` for everyone else.
create or replace function private.require_service_role(refusal text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if coalesce((select auth.role()), '') <> 'service_role' then
    raise exception '%', refusal using errcode = '42501';
  end if;
end;
$$;
revoke all on function private.require_service_role(text) from public;
grant execute on function private.require_service_role(text) to service_role;

-- ---------------------------------------------------------------------------
-- Ordering: the whole list in its new order, applied completely or not at all.
-- Runs with the caller's rights, so RLS decides as for any update; only rows whose
-- place changes are written (and audited).

create or replace function public.reorder_rows(target text, ids uuid[])
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  tbl regclass;
  total integer;
  given integer := coalesce(pg_catalog.array_length(ids, 1), 0);
begin
  perform private.require_admin('change the order');
  tbl := private.content_table(target);
  if not exists (
    select 1 from pg_catalog.pg_attribute
     where attrelid = tbl and attname = 'sort_order' and not attisdropped
  ) then
    raise exception '% has no order', target using errcode = '22023';
  end if;
  if given = 0 or given > 100001
     or (select count(distinct id) from pg_catalog.unnest(ids) as t(id) where id is not null) <> given then
    raise exception 'Give every row of the list once' using errcode = '22023';
  end if;
  -- No row may come or go while the order is written.
  execute format('lock table %s in share row exclusive mode', tbl);
  execute format('select count(*) from %s', tbl) into total;
  if total <> given or exists (
    select 1 from pg_catalog.unnest(ids) as t(id)
     where not private.row_exists(tbl, t.id)
  ) then
    raise exception 'The list has changed since it was loaded: reload it and try again'
      using errcode = '40001';
  end if;
  execute format(
    'update %s as r set sort_order = o.place
       from (select id, (ordinality - 1)::integer as place
               from pg_catalog.unnest($1) with ordinality as u(id, ordinality)) as o
      where r.id = o.id and r.sort_order is distinct from o.place',
    tbl) using ids;
end;
$$;

create or replace function private.row_exists(tbl regclass, row_id uuid)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
declare
  found boolean;
begin
  execute format('select exists (select 1 from %s where id = $1)', tbl) into found using row_id;
  return found;
end;
$$;
revoke all on function private.row_exists(regclass, uuid) from public;
grant execute on function private.row_exists(regclass, uuid) to authenticated, service_role;

-- Writes one record of a content table from JSON, with the caller's rights (RLS and
-- the table's triggers decide as for a direct write):
--   INSERT  a record of the columns p_values names;
--   UPDATE  the columns p_values names, but id and created_at, of record p_row_id;
--   DELETE  record p_row_id.
-- updated_at is never taken from p_values: the table's trigger keeps it. created_at
-- is, on INSERT, only with p_keep_created_at (a deleted record coming back). Given
-- p_loaded_at, an UPDATE or DELETE touches the record only while its updated_at is
-- still that: the check is part of the write, so a change committed meanwhile makes it
-- write nothing. It answers the record written (as deleted, for a DELETE), or null when
-- none was: no such record, a newer one, or a trigger kept the write back.
create or replace function private.write_row(
  p_table regclass,
  p_action text,
  p_row_id uuid,
  p_values jsonb,
  p_loaded_at timestamptz default null,
  p_keep_created_at boolean default false
)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  cols text;
  sets text;
  written jsonb;
begin
  if p_action = 'DELETE' then
    execute format(
      'delete from %s as r where r.id = $1 and ($2::timestamptz is null or r.updated_at = $2) returning to_jsonb(r)',
      p_table) into written using p_row_id, p_loaded_at;
    return written;
  end if;
  select string_agg(format('%I', a.attname), ', ' order by a.attnum),
         string_agg(format('%I = v.%I', a.attname, a.attname), ', ' order by a.attnum)
           filter (where a.attname not in ('id', 'created_at'))
    into cols, sets
    from pg_catalog.pg_attribute as a
   where a.attrelid = p_table and a.attnum > 0 and not a.attisdropped
     and a.attname <> 'updated_at'
     and (a.attname <> 'created_at' or p_keep_created_at)
     and p_values ? a.attname;
  if p_action = 'INSERT' and cols is not null then
    execute format(
      'insert into %1$s as r (%2$s) select %2$s from pg_catalog.jsonb_populate_record(null::%1$s, $1) returning to_jsonb(r)',
      p_table, cols) into written using p_values;
  elsif p_action = 'UPDATE' and sets is not null then
    execute format(
      'update %1$s as r set %2$s from pg_catalog.jsonb_populate_record(null::%1$s, $1) as v where r.id = $2 and ($3::timestamptz is null or r.updated_at = $3) returning to_jsonb(r)',
      p_table, sets) into written using p_values, p_row_id, p_loaded_at;
  elsif p_action in ('INSERT', 'UPDATE') then
    raise exception 'The values name no column' using errcode = '22023';
  else
    raise exception 'A change is an INSERT, UPDATE or DELETE' using errcode = '22023';
  end if;
  return written;
end;
$$;
revoke all on function private.write_row(regclass, text, uuid, jsonb, timestamptz, boolean) from public;
grant execute on function private.write_row(regclass, text, uuid, jsonb, timestamptz, boolean)
  to authenticated, service_role;

revoke all on function public.reorder_rows(text, uuid[]) from public, anon;
grant execute on function public.reorder_rows(text, uuid[]) to authenticated;

-- ---------------------------------------------------------------------------
-- The trash: deletions of the last 30 days whose record has not come back. After
-- that a deletion is purged (private.trash_purged): the files only it used are
-- removed through the Storage API and it can no longer be restored.

create table private.trash_purged (
  entry_id bigint primary key,
  purged_at timestamptz not null default now(),
  files text[] not null default '{}'
);
revoke all on private.trash_purged from public, anon, authenticated;
grant select, insert on private.trash_purged to service_role;

-- Whether a deletion is purged; callers need no right on the purge record itself.
create or replace function private.trash_entry_purged(entry bigint)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$ select exists (select 1 from private.trash_purged where entry_id = entry) $$;
revoke all on function private.trash_entry_purged(bigint) from public;
grant execute on function private.trash_entry_purged(bigint) to authenticated, service_role;

create or replace function private.trash_days()
returns interval
language sql
immutable
set search_path = ''
as $$ select interval '30 days' $$;

-- Whether an audit entry's deletion still stands: its record was not inserted again
-- (restored) after it.
create or replace function private.still_deleted(entry public.audit_log)
returns boolean
language sql
stable
set search_path = ''
as $$
  select not exists (
    select 1 from public.audit_log as later
     where later.table_name = entry.table_name and later.row_id = entry.row_id
       and later.action = 'INSERT' and later.id > entry.id)
$$;
revoke all on function private.still_deleted(public.audit_log) from public;
grant execute on function private.still_deleted(public.audit_log) to authenticated, service_role;

create or replace function public.trash_entries()
returns table (
  entry_id bigint,
  table_name text,
  row_id uuid,
  deleted_at timestamptz,
  deleted_by text,
  data jsonb,
  purge_at timestamptz
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform private.require_admin('open the trash');
  return query
    select d.id, d.table_name, d.row_id, d.occurred_at, d.actor_email, d.old_data,
           d.occurred_at + private.trash_days()
      from public.audit_log d
     where d.action = 'DELETE'
       and d.occurred_at > now() - private.trash_days()
       and private.still_deleted(d)
     order by d.id desc;
end;
$$;
revoke all on function public.trash_entries() from public, anon;
grant execute on function public.trash_entries() to authenticated;
grant execute on function private.trash_days() to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Restoring a recorded version: the values before ('before') or after ('after') an
-- audit entry's change are written back as a new change, which the log records like
-- any other. A deleted record comes back with its id; a record that still exists
-- takes the version's values for every column the version has. A version that makes
-- a logo active makes every other logo inactive, as activating one does.

create or replace function public.restore_version(entry bigint, state text default 'before')
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  e public.audit_log;
  tbl regclass;
  data jsonb;
  restored jsonb;
begin
  perform private.require_admin('restore a version');
  if state not in ('before', 'after') then
    raise exception 'A version is the state before or after a change' using errcode = '22023';
  end if;
  select * into e from public.audit_log where id = entry;
  if not found then
    raise exception 'No recorded change %', entry using errcode = '22023';
  end if;
  tbl := private.content_table(e.table_name);
  data := case when state = 'before' then e.old_data else e.new_data end;
  if data is null then
    raise exception 'This change has no version to restore' using errcode = '22023';
  end if;
  if e.action = 'DELETE' and state = 'before' and not private.row_exists(tbl, e.row_id) and (
       e.occurred_at <= now() - private.trash_days()
       or private.trash_entry_purged(e.id)) then
    raise exception 'This record was deleted more than 30 days ago and can no longer be restored'
      using errcode = '22023';
  end if;

  if tbl = 'public.logo_settings'::regclass and (data ->> 'is_active')::boolean then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.activate_logo'));
    update public.logo_settings set is_active = false where is_active and id <> e.row_id;
  end if;

  perform private.write_row(
    tbl,
    case when private.row_exists(tbl, e.row_id) then 'UPDATE' else 'INSERT' end,
    e.row_id,
    data,
    p_keep_created_at => true);
  execute format('select to_jsonb(r) from %s as r where r.id = $1', tbl) into restored using e.row_id;
  return restored;
end;
$$;
revoke all on function public.restore_version(bigint, text) from public, anon;
grant execute on function public.restore_version(bigint, text) to authenticated;

-- ---------------------------------------------------------------------------
-- Purging: the deletions past their 30 days that are not purged yet, with the
-- media files they used that no current record and no deletion still in the trash
-- uses. The `trash` function removes those files through the Storage API, then
-- marks the deletions purged. Only the service role may do either (with its own
-- rights: it reads every table and the log, and records purges).

create or replace function private.media_paths(value jsonb)
returns setof text
language sql
immutable
set search_path = ''
as $$
  select distinct (pg_catalog.regexp_match(s #>> '{}', '/storage/v1/object/public/media/([^?#]+)'))[1]
    from pg_catalog.jsonb_path_query(value, 'strict $.** ? (@.type() == "string")') as s
   where s #>> '{}' like '%/storage/v1/object/public/media/%'
$$;
revoke all on function private.media_paths(jsonb) from public;
grant execute on function private.media_paths(jsonb) to service_role;

create or replace function public.expired_trash(as_of timestamptz default now())
returns table (entry_id bigint, table_name text, row_id uuid, unused_files text[])
language plpgsql
security invoker
set search_path = ''
as $$
declare
  tbl regclass;
  in_use text[] := '{}';
  found text[];
begin
  perform private.require_service_role('Only the service role purges the trash');
  -- Files any current record uses.
  for tbl in select c.tbl from private.content_tables() as c(tbl) loop
    execute format(
      'select coalesce(array_agg(p), ''{}'') from %s as r, private.media_paths(to_jsonb(r)) as p', tbl)
      into found;
    in_use := in_use || found;
  end loop;
  -- Files a deletion still in the trash uses.
  in_use := in_use || coalesce((
    select array_agg(p) from public.audit_log d, private.media_paths(d.old_data) as p
     where d.action = 'DELETE' and d.occurred_at > as_of - private.trash_days()), '{}');

  return query
    select d.id, d.table_name, d.row_id,
           coalesce((select array_agg(p) from private.media_paths(d.old_data) as p
                      where p is not null and not (p = any (in_use))), '{}')
      from public.audit_log d
     where d.action = 'DELETE'
       and d.occurred_at <= as_of - private.trash_days()
       and not exists (select 1 from private.trash_purged x where x.entry_id = d.id)
       and private.still_deleted(d)
     order by d.id;
end;
$$;
revoke all on function public.expired_trash(timestamptz) from public, anon, authenticated;
grant execute on function public.expired_trash(timestamptz) to service_role;

create or replace function public.mark_trash_purged(entries bigint[], files text[] default '{}')
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform private.require_service_role('Only the service role purges the trash');
  insert into private.trash_purged (entry_id, files)
  select e, coalesce(files, '{}') from pg_catalog.unnest(entries) as e
  on conflict (entry_id) do nothing;
end;
$$;
revoke all on function public.mark_trash_purged(bigint[], text[]) from public, anon, authenticated;
grant execute on function public.mark_trash_purged(bigint[], text[]) to service_role;
