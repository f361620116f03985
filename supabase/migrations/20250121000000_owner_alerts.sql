-- The e-mails the embedded database's server sends the owner about an offer (SMTP_URL): when visitors start reporting
-- that its code no longer works, and when its last day of validity is a week away. Each row is one e-mail, sent by
-- the same outbox as the messages (same retries), and also the memory that it was sent: an offer's report alert is
-- not sent again until the offer has recovered (recovered_at), an expiry alert once per offer and date.

create table if not exists public.owner_alerts (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('reported', 'expiring')),
  offer_slug text not null check (offer_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  -- The last day of validity an expiry alert is about; null for a report.
  valid_until date,
  subject text not null check (length(subject) <= 200),
  body text not null check (length(body) <= 5000),
  recovered_at timestamptz,
  state text not null default 'pending' check (state in ('pending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  last_error text check (length(last_error) <= 1000),
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  check ((kind = 'expiring') = (valid_until is not null))
);

-- One report alert open per offer; one expiry alert per offer and date.
create unique index if not exists owner_alerts_open_report_idx on public.owner_alerts (offer_slug)
  where kind = 'reported' and recovered_at is null;
create unique index if not exists owner_alerts_expiry_idx on public.owner_alerts (offer_slug, valid_until)
  where kind = 'expiring';
create index if not exists owner_alerts_due_idx on public.owner_alerts (next_attempt_at) where state = 'pending';

alter table public.owner_alerts enable row level security;

revoke all on table public.owner_alerts from public, anon, authenticated, service_role;
grant select, insert, update, delete on table public.owner_alerts to service_role;
revoke all on sequence public.owner_alerts_id_seq from public, anon, authenticated, service_role;
grant usage, select on sequence public.owner_alerts_id_seq to service_role;
