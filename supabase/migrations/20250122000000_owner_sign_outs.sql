-- Back-office sessions signed out before their 12 hours were up: a copy of their cookie is refused after a restart
-- of the site's server, and by every instance of it. Only a keyed hash of the session's id is kept, until the
-- session would have ended anyway. The site's server reads and writes it with the service role; visitors have no
-- access to the table.

create table if not exists public.owner_signed_out_sessions (
  session_hash text primary key check (session_hash ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz not null
);

alter table public.owner_signed_out_sessions enable row level security;

revoke all on table public.owner_signed_out_sessions from public, anon, authenticated, service_role;
grant select, insert, delete on table public.owner_signed_out_sessions to service_role;
