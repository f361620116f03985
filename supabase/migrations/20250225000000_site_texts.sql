-- The site's texts the owner edits in the back office (home page, offers page, each brand page's sections). A text
-- without a row, or whose value is null, is the one bundled with the site (app/content/). Visitors read the edited
-- ones through the view public.edited_site_texts; the tables are the service role's. Every save goes through
-- public.save_site_text, which refuses a save drawn from an older version (serialization_failure, 40001) and keeps
-- the text's last 20 versions; going back to the bundled text is a save of null.

create table if not exists public.site_texts (
  key text primary key check (length(key) between 1 and 100 and key ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  -- The text's fields as JSON (app/content/site-texts.ts), or null for the bundled text.
  value jsonb check (value is null or (jsonb_typeof(value) = 'object' and length(value::text) <= 60000)),
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
alter table public.site_texts enable row level security;
revoke all on table public.site_texts from public, anon, authenticated;
grant select, insert, update, delete on table public.site_texts to service_role;

create table if not exists public.site_text_versions (
  key text not null references public.site_texts (key) on delete cascade,
  version integer not null,
  saved_at timestamptz not null default now(),
  value jsonb,
  primary key (key, version)
);
alter table public.site_text_versions enable row level security;
revoke all on table public.site_text_versions from public, anon, authenticated;
grant select, insert, delete on table public.site_text_versions to service_role;

create or replace view public.edited_site_texts as
  select key, value, version from public.site_texts where value is not null;
revoke all on public.edited_site_texts from public, anon, authenticated, service_role;
grant select on public.edited_site_texts to anon, authenticated, service_role;

-- Saves a text. p_version is the version the form was drawn from: 0 when the text had never been saved, null when
-- not checked. Gives the text's new version.
create or replace function public.save_site_text(p_key text, p_version integer, p_value jsonb)
returns table (version integer)
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_saved public.site_texts;
begin
  insert into public.site_texts as t (key, value, version) values (p_key, p_value, 1)
  on conflict (key) do update set value = excluded.value, updated_at = now(), version = t.version + 1
  returning * into v_saved;
  if p_version is not null and v_saved.version <> p_version + 1 then
    raise exception 'save_site_text: the text % changed since the form was drawn', p_key using errcode = '40001';
  end if;
  insert into public.site_text_versions (key, version, value) values (p_key, v_saved.version, p_value);
  delete from public.site_text_versions v where v.key = p_key and v.version <= v_saved.version - 20;
  return query select v_saved.version;
end;
$$;
revoke execute on function public.save_site_text(text, integer, jsonb) from public, anon, authenticated;
grant execute on function public.save_site_text(text, integer, jsonb) to service_role;

-- The back office's list: every text saved at least once, with whether it differs from the bundled one.
create or replace function public.owner_site_texts()
returns table (key text, edited boolean, updated_at timestamptz, version integer)
language sql
stable
security invoker
set search_path = ''
as $$
  select t.key, t.value is not null, t.updated_at, t.version from public.site_texts t order by t.key;
$$;
revoke execute on function public.owner_site_texts() from public, anon, authenticated;
grant execute on function public.owner_site_texts() to service_role;

-- One text as the form shows it: as it is now (p_version null), or one of its kept versions. No row: never saved.
create or replace function public.owner_site_text(p_key text, p_version integer)
returns table (value jsonb, version integer, shown_version integer, saved_at timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  select case when p_version is null then t.value else v.value end, t.version, coalesce(v.version, t.version),
         coalesce(v.saved_at, t.updated_at)
    from public.site_texts t
    left join public.site_text_versions v on v.key = t.key and v.version = p_version
   where t.key = p_key and (p_version is null or v.key is not null);
$$;
revoke execute on function public.owner_site_text(text, integer) from public, anon, authenticated;
grant execute on function public.owner_site_text(text, integer) to service_role;

-- A text's kept versions, newest first; `original` when the version went back to the bundled text.
create or replace function public.owner_site_text_versions(p_key text)
returns table (version integer, saved_at timestamptz, original boolean)
language sql
stable
security invoker
set search_path = ''
as $$
  select v.version, v.saved_at, v.value is null from public.site_text_versions v where v.key = p_key
   order by v.version desc;
$$;
revoke execute on function public.owner_site_text_versions(text) from public, anon, authenticated;
grant execute on function public.owner_site_text_versions(text) to service_role;

-- Guides and texts are the owner's writing: every instance keeps them together and drops them on one event.
alter table public.site_changes drop constraint if exists site_changes_event_check;
alter table public.site_changes add constraint site_changes_event_check
  check (event in ('brands-changed', 'vote-stored', 'testimonials-changed', 'guides-changed', 'writing-changed'));

create or replace function public.announce_writing_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.site_changes (event) values ('writing-changed');
  perform pg_notify('site_changes', json_build_object('event', 'writing-changed')::text);
  return null;
end;
$$;
revoke execute on function public.announce_writing_change() from public, anon, authenticated;

drop trigger if exists guides_announced on public.guides;
create trigger guides_announced after insert or update or delete on public.guides
  for each statement execute function public.announce_writing_change();
drop trigger if exists site_texts_announced on public.site_texts;
-- For each row: a save's insert ... on conflict do update would fire both statement triggers, insert and update.
create trigger site_texts_announced after insert or update or delete on public.site_texts
  for each row execute function public.announce_writing_change();
