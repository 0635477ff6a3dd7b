-- What `npm run doctor` asks the database about a deployment: whether the pieces that
-- deliver alerts and purge the trash are set up (pg_net, the two Vault secrets, the
-- two Supabase Cron jobs), and how many alerts have waited undelivered for more than
-- ten minutes (a held alert waits for its digest's window, as it should: not counted). Booleans and counts
-- only: never a secret's value. Administrators only.
--
-- The facts live in schemas the API cannot reach (vault, cron, net), read by a
-- security definer function in private; the exposed function is security invoker, as
-- every function the API exposes, and refuses anyone but a live administrator.
create or replace function private.deployment_facts()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  has_vault boolean := pg_catalog.to_regclass('vault.secrets') is not null;
  has_cron boolean := pg_catalog.to_regclass('cron.job') is not null;
  project_url boolean := false;
  secret_key boolean := false;
  alerts_job boolean := false;
  purge_job boolean := false;
begin
  if has_vault then
    select exists (select 1 from vault.secrets as s where s.name = 'project_url'),
           exists (select 1 from vault.secrets as s where s.name = 'secret_key')
      into project_url, secret_key;
  end if;
  if has_cron then
    select exists (select 1 from cron.job as j where j.jobname = 'deliver-alerts' and j.active),
           exists (select 1 from cron.job as j where j.jobname = 'purge-trash' and j.active)
      into alerts_job, purge_job;
  end if;
  return pg_catalog.jsonb_build_object(
    'pg_net', pg_catalog.to_regprocedure('net.http_post(text,jsonb,jsonb,jsonb,integer)') is not null,
    'pg_cron', has_cron,
    'vault_project_url', project_url,
    'vault_secret_key', secret_key,
    'alerts_job', alerts_job,
    'purge_job', purge_job,
    'alerts_waiting', (select pg_catalog.count(*) from public.alert_outbox as o
                        where o.status in ('pending', 'sending')
                          and o.created_at < pg_catalog.now() - interval '10 minutes'));
end;
$$;
revoke all on function private.deployment_facts() from public;
grant execute on function private.deployment_facts() to authenticated;

create or replace function public.deployment_health()
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if public.admin_access() is distinct from 'admin' then
    raise exception 'Only an administrator may read the deployment''s health.'
      using errcode = '42501';
  end if;
  return private.deployment_facts();
end;
$$;
revoke all on function public.deployment_health() from public, anon;
grant execute on function public.deployment_health() to authenticated;
