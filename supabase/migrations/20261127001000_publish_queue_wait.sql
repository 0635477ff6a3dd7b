-- A queued run waits for the host, not for its own clock. A host builds a site one
-- build at a time: a build asked for while another runs waits in the host's queue until
-- that one ends (on Netlify the intermediate builds are then skipped and the last one
-- runs). Counting the queue limit from the request alone failed such a run as 'The host
-- never started the build.' whenever the running build took longer than the limit,
-- although the host started it a moment later.
--
-- So a queued run's wait counts from the later of its request and the end of the last
-- run before it, and never while one of our builds is still running (a build has a
-- limit of its own, applied first: a build failed now lets the queued run wait anew).
create or replace function public.expire_publish_runs(
  p_queue_limit_seconds integer,
  p_build_limit_seconds integer,
  p_now timestamptz default now()
)
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  expired integer := 0;
  counted integer;
begin
  if p_queue_limit_seconds is null or p_queue_limit_seconds < 1
     or p_build_limit_seconds is null or p_build_limit_seconds < 1 then
    raise exception 'The publish limits must be positive numbers of seconds'
      using errcode = '22023';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.publish_runs'));

  update public.publish_runs
     set status = 'failed', finished_at = p_now,
         error = pg_catalog.format(
           'The build did not finish within %s minutes.',
           pg_catalog.ceil(p_build_limit_seconds / 60.0)::integer
         )
   where status = 'building'
     and coalesce(started_at, requested_at)
         < p_now - pg_catalog.make_interval(secs => p_build_limit_seconds);
  get diagnostics counted = row_count;
  expired := expired + counted;

  update public.publish_runs as queued
     set status = 'failed', finished_at = p_now,
         error = 'The host never started the build.'
   where queued.status = 'queued'
     and not exists (select 1 from public.publish_runs as running where running.status = 'building')
     and greatest(
           queued.requested_at,
           (select max(earlier.finished_at) from public.publish_runs as earlier
             where earlier.id < queued.id)
         ) < p_now - pg_catalog.make_interval(secs => p_queue_limit_seconds);
  get diagnostics counted = row_count;
  expired := expired + counted;
  return expired;
end;
$$;

revoke all on function public.expire_publish_runs(integer, integer, timestamptz)
  from public, anon, authenticated;
grant execute on function public.expire_publish_runs(integer, integer, timestamptz)
  to service_role;
