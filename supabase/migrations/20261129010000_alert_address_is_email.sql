-- The address alerts go to follows the one email rule (private.is_email, which the
-- admin's forms and the Edge Functions check as isEmail in functions/_shared/
-- email-rules.ts): at most 254 characters, one @, a dotted domain without empty parts,
-- and none of whitespace < > ( ) [ ] \ , ; : " -- so it names exactly one mailbox, and
-- a mail header cannot be split or given a second recipient through it. Before, it had
-- a rule of its own with the same intent (320 characters, and [ ] : allowed).
-- Rows are not rewritten: the CHECK on admin_settings.alert_address keeps calling this
-- function, and a saved address that the new rule would refuse (none a mail server
-- takes) stays until someone changes it.
create or replace function private.is_alert_address(address text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select private.is_email(address)
$$;
