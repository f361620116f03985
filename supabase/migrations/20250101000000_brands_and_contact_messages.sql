-- Brands shown on the site and the messages sent through its forms.
-- The same file is applied by hosted Supabase (`supabase db push`) and by the embedded database.

create table if not exists public.brands (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (length(btrim(name)) between 1 and 100),
  slug text unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  category text check (category in ('finance', 'crypto', 'food', 'shopping', 'mobility', 'betting', 'other')),
  -- What the service is; shown in the brand header.
  description text,
  logo_url text,
  -- Optional per-brand offer; a null column falls back to the offer bundled with the site.
  offer_description text,
  code text,
  link text check (link is null or link ~ '^https://'),
  advantages text[],
  featured boolean,
  valid_until date,
  hide_clipboard boolean,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create or replace function public.touch_updated_at() returns trigger
language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

drop trigger if exists brands_touch_updated_at on public.brands;
create trigger brands_touch_updated_at before update on public.brands
  for each row execute function public.touch_updated_at();

create table if not exists public.contact_messages (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 2 and 100),
  email text not null check (length(email) between 3 and 254),
  -- Null for a question asked from a brand page.
  subject text check (subject in ('question', 'partnership', 'new-code', 'issue', 'other')),
  message text not null check (length(message) between 10 and 5000),
  brand_name text check (length(brand_name) <= 100),
  -- Chosen by the form when it is rendered (see submit_contact_message).
  submission_id uuid,
  -- Hash of the sender's network address, for rate limiting; never the address itself.
  client_key text,
  created_at timestamptz not null default now()
);

create index if not exists contact_messages_client_key_created_at_idx
  on public.contact_messages (client_key, created_at);
create index if not exists contact_messages_created_at_idx
  on public.contact_messages (created_at);

-- Row-level security: visitors (role anon) read brands and nothing else.
alter table public.brands enable row level security;
alter table public.contact_messages enable row level security;

drop policy if exists "Brands are public" on public.brands;
create policy "Brands are public" on public.brands for select to anon, authenticated using (true);

revoke all on table public.brands from anon, authenticated;
grant select on table public.brands to anon, authenticated;
grant all on table public.brands to service_role;

-- Messages are written only by the send-contact-email function, with the service role.
revoke all on table public.contact_messages from anon, authenticated;
grant select, insert, delete on table public.contact_messages to service_role;
grant usage, select on sequence public.contact_messages_id_seq to service_role;
revoke execute on function public.touch_updated_at() from public, anon, authenticated;
