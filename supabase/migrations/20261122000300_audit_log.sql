-- Every write to a content table leaves an entry: who, which table and row, what
-- action, the old and new values, and when. Admins read it; nobody changes it.
create table public.audit_log (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  actor_id uuid,
  actor_email text,
  actor_role text not null,
  table_name text not null,
  row_id uuid,
  action text not null check (action in ('INSERT', 'UPDATE', 'DELETE')),
  old_data jsonb,
  new_data jsonb
);
create index audit_log_table_row_idx on public.audit_log (table_name, row_id);
create index audit_log_occurred_at_idx on public.audit_log (occurred_at desc);

alter table public.audit_log enable row level security;
revoke all on public.audit_log from anon, authenticated, service_role;
grant select on public.audit_log to authenticated, service_role;

create policy "Admins can read the audit log"
  on public.audit_log for select
  to authenticated
  using ((select private.is_admin()));

-- History is append-only, for every role, the service role included.
create or replace function private.refuse_audit_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'The audit log cannot be changed' using errcode = '42501';
end;
$$;
revoke all on function private.refuse_audit_change() from public;

create trigger audit_log_is_append_only
  before update or delete on public.audit_log
  for each row execute function private.refuse_audit_change();
create trigger audit_log_cannot_be_truncated
  before truncate on public.audit_log
  for each statement execute function private.refuse_audit_change();

-- Runs as its owner, so writers need no privilege on the log itself.
create or replace function private.write_audit_entry()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  claims jsonb := coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb;
begin
  insert into public.audit_log
    (actor_id, actor_email, actor_role, table_name, row_id, action, old_data, new_data)
  values (
    (select auth.uid()),
    claims ->> 'email',
    coalesce(nullif(claims ->> 'role', ''), session_user),
    tg_table_name,
    case when tg_op = 'DELETE' then old.id else new.id end,
    tg_op,
    case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end,
    case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end
  );
  return null;
end;
$$;
revoke all on function private.write_audit_entry() from public;
