-- Alerts and two-person approval for the payment details.
--
-- The donate page publishes the charity's bank accounts and QR codes, so one stolen
-- administrator password could redirect every donation within seconds; and contact
-- messages reach an inbox nobody is told about. Postgres itself now sees to both,
-- whatever path a write takes (the admin, a direct REST call, restore_version):
--
--  * alert_outbox: a trigger records every contact message and every change to the
--    donation details (and to the settings below) as an alert to send. Nobody but
--    the deliverer (the alerts Edge Function, with the secret key) changes an entry.
--    A trigger on the outbox asks for delivery through pg_net when the project has it
--    (see private.request_alert_delivery); a Supabase Cron job calling the same
--    function catches anything a request missed.
--  * admin_settings: one record saying where message alerts go (every administrator,
--    or one address) and whether a change to the payment details needs a second
--    administrator's approval. Turning that approval off needs a second
--    administrator's approval itself.
--  * payment_changes: while approval is on, a change an administrator makes to
--    donate_content is kept here as pending instead of being applied: the live site
--    and the public read keep the old details until a different administrator
--    approves it (approve_payment_change), which applies it as a normal, audited
--    change. A pending change can be rejected (reject_payment_change).
--
-- Writes made by the database owner's own SQL (migrations, the seed, the SQL editor:
-- no request claims, so auth.role() is null) are audited as before but raise no alert,
-- and the secret key's writes are never held: both already hold every right there is.

-- ---------------------------------------------------------------------------
-- An address alerts may go to: one mailbox, nothing that could name a second one.
create or replace function private.is_alert_address(address text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select char_length(address) <= 320
     and address ~ '^[^@[:space:]<>",;()\\]+@[^@[:space:]<>",;()\\]+\.[^@[:space:]<>",;()\\]+$'
$$;
revoke all on function private.is_alert_address(text) from public;
grant execute on function private.is_alert_address(text) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- The settings: one record.

create table public.admin_settings (
  id boolean primary key default true constraint admin_settings_single_row check (id),
  -- A change to the payment details waits for a second administrator's approval.
  require_payment_approval boolean not null default false,
  -- Where new-message alerts go: null, every administrator; else this one address.
  alert_address text constraint admin_settings_alert_address_valid
    check (private.is_alert_address(alert_address)),
  updated_at timestamptz not null default now(),
  updated_by text constraint admin_settings_updated_by_length check (char_length(updated_by) <= 320)
);
insert into public.admin_settings (id) values (true);

alter table public.admin_settings enable row level security;
revoke all on public.admin_settings from anon, authenticated, service_role;
grant select on public.admin_settings to authenticated, service_role;
grant update (require_payment_approval, alert_address) on public.admin_settings
  to authenticated, service_role;

create policy "Admins can read the settings"
  on public.admin_settings for select
  to authenticated
  using ((select private.is_admin()));
create policy "Admins can change the settings"
  on public.admin_settings for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

-- Whether payment changes wait for approval now. Security definer: the triggers of
-- every writer read it, whatever that writer may read itself.
create or replace function private.approval_required()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select s.require_payment_approval from public.admin_settings as s where s.id), false)
$$;
revoke all on function private.approval_required() from public;
grant execute on function private.approval_required() to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- The outbox.

create table public.alert_outbox (
  id bigint generated always as identity primary key,
  -- message: a contact message arrived; payment: the donation details changed;
  -- approval: a change was proposed, rejected or withdrawn; settings: where alerts go
  -- or whether approval is needed changed.
  kind text not null
    constraint alert_outbox_kind_valid check (kind in ('message', 'payment', 'approval', 'settings')),
  payload jsonb not null constraint alert_outbox_payload_valid check (jsonb_typeof(payload) = 'object'),
  created_at timestamptz not null default now(),
  -- pending: to send; held: a message kept for the next digest; sending: claimed by a
  -- deliverer until claimed_until; sent; failed: given up on.
  status text not null default 'pending'
    constraint alert_outbox_status_valid check (status in ('pending', 'held', 'sending', 'sent', 'failed')),
  -- How the claim sends it: a mail of its own, or within a digest.
  batch text constraint alert_outbox_batch_valid check (batch in ('single', 'digest')),
  claim_id uuid,
  claimed_until timestamptz,
  attempts integer not null default 0 constraint alert_outbox_attempts_range check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  sent_at timestamptz,
  last_error text constraint alert_outbox_last_error_length check (char_length(last_error) <= 1000)
);
create index alert_outbox_open_idx on public.alert_outbox (kind, status, next_attempt_at)
  where status in ('pending', 'held', 'sending');
create index alert_outbox_claim_idx on public.alert_outbox (claim_id) where claim_id is not null;
create index alert_outbox_created_at_idx on public.alert_outbox (created_at);

alter table public.alert_outbox enable row level security;
revoke all on public.alert_outbox from anon, authenticated, service_role;
-- Admins may see what was sent; only the deliverer (the service role, through
-- claim_alerts and finish_alerts) changes an entry; only the triggers add one.
grant select on public.alert_outbox to authenticated;
grant select, update, delete on public.alert_outbox to service_role;

create policy "Admins can read the alert outbox"
  on public.alert_outbox for select
  to authenticated
  using ((select private.is_admin()));

-- How many mails of the message alerts (one each, or a digest) went out lately: the
-- budget of claim_alerts.
create table private.alert_sends (
  id bigint generated always as identity primary key,
  sent_at timestamptz not null default now()
);
create index alert_sends_sent_at_idx on private.alert_sends (sent_at);
alter table private.alert_sends enable row level security;
revoke all on private.alert_sends from public, anon, authenticated, service_role;
grant select, insert, delete on private.alert_sends to service_role;

create or replace function private.enqueue_alert(p_kind text, p_payload jsonb)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.alert_outbox (kind, payload) values (p_kind, p_payload)
$$;
revoke all on function private.enqueue_alert(text, jsonb) from public;

-- Asks the alerts Edge Function to deliver the outbox, through pg_net, as a Database
-- Webhook would: the request is queued now and sent once the transaction commits
-- (pg_net: "HTTP requests are not started until the transaction is committed").
-- It needs pg_net and two Vault secrets, project_url and secret_key (README, "Alerts
-- on a hosted project"); without them it does nothing, and the cron job, which calls
-- this same function every minute, is all there is. Nothing here may stop a save or
-- a message: any failure is only a warning.
create or replace function private.request_alert_delivery()
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  base text;
  key text;
begin
  if pg_catalog.to_regprocedure('net.http_post(text,jsonb,jsonb,jsonb,integer)') is null
     or pg_catalog.to_regclass('vault.decrypted_secrets') is null then
    return null;
  end if;
  select s.decrypted_secret into base from vault.decrypted_secrets as s where s.name = 'project_url' limit 1;
  select s.decrypted_secret into key from vault.decrypted_secrets as s where s.name = 'secret_key' limit 1;
  if base is null or key is null then
    return null;
  end if;
  return net.http_post(
    url := pg_catalog.rtrim(base, '/') || '/functions/v1/alerts',
    body := '{"action": "deliver"}'::jsonb,
    params := '{}'::jsonb,
    headers := pg_catalog.jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || key,
      'apikey', key),
    timeout_milliseconds := 30000);
exception when others then
  raise warning 'alerts: could not ask for delivery: %', sqlerrm;
  return null;
end;
$$;
revoke all on function private.request_alert_delivery() from public;
grant execute on function private.request_alert_delivery() to service_role;

create or replace function private.wake_alert_delivery()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.request_alert_delivery();
  return null;
end;
$$;
revoke all on function private.wake_alert_delivery() from public;

create trigger wake_alert_delivery after insert on public.alert_outbox
  for each statement execute function private.wake_alert_delivery();

-- Every administrator's address, from Auth: accounts with the admin role that are
-- not deleted or banned (what private.is_admin() counts as an admin).
create or replace function private.admin_emails()
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(pg_catalog.array_agg(distinct pg_catalog.lower(u.email)), '{}')
    from auth.users as u
   where u.raw_app_meta_data ->> 'role' = 'admin'
     and u.deleted_at is null
     and (u.banned_until is null or u.banned_until <= pg_catalog.now())
     and u.email is not null and u.email <> ''
$$;
revoke all on function private.admin_emails() from public;
grant execute on function private.admin_emails() to service_role;

-- ---------------------------------------------------------------------------
-- Alerts for contact messages.

create or replace function private.alert_new_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.role() is null then
    return null;
  end if;
  perform private.enqueue_alert('message', pg_catalog.jsonb_build_object(
    'message_id', new.id,
    'name', new.name,
    'email', new.email,
    'phone', new.phone,
    'subject', new.subject,
    'excerpt', pg_catalog.left(new.message, 600),
    'inquiry_type', new.inquiry_type,
    'received_at', new.created_at));
  return null;
end;
$$;
revoke all on function private.alert_new_message() from public;

create trigger alert_new_message after insert on public.contact_messages
  for each row execute function private.alert_new_message();

-- ---------------------------------------------------------------------------
-- Pending changes.

create table public.payment_changes (
  id bigint generated always as identity primary key,
  -- donate_content: a change to the donation details; admin_settings: turning
  -- approval off.
  target text not null
    constraint payment_changes_target_valid check (target in ('donate_content', 'admin_settings')),
  action text not null constraint payment_changes_action_valid check (action in ('INSERT', 'UPDATE', 'DELETE')),
  row_id uuid,
  -- The record when the change was proposed (none for INSERT), and as proposed
  -- (none for DELETE).
  old_data jsonb,
  new_data jsonb,
  status text not null default 'pending'
    constraint payment_changes_status_valid check (status in ('pending', 'approved', 'rejected', 'withdrawn')),
  proposed_by uuid,
  proposed_by_email text constraint payment_changes_proposed_by_email_length check (char_length(proposed_by_email) <= 320),
  proposed_at timestamptz not null default now(),
  decided_by uuid,
  decided_by_email text constraint payment_changes_decided_by_email_length check (char_length(decided_by_email) <= 320),
  decided_at timestamptz
);
create index payment_changes_pending_idx on public.payment_changes (proposed_at) where status = 'pending';
create index payment_changes_proposed_at_idx on public.payment_changes (proposed_at desc);

alter table public.payment_changes enable row level security;
revoke all on public.payment_changes from anon, authenticated, service_role;
-- Nobody writes a change directly: the triggers propose, the approval RPCs decide.
grant select on public.payment_changes to authenticated, service_role;

create policy "Admins can read payment changes"
  on public.payment_changes for select
  to authenticated
  using ((select private.is_admin()));

-- Whether a record would pass its table's NOT NULL and CHECK constraints: a held
-- change is never written, so its constraints are checked here, with the same errors
-- a write would meet.
create or replace function private.check_row(target regclass, candidate jsonb)
returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  rel text := (select c.relname from pg_catalog.pg_class as c where c.oid = target);
  col record;
  con record;
  passes boolean;
begin
  for col in
    select a.attname from pg_catalog.pg_attribute as a
     where a.attrelid = target and a.attnum > 0 and not a.attisdropped and a.attnotnull
  loop
    if pg_catalog.jsonb_typeof(candidate -> col.attname) is null
       or pg_catalog.jsonb_typeof(candidate -> col.attname) = 'null' then
      raise exception 'null value in column "%" of relation "%" violates not-null constraint',
        col.attname, rel using errcode = '23502';
    end if;
  end loop;
  for con in
    select c.conname, pg_catalog.pg_get_expr(c.conbin, c.conrelid) as expr
      from pg_catalog.pg_constraint as c
     where c.conrelid = target and c.contype = 'c'
  loop
    execute format('select (%s) is not false from pg_catalog.jsonb_populate_record(null::%s, $1) as %I',
      con.expr, target, rel) into passes using candidate;
    if not passes then
      raise exception 'new row for relation "%" violates check constraint "%"', rel, con.conname
        using errcode = '23514';
    end if;
  end loop;
end;
$$;
revoke all on function private.check_row(regclass, jsonb) from public;
grant execute on function private.check_row(regclass, jsonb) to authenticated, service_role;

-- The alert about a pending change: proposed, or decided (rejected, withdrawn).
create or replace function private.enqueue_approval_alert(p_event text, p_change public.payment_changes)
returns void
language sql
set search_path = ''
as $$
  select private.enqueue_alert('approval', pg_catalog.jsonb_build_object(
      'event', p_event,
      'change_id', p_change.id,
      'target', p_change.target,
      'action', p_change.action,
      'before', p_change.old_data,
      'after', p_change.new_data,
      'proposed_by_email', p_change.proposed_by_email)
    || case when p_event = 'proposed' then '{}'::jsonb
            else pg_catalog.jsonb_build_object('decided_by_email', p_change.decided_by_email) end)
$$;
revoke all on function private.enqueue_approval_alert(text, public.payment_changes) from public;

-- Records a change as pending and alerts every administrator. Reached only from the
-- triggers below, which call it for an administrator's own write; it checks again.
-- Turning approval off is asked for once: while one such request waits, another
-- joins it.
create or replace function private.propose_change(
  p_target text,
  p_action text,
  p_row_id uuid,
  p_old jsonb,
  p_new jsonb
)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  change_id bigint;
  proposed public.payment_changes;
begin
  perform private.require_admin('propose a change to the payment details');
  if p_target = 'admin_settings' then
    select c.id into change_id from public.payment_changes as c
     where c.target = 'admin_settings' and c.status = 'pending'
     order by c.id limit 1;
  end if;
  if change_id is null then
    insert into public.payment_changes
      (target, action, row_id, old_data, new_data, proposed_by, proposed_by_email)
    values (p_target, p_action, p_row_id, p_old, p_new, (select auth.uid()), auth.email())
    returning * into proposed;
    change_id := proposed.id;
    perform private.enqueue_approval_alert('proposed', proposed);
  end if;
  perform pg_catalog.set_config('helping_hands.held_change', change_id::text, true);
  return change_id;
end;
$$;
revoke all on function private.propose_change(text, text, uuid, jsonb, jsonb) from public;
grant execute on function private.propose_change(text, text, uuid, jsonb, jsonb) to authenticated;

-- Before any write to donate_content: while approval is on, an administrator's write
-- made with their own rights (current_user is 'authenticated': straight from the API,
-- or through a security-invoker function such as restore_version) is held as a
-- pending change and not applied. An approved change is applied by
-- private.decide_change, which runs as its owner and so is not held again. A write
-- that changes nothing is dropped.
create or replace function private.hold_payment_change()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  old_row jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  new_row jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
begin
  if current_user <> 'authenticated'
     or not private.approval_required()
     or not (select private.is_admin()) then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  if tg_op = 'UPDATE' and (new_row - 'updated_at') = (old_row - 'updated_at') then
    return null;
  end if;
  if new_row is not null then
    perform private.check_row(tg_relid::regclass, new_row);
  end if;
  perform private.propose_change(
    tg_table_name,
    tg_op,
    case when tg_op = 'INSERT' then new.id else old.id end,
    old_row,
    new_row);
  return null;
end;
$$;
revoke all on function private.hold_payment_change() from public;

create trigger hold_payment_change before insert or update or delete on public.donate_content
  for each row execute function private.hold_payment_change();

-- An alert about a change that took effect, naming who made it and, for an approved
-- change, who proposed it (see decide_change). The database owner's own SQL raises none.
create or replace function private.enqueue_change_alert(p_kind text, p_payload jsonb)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if auth.role() is null then
    return;
  end if;
  perform private.enqueue_alert(p_kind, p_payload || pg_catalog.jsonb_build_object(
    'actor_email', auth.email(),
    'actor_role', auth.role(),
    'approval', nullif(pg_catalog.current_setting('helping_hands.approved_change', true), '')::jsonb));
end;
$$;
revoke all on function private.enqueue_change_alert(text, jsonb) from public;

-- After a change to donate_content took effect: an alert to every administrator with
-- the record before and after, who made it and, for an approved change, who proposed
-- it.
create or replace function private.alert_payment_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  old_row jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  new_row jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
begin
  if tg_op = 'UPDATE' and (new_row - 'updated_at') = (old_row - 'updated_at') then
    return null;
  end if;
  perform private.enqueue_change_alert('payment', pg_catalog.jsonb_build_object(
    'table', tg_table_name,
    'action', tg_op,
    'row_id', case when tg_op = 'DELETE' then old.id else new.id end,
    'before', old_row,
    'after', new_row));
  return null;
end;
$$;
revoke all on function private.alert_payment_change() from public;

create trigger alert_payment_change after insert or update or delete on public.donate_content
  for each row execute function private.alert_payment_change();

-- Before a change to the settings: turning approval off, asked by an administrator
-- with their own rights, becomes a pending change (approval stays on until another
-- administrator approves); any other part of the same write applies at once. The
-- record keeps who changed it last.
create or replace function private.guard_settings()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.require_payment_approval and not new.require_payment_approval
     and current_user = 'authenticated' then
    new.require_payment_approval := true;
    perform private.propose_change(
      'admin_settings', 'UPDATE', null,
      pg_catalog.jsonb_build_object('require_payment_approval', true),
      pg_catalog.jsonb_build_object('require_payment_approval', false));
  end if;
  new.updated_at := pg_catalog.now();
  new.updated_by := coalesce(auth.email(), auth.role(), new.updated_by);
  return new;
end;
$$;
revoke all on function private.guard_settings() from public;

create trigger guard_settings before update on public.admin_settings
  for each row execute function private.guard_settings();

create or replace function private.alert_settings_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.require_payment_approval = new.require_payment_approval
     and old.alert_address is not distinct from new.alert_address then
    return null;
  end if;
  perform private.enqueue_change_alert('settings', pg_catalog.jsonb_build_object(
    'before', pg_catalog.jsonb_build_object(
      'require_payment_approval', old.require_payment_approval,
      'alert_address', old.alert_address),
    'after', pg_catalog.jsonb_build_object(
      'require_payment_approval', new.require_payment_approval,
      'alert_address', new.alert_address)));
  return null;
end;
$$;
revoke all on function private.alert_settings_change() from public;

create trigger alert_settings_change after update on public.admin_settings
  for each row execute function private.alert_settings_change();

-- ---------------------------------------------------------------------------
-- Deciding: approve (a different administrator) or reject (any administrator; the
-- proposer's own rejection is a withdrawal). Approving applies the change as a normal
-- write, which the audit log records under the approver's name; the alert it raises
-- names the proposer too. A record changed since the proposal refuses the approval:
-- the proposal no longer says what it would do. That check is part of the write itself,
-- so of two approvals applied at once to the same record, the second writes nothing and
-- is refused.

create or replace function private.decide_change(p_change_id bigint, p_approve boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  ch public.payment_changes;
  me uuid := (select auth.uid());
  outcome text;
begin
  perform private.require_admin('approve or reject payment changes');
  select * into ch from public.payment_changes as c where c.id = p_change_id for update;
  if not found then
    raise exception 'There is no such change' using errcode = 'P0002';
  end if;
  if ch.status <> 'pending' then
    raise exception 'This change was already %', ch.status using errcode = 'P0001';
  end if;

  if not p_approve then
    outcome := case when ch.proposed_by is not distinct from me then 'withdrawn' else 'rejected' end;
  else
    if ch.proposed_by is not distinct from me then
      raise exception 'A different administrator must approve this change' using errcode = '42501';
    end if;
    outcome := 'approved';
    perform pg_catalog.set_config('helping_hands.approved_change', pg_catalog.jsonb_build_object(
      'change_id', ch.id,
      'proposed_by_email', ch.proposed_by_email,
      'proposed_at', ch.proposed_at,
      'approved_by_email', auth.email())::text, true);
    if ch.target = 'admin_settings' then
      update public.admin_settings as s
         set require_payment_approval = (ch.new_data ->> 'require_payment_approval')::boolean
       where s.id;
    else
      if ch.action = 'INSERT'
         and exists (select 1 from public.donate_content as d where d.id = ch.row_id) then
        raise exception 'This record was added already' using errcode = '40001';
      end if;
      -- An UPDATE or DELETE writes the record only while it is as proposed.
      if private.write_row('public.donate_content', ch.action, ch.row_id, ch.new_data,
                           (ch.old_data ->> 'updated_at')::timestamptz) is null then
        raise exception 'The donation details changed after this change was proposed'
          using errcode = '40001';
      end if;
    end if;
    perform pg_catalog.set_config('helping_hands.approved_change', '', true);
  end if;

  update public.payment_changes as c
     set status = outcome,
         decided_by = me,
         decided_by_email = auth.email(),
         decided_at = pg_catalog.now()
   where c.id = ch.id
  returning * into ch;
  if outcome <> 'approved' then
    perform private.enqueue_approval_alert(outcome, ch);
  end if;
  return to_jsonb(ch);
end;
$$;
revoke all on function private.decide_change(bigint, boolean) from public;
grant execute on function private.decide_change(bigint, boolean) to authenticated;

create or replace function public.approve_payment_change(p_change_id bigint)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
begin
  return private.decide_change(p_change_id, true);
end;
$$;
revoke all on function public.approve_payment_change(bigint) from public, anon;
grant execute on function public.approve_payment_change(bigint) to authenticated;

create or replace function public.reject_payment_change(p_change_id bigint)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
begin
  return private.decide_change(p_change_id, false);
end;
$$;
revoke all on function public.reject_payment_change(bigint) from public, anon;
grant execute on function public.reject_payment_change(bigint) to authenticated;

-- The changes waiting for approval, oldest first, each saying whether the caller
-- proposed it (and so may not approve it).
create or replace function public.pending_payment_changes()
returns table (
  id bigint,
  target text,
  action text,
  row_id uuid,
  old_data jsonb,
  new_data jsonb,
  proposed_by_email text,
  proposed_at timestamptz,
  proposed_by_me boolean
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform private.require_admin('see pending payment changes');
  return query
    select c.id, c.target, c.action, c.row_id, c.old_data, c.new_data, c.proposed_by_email,
           c.proposed_at, c.proposed_by is not distinct from (select auth.uid())
      from public.payment_changes as c
     where c.status = 'pending'
     order by c.id;
end;
$$;
revoke all on function public.pending_payment_changes() from public, anon;
grant execute on function public.pending_payment_changes() to authenticated;

-- A write to the donation details that says what became of it, for the admin:
-- {"status": "applied", "row": {...}}, {"status": "pending", "change_id": n},
-- {"status": "unchanged"}, {"status": "conflict"} (the record changed since
-- p_loaded_at) or {"status": "gone"} (it was deleted). It runs with the caller's
-- rights, so RLS and the triggers decide exactly as for a direct REST write.
create or replace function public.change_payment_details(
  p_action text,
  p_row_id uuid default null,
  p_values jsonb default null,
  p_loaded_at timestamptz default null
)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  written jsonb;
  held text;
begin
  perform private.require_admin('change the payment details');
  if p_action not in ('INSERT', 'UPDATE', 'DELETE') then
    raise exception 'A change is an INSERT, UPDATE or DELETE' using errcode = '22023';
  end if;
  if p_action <> 'DELETE' and (p_values is null or pg_catalog.jsonb_typeof(p_values) <> 'object') then
    raise exception 'The values must be an object' using errcode = '22023';
  end if;
  perform pg_catalog.set_config('helping_hands.held_change', '', true);
  written := private.write_row('public.donate_content', p_action, p_row_id, p_values, p_loaded_at);
  held := nullif(pg_catalog.current_setting('helping_hands.held_change', true), '');
  if held is not null then
    return pg_catalog.jsonb_build_object('status', 'pending', 'change_id', held::bigint);
  end if;
  if written is not null then
    return pg_catalog.jsonb_build_object('status', 'applied', 'row', written);
  end if;
  if p_action = 'INSERT' then
    return pg_catalog.jsonb_build_object('status', 'unchanged');
  end if;
  if not exists (select 1 from public.donate_content as d where d.id = p_row_id) then
    return pg_catalog.jsonb_build_object('status', 'gone');
  end if;
  if p_loaded_at is not null and not exists (
    select 1 from public.donate_content as d where d.id = p_row_id and d.updated_at = p_loaded_at) then
    return pg_catalog.jsonb_build_object('status', 'conflict');
  end if;
  return pg_catalog.jsonb_build_object('status', 'unchanged');
end;
$$;
revoke all on function public.change_payment_details(text, uuid, jsonb, timestamptz) from public, anon;
grant execute on function public.change_payment_details(text, uuid, jsonb, timestamptz) to authenticated;

-- ---------------------------------------------------------------------------
-- Delivering (the alerts Edge Function, with the secret key).
--
-- claim_alerts takes what is due, for p_lease_seconds, under one lock so two
-- deliverers never take the same entry:
--  * payment, approval and settings alerts: all that are due, each its own mail;
--  * messages: one mail each while fewer than p_message_limit message mails went out
--    in the last p_window_seconds; past that they are held, and once the window has
--    room again every held message goes out together in one digest. While messages
--    are held, new ones join them.
-- It answers the claim's id, the single alerts, the digest (how many, the first and
-- last time, the five newest subjects), every administrator's address and the
-- address set for message alerts. A lease that ran out puts its entries back.
create or replace function public.claim_alerts(
  p_message_limit integer default 3,
  p_window_seconds integer default 3600,
  p_lease_seconds integer default 120,
  p_batch_size integer default 20
)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  claim uuid := gen_random_uuid();
  now_at timestamptz;
  lease timestamptz;
  window_start timestamptz;
  budget integer;
  waiting boolean;
  singles jsonb;
  digest jsonb;
begin
  perform private.require_service_role('Only the service role delivers alerts');
  if p_message_limit is null or p_message_limit < 1
     or p_window_seconds is null or p_window_seconds < 1
     or p_lease_seconds is null or p_lease_seconds < 1
     or p_batch_size is null or p_batch_size < 1 then
    raise exception 'Limits must be positive' using errcode = '22023';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.claim_alerts'));
  now_at := pg_catalog.clock_timestamp();
  lease := now_at + pg_catalog.make_interval(secs => p_lease_seconds);
  window_start := now_at - pg_catalog.make_interval(secs => p_window_seconds);

  update public.alert_outbox as o
     set status = case when o.batch = 'digest' then 'held' else 'pending' end,
         claim_id = null, claimed_until = null
   where o.status = 'sending' and o.claimed_until < now_at;
  delete from private.alert_sends as s where s.sent_at <= window_start;
  delete from public.alert_outbox as o
   where o.status in ('sent', 'failed') and o.created_at < now_at - interval '30 days';

  -- Messages due: while some wait for a digest, they join them; else the oldest go
  -- one mail each while the budget lasts, and the rest wait.
  budget := p_message_limit - (select count(*)::integer from private.alert_sends);
  waiting := exists (
    select 1 from public.alert_outbox as o where o.kind = 'message' and o.status = 'held');
  update public.alert_outbox as o set status = 'held'
   where o.kind = 'message' and o.status = 'pending' and o.next_attempt_at <= now_at
     and (waiting or o.id not in (
       select d.id from public.alert_outbox as d
        where d.kind = 'message' and d.status = 'pending' and d.next_attempt_at <= now_at
        order by d.id
        limit greatest(budget, 0)));

  -- The claim: the other alerts due (p_batch_size at most) and the messages still
  -- pending, each a mail of its own; and, if messages were waiting and the budget has
  -- room, the waiting messages due, together in one digest. Each message mail (one
  -- per single message, one for the digest) counts against the budget.
  with claimed as (
    update public.alert_outbox as o
       set status = 'sending',
           batch = case when o.status = 'held' then 'digest' else 'single' end,
           claim_id = claim, claimed_until = lease, attempts = o.attempts + 1
     where o.next_attempt_at <= now_at
       and ((o.kind = 'message' and o.status = 'pending')
            or (o.kind = 'message' and o.status = 'held' and waiting and budget > 0)
            or o.id in (
              select d.id from public.alert_outbox as d
               where d.kind <> 'message' and d.status = 'pending' and d.next_attempt_at <= now_at
               order by d.id
               limit p_batch_size))
    returning o.id, o.kind, o.batch
  )
  insert into private.alert_sends (sent_at)
  select now_at from claimed as c
   where c.kind = 'message'
     and (c.batch = 'single' or c.id = (select min(d.id) from claimed as d where d.batch = 'digest'));

  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
           'id', o.id, 'kind', o.kind, 'payload', o.payload, 'created_at', o.created_at,
           'attempts', o.attempts) order by o.id), '[]'::jsonb)
    into singles
    from public.alert_outbox as o
   where o.claim_id = claim and o.batch = 'single';
  select case when count(*) = 0 then null else pg_catalog.jsonb_build_object(
           'count', count(*),
           'first_at', min(o.created_at),
           'last_at', max(o.created_at),
           'newest', (select coalesce(pg_catalog.jsonb_agg(n.item order by n.id desc), '[]'::jsonb)
                        from (select m.id, pg_catalog.jsonb_build_object(
                                       'subject', m.payload ->> 'subject',
                                       'name', m.payload ->> 'name',
                                       'received_at', m.created_at) as item
                                from public.alert_outbox as m
                               where m.claim_id = claim and m.batch = 'digest'
                               order by m.id desc limit 5) as n)) end
    into digest
    from public.alert_outbox as o
   where o.claim_id = claim and o.batch = 'digest';

  return pg_catalog.jsonb_build_object(
    'claim_id', claim,
    'alerts', singles,
    'digest', digest,
    'admins', pg_catalog.to_jsonb(private.admin_emails()),
    'alert_address', (select s.alert_address from public.admin_settings as s where s.id));
end;
$$;
revoke all on function public.claim_alerts(integer, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.claim_alerts(integer, integer, integer, integer) to service_role;

-- What became of a claim: p_results is a list of {"id": <alert id>, or null for the
-- digest, "ok": true|false, "error": "...", "final": true when trying again cannot
-- help}. A failure is tried again later (30 s, then twice as long each time, at most
-- an hour apart) until p_max_attempts. Only the claim's own entries change.
create or replace function public.finish_alerts(
  p_claim_id uuid,
  p_results jsonb,
  p_max_attempts integer default 12
)
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  result record;
  changed integer := 0;
  n integer;
begin
  perform private.require_service_role('Only the service role delivers alerts');
  if p_results is null or pg_catalog.jsonb_typeof(p_results) <> 'array' then
    raise exception 'The results must be a list' using errcode = '22023';
  end if;
  for result in
    select * from pg_catalog.jsonb_to_recordset(p_results) as x(id bigint, ok boolean, error text, final boolean)
  loop
    update public.alert_outbox as o
       set status = case
             when result.ok then 'sent'
             when coalesce(result.final, false) or o.attempts >= p_max_attempts then 'failed'
             when o.batch = 'digest' then 'held'
             else 'pending' end,
           sent_at = case when result.ok then pg_catalog.now() end,
           last_error = case when result.ok then null
                             else pg_catalog.left(coalesce(result.error, 'unknown error'), 1000) end,
           next_attempt_at = case when result.ok then o.next_attempt_at
             else pg_catalog.clock_timestamp()
                  + pg_catalog.make_interval(secs => least(3600, 30 * pg_catalog.power(2, greatest(o.attempts - 1, 0))))
             end,
           claim_id = null,
           claimed_until = null
     where o.claim_id = p_claim_id
       and o.status = 'sending'
       and ((result.id is null and o.batch = 'digest') or o.id = result.id);
    get diagnostics n = row_count;
    changed := changed + n;
  end loop;
  return changed;
end;
$$;
revoke all on function public.finish_alerts(uuid, jsonb, integer) from public, anon, authenticated;
grant execute on function public.finish_alerts(uuid, jsonb, integer) to service_role;
