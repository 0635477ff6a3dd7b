-- A run the host never starts, or a build that never reports its end, must not hold
-- publishing up. expire_publish_runs fails them once they pass their limit:
--   queued longer than p_queue_limit_seconds   -> 'The host never started the build.'
--   building longer than p_build_limit_seconds -> 'The build did not finish within N minutes.'
-- The publish function calls it before it queues a run and before it answers the runs,
-- so the next save after a stuck run calls the deploy hook again. p_now is the
-- caller's clock (the function passes its own; tests pass any time).
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
         error = 'The host never started the build.'
   where status = 'queued'
     and requested_at < p_now - pg_catalog.make_interval(secs => p_queue_limit_seconds);
  get diagnostics counted = row_count;
  expired := expired + counted;

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
  return expired;
end;
$$;

revoke all on function public.expire_publish_runs(integer, integer, timestamptz)
  from public, anon, authenticated;
grant execute on function public.expire_publish_runs(integer, integer, timestamptz)
  to service_role;
