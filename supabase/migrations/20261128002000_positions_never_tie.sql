-- Positions never tie. Two records of one list with the same sort_order show the same
-- number in the admin, and the order between them was up to whoever read them. Now:
--   * each list's positions are unique (a constraint checked at the end of each
--     statement, so reorder_rows still moves every row in one update);
--   * a new record whose position is taken goes after the last one, as the admin
--     places new records anyway (a second admin adding at the same moment, a direct
--     API call with the default 0);
--   * a restore keeps a record where it is now: restoring an older version brings back
--     its words and pictures, never its old position. A deleted record comes back at
--     its old place; if that is taken, the records from there on move down one.
-- Lists that already hold ties are numbered again first, in the order the site showed
-- them (position, then creation time, then id).

create or replace function private.place_new_row()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  taken boolean;
  last integer;
begin
  -- One insert at a time per list, so two cannot both take the same free place.
  execute format('lock table %s in share row exclusive mode', tg_relid::regclass);
  execute format('select exists (select 1 from %s where sort_order = $1)', tg_relid::regclass)
    into taken using new.sort_order;
  if taken then
    execute format('select max(sort_order) from %s', tg_relid::regclass) into last;
    new.sort_order := last + 1;
  end if;
  return new;
end;
$$;
revoke all on function private.place_new_row() from public;

-- Gives a list unique positions: numbers it again if it holds ties, then the
-- constraint and the trigger. For every content table with a sort_order, now and later.
create or replace procedure private.keep_positions_apart(target regclass)
language plpgsql
set search_path = ''
as $$
declare
  table_name text := (select relname from pg_catalog.pg_class where oid = target);
  tied boolean;
begin
  execute format(
    'select exists (select 1 from %s group by sort_order having count(*) > 1)', target)
    into tied;
  if tied then
    execute format(
      'update %1$s as r set sort_order = o.place
         from (select id, (row_number() over (order by sort_order, created_at, id) - 1)::integer as place
                 from %1$s) as o
        where r.id = o.id and r.sort_order is distinct from o.place',
      target);
  end if;
  execute format(
    'alter table %s add constraint %I unique (sort_order) deferrable initially immediate',
    target, table_name || '_sort_order_key');
  execute format(
    'create trigger place_new_row before insert on %s for each row execute function private.place_new_row()',
    target);
end;
$$;
revoke all on procedure private.keep_positions_apart(regclass) from public;

do $$
declare
  t regclass;
begin
  for t in
    select c.oid::regclass
      from pg_catalog.pg_class c
      join pg_catalog.pg_attribute a on a.attrelid = c.oid
     where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
       and a.attname = 'sort_order' and not a.attisdropped
     order by c.relname
  loop
    call private.keep_positions_apart(t);
  end loop;
end;
$$;

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
  comes_back boolean;
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
  comes_back := not private.row_exists(tbl, e.row_id);
  if e.action = 'DELETE' and state = 'before' and comes_back and (
       e.occurred_at <= now() - private.trash_days()
       or private.trash_entry_purged(e.id)) then
    raise exception 'This record was deleted more than 30 days ago and can no longer be restored'
      using errcode = '22023';
  end if;

  if tbl = 'public.logo_settings'::regclass and (data ->> 'is_active')::boolean then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.activate_logo'));
    update public.logo_settings set is_active = false where is_active and id <> e.row_id;
  end if;

  if data ? 'sort_order' then
    if comes_back then
      -- Back at its old place; if another record took it meanwhile, the records from
      -- there on move down one.
      execute format('lock table %s in share row exclusive mode', tbl);
      execute format(
        'update %1$s set sort_order = sort_order + 1
          where sort_order >= $1 and exists (select 1 from %1$s where sort_order = $1)', tbl)
        using (data ->> 'sort_order')::integer;
    else
      -- Where it is now: the list's order is the editor's, not the version's.
      data := data - 'sort_order';
    end if;
  end if;

  perform private.write_row(
    tbl,
    case when comes_back then 'INSERT' else 'UPDATE' end,
    e.row_id,
    data,
    p_keep_created_at => true);
  execute format('select to_jsonb(r) from %s as r where r.id = $1', tbl) into restored using e.row_id;
  return restored;
end;
$$;
revoke all on function public.restore_version(bigint, text) from public, anon;
grant execute on function public.restore_version(bigint, text) to authenticated;
