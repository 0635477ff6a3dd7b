-- Changes to the team of administrators go into the audit log beside content changes:
-- who invited, invited again or removed which administrator, and when. The team lives
-- in auth.users, which only the secret key may change, so the `team` Edge Function
-- makes the change through the Auth admin API and then records it here with the secret
-- key. The log stays what it was: append-only for everyone, read by admins only.

-- Team entries carry their own actions, so nothing that reads content changes (a
-- record's history, the trash, restoring a version, purging) ever takes them for one:
--   INVITE  an address was invited (or an account given the admin role)
--   RESEND  an invitation not yet accepted was sent again
--   REMOVE  an administrator lost the role, or an unaccepted invitation was withdrawn
-- Their table_name is 'admins' (no such table: the team is the users with
-- app_metadata.role = 'admin') and their row_id the member's user id.
alter table public.audit_log drop constraint audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check
  check (action in ('INSERT', 'UPDATE', 'DELETE', 'INVITE', 'RESEND', 'REMOVE'));
alter table public.audit_log add constraint audit_log_team_entries
  check (action in ('INSERT', 'UPDATE', 'DELETE') or (table_name = 'admins' and row_id is not null));

-- Appends one team entry. Security definer (owned by the migration role), as the
-- content tables' trigger is: no API role holds INSERT on the log itself. The actor is
-- the administrator the function acted for; their email is read from their account.
create or replace function private.append_team_entry(
  p_actor uuid,
  p_action text,
  p_member uuid,
  p_old jsonb,
  p_new jsonb
)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor_email text;
  entry bigint;
begin
  if p_action is null or p_action not in ('INVITE', 'RESEND', 'REMOVE') then
    raise exception 'A team change is INVITE, RESEND or REMOVE' using errcode = '22023';
  end if;
  if p_member is null then
    raise exception 'A team change names the member it changed' using errcode = '22023';
  end if;
  select u.email into actor_email from auth.users as u where u.id = p_actor;
  if not found then
    raise exception 'A team change names the administrator who made it' using errcode = '22023';
  end if;
  insert into public.audit_log
    (actor_id, actor_email, actor_role, table_name, row_id, action, old_data, new_data)
  values (p_actor, actor_email, 'service_role', 'admins', p_member, p_action, p_old, p_new)
  returning id into entry;
  return entry;
end;
$$;
revoke all on function private.append_team_entry(uuid, text, uuid, jsonb, jsonb) from public;
grant execute on function private.append_team_entry(uuid, text, uuid, jsonb, jsonb) to service_role;

-- What the team function calls (POST /rest/v1/rpc/record_team_change). It runs with the
-- caller's rights and refuses everyone but the service role, so no signed-in user,
-- admins included, can write an entry of their choosing.
create or replace function public.record_team_change(
  p_actor uuid,
  p_action text,
  p_member uuid,
  p_old jsonb default null,
  p_new jsonb default null
)
returns bigint
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform private.require_service_role('Only the team function records team changes');
  return private.append_team_entry(p_actor, p_action, p_member, p_old, p_new);
end;
$$;
revoke all on function public.record_team_change(uuid, text, uuid, jsonb, jsonb)
  from public, anon, authenticated;
grant execute on function public.record_team_change(uuid, text, uuid, jsonb, jsonb) to service_role;
