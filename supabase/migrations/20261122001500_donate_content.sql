-- Donation methods: QR codes and bank accounts. Payment details are audited like
-- every other content table (see setup_content_table).
create table public.donate_content (
  id uuid primary key default gen_random_uuid(),
  qr_codes jsonb not null
    constraint donate_content_qr_codes_valid
    check (private.is_object_list(qr_codes, array['title', 'image_url'], array['description'])),
  bank_accounts jsonb not null
    constraint donate_content_bank_accounts_valid
    check (private.is_object_list(
      bank_accounts,
      array['bank_name', 'account_name', 'account_number'],
      array['routing_number', 'swift_code', 'branch'])),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
call private.setup_content_table('public.donate_content');
