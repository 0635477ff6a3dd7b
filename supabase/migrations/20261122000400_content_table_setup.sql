-- Every content table gets the same protection: RLS with one policy per command
-- and role, explicit grants, updated_at kept by the database, a revision bump and
-- an audit entry on every write. One procedure applies it, so no table can miss a part.
--
-- Tables with an is_active flag show visitors their active rows only; tables
-- without one (the single about record) show visitors every row.
create or replace procedure private.setup_content_table(target regclass)
language plpgsql
set search_path = ''
as $$
declare
  table_name text := (select relname from pg_catalog.pg_class where oid = target);
  label text := replace(table_name, '_', ' ');
  has_active boolean := exists (
    select 1 from pg_catalog.pg_attribute
     where attrelid = target and attname = 'is_active' and not attisdropped
  );
  has_sort_order boolean := exists (
    select 1 from pg_catalog.pg_attribute
     where attrelid = target and attname = 'sort_order' and not attisdropped
  );
  visible text := case when has_active then 'is_active' else 'true' end;
begin
  execute format('alter table %s enable row level security', target);

  execute format('revoke all on %s from anon, authenticated, service_role', target);
  execute format('grant select on %s to anon', target);
  execute format('grant select, insert, update, delete on %s to authenticated', target);
  execute format('grant select, insert, update, delete on %s to service_role', target);

  execute format(
    'create policy %I on %s for select to anon using (%s)',
    case when has_active then format('Visitors can read active rows of %s', label)
         else format('Visitors can read %s', label) end,
    target, visible);
  execute format(
    'create policy %I on %s for select to authenticated using (%s or (select private.is_admin()))',
    case when has_active then format('Signed-in users can read active rows of %s, admins every row', label)
         else format('Signed-in users can read %s', label) end,
    target, visible);
  execute format(
    'create policy %I on %s for insert to authenticated with check ((select private.is_admin()))',
    format('Admins can add rows to %s', label), target);
  execute format(
    'create policy %I on %s for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()))',
    format('Admins can change rows of %s', label), target);
  execute format(
    'create policy %I on %s for delete to authenticated using ((select private.is_admin()))',
    format('Admins can delete rows of %s', label), target);

  execute format(
    'create trigger set_updated_at before update on %s for each row execute function private.set_updated_at()',
    target);
  execute format(
    'create trigger bump_content_revision after insert or update or delete on %s for each row execute function private.bump_content_revision()',
    target);
  execute format(
    'create trigger write_audit_entry after insert or update or delete on %s for each row execute function private.write_audit_entry()',
    target);

  -- The public reads filter on is_active and order by sort_order or created_at.
  if has_active and has_sort_order then
    execute format('create index %I on %s (is_active, sort_order)', table_name || '_public_read_idx', target);
  elsif has_active then
    execute format('create index %I on %s (is_active, created_at desc)', table_name || '_public_read_idx', target);
  end if;
end;
$$;
revoke all on procedure private.setup_content_table(regclass) from public;
