-- What the owner sees of the audience: per offer and per day, how many times its page was seen, its code copied and
-- its referral link followed. Daily totals only: nothing about a visitor is ever written (the server tells a
-- repeat from a new visitor in memory, with a key it forgets at midnight). Kept 25 months.

create table if not exists public.offer_daily_counts (
  day date not null,
  offer_slug text not null check (length(offer_slug) <= 100 and offer_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  views integer not null default 0 check (views >= 0),
  copies integer not null default 0 check (copies >= 0),
  follows integer not null default 0 check (follows >= 0),
  primary key (day, offer_slug)
);

alter table public.offer_daily_counts enable row level security;
revoke all on table public.offer_daily_counts from public, anon, authenticated, service_role;
grant select, insert, update, delete on table public.offer_daily_counts to service_role;

/*
 * Adds a batch of counts (a JSON array of {day, offerSlug, views, copies, follows}) to the day's totals, in one
 * statement: several instances of the site add up, none overwrites another.
 */
create or replace function public.add_offer_counts(p_rows jsonb) returns integer
language sql
security invoker
set search_path = ''
as $$
  with added as (
    insert into public.offer_daily_counts as c (day, offer_slug, views, copies, follows)
    select (r->>'day')::date, r->>'offerSlug', sum((r->>'views')::integer), sum((r->>'copies')::integer),
           sum((r->>'follows')::integer)
      from jsonb_array_elements(coalesce(p_rows, '[]'::jsonb)) r
     group by 1, 2
    on conflict (day, offer_slug) do update
      set views = c.views + excluded.views,
          copies = c.copies + excluded.copies,
          follows = c.follows + excluded.follows
    returning 1
  )
  select count(*)::integer from added;
$$;

/* The daily totals from p_since on, every offer, for the owner's statistics. */
create or replace function public.offer_counts_since(p_since date)
returns table (day date, offer_slug text, views integer, copies integer, follows integer)
language sql
stable
security invoker
set search_path = ''
as $$
  select c.day, c.offer_slug, c.views, c.copies, c.follows
    from public.offer_daily_counts c
   where c.day >= p_since
   order by c.day, c.offer_slug;
$$;

/* Each offer's follows from p_since on, for the rounded figure cards show ("Lien suivi 20 fois…"). */
create or replace function public.offer_follows_since(p_since date)
returns table (offer_slug text, follows bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select c.offer_slug, sum(c.follows) from public.offer_daily_counts c where c.day >= p_since group by c.offer_slug;
$$;

/* The 25 months the legal notice promises. */
create or replace function public.delete_expired_offer_counts() returns integer
language sql
security invoker
set search_path = ''
as $$
  with deleted as (
    delete from public.offer_daily_counts c where c.day < (now() - interval '25 months')::date returning 1
  )
  select count(*)::integer from deleted;
$$;

do $$
declare
  fn regprocedure;
begin
  foreach fn in array array[
    'public.add_offer_counts(jsonb)',
    'public.offer_counts_since(date)',
    'public.offer_follows_since(date)',
    'public.delete_expired_offer_counts()'
  ]::regprocedure[] loop
    execute format('revoke execute on function %s from public, anon, authenticated', fn);
    execute format('grant execute on function %s to service_role', fn);
  end loop;
  -- Only where pg_cron can be loaded and this role may create it: elsewhere the site's server runs the daily jobs.
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    begin
      create extension if not exists pg_cron;
    exception when others then
      raise notice 'pg_cron indisponible (%), le ménage quotidien reste au serveur du site.', sqlerrm;
    end;
  end if;
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('delete-expired-offer-counts', '37 3 * * *', 'select public.delete_expired_offer_counts()');
  end if;
end
$$;
