-- Votes nobody can game, and a summary whose cost does not grow with the votes.
--
-- - A visitor counts once per offer over the whole window: their latest vote takes the place of any earlier one,
--   however old (before, a vote replaced theirs only within 24 hours, so one visitor voting daily counted daily).
-- - The summary reads per-offer, per-day counters kept up to date in the vote's own transaction: at most 90 rows per
--   offer, however many votes there are.
-- - Visitors read the summary of the fixed 90-day window only (the site's FEEDBACK_RULES.windowDays), with the
--   latest vote's day and never its time: a window chosen to start at the last vote would show that one vote.
-- - A brand's logo_url is an https address or a path on the site, as `link` is https only.

-- One row per visitor and offer: the latest of each visitor's votes is kept, the others go.
delete from public.code_feedback f
 using public.code_feedback g
 where f.offer_slug = g.offer_slug
   and f.visitor_key = g.visitor_key
   and (f.voted_at, f.id) < (g.voted_at, g.id);
create unique index if not exists code_feedback_offer_visitor_idx on public.code_feedback (offer_slug, visitor_key);

-- Per offer and day (UTC) of vote, how many votes of that day say yes, no, and each reason. A replaced vote leaves
-- the counters of its day and joins today's.
create table if not exists public.code_feedback_counters (
  offer_slug text not null,
  day date not null,
  yes_votes integer not null default 0,
  no_votes integer not null default 0,
  code_refuse integer not null default 0,
  offre_terminee integer not null default 0,
  conditions_non_remplies integer not null default 0,
  autre integer not null default 0,
  primary key (offer_slug, day)
);
create index if not exists code_feedback_counters_day_idx on public.code_feedback_counters (day);
alter table public.code_feedback_counters enable row level security;
revoke all on table public.code_feedback_counters from public, anon, authenticated;
grant select, insert, update, delete on table public.code_feedback_counters to service_role;

insert into public.code_feedback_counters as c
  (offer_slug, day, yes_votes, no_votes, code_refuse, offre_terminee, conditions_non_remplies, autre)
select f.offer_slug,
       (f.voted_at at time zone 'utc')::date,
       count(*) filter (where f.worked),
       count(*) filter (where not f.worked),
       count(*) filter (where f.reason = 'code-refuse'),
       count(*) filter (where f.reason = 'offre-terminee'),
       count(*) filter (where f.reason = 'conditions-non-remplies'),
       count(*) filter (where f.reason = 'autre')
  from public.code_feedback f
 group by 1, 2
on conflict (offer_slug, day) do nothing;

/** Adds `p_delta` (1 or -1) to the counters of one vote's offer and day. */
create or replace function public.count_code_feedback(
  p_offer_slug text,
  p_day date,
  p_worked boolean,
  p_reason text,
  p_delta integer
) returns void
language sql
security invoker
set search_path = ''
as $$
  insert into public.code_feedback_counters as c
    (offer_slug, day, yes_votes, no_votes, code_refuse, offre_terminee, conditions_non_remplies, autre)
  values (
    p_offer_slug,
    p_day,
    case when p_worked then p_delta else 0 end,
    case when p_worked then 0 else p_delta end,
    case when p_reason = 'code-refuse' then p_delta else 0 end,
    case when p_reason = 'offre-terminee' then p_delta else 0 end,
    case when p_reason = 'conditions-non-remplies' then p_delta else 0 end,
    case when p_reason = 'autre' then p_delta else 0 end
  )
  on conflict (offer_slug, day) do update set
    yes_votes = c.yes_votes + excluded.yes_votes,
    no_votes = c.no_votes + excluded.no_votes,
    code_refuse = c.code_refuse + excluded.code_refuse,
    offre_terminee = c.offre_terminee + excluded.offre_terminee,
    conditions_non_remplies = c.conditions_non_remplies + excluded.conditions_non_remplies,
    autre = c.autre + excluded.autre;
$$;

revoke execute on function public.count_code_feedback(text, date, boolean, text, integer)
  from public, anon, authenticated;
grant execute on function public.count_code_feedback(text, date, boolean, text, integer) to service_role;

/*
 * Records a visitor's vote: 'stored', 'replaced' (the visitor had voted on this offer: the new vote takes the place
 * of theirs, however old, it never adds one) or 'rate_limited' (p_max_per_hour votes sent in the last hour, on any
 * offer; nothing stored).
 */
drop function if exists public.record_code_feedback(text, boolean, text, text, integer, interval);
create or replace function public.record_code_feedback(
  p_offer_slug text,
  p_worked boolean,
  p_reason text,
  p_visitor_key text,
  p_max_per_hour integer default 30
) returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  sent integer;
  v_reason text := case when p_worked then null else p_reason end;
  earlier public.code_feedback%rowtype;
  replacing boolean;
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

  select * into earlier from public.code_feedback
   where offer_slug = p_offer_slug and visitor_key = p_visitor_key
   for update;
  replacing := found;
  if replacing then
    perform public.count_code_feedback(
      p_offer_slug, (earlier.voted_at at time zone 'utc')::date, earlier.worked, earlier.reason, -1
    );
    update public.code_feedback
       set worked = p_worked, reason = v_reason, voted_at = now()
     where id = earlier.id;
  else
    insert into public.code_feedback (offer_slug, worked, reason, visitor_key)
    values (p_offer_slug, p_worked, v_reason, p_visitor_key);
  end if;
  perform public.count_code_feedback(p_offer_slug, (now() at time zone 'utc')::date, p_worked, v_reason, 1);
  return case when replacing then 'replaced' else 'stored' end;
end;
$$;

revoke execute on function public.record_code_feedback(text, boolean, text, text, integer)
  from public, anon, authenticated;
grant execute on function public.record_code_feedback(text, boolean, text, text, integer) to service_role;

/*
 * Per offer, the votes of the last 90 days (today, UTC, and the 89 days before): how many said yes and no, the day
 * of the latest, and the reason given most often (ties go to the first in alphabetical order). Visitors may call
 * it: it returns counts, never a vote, a visitor or a time of day.
 */
drop function if exists public.code_feedback_summary(timestamptz);
create or replace function public.code_feedback_summary()
returns table (offer_slug text, yes_votes integer, no_votes integer, last_vote_on date, top_reason text)
language sql
stable
security definer
set search_path = ''
as $$
  with totals as (
    select c.offer_slug,
           sum(c.yes_votes)::integer as yes_votes,
           sum(c.no_votes)::integer as no_votes,
           max(c.day) as last_vote_on,
           sum(c.autre) as autre,
           sum(c.code_refuse) as code_refuse,
           sum(c.conditions_non_remplies) as conditions_non_remplies,
           sum(c.offre_terminee) as offre_terminee
      from public.code_feedback_counters c
     where c.day > (now() at time zone 'utc')::date - 90
       and c.yes_votes + c.no_votes > 0
     group by c.offer_slug
  )
  select t.offer_slug, t.yes_votes, t.no_votes, t.last_vote_on,
         (select r.reason
            from (values ('autre', t.autre), ('code-refuse', t.code_refuse),
                         ('conditions-non-remplies', t.conditions_non_remplies),
                         ('offre-terminee', t.offre_terminee)) as r (reason, votes)
           where r.votes > 0
           order by r.votes desc, r.reason
           limit 1)
    from totals t;
$$;

revoke execute on function public.code_feedback_summary() from public;
grant execute on function public.code_feedback_summary() to anon, authenticated, service_role;

-- The 12-month retention: old votes go, with the counters of their days.
create or replace function public.delete_expired_code_feedback() returns integer
language sql
security invoker
set search_path = ''
as $$
  delete from public.code_feedback_attempts where attempted_at < now() - interval '1 day';
  delete from public.code_feedback_counters where day < ((now() - interval '12 months') at time zone 'utc')::date;
  with deleted as (
    delete from public.code_feedback where voted_at < now() - interval '12 months' returning 1
  )
  select count(*)::integer from deleted;
$$;

-- A logo is shown as an image: an https address, or a path on the site itself (not "//elsewhere").
update public.brands set logo_url = null where logo_url !~ '^(https://|/[^/\\])';
alter table public.brands drop constraint if exists brands_logo_url_check;
alter table public.brands add constraint brands_logo_url_check
  check (logo_url is null or logo_url ~ '^(https://|/[^/\\])');
