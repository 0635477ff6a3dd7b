-- Messages sent through the contact form. Only the server side (the contact Edge
-- Function, with the service role) writes them; admins read, mark and delete them.
-- Not content: they never reach the public site, so no revision bump.
create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint contact_messages_name_filled check (private.nonblank(name, 200)),
  email text not null constraint contact_messages_email_valid
    check (char_length(email) <= 320 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  phone text constraint contact_messages_phone_length check (char_length(phone) <= 40),
  subject text not null constraint contact_messages_subject_filled check (private.nonblank(subject, 300)),
  message text not null constraint contact_messages_message_filled check (private.nonblank(message, 5000)),
  inquiry_type text not null default 'general'
    constraint contact_messages_inquiry_type_valid
    check (inquiry_type in ('general', 'volunteer', 'donation', 'services', 'partnership', 'emergency')),
  handled boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index contact_messages_created_at_idx on public.contact_messages (created_at desc);

alter table public.contact_messages enable row level security;
revoke all on public.contact_messages from anon, authenticated, service_role;
grant select, delete on public.contact_messages to authenticated;
-- Admins may mark a message handled; its text stays as the sender wrote it.
grant update (handled) on public.contact_messages to authenticated;
grant select, insert, update, delete on public.contact_messages to service_role;

create policy "Admins can read contact messages"
  on public.contact_messages for select
  to authenticated
  using ((select private.is_admin()));
create policy "Admins can mark contact messages handled"
  on public.contact_messages for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));
create policy "Admins can delete contact messages"
  on public.contact_messages for delete
  to authenticated
  using ((select private.is_admin()));

create trigger set_updated_at before update on public.contact_messages
  for each row execute function private.set_updated_at();
