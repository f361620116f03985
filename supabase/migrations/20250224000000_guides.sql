-- The owner's guides: pages of Markdown written in the back office, drafts until published. Visitors read the
-- published ones only, through the view public.published_guides (and the addresses they had before, through
-- public.published_guide_moves); the table itself is the service role's. Every save goes through public.save_guide,
-- which refuses a save drawn from an older version (serialization_failure, 40001), keeps the guide's last 20
-- versions, and leaves the old address of a published guide leading to its new one.

create table if not exists public.guides (
  id bigint generated always as identity primary key,
  slug text not null unique check (length(slug) between 1 and 80 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title text not null check (char_length(title) between 1 and 120),
  summary text not null check (char_length(summary) <= 300),
  -- A category of the site, as a brand's (app/catalogue/categories.ts), or none.
  category text check (category in ('finance', 'crypto', 'food', 'shopping', 'mobility', 'betting', 'other')),
  body text not null check (char_length(body) <= 100000),
  status text not null check (status in ('draft', 'published')),
  -- The first publication; "Mis à jour le" is updated_at when it is later.
  published_at timestamptz,
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
alter table public.guides enable row level security;
revoke all on table public.guides from public, anon, authenticated;
grant select, insert, update, delete on table public.guides to service_role;

create table if not exists public.guide_versions (
  guide_id bigint not null references public.guides (id) on delete cascade,
  version integer not null,
  saved_at timestamptz not null default now(),
  slug text not null,
  title text not null,
  summary text not null,
  category text,
  body text not null,
  status text not null,
  primary key (guide_id, version)
);
alter table public.guide_versions enable row level security;
revoke all on table public.guide_versions from public, anon, authenticated;
grant select, insert, delete on table public.guide_versions to service_role;

-- An address a published guide had: it answers a permanent redirect to the guide's address of today.
create table if not exists public.guide_moves (
  old_slug text primary key,
  guide_id bigint not null references public.guides (id) on delete cascade
);
alter table public.guide_moves enable row level security;
revoke all on table public.guide_moves from public, anon, authenticated;
grant select, insert, delete on table public.guide_moves to service_role;

create or replace view public.published_guides as
  select id, slug, title, summary, category, body, published_at, updated_at, version
    from public.guides
   where status = 'published';
revoke all on public.published_guides from public, anon, authenticated, service_role;
grant select on public.published_guides to anon, authenticated, service_role;

create or replace view public.published_guide_moves as
  select m.old_slug, g.slug
    from public.guide_moves m join public.guides g on g.id = m.guide_id
   where g.status = 'published';
revoke all on public.published_guide_moves from public, anon, authenticated, service_role;
grant select on public.published_guide_moves to anon, authenticated, service_role;

-- Saves a guide: p_id null creates one. p_version is the version the form was drawn from (null: not checked). The
-- status is 'draft' or 'published'. Gives the guide's id, address and new version.
create or replace function public.save_guide(
  p_id bigint,
  p_version integer,
  p_slug text,
  p_title text,
  p_summary text,
  p_category text,
  p_body text,
  p_status text
) returns table (id bigint, slug text, version integer)
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_old public.guides;
  v_saved public.guides;
begin
  if p_id is null then
    insert into public.guides (slug, title, summary, category, body, status, published_at)
    values (p_slug, p_title, p_summary, p_category, p_body, p_status,
            case when p_status = 'published' then now() end)
    returning * into v_saved;
  else
    select * into v_old from public.guides g where g.id = p_id for update;
    if not found then
      raise exception 'save_guide: the guide % no longer exists', p_id using errcode = 'P0002';
    end if;
    if p_version is not null and v_old.version <> p_version then
      raise exception 'save_guide: the guide % changed since the form was drawn', p_id using errcode = '40001';
    end if;
    update public.guides g
       set slug = p_slug, title = p_title, summary = p_summary, category = p_category, body = p_body,
           status = p_status, published_at = coalesce(g.published_at, case when p_status = 'published' then now() end),
           updated_at = now(), version = g.version + 1
     where g.id = p_id
    returning * into v_saved;
    -- A published address that changes keeps leading to the guide.
    if v_old.slug <> p_slug and v_old.published_at is not null then
      insert into public.guide_moves (old_slug, guide_id) values (v_old.slug, p_id)
      on conflict (old_slug) do update set guide_id = excluded.guide_id;
    end if;
  end if;
  -- An address a guide takes is no longer another's old one.
  delete from public.guide_moves m where m.old_slug = v_saved.slug;
  insert into public.guide_versions (guide_id, version, slug, title, summary, category, body, status)
  values (v_saved.id, v_saved.version, v_saved.slug, v_saved.title, v_saved.summary, v_saved.category, v_saved.body,
          v_saved.status);
  delete from public.guide_versions v where v.guide_id = v_saved.id and v.version <= v_saved.version - 20;
  return query select v_saved.id, v_saved.slug, v_saved.version;
end;
$$;
revoke execute on function public.save_guide(bigint, integer, text, text, text, text, text, text)
  from public, anon, authenticated;
grant execute on function public.save_guide(bigint, integer, text, text, text, text, text, text) to service_role;

-- The back office's list: every guide, last edited first, without its text.
create or replace function public.owner_guides()
returns table (id bigint, slug text, title text, status text, published_at timestamptz, updated_at timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  select g.id, g.slug, g.title, g.status, g.published_at, g.updated_at
    from public.guides g
   order by g.updated_at desc, g.id desc;
$$;
revoke execute on function public.owner_guides() from public, anon, authenticated;
grant execute on function public.owner_guides() to service_role;

-- One guide as the writing form shows it: as it is now (p_version null), or one of its versions kept.
create or replace function public.owner_guide(p_id bigint, p_version integer)
returns table (
  id bigint, slug text, title text, summary text, category text, body text, status text,
  published_at timestamptz, updated_at timestamptz, version integer, shown_version integer, saved_at timestamptz
)
language sql
stable
security invoker
set search_path = ''
as $$
  select g.id, coalesce(v.slug, g.slug), coalesce(v.title, g.title), coalesce(v.summary, g.summary),
         case when v.guide_id is null then g.category else v.category end, coalesce(v.body, g.body),
         g.status, g.published_at, g.updated_at, g.version, coalesce(v.version, g.version),
         coalesce(v.saved_at, g.updated_at)
    from public.guides g
    left join public.guide_versions v on v.guide_id = g.id and v.version = p_version
   where g.id = p_id and (p_version is null or v.guide_id is not null);
$$;
revoke execute on function public.owner_guide(bigint, integer) from public, anon, authenticated;
grant execute on function public.owner_guide(bigint, integer) to service_role;

-- A guide's kept versions, newest first, without their text.
create or replace function public.owner_guide_versions(p_id bigint)
returns table (version integer, saved_at timestamptz, title text, status text)
language sql
stable
security invoker
set search_path = ''
as $$
  select v.version, v.saved_at, v.title, v.status
    from public.guide_versions v
   where v.guide_id = p_id
   order by v.version desc;
$$;
revoke execute on function public.owner_guide_versions(bigint) from public, anon, authenticated;
grant execute on function public.owner_guide_versions(bigint) to service_role;

-- Every instance keeps the published guides in memory: a change is announced as the brands' are.
alter table public.site_changes drop constraint if exists site_changes_event_check;
alter table public.site_changes add constraint site_changes_event_check
  check (event in ('brands-changed', 'vote-stored', 'testimonials-changed', 'guides-changed'));

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
    when 'guides' then 'guides-changed'
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

drop trigger if exists guides_announced on public.guides;
create trigger guides_announced after insert or update or delete on public.guides
  for each statement execute function public.announce_site_change();
