-- The conformance suite's own objects. The embedded run creates them before its first
-- request; against a real project, run this file once in the SQL editor (it touches
-- nothing else, and `drop schema`-free cleanup is at the end of the file, commented).
-- Tables here follow the project's rules: RLS on, granted only to service_role.
create table if not exists public.conformance_items (
  id int primary key,
  label text not null,
  status text not null,
  note text,
  seen_at timestamptz not null default '2026-01-01T00:00:00Z'
);
alter table public.conformance_items enable row level security;
grant select, insert, update, delete on public.conformance_items to service_role;

create table if not exists public.conformance_tags (
  id int primary key,
  item_id int not null references public.conformance_items (id) on delete cascade,
  tag text not null
);
alter table public.conformance_tags enable row level security;
grant select, insert, update, delete on public.conformance_tags to service_role;

do $$ begin
  create type public.conformance_pair as (id int, label text);
exception when duplicate_object then null; end $$;

create or replace function public.conformance_one(wanted int) returns public.conformance_pair
  language sql stable as $$ select wanted, 'pair ' || wanted $$;
create or replace function public.conformance_many(n int) returns setof public.conformance_pair
  language sql stable as $$ select g, 'pair ' || g from generate_series(1, n) g $$;
create or replace function public.conformance_sum(a int, b int default 0) returns int
  language sql stable as $$ select a + b $$;
create or replace function public.conformance_ints(n int) returns setof int
  language sql stable as $$ select generate_series(1, n) $$;
create or replace function public.conformance_nothing() returns void
  language sql as $$ select $$;
create or replace function public.conformance_twin(a int, b int default 0) returns int
  language sql stable as $$ select a + b $$;
create or replace function public.conformance_twin(a int, c text default '') returns int
  language sql stable as $$ select a $$;
create or replace function public.conformance_body(json) returns json
  language sql stable as $$ select $1 $$;
create or replace function public.conformance_touch() returns int
  language sql volatile as $$ update public.conformance_items set note = note returning 1 $$;
create or replace function public.conformance_answer() returns text
  language plpgsql stable as $$
begin
  perform set_config('response.status', '202', true);
  perform set_config('response.headers', '[{"X-Conformance": "set by the function"}]', true);
  return 'accepted';
end $$;
create or replace function public.conformance_raise() returns void
  language plpgsql as $$
begin
  raise sqlstate 'PGRST' using
    message = '{"code":"C0001","message":"Refused by the function","details":"d","hint":"h"}',
    detail = '{"status":409,"headers":{"X-Conformance":"raised"}}';
end $$;
create or replace function public.conformance_payment_required() returns void
  language plpgsql as $$ begin raise sqlstate 'PT402' using message = 'Pay first'; end $$;

do $$ declare f regprocedure; begin
  for f in select p.oid::regprocedure from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname = 'public' and p.proname like 'conformance\_%' loop
    execute format('revoke execute on function %s from public', f);
    execute format('grant execute on function %s to service_role', f);
  end loop;
end $$;

-- To remove: drop table public.conformance_tags, public.conformance_items; drop function ... (each conformance_*);
-- drop type public.conformance_pair;
