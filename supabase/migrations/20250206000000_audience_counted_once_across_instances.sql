-- A network's view, copy or follow of an offer counts once a day, whichever instance of the site it reached. Each
-- instance tells repeats apart in its own memory first; the database then keeps, for the day only, the keys of what
-- it counted: a hash of the kind, the offer and the network's own keyed hash under a salt drawn each day. Neither
-- the salt nor the keys outlive their day (the first call of a new day erases them), and no address is ever sent.

create table if not exists public.audience_day_salts (
  day date primary key,
  salt text not null check (length(salt) >= 43)
);
create table if not exists public.audience_seen (
  day date not null,
  key text not null check (key ~ '^[A-Za-z0-9_-]{43}$'),
  primary key (day, key)
);
alter table public.audience_day_salts enable row level security;
alter table public.audience_seen enable row level security;
revoke all on table public.audience_day_salts from public, anon, authenticated;
revoke all on table public.audience_seen from public, anon, authenticated;
grant select, insert, delete on table public.audience_day_salts to service_role;
grant select, insert, delete on table public.audience_seen to service_role;

-- Today's salt (Paris), drawn by the first instance that asks; yesterday's salt and keys are erased then.
create or replace function public.audience_salt(out day date, out salt text)
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_day date := (now() at time zone 'Europe/Paris')::date;
begin
  delete from public.audience_day_salts s where s.day < v_day;
  delete from public.audience_seen s where s.day < v_day;
  insert into public.audience_day_salts (day, salt)
  values (v_day, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
  on conflict do nothing;
  select s.day, s.salt into day, salt from public.audience_day_salts s where s.day = v_day;
end;
$$;
revoke execute on function public.audience_salt() from public, anon, authenticated;
grant execute on function public.audience_salt() to service_role;

-- Adds the events of a batch (day, offerSlug, kind, key) to the daily totals: an event whose key was already counted
-- that day, by any instance, adds nothing; an event without a key (its day's salt is gone) is counted as it is.
-- Keys are taken in (day, key) order, so that two instances' batches wait for each other rather than deadlock.
create or replace function public.add_audience_events(p_events jsonb) returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_rows jsonb;
begin
  with events as (
    select (e->>'day')::date as day, e->>'offerSlug' as offer_slug, e->>'kind' as kind, e->>'key' as key
      from jsonb_array_elements(coalesce(p_events, '[]'::jsonb)) e
     where e->>'kind' in ('views', 'copies', 'follows')
  ),
  fresh as (
    insert into public.audience_seen (day, key)
    select distinct day, key from events where key is not null order by 1, 2
    on conflict do nothing
    returning day, key
  ),
  counted as (
    select e.day, e.offer_slug, e.kind
      from (select distinct on (day, key) * from events where key is not null order by day, key) e
      join fresh f on f.day = e.day and f.key = e.key
    union all
    select day, offer_slug, kind from events where key is null
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'day', day, 'offerSlug', offer_slug,
           'views', (kind = 'views')::integer, 'copies', (kind = 'copies')::integer,
           'follows', (kind = 'follows')::integer)), '[]'::jsonb)
    into v_rows
    from counted;
  return public.add_offer_counts(v_rows);
end;
$$;
revoke execute on function public.add_audience_events(jsonb) from public, anon, authenticated;
grant execute on function public.add_audience_events(jsonb) to service_role;
