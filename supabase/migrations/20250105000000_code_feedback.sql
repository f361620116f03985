-- Trust loop: visitors say whether an offer's code worked, and the owner says when the offer was last checked.
--
-- A vote holds the offer, yes or no, an optional reason, a keyed hash of the visitor's address (never the address)
-- and its time. It is written only through record_code_feedback (with the service role: the embedded site, or the
-- record-code-feedback function on hosted Supabase), and read by visitors only as aggregates
-- (code_feedback_summary): anon can neither read nor write a vote.

-- The day the owner last checked the offer; null falls back to the site's catalogue, as the other offer columns do.
alter table public.brands add column if not exists verified_on date;

create table if not exists public.code_feedback (
  id bigint generated always as identity primary key,
  offer_slug text not null check (length(offer_slug) <= 100 and offer_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  worked boolean not null,
  reason text check (reason in ('code-refuse', 'offre-terminee', 'conditions-non-remplies', 'autre')),
  visitor_key text not null check (visitor_key ~ '^[a-f0-9]{64}$'),
  -- When the visitor last voted on this offer; a vote that replaces theirs moves it.
  voted_at timestamptz not null default now(),
  check (reason is null or not worked)
);
create index if not exists code_feedback_offer_voted_at_idx on public.code_feedback (offer_slug, voted_at);
create index if not exists code_feedback_visitor_voted_at_idx on public.code_feedback (visitor_key, voted_at);
create index if not exists code_feedback_voted_at_idx on public.code_feedback (voted_at);

-- Every vote a visitor sends, replaced or not, for the hourly limit; kept one day.
create table if not exists public.code_feedback_attempts (
  visitor_key text not null check (visitor_key ~ '^[a-f0-9]{64}$'),
  attempted_at timestamptz not null default now()
);
create index if not exists code_feedback_attempts_visitor_idx on public.code_feedback_attempts (visitor_key, attempted_at);

alter table public.code_feedback enable row level security;
alter table public.code_feedback_attempts enable row level security;
-- No policy: with row-level security on and no grant, anon and authenticated see no row and may change none.
revoke all on table public.code_feedback from public, anon, authenticated;
revoke all on table public.code_feedback_attempts from public, anon, authenticated;
revoke all on sequence public.code_feedback_id_seq from public, anon, authenticated;
grant select, insert, update, delete on table public.code_feedback to service_role;
grant select, insert, delete on table public.code_feedback_attempts to service_role;
grant usage, select on sequence public.code_feedback_id_seq to service_role;

/*
 * Records a visitor's vote: 'stored', 'replaced' (the visitor already voted on this offer within p_one_vote_per: the
 * new vote takes the place of theirs, it never adds one) or 'rate_limited' (p_max_per_hour votes sent in the last
 * hour, on any offer; nothing stored).
 */
create or replace function public.record_code_feedback(
  p_offer_slug text,
  p_worked boolean,
  p_reason text,
  p_visitor_key text,
  p_max_per_hour integer default 30,
  p_one_vote_per interval default interval '24 hours'
) returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  sent integer;
  v_reason text := case when p_worked then null else p_reason end;
begin
  -- Two votes of one visitor at the same instant must not both slip under the limit, nor both be stored.
  perform pg_advisory_xact_lock(hashtext('feedback:' || p_visitor_key));

  delete from public.code_feedback_attempts
   where visitor_key = p_visitor_key and attempted_at <= now() - interval '1 hour';
  select count(*) into sent from public.code_feedback_attempts where visitor_key = p_visitor_key;
  if sent >= p_max_per_hour then
    return 'rate_limited';
  end if;
  insert into public.code_feedback_attempts (visitor_key) values (p_visitor_key);

  update public.code_feedback
     set worked = p_worked, reason = v_reason, voted_at = now()
   where offer_slug = p_offer_slug
     and visitor_key = p_visitor_key
     and voted_at > now() - p_one_vote_per;
  if found then
    return 'replaced';
  end if;
  insert into public.code_feedback (offer_slug, worked, reason, visitor_key)
  values (p_offer_slug, p_worked, v_reason, p_visitor_key);
  return 'stored';
end;
$$;

revoke execute on function public.record_code_feedback(text, boolean, text, text, integer, interval)
  from public, anon, authenticated;
grant execute on function public.record_code_feedback(text, boolean, text, text, integer, interval) to service_role;

/*
 * Per offer, the votes since p_since: how many said yes and no, the latest, and the reason given most often (ties
 * go to the first in alphabetical order). Visitors may call it: it returns counts, never a vote or a visitor.
 */
create or replace function public.code_feedback_summary(p_since timestamptz)
returns table (offer_slug text, yes_votes integer, no_votes integer, last_vote_at timestamptz, top_reason text)
language sql
stable
security definer
set search_path = ''
as $$
  select f.offer_slug,
         (count(*) filter (where f.worked))::integer,
         (count(*) filter (where not f.worked))::integer,
         max(f.voted_at),
         mode() within group (order by f.reason) filter (where f.reason is not null)
    from public.code_feedback f
   where f.voted_at >= p_since
   group by f.offer_slug;
$$;

revoke execute on function public.code_feedback_summary(timestamptz) from public;
grant execute on function public.code_feedback_summary(timestamptz) to anon, authenticated, service_role;

-- The 12-month retention of the legal notice, for votes as for messages; the hourly counts go after a day.
create or replace function public.delete_expired_code_feedback() returns integer
language sql
security invoker
set search_path = ''
as $$
  delete from public.code_feedback_attempts where attempted_at < now() - interval '1 day';
  with deleted as (
    delete from public.code_feedback where voted_at < now() - interval '12 months' returning 1
  )
  select count(*)::integer from deleted;
$$;

revoke execute on function public.delete_expired_code_feedback() from public, anon, authenticated;
grant execute on function public.delete_expired_code_feedback() to service_role;

-- Hosted Supabase: the daily retention job deletes old votes with the old messages.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule(
      'delete-expired-contact-messages',
      '17 3 * * *',
      'select public.delete_expired_contact_messages(); select public.delete_expired_code_feedback()'
    );
  end if;
end
$$;
