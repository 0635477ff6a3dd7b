-- One number that goes up on every write to any content table. Each build records
-- the revision it published, so the admin can tell when a saved change is live.
create table public.content_revision (
  id smallint primary key default 1 check (id = 1),
  revision bigint not null default 0 check (revision >= 0),
  updated_at timestamptz not null default now()
);
insert into public.content_revision (id, revision) values (1, 0);

alter table public.content_revision enable row level security;
revoke all on public.content_revision from anon, authenticated, service_role;
grant select on public.content_revision to anon, authenticated, service_role;

create policy "Anyone can read the content revision"
  on public.content_revision for select
  to anon, authenticated
  using (true);

-- Runs as its owner: writers of content hold no privilege on the revision row.
-- The row lock also orders concurrent writers, so the number only ever rises.
create or replace function private.bump_content_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.content_revision
     set revision = revision + 1, updated_at = now()
   where id = 1;
  return null;
end;
$$;
revoke all on function private.bump_content_revision() from public;
