-- Rate limiting for the contact form, kept in the database because hosted Edge
-- Function workers are recycled at any time (memory would forget, and each worker
-- would count on its own).
--
-- The contact function hashes the sender's address (HMAC-SHA-256 with a server-side
-- secret: the raw address is never stored) and calls public.submit_contact_message
-- with the service role. That one call, in one transaction, takes a lock, counts the
-- sender's and everyone's recent messages, and either refuses (with how long to wait)
-- or records the attempt and stores the message. Two submissions at once are
-- serialised by the lock, so neither limit can be overrun by a burst.

create table private.contact_rate_limits (
  id bigint generated always as identity primary key,
  client_hash text not null constraint contact_rate_limits_client_hash_hex
    check (client_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);
create index contact_rate_limits_client_idx on private.contact_rate_limits (client_hash, created_at);
create index contact_rate_limits_created_at_idx on private.contact_rate_limits (created_at);

-- Not exposed by PostgREST (private schema); RLS on with no policies all the same, so
-- only the service role (which bypasses RLS) ever sees a row.
alter table private.contact_rate_limits enable row level security;
revoke all on private.contact_rate_limits from public, anon, authenticated, service_role;
grant select, insert, delete on private.contact_rate_limits to service_role;

-- Stores one contact message unless the sender (p_client_hash) or everyone together has
-- reached the limit within the last p_window_seconds. Answers
--   {"stored": true, "id": "<uuid>"}                          when stored
--   {"stored": false, "scope": "client"|"global", "retry_after": <seconds>}  when refused
-- Security invoker and executable by the service role only: anon and signed-in users
-- cannot reach it (they would bypass the function's validation and honeypot).
create or replace function public.submit_contact_message(
  p_client_hash text,
  p_name text,
  p_email text,
  p_subject text,
  p_message text,
  p_phone text default null,
  p_inquiry_type text default 'general',
  p_client_limit integer default 5,
  p_global_limit integer default 100,
  p_window_seconds integer default 600
)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  window_length interval;
  now_at timestamptz;
  window_start timestamptz;
  client_count integer;
  global_count integer;
  freed_at timestamptz;
  message_id uuid;
begin
  if coalesce((select auth.role()), '') <> 'service_role' then
    raise exception 'Only the service role can store contact messages' using errcode = '42501';
  end if;
  if p_client_limit is null or p_client_limit < 1
     or p_global_limit is null or p_global_limit < 1
     or p_window_seconds is null or p_window_seconds < 1 then
    raise exception 'Limits and window must be positive' using errcode = '22023';
  end if;

  -- One submission at a time, across every connection: the counts below and the
  -- insert that follows them cannot interleave with another submission's.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.submit_contact_message'));

  -- The time after the lock was granted (now() is when the transaction began, which
  -- may be before an earlier holder recorded its attempt).
  now_at := pg_catalog.clock_timestamp();
  window_length := pg_catalog.make_interval(secs => p_window_seconds);
  window_start := now_at - window_length;

  -- Attempts older than the window no longer count for anything.
  delete from private.contact_rate_limits where created_at <= window_start;

  select count(*)::integer into client_count
    from private.contact_rate_limits
   where client_hash = p_client_hash and created_at > window_start;
  if client_count >= p_client_limit then
    -- The sender may send again once enough of their attempts have left the window.
    select created_at into freed_at
      from private.contact_rate_limits
     where client_hash = p_client_hash and created_at > window_start
     order by created_at
     offset client_count - p_client_limit
     limit 1;
    return jsonb_build_object(
      'stored', false,
      'scope', 'client',
      'retry_after',
      greatest(1, ceil(extract(epoch from (freed_at + window_length - now_at))))::integer
    );
  end if;

  select count(*)::integer into global_count
    from private.contact_rate_limits
   where created_at > window_start;
  if global_count >= p_global_limit then
    select created_at into freed_at
      from private.contact_rate_limits
     where created_at > window_start
     order by created_at
     offset global_count - p_global_limit
     limit 1;
    return jsonb_build_object(
      'stored', false,
      'scope', 'global',
      'retry_after',
      greatest(1, ceil(extract(epoch from (freed_at + window_length - now_at))))::integer
    );
  end if;

  insert into private.contact_rate_limits (client_hash, created_at)
  values (p_client_hash, now_at);

  insert into public.contact_messages (name, email, phone, subject, message, inquiry_type)
  values (p_name, p_email, p_phone, p_subject, p_message, coalesce(p_inquiry_type, 'general'))
  returning id into message_id;

  return jsonb_build_object('stored', true, 'id', message_id);
end;
$$;
revoke all on function public.submit_contact_message(
  text, text, text, text, text, text, text, integer, integer, integer
) from public, anon, authenticated;
grant execute on function public.submit_contact_message(
  text, text, text, text, text, text, text, integer, integer, integer
) to service_role;
