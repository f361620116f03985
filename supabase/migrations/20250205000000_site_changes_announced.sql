-- Several instances of the site on one database each keep the brands, the votes' summary and the published
-- testimonials in memory. What changes them is announced on the channel `site_changes` (LISTEN/NOTIFY) at the
-- commit of the transaction that made it, whoever made it: the instance that wrote it, another one, or the owner in
-- psql. A notice names the site event the instances react to, as the one that wrote it already did.
--
-- With hosted Supabase, whose clients cannot LISTEN through the REST API, the same notices are counted in
-- public.site_changes: an instance asks public.site_changes_after for the ones it has not seen (a cheap RPC).

create table if not exists public.site_changes (
  id bigint generated always as identity primary key,
  event text not null check (event in ('brands-changed', 'vote-stored', 'testimonials-changed')),
  offer_slug text,
  changed_at timestamptz not null default now()
);
create index if not exists site_changes_changed_at_idx on public.site_changes (changed_at);
alter table public.site_changes enable row level security;
revoke all on table public.site_changes from public, anon, authenticated;
grant select, insert, delete on table public.site_changes to service_role;

create or replace function public.announce_site_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_event text := case tg_table_name
    when 'brands' then 'brands-changed'
    when 'code_feedback' then 'vote-stored'
    else 'testimonials-changed'
  end;
  v_slug text;
begin
  if tg_level = 'ROW' then
    v_slug := case when tg_op = 'DELETE' then old.offer_slug else new.offer_slug end;
  end if;
  insert into public.site_changes (event, offer_slug) values (v_event, v_slug);
  perform pg_notify('site_changes', json_build_object('event', v_event, 'offerSlug', v_slug)::text);
  return null;
end;
$$;
revoke execute on function public.announce_site_change() from public, anon, authenticated;

drop trigger if exists brands_announced on public.brands;
create trigger brands_announced after insert or update or delete on public.brands
  for each statement execute function public.announce_site_change();

drop trigger if exists code_feedback_announced on public.code_feedback;
create trigger code_feedback_announced after insert or update on public.code_feedback
  for each row execute function public.announce_site_change();

-- A pending testimonial shows nowhere: only a decision, a choice for the home page or an erasure is announced.
drop trigger if exists testimonials_announced on public.testimonials;
create trigger testimonials_announced after update of status, featured or delete on public.testimonials
  for each row execute function public.announce_site_change();

-- The notices after `p_after`, oldest first, 200 at most; null asks for the last one's id only, to start from.
create or replace function public.site_changes_after(p_after bigint)
returns table (id bigint, event text, offer_slug text)
language sql
stable
security definer
set search_path = ''
as $$
  (select c.id, c.event, c.offer_slug
     from public.site_changes c
    where p_after is not null and c.id > p_after
    order by c.id
    limit 200)
  union all
  select (select max(c.id) from public.site_changes c), null, null where p_after is null;
$$;
revoke execute on function public.site_changes_after(bigint) from public, anon, authenticated;
grant execute on function public.site_changes_after(bigint) to service_role;

-- A notice is read within seconds: one day is kept.
create or replace function public.delete_old_site_changes() returns integer
language sql
security definer
set search_path = ''
as $$
  with deleted as (delete from public.site_changes where changed_at < now() - interval '1 day' returning 1)
  select count(*)::integer from deleted;
$$;
revoke execute on function public.delete_old_site_changes() from public, anon, authenticated;
grant execute on function public.delete_old_site_changes() to service_role;

-- The daily jobs (the retentions) when no pg_cron runs them: the instance that claims the day runs them, in the
-- same transaction, so that a failed run leaves the day to another instance.
create table if not exists public.daily_runs (
  job text not null,
  day date not null,
  primary key (job, day)
);
alter table public.daily_runs enable row level security;
revoke all on table public.daily_runs from public, anon, authenticated;
grant select, insert, delete on table public.daily_runs to service_role;

create or replace function public.claim_daily_run(p_job text) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_day date := (now() at time zone 'Europe/Paris')::date;
begin
  delete from public.daily_runs where day < v_day - 30;
  insert into public.daily_runs (job, day) values (p_job, v_day) on conflict do nothing;
  return found;
end;
$$;
revoke execute on function public.claim_daily_run(text) from public, anon, authenticated;
grant execute on function public.claim_daily_run(text) to service_role;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('delete-old-site-changes', '41 3 * * *', 'select public.delete_old_site_changes()');
  end if;
end
$$;
