-- Ratings that hold against someone with many addresses, and the owner's check that outweighs earlier votes.
--
-- - A visitor is an IPv4 address or an IPv6 /64; their network is the /24 or the /48 around it (a tunnel broker hands
--   out a /48, 65 536 /64s, for free). For each offer, the votes of one network weigh at most
--   feedback_rules().votes_per_network votes in the rate, keeping their split of "Oui" and "Non": weighed, never
--   picked, so that nobody chooses which of their votes count. The counts shown stay the real ones.
-- - The state per offer, network and day is kept up to date in the vote's own function: a vote stays O(1).
-- - brands.votes_since: when the owner last marked the offer checked, or changed its code or link (from the back
--   office or in Supabase's Table Editor: a trigger sets it). Votes sent before it count toward nothing.

alter table public.code_feedback add column if not exists network_key text;
alter table public.brands add column if not exists votes_since timestamptz;

-- Per offer, network and day (UTC) of vote, how many of that day's votes say yes and no.
create table if not exists public.code_feedback_networks (
  offer_slug text not null,
  network_key text not null,
  day date not null,
  yes_votes integer not null default 0,
  no_votes integer not null default 0,
  primary key (offer_slug, network_key, day)
);
create index if not exists code_feedback_networks_day_idx on public.code_feedback_networks (day);
alter table public.code_feedback_networks enable row level security;
revoke all on table public.code_feedback_networks from public, anon, authenticated;
grant select, insert, update, delete on table public.code_feedback_networks to service_role;

-- Votes stored before networks were known: each visitor stands for a network of its own.
insert into public.code_feedback_networks (offer_slug, network_key, day, yes_votes, no_votes)
select f.offer_slug, coalesce(f.network_key, f.visitor_key), (f.voted_at at time zone 'utc')::date,
       count(*) filter (where f.worked), count(*) filter (where not f.worked)
  from public.code_feedback f
 group by 1, 2, 3
on conflict do nothing;

-- The trust loop's numbers, with the weight of a network.
drop function if exists public.feedback_rules();
create function public.feedback_rules()
returns table (max_votes_per_hour integer, window_days integer, votes_per_network integer)
language sql
immutable
set search_path = ''
as $$ select 30, 90, 3 $$;

revoke execute on function public.feedback_rules() from public, anon, authenticated;
grant execute on function public.feedback_rules() to service_role;

/** Adds `p_delta` (1 or -1) to the counts of one vote's offer, network and day. */
create or replace function public.count_network_vote(
  p_offer_slug text, p_network_key text, p_day date, p_worked boolean, p_delta integer
) returns void language sql security invoker set search_path = '' as $$
  insert into public.code_feedback_networks as n (offer_slug, network_key, day, yes_votes, no_votes)
  values (p_offer_slug, p_network_key, p_day,
          case when p_worked then p_delta else 0 end, case when p_worked then 0 else p_delta end)
  on conflict (offer_slug, network_key, day) do update set
    yes_votes = n.yes_votes + excluded.yes_votes,
    no_votes = n.no_votes + excluded.no_votes;
$$;

revoke execute on function public.count_network_vote(text, text, date, boolean, integer) from public, anon, authenticated;
grant execute on function public.count_network_vote(text, text, date, boolean, integer) to service_role;

-- The 12-month retention, the networks' counts with the others.
create or replace function public.delete_expired_code_feedback() returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  kept_from date := ((now() - interval '12 months') at time zone 'utc')::date;
  deleted integer;
begin
  delete from public.code_feedback_attempts a where a.attempted_at < now() - interval '1 day';
  delete from public.code_feedback_counters c where c.day < kept_from;
  delete from public.code_feedback_networks n where n.day < kept_from;
  delete from public.code_feedback f where f.voted_at < now() - interval '12 months';
  get diagnostics deleted = row_count;
  return deleted;
end;
$$;

/*
 * Whether a visitor may send one more vote: fewer than p_max_per_hour in the last hour, on any offer. The attempt is
 * then counted. The caller holds the visitor's lock.
 */
create or replace function public.take_vote_attempt(p_visitor_key text, p_max_per_hour integer) returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
begin
  delete from public.code_feedback_attempts
   where visitor_key = p_visitor_key and attempted_at <= now() - interval '1 hour';
  if (select count(*) from public.code_feedback_attempts where visitor_key = p_visitor_key) >= p_max_per_hour then
    return false;
  end if;
  insert into public.code_feedback_attempts (visitor_key) values (p_visitor_key);
  return true;
end;
$$;

revoke execute on function public.take_vote_attempt(text, integer) from public, anon, authenticated;
grant execute on function public.take_vote_attempt(text, integer) to service_role;

/*
 * Records a visitor's vote: 'stored', 'replaced' (the visitor had voted on this offer: the new vote takes the place
 * of theirs, however old, it never adds one) or 'rate_limited' (p_max_per_hour votes sent in the last hour, on any
 * offer; nothing stored). p_network_key is the keyed hash of the visitor's /48 or /24. A vote moves the counts of its
 * offer per day and per network; an earlier vote sent before the offer's votes_since was already left out of them,
 * and replacing it takes nothing away.
 */
drop function if exists public.record_code_feedback(text, boolean, text, text, integer);
create function public.record_code_feedback(
  p_offer_slug text,
  p_worked boolean,
  p_reason text,
  p_visitor_key text,
  p_network_key text,
  p_max_per_hour integer default 30
) returns text language plpgsql security invoker set search_path = '' as $$
declare
  v_reason text := case when p_worked then null else p_reason end;
  today date := (now() at time zone 'utc')::date;
  earlier public.code_feedback%rowtype;
  earlier_day date;
begin
  if coalesce(p_network_key, '') = '' then
    raise exception 'record_code_feedback: p_network_key is required';
  end if;
  -- Two votes of one visitor at the same instant must not both slip under the limit, nor both be stored.
  perform pg_advisory_xact_lock(hashtext('feedback:' || p_visitor_key));
  if not public.take_vote_attempt(p_visitor_key, p_max_per_hour) then
    return 'rate_limited';
  end if;

  select * into earlier from public.code_feedback f
   where f.offer_slug = p_offer_slug and f.visitor_key = p_visitor_key
   for update;
  if not found then
    insert into public.code_feedback (offer_slug, worked, reason, visitor_key, network_key)
    values (p_offer_slug, p_worked, v_reason, p_visitor_key, p_network_key);
  else
    earlier_day := (earlier.voted_at at time zone 'utc')::date;
    if earlier.voted_at >= coalesce((select b.votes_since from public.brands b where b.slug = p_offer_slug),
                                    '-infinity') then
      perform public.count_code_feedback(p_offer_slug, earlier_day, earlier.worked, earlier.reason, -1);
      perform public.count_network_vote(
        p_offer_slug, coalesce(earlier.network_key, earlier.visitor_key), earlier_day, earlier.worked, -1
      );
    end if;
    update public.code_feedback f
       set worked = p_worked, reason = v_reason, voted_at = now(), network_key = p_network_key
     where f.id = earlier.id;
  end if;
  perform public.count_code_feedback(p_offer_slug, today, p_worked, v_reason, 1);
  perform public.count_network_vote(p_offer_slug, p_network_key, today, p_worked, 1);
  return case when earlier.id is null then 'stored' else 'replaced' end;
end;
$$;

revoke execute on function public.record_code_feedback(text, boolean, text, text, text, integer)
  from public, anon, authenticated;
grant execute on function public.record_code_feedback(text, boolean, text, text, text, integer) to service_role;

/*
 * The owner's check restarts the count: marking the offer checked (a new verified_on) or changing its code or link
 * sets votes_since, and a new votes_since empties the offer's counts, which then hold only the votes sent after it.
 */
create or replace function public.restart_votes_on_check() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (new.verified_on is not null and new.verified_on is distinct from old.verified_on)
     or new.code is distinct from old.code
     or new.link is distinct from old.link then
    new.votes_since := now();
  end if;
  if new.votes_since is distinct from old.votes_since then
    delete from public.code_feedback_counters where offer_slug = new.slug;
    delete from public.code_feedback_networks where offer_slug = new.slug;
  end if;
  return new;
end;
$$;

revoke execute on function public.restart_votes_on_check() from public, anon, authenticated;
drop trigger if exists brands_restart_votes on public.brands;
create trigger brands_restart_votes before update on public.brands
  for each row execute function public.restart_votes_on_check();

/** The reason given most often with a "Non", from the counts of each; ties go to the first in alphabetical order. */
create or replace function public.top_feedback_reason(
  p_autre bigint,
  p_code_refuse bigint,
  p_conditions_non_remplies bigint,
  p_offre_terminee bigint
) returns text
language sql
immutable
set search_path = ''
as $$
  select r.reason
    from (values ('autre', p_autre), ('code-refuse', p_code_refuse),
                 ('conditions-non-remplies', p_conditions_non_remplies),
                 ('offre-terminee', p_offre_terminee)) as r (reason, votes)
   where r.votes > 0
   order by r.votes desc, r.reason
   limit 1;
$$;

revoke execute on function public.top_feedback_reason(bigint, bigint, bigint, bigint) from public, anon, authenticated;

/*
 * Per offer, the votes of the window (today, UTC, and the days before it) sent since the owner's last check: how many
 * said yes and no, the day of the latest, the reason given most often, and the rate's weights: the yes and no of each
 * network scaled down to votes_per_network votes at most, and how many networks voted. Visitors may call it: it
 * returns counts, never a vote, a visitor, a network or a time of day.
 */
drop function if exists public.code_feedback_summary();
create function public.code_feedback_summary()
returns table (
  offer_slug text,
  yes_votes integer,
  no_votes integer,
  last_vote_on date,
  top_reason text,
  weighted_yes double precision,
  weighted_no double precision,
  networks integer
)
language sql
stable
security definer
set search_path = ''
as $$
  with rules as (
    select (now() at time zone 'utc')::date - r.window_days as before_window, r.votes_per_network::float8 as cap
      from public.feedback_rules() r
  ),
  per_network as (
    select n.offer_slug,
           sum(n.yes_votes)::float8 as yes,
           sum(n.no_votes)::float8 as no,
           max(n.day) filter (where n.yes_votes + n.no_votes > 0) as last_day
      from public.code_feedback_networks n
     where n.day > (select before_window from rules)
     group by n.offer_slug, n.network_key
    having sum(n.yes_votes + n.no_votes) > 0
  ),
  weighed as (
    select p.*, least(1.0, (select cap from rules) / (p.yes + p.no)) as weight from per_network p
  ),
  reasons as (
    select c.offer_slug,
           public.top_feedback_reason(sum(c.autre), sum(c.code_refuse), sum(c.conditions_non_remplies),
                                      sum(c.offre_terminee)) as top_reason
      from public.code_feedback_counters c
     where c.day > (select before_window from rules)
     group by c.offer_slug
  )
  select w.offer_slug, sum(w.yes)::integer, sum(w.no)::integer, max(w.last_day),
         (select r.top_reason from reasons r where r.offer_slug = w.offer_slug),
         sum(w.yes * w.weight), sum(w.no * w.weight), count(*)::integer
    from weighed w
   group by w.offer_slug;
$$;

revoke execute on function public.code_feedback_summary() from public;
grant execute on function public.code_feedback_summary() to anon, authenticated, service_role;
