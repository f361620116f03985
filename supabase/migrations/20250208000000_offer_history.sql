-- A dated history of what visitors see of each offer: its amount, kind, conditions, code and link. The site records
-- it from the merged offers (a brands row over the offer bundled with it), so that a change is recorded whatever made
-- it: the back office, an import, the SQL editor, or a new release of the bundled offers. Each instance compares
-- the offers it merged with the last snapshot stored here; public.record_offer_changes writes a change only while
-- the snapshot it was computed from is still the stored one, so that several instances record it once.

create table if not exists public.offer_snapshots (
  offer_slug text primary key check (length(offer_slug) between 1 and 100),
  terms jsonb not null,
  recorded_at timestamptz not null default now()
);

create table if not exists public.offer_history (
  id bigint generated always as identity primary key,
  offer_slug text not null check (length(offer_slug) between 1 and 100),
  recorded_at timestamptz not null default now(),
  -- "improved": the amount rose in the same unit and kind, or a condition was removed, and nothing got worse.
  change text not null check (change in ('added', 'improved', 'changed')),
  before jsonb,
  after jsonb not null
);
create index if not exists offer_history_offer_slug_recorded_at_idx
  on public.offer_history (offer_slug, recorded_at desc);
create index if not exists offer_history_news_idx
  on public.offer_history (recorded_at) where change in ('added', 'improved');

alter table public.offer_snapshots enable row level security;
alter table public.offer_history enable row level security;
revoke all on table public.offer_snapshots from public, anon, authenticated;
revoke all on table public.offer_history from public, anon, authenticated;
grant select, insert, update on table public.offer_snapshots to service_role;
grant select, insert on table public.offer_history to service_role;
grant usage, select on sequence public.offer_history_id_seq to service_role;
revoke all on sequence public.offer_history_id_seq from public, anon, authenticated;

-- p_changes: [{ "slug", "change", "before" (null for an offer first seen), "after" }]. The first call on an empty
-- table stores the offers as they are, recording no change: what a site showed before it kept a history is no news.
create or replace function public.record_offer_changes(p_changes jsonb) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_change jsonb;
  v_recorded integer := 0;
  v_first boolean;
begin
  -- One recorder at a time: the first call's "nothing stored yet" holds for it alone.
  perform pg_advisory_xact_lock(hashtext('public.record_offer_changes'));
  v_first := not exists (select from public.offer_snapshots);
  for v_change in select * from jsonb_array_elements(p_changes) loop
    if jsonb_typeof(v_change -> 'before') is distinct from 'object' then
      insert into public.offer_snapshots (offer_slug, terms)
      values (v_change ->> 'slug', v_change -> 'after')
      on conflict (offer_slug) do nothing;
    else
      update public.offer_snapshots
         set terms = v_change -> 'after', recorded_at = now()
       where offer_slug = v_change ->> 'slug' and terms = v_change -> 'before';
    end if;
    if found and not v_first then
      insert into public.offer_history (offer_slug, change, before, after)
      values (v_change ->> 'slug', v_change ->> 'change', nullif(v_change -> 'before', 'null'::jsonb), v_change -> 'after');
      v_recorded := v_recorded + 1;
    end if;
  end loop;
  return v_recorded;
end;
$$;
revoke execute on function public.record_offer_changes(jsonb) from public, anon, authenticated;
grant execute on function public.record_offer_changes(jsonb) to service_role;

-- A change recorded shows on the offer's page and in the news: every instance hears of it as of a brand changed.
create or replace function public.announce_site_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_event text := case tg_table_name
    when 'brands' then 'brands-changed'
    when 'offer_history' then 'brands-changed'
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

drop trigger if exists offer_history_announced on public.offer_history;
create trigger offer_history_announced after insert on public.offer_history
  for each statement execute function public.announce_site_change();
