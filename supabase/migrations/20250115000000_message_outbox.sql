-- The e-mails still to send for stored messages, when the embedded database's server sends them itself (SMTP_URL).
-- A message and its row here are written in one transaction: a message is never stored without being queued, and
-- a mail server that is down, or a restart, only delays it. Hosted Supabase sends through send-contact-email and
-- leaves this table empty.

create table if not exists public.message_outbox (
  message_id bigint primary key references public.contact_messages (id) on delete cascade,
  state text not null default 'pending' check (state in ('pending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  last_error text check (length(last_error) <= 1000),
  sent_at timestamptz,
  created_at timestamptz not null default now()
);

-- The worker reads the rows due, oldest first.
create index if not exists message_outbox_due_idx on public.message_outbox (next_attempt_at) where state = 'pending';

alter table public.message_outbox enable row level security;

revoke all on table public.message_outbox from public, anon, authenticated, service_role;
grant select, insert, update, delete on table public.message_outbox to service_role;
