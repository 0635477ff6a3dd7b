-- What a hosted Supabase project has before any migration runs: its roles, the
-- auth schema's users table and helper functions, and the storage schema. The
-- embedded stack, the database tests and the PostgreSQL 15 check run this first;
-- hosted projects and `supabase start` already have it, so it is not a migration.
-- Kept to the parts the product touches, with hosted names and shapes.

-- Roles, as supabase/postgres makes them (migrations/db/init-scripts/
-- 00000000000000-initial-schema.sql creates them; migrations/db/migrations/ then
-- changes them): the API roles are created noinherit, and
-- 20230529180330_alter_api_roles_for_inherit.sql makes them inherit, altered here
-- too so a database made by an older bootstrap follows. authenticator stays
-- noinherit and may become only the three (20221103090837_revoke_admin.sql took
-- supabase_admin from it); 20230201083204_grant_auth_roles_to_postgres.sql gives
-- the three to postgres.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
end
$$;
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;

grant usage on schema public to anon, authenticated, service_role;

-- Default privileges on what postgres (the role migrations run as) creates in
-- public. The base image grants all on new tables, functions and sequences to the
-- API roles (initial-schema.sql above, which migrate.sh runs as postgres); a project
-- created today then has the platform revoke what the Data API would use
-- (supabase/supabase packages/pg-meta/src/sql/studio/database/privileges.ts,
-- buildDefaultPrivilegesSql('revoke')). Both replayed as they are, so what is left
-- is what is left on hosted: on tables TRUNCATE, REFERENCES, TRIGGER (and MAINTAIN
-- on PostgreSQL 17), on sequences UPDATE, on functions nothing but PostgreSQL's
-- built-in EXECUTE for PUBLIC, which a per-schema revoke from public cannot remove.
-- A table is therefore refused to every API role until a migration grants it.
alter default privileges for role postgres in schema public
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  revoke select, insert, update, delete on tables from anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  revoke execute on functions from anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  revoke usage, select on sequences from anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  revoke execute on functions from public;

-- auth ---------------------------------------------------------------------
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255) unique,
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}',
  raw_user_meta_data jsonb not null default '{}',
  is_super_admin boolean,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  phone text unique,
  phone_confirmed_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);

-- The columns of the emailed links (invitations, password resets), as hosted has
-- them; added one by one so a database made by an older bootstrap gains them.
alter table auth.users add column if not exists invited_at timestamptz;
alter table auth.users add column if not exists confirmation_token varchar(255);
alter table auth.users add column if not exists confirmation_sent_at timestamptz;
alter table auth.users add column if not exists recovery_token varchar(255);
alter table auth.users add column if not exists recovery_sent_at timestamptz;

-- Sessions and refresh tokens, in the shape Supabase Auth (GoTrue) keeps them.
-- Only Auth itself touches these: no grants to the API roles, RLS on as hosted.
do $$
begin
  if not exists (
    select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'auth' and t.typname = 'aal_level'
  ) then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
end
$$;

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz default current_timestamp,
  updated_at timestamptz default current_timestamp,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp without time zone,
  user_agent text,
  ip inet,
  tag text
);
comment on table auth.sessions is 'Auth: Stores session data associated to a user.';
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
create index if not exists user_id_created_at_idx on auth.sessions (user_id, created_at);
create index if not exists sessions_not_after_idx on auth.sessions (not_after desc);
alter table auth.sessions enable row level security;

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
comment on table auth.refresh_tokens is 'Auth: Store of tokens used to refresh JWT tokens once they expire.';
create index if not exists refresh_tokens_instance_id_idx on auth.refresh_tokens (instance_id);
create index if not exists refresh_tokens_instance_id_user_id_idx
  on auth.refresh_tokens (instance_id, user_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_session_id_revoked_idx
  on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_updated_at_idx on auth.refresh_tokens (updated_at desc);
alter table auth.refresh_tokens enable row level security;

-- How each session signed in (password, otp for an emailed link), for the amr claim.
create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey
    unique (session_id, authentication_method)
);
comment on table auth.mfa_amr_claims is 'auth: stores authenticator method reference claims for multi factor authentication';
alter table auth.mfa_amr_claims enable row level security;

-- Multi-factor authentication: each user's factors (TOTP here) and the challenges
-- made against them, as GoTrue's migrations leave them (20221003041349_add_mfa_schema
-- and the later ones that add phone, last_challenged_at, WebAuthn and the indexes).
-- Only Auth touches them: RLS on, no grants to the API roles, so a policy that reads
-- auth.mfa_factors as `authenticated` fails here as it does on hosted (42501).
do $$
begin
  if not exists (
    select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'auth' and t.typname = 'factor_type'
  ) then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if not exists (
    select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'auth' and t.typname = 'factor_status'
  ) then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
end
$$;

create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text default null,
  last_challenged_at timestamptz unique default null,
  web_authn_credential jsonb,
  web_authn_aaguid uuid,
  last_webauthn_challenge_data jsonb,
  constraint unique_phone_factor_per_user unique (user_id, phone)
);
comment on table auth.mfa_factors is 'auth: stores metadata about factors';
create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
alter table auth.mfa_factors enable row level security;

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb
);
comment on table auth.mfa_challenges is 'auth: stores metadata about challenge requests made';
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);
alter table auth.mfa_challenges enable row level security;

-- PKCE sign-ins: the code challenge a client sent, and the code it may exchange.
do $$
begin
  if not exists (
    select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'auth' and t.typname = 'code_challenge_method'
  ) then
    create type auth.code_challenge_method as enum ('s256', 'plain');
  end if;
end
$$;

create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text,
  code_challenge_method auth.code_challenge_method,
  code_challenge text,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
comment on table auth.flow_state is 'stores metadata for pkce logins';
create index if not exists idx_auth_code on auth.flow_state (auth_code);
create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);
alter table auth.flow_state enable row level security;

-- The emailed links' tokens (their SHA-224 hashes), one per user and kind.
do $$
begin
  if not exists (
    select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'auth' and t.typname = 'one_time_token_type'
  ) then
    create type auth.one_time_token_type as enum (
      'confirmation_token',
      'reauthentication_token',
      'recovery_token',
      'email_change_token_new',
      'email_change_token_current',
      'phone_change_token'
    );
  end if;
end
$$;

create table if not exists auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null,
  relates_to text not null,
  created_at timestamp without time zone not null default now(),
  updated_at timestamp without time zone not null default now(),
  check (char_length(token_hash) > 0)
);
create index if not exists one_time_tokens_token_hash_hash_idx
  on auth.one_time_tokens using hash (token_hash);
create index if not exists one_time_tokens_relates_to_hash_idx
  on auth.one_time_tokens using hash (relates_to);
create unique index if not exists one_time_tokens_user_id_token_type_key
  on auth.one_time_tokens (user_id, token_type);
alter table auth.one_time_tokens enable row level security;

-- Supabase reads the legacy per-claim settings first, then request.jwt.claims.
create or replace function auth.uid()
returns uuid
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'
  )::uuid
$$;

create or replace function auth.role()
returns text
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'
  )::text
$$;

create or replace function auth.email()
returns text
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'
  )::text
$$;

create or replace function auth.jwt()
returns jsonb
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt()
  to anon, authenticated, service_role;

-- storage ------------------------------------------------------------------
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text
);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb,
  unique (bucket_id, name)
);
alter table storage.objects enable row level security;
alter table storage.buckets enable row level security;

grant select, insert, update, delete on storage.objects to anon, authenticated, service_role;
grant select on storage.buckets to anon, authenticated;
grant all on storage.buckets to service_role;

create or replace function storage.foldername(name text)
returns text[]
language plpgsql
immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text)
returns text
language plpgsql
immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text)
returns text
language plpgsql
immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;
