-- What the stand-in plays of two extensions a hosted project enables and this project
-- relies on to deliver its alerts (docs/architecture.md, "Alerts and approval"):
--
-- pg_net: net.http_post queues a request in net.http_request_queue and returns its id;
--   nothing is sent until the transaction commits (a rolled-back request never leaves),
--   then a worker sends it, deletes it from the queue and keeps the answer in
--   net._http_response for 6 hours, as pg_net's background worker does. Here the worker
--   is supabase/local/hooks/net-worker.ts, woken by a notification the queueing sends.
--   Only net.http_post, without query parameters, is played.
-- Vault: named secrets read through vault.decrypted_secrets, made with
--   vault.create_secret. Nothing is encrypted here.
-- pg_cron: jobs kept in cron.job (pg_cron 1.4's columns, jobname and active included),
--   made with cron.schedule(job_name, schedule, command), which replaces a job of the
--   same name (Supabase's Cron quickstart: "Attempting to create a second Job with the
--   same name (and case) will overwrite the first Job"), and removed with
--   cron.unschedule(job_name). hooks/index.ts runs them. Only two schedules are
--   played, '* * * * *' and a daily 'M H * * *'; any other is refused here, loudly.
--
-- Idempotent: the stand-in runs it at every start. The owner alone may use either.

create schema if not exists net;

create table if not exists net.http_request_queue (
  id bigserial primary key,
  method text not null,
  url text not null,
  headers jsonb not null,
  body bytea,
  timeout_milliseconds integer not null
);

create table if not exists net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out boolean,
  error_msg text,
  created timestamptz not null default now()
);

create or replace function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds integer default 2000
)
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  request_id bigint;
begin
  if params is not null and params <> '{}'::jsonb then
    raise exception 'The stand-in''s net.http_post takes no query parameters' using errcode = '0A000';
  end if;
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('POST', url, coalesce(headers, '{}'::jsonb), pg_catalog.convert_to(coalesce(body, 'null'::jsonb)::text, 'UTF8'),
          coalesce(timeout_milliseconds, 2000))
  returning id into request_id;
  perform pg_catalog.pg_notify('net_http_request_queue', request_id::text);
  return request_id;
end;
$$;

revoke all on schema net from public;
revoke all on all tables in schema net from public;
revoke all on function net.http_post(text, jsonb, jsonb, jsonb, integer) from public;

create schema if not exists vault;

create table if not exists vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text unique,
  description text not null default '',
  secret text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create or replace view vault.decrypted_secrets as
  select id, name, description, secret, secret as decrypted_secret, created_at, updated_at
    from vault.secrets;

create or replace function vault.create_secret(
  new_secret text,
  new_name text default null,
  new_description text default ''
)
returns uuid
language sql
set search_path = ''
as $$
  insert into vault.secrets (secret, name, description)
  values (new_secret, new_name, coalesce(new_description, ''))
  returning id
$$;

revoke all on schema vault from public;
revoke all on all tables in schema vault from public;
revoke all on function vault.create_secret(text, text, text) from public;

create schema if not exists cron;

create table if not exists cron.job (
  jobid bigserial primary key,
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  nodeport integer not null default 5432,
  database text not null default 'postgres',
  username text not null default current_user,
  active boolean not null default true,
  jobname text unique
);

create or replace function cron.schedule(job_name text, schedule text, command text)
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  id bigint;
begin
  if schedule !~ '^(\* \* \* \* \*|[0-5]?[0-9] ([01]?[0-9]|2[0-3]) \* \* \*)$' then
    raise exception 'The stand-in''s pg_cron plays only ''* * * * *'' and daily ''M H * * *'' schedules, not %', schedule
      using errcode = '0A000';
  end if;
  insert into cron.job (jobname, schedule, command)
  values (job_name, schedule, command)
  on conflict (jobname) do update
    set schedule = excluded.schedule, command = excluded.command, active = true
  returning jobid into id;
  return id;
end;
$$;

create or replace function cron.unschedule(job_name text)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  delete from cron.job where jobname = job_name;
  if not found then
    raise exception 'could not find valid entry for job ''%''', job_name;
  end if;
  return true;
end;
$$;

revoke all on schema cron from public;
revoke all on all tables in schema cron from public;
revoke all on function cron.schedule(text, text, text) from public;
revoke all on function cron.unschedule(text) from public;
