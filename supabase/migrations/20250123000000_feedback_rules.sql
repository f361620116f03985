-- The two numbers of the trust loop the database applies, named once on the database's side: the hourly vote limit
-- (the default of record_code_feedback's p_max_per_hour; the site and the function pass FEEDBACK_RULES's) and the
-- summary's window. The site names them in FEEDBACK_RULES (supabase/functions/_shared/feedback-fields.ts), and
-- tests/integration/rules-in-one-home.test.ts fails when the two sides disagree.
create or replace function public.feedback_rules()
returns table (max_votes_per_hour integer, window_days integer)
language sql
immutable
set search_path = ''
as $$ select 30, 90 $$;

revoke execute on function public.feedback_rules() from public, anon, authenticated;
grant execute on function public.feedback_rules() to service_role;

/*
 * Per offer, the votes of the window (today, UTC, and the days before it): how many said yes and no, the day of the
 * latest, and the reason given most often (ties go to the first in alphabetical order). Visitors may call it: it
 * returns counts, never a vote, a visitor or a time of day. The same as before, the window read from feedback_rules.
 */
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
     where c.day > (now() at time zone 'utc')::date - (select r.window_days from public.feedback_rules() r)
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
