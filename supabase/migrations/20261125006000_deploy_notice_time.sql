-- A deploy notification is about the deploy the host created at its `created_at`, so it
-- must never settle a run that was asked for after that: such a run waits for a build of
-- its own. Without this, a notice for the build just finishing marks a newer queued
-- run succeeded (or failed), although that run's build never started, and the admin
-- waits for it until its patience runs out.
--   succeeded: the newest run the deploy can be about, if queued or building, is done
--              (a build that could not report).
--   failed:    that run fails with the host's reason, even after its build reported
--              success; with no run at all, a failed run of its own records it.
-- The run a deploy can be about: the newest one, skipping queued runs requested after
-- the deploy was created. Without a creation time, the newest run.
drop function if exists public.report_deploy(boolean, text);

create or replace function public.report_deploy(
  p_succeeded boolean,
  p_error text,
  p_created_at timestamptz default null
)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  run public.publish_runs;
  current_revision bigint;
  reason text := left(coalesce(nullif(p_error, ''), 'The host could not deploy the site.'), 2000);
begin
  if p_succeeded is null then
    raise exception 'Say whether the deploy succeeded' using errcode = '22023';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.publish_runs'));
  select * into run from public.publish_runs
   where p_created_at is null or status <> 'queued' or requested_at <= p_created_at
   order by id desc limit 1;

  if not found then
    -- Nothing this deploy built: a failure is recorded only when there is no run at
    -- all (a run still queued is left to its own build).
    if p_succeeded or exists (select 1 from public.publish_runs) then
      return null;
    end if;
    select revision into current_revision from public.content_revision where id = 1;
    insert into public.publish_runs (status, requested_revision, started_at, finished_at, error)
    values ('failed', coalesce(current_revision, 0), now(), now(), reason)
    returning * into run;
    return to_jsonb(run);
  end if;

  if p_succeeded and run.status in ('queued', 'building') then
    update public.publish_runs
       set status = 'succeeded', started_at = coalesce(started_at, now()), finished_at = now()
     where id = run.id
    returning * into run;
  elsif not p_succeeded and run.status <> 'failed' then
    update public.publish_runs
       set status = 'failed', started_at = coalesce(started_at, now()), finished_at = now(),
           error = reason
     where id = run.id
    returning * into run;
  end if;
  return to_jsonb(run);
end;
$$;

revoke all on function public.report_deploy(boolean, text, timestamptz) from public, anon, authenticated;
grant execute on function public.report_deploy(boolean, text, timestamptz) to service_role;
