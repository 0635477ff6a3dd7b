-- Publishing: every request for a new build of the site and what became of it. The
-- publish Edge Function writes here with the service role; admins read the recent
-- runs to see whether their changes are live.
--
-- A run is 'queued' from the request until a build reports that it started, then
-- 'building', then 'succeeded' or 'failed'. At most one run is queued at a time: a
-- request while one is queued joins it (bursts of saves collapse into one build).

create table public.publish_runs (
  id bigint generated always as identity primary key,
  status text not null default 'queued'
    constraint publish_runs_status_valid check (status in ('queued', 'building', 'succeeded', 'failed')),
  -- The content revision when the build was asked for, and the one the build read.
  requested_revision bigint not null constraint publish_runs_requested_revision_range check (requested_revision >= 0),
  built_revision bigint constraint publish_runs_built_revision_range check (built_revision >= 0),
  requested_by uuid,
  requested_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  error text constraint publish_runs_error_length check (char_length(error) <= 2000)
);
create unique index publish_runs_one_queued on public.publish_runs ((true)) where status = 'queued';
create index publish_runs_requested_at_idx on public.publish_runs (requested_at desc);

alter table public.publish_runs enable row level security;
revoke all on public.publish_runs from anon, authenticated, service_role;
grant select on public.publish_runs to authenticated;
grant select, insert, update, delete on public.publish_runs to service_role;

create policy "Admins can read publish runs"
  on public.publish_runs for select
  to authenticated
  using ((select private.is_admin()));

-- Asks for a build. Returns the queued run and whether this call created it (only
-- then does the caller call the deploy hook).
create or replace function public.request_publish(p_requested_by uuid)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  queued public.publish_runs;
  current_revision bigint;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.publish_runs'));
  select * into queued from public.publish_runs where status = 'queued';
  if found then
    return jsonb_build_object('created', false, 'run', to_jsonb(queued));
  end if;
  select revision into current_revision from public.content_revision where id = 1;
  insert into public.publish_runs (requested_revision, requested_by)
  values (coalesce(current_revision, 0), p_requested_by)
  returning * into queued;
  -- Only the recent history is kept.
  delete from public.publish_runs
   where id < (select min(id) from (select id from public.publish_runs order by id desc limit 50) as recent);
  return jsonb_build_object('created', true, 'run', to_jsonb(queued));
end;
$$;

-- What a build reports: 'started', then 'succeeded' (with the revision it built) or
-- 'failed' (with the reason). A build nobody asked for (a deploy from the CDN's own
-- screen) gets a run of its own.
create or replace function public.report_build(p_event text, p_revision bigint, p_error text)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  run public.publish_runs;
  current_revision bigint;
begin
  if p_event not in ('started', 'succeeded', 'failed') then
    raise exception 'Unknown build event %', p_event using errcode = '22023';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.publish_runs'));
  select revision into current_revision from public.content_revision where id = 1;

  if p_event = 'started' then
    -- A build that never reported its end is over once the next one starts.
    update public.publish_runs
       set status = 'failed', finished_at = now(),
           error = coalesce(error, 'The build stopped without reporting its result.')
     where status = 'building';
    update public.publish_runs
       set status = 'building', started_at = now()
     where status = 'queued'
    returning * into run;
    if not found then
      insert into public.publish_runs (status, requested_revision, started_at)
      values ('building', coalesce(current_revision, 0), now())
      returning * into run;
    end if;
    return to_jsonb(run);
  end if;

  update public.publish_runs
     set status = p_event,
         built_revision = p_revision,
         finished_at = now(),
         error = case when p_event = 'failed' then left(coalesce(nullif(p_error, ''), 'The build failed.'), 2000) end
   where id = (select id from public.publish_runs where status = 'building' order by id desc limit 1)
  returning * into run;
  if not found then
    insert into public.publish_runs (status, requested_revision, built_revision, started_at, finished_at, error)
    values (p_event, coalesce(current_revision, 0), p_revision, now(), now(),
            case when p_event = 'failed' then left(coalesce(nullif(p_error, ''), 'The build failed.'), 2000) end)
    returning * into run;
  end if;
  return to_jsonb(run);
end;
$$;

revoke all on function public.request_publish(uuid) from public, anon, authenticated;
revoke all on function public.report_build(text, bigint, text) from public, anon, authenticated;
grant execute on function public.request_publish(uuid) to service_role;
grant execute on function public.report_build(text, bigint, text) to service_role;
