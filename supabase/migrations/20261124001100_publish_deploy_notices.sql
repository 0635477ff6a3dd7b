-- What the host itself says of a production deploy (Netlify's deploy notifications,
-- through the publish function): it went live, or it failed, possibly after a good
-- build. It applies to the newest run, the one the host is deploying.
--   succeeded: a queued or building run is done (a build that could not report).
--   failed:    a queued, building or built run failed, with the host's reason; with no
--              run at all, a failed run of its own records it.
create or replace function public.report_deploy(p_succeeded boolean, p_error text)
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
  select * into run from public.publish_runs order by id desc limit 1;

  if not found then
    if p_succeeded then
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

revoke all on function public.report_deploy(boolean, text) from public, anon, authenticated;
grant execute on function public.report_deploy(boolean, text) to service_role;
