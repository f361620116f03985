-- Testimonials ("témoignages") that visitors write on a brand page and the owner moderates before anyone sees them.
--
-- Closed by default, like the messages: RLS on, no grant to anon. A testimonial comes in through
-- public.submit_testimonial (called as the service role: by the site's server with the embedded database, by the
-- testimonials edge function with hosted Supabase), which applies the per-visitor and per-network limits. Visitors
-- read the published ones only, through the view public.published_testimonials, which has no e-mail, no key, nothing
-- pending or refused. The owner moderates as the service role. The author's e-mail serves once, to tell them the
-- outcome (author_mails), and is erased when the owner decides.

create table if not exists public.testimonials (
  id bigint generated always as identity primary key,
  offer_slug text not null check (length(offer_slug) <= 100 and offer_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  -- "Anonyme" when the author gave no name.
  author_name text not null check (char_length(author_name) between 2 and 40),
  body text not null check (char_length(body) between 20 and 600),
  -- The month the author used the offer: its first day.
  experienced_in date not null check (extract(day from experienced_in) = 1),
  email text check (email is null or char_length(email) between 3 and 254),
  status text not null default 'pending' check (status in ('pending', 'published', 'refused')),
  refusal_reason text
    check (refusal_reason in ('insult', 'defamation', 'personal-data', 'off-topic', 'advertising', 'other')),
  -- Chosen by the owner for the home page.
  featured boolean not null default false,
  -- SHA-256 of the author's private erasure link: the link itself is never stored.
  erase_token_hash text not null unique check (erase_token_hash ~ '^[0-9a-f]{64}$'),
  client_key text not null check (length(client_key) <= 128),
  network_key text not null check (length(network_key) <= 128),
  created_at timestamptz not null default now(),
  moderated_at timestamptz,
  published_at timestamptz,
  check ((status = 'refused') = (refusal_reason is not null)),
  check ((status = 'published') = (published_at is not null)),
  check (not featured or status = 'published')
);

create index if not exists testimonials_network_idx on public.testimonials (network_key, created_at);
create index if not exists testimonials_published_idx on public.testimonials (offer_slug, published_at desc)
  where status = 'published';

-- Visitors' notices about a published testimonial (EU Digital Services Act, art. 16): they reach the owner's list.
create table if not exists public.testimonial_reports (
  id bigint generated always as identity primary key,
  testimonial_id bigint not null references public.testimonials (id) on delete cascade,
  reason text not null
    check (reason in ('insult', 'defamation', 'personal-data', 'off-topic', 'advertising', 'other')),
  details text check (details is null or char_length(details) <= 1000),
  client_key text not null check (length(client_key) <= 128),
  network_key text not null check (length(network_key) <= 128),
  created_at timestamptz not null default now()
);

create index if not exists testimonial_reports_testimonial_idx on public.testimonial_reports (testimonial_id);
create index if not exists testimonial_reports_network_idx on public.testimonial_reports (network_key, created_at);

-- E-mails to authors (the erasure link, the outcome of moderation), sent by the server's outbox (SMTP_URL). A row
-- is deleted once sent or given up: the address is kept no longer than it takes to write to it.
create table if not exists public.author_mails (
  id bigint generated always as identity primary key,
  recipient text not null check (char_length(recipient) between 3 and 254),
  subject text not null check (char_length(subject) <= 200),
  body text not null check (char_length(body) <= 5000),
  state text not null default 'pending' check (state in ('pending', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  last_error text check (length(last_error) <= 1000),
  created_at timestamptz not null default now()
);

create index if not exists author_mails_due_idx on public.author_mails (next_attempt_at) where state = 'pending';

alter table public.testimonials enable row level security;
alter table public.testimonial_reports enable row level security;
alter table public.author_mails enable row level security;

revoke all on table public.testimonials, public.testimonial_reports, public.author_mails
  from public, anon, authenticated, service_role;
grant select, insert, update, delete on table public.testimonials, public.testimonial_reports, public.author_mails
  to service_role;
revoke all on sequence public.testimonials_id_seq, public.testimonial_reports_id_seq, public.author_mails_id_seq
  from public, anon, authenticated;
grant usage, select on sequence public.testimonials_id_seq, public.testimonial_reports_id_seq,
  public.author_mails_id_seq to service_role;

-- What visitors may read: published testimonials, without e-mail or keys. The view reads with its owner's rights,
-- so the table stays closed to them.
create or replace view public.published_testimonials as
  select id, offer_slug, author_name, body, experienced_in, published_at, featured
    from public.testimonials
   where status = 'published';

revoke all on public.published_testimonials from public, anon, authenticated, service_role;
grant select on public.published_testimonials to anon, authenticated, service_role;

-- New testimonials reach the owner in the alert digest: held, then sent together, at most one e-mail an hour.
alter table public.owner_alerts drop constraint if exists owner_alerts_kind_check;
alter table public.owner_alerts add constraint owner_alerts_kind_check
  check (kind in ('reported', 'expiring', 'digest', 'messages', 'testimonial'));

create or replace function public.digest_held_alerts() returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  held integer;
  digest bigint;
begin
  select count(*) into held from public.owner_alerts a where a.state = 'held';
  if held = 0 or exists (
    select 1 from public.owner_alerts a where a.kind = 'digest' and a.created_at > now() - interval '1 hour'
  ) then
    return false;
  end if;
  insert into public.owner_alerts (kind, subject, body)
  select 'digest',
         format('[Alertes] %s alertes regroupées', held),
         left(format(E'Au plus un e-mail par heure regroupe les nouveaux témoignages à modérer et les alertes '
                     'au-delà de %s par heure.\n\n', r.singles_per_hour)
              || string_agg('- ' || a.subject, E'\n' order by a.id), 5000)
    from public.owner_alerts a, public.alert_rules() r
   where a.state = 'held'
   group by r.singles_per_hour
  returning id into digest;
  update public.owner_alerts a set state = 'digested', digest_id = digest where a.state = 'held';
  return true;
end;
$$;

revoke execute on function public.digest_held_alerts() from public, anon, authenticated;
grant execute on function public.digest_held_alerts() to service_role;

/*
 * Stores a new testimonial, pending, unless its visitor or its network (an IPv4 /24, an IPv6 /48) already sent their
 * share over the last day ('rate_limited'). With p_mail_subject, the author's e-mail gets the erasure link
 * (author_mails); with p_alert_subject, the owner's next digest names it.
 */
create or replace function public.submit_testimonial(
  p_offer_slug text,
  p_author_name text,
  p_body text,
  p_experienced_in date,
  p_email text,
  p_erase_token_hash text,
  p_client_key text,
  p_network_key text,
  p_max_per_visitor integer,
  p_max_per_network integer,
  p_mail_subject text,
  p_mail_body text,
  p_alert_subject text
) returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  from_visitor integer;
  from_network integer;
begin
  perform pg_advisory_xact_lock(hashtext('testimonials:' || p_network_key));
  select count(*) filter (where t.client_key = p_client_key), count(*)
    into from_visitor, from_network
    from public.testimonials t
   where t.network_key = p_network_key and t.created_at > now() - interval '1 day';
  if from_visitor >= p_max_per_visitor or from_network >= p_max_per_network then
    return 'rate_limited';
  end if;
  insert into public.testimonials
    (offer_slug, author_name, body, experienced_in, email, erase_token_hash, client_key, network_key)
  values (p_offer_slug, p_author_name, p_body, p_experienced_in, p_email, p_erase_token_hash, p_client_key,
          p_network_key);
  if p_email is not null and p_mail_subject is not null then
    insert into public.author_mails (recipient, subject, body) values (p_email, p_mail_subject, p_mail_body);
  end if;
  if p_alert_subject is not null then
    insert into public.owner_alerts (kind, offer_slug, subject, body, state)
    values ('testimonial', p_offer_slug, p_alert_subject, p_alert_subject, 'held');
    perform public.digest_held_alerts();
  end if;
  return 'stored';
end;
$$;

/*
 * A visitor's notice about a published testimonial: 'stored', 'missing' (not published), or 'rate_limited' past
 * p_max_per_network notices from one network over the last day.
 */
create or replace function public.report_testimonial(
  p_id bigint,
  p_reason text,
  p_details text,
  p_client_key text,
  p_network_key text,
  p_max_per_network integer
) returns text
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtext('testimonial_reports:' || p_network_key));
  if not exists (select 1 from public.testimonials t where t.id = p_id and t.status = 'published') then
    return 'missing';
  end if;
  if (select count(*) from public.testimonial_reports r
       where r.network_key = p_network_key and r.created_at > now() - interval '1 day') >= p_max_per_network then
    return 'rate_limited';
  end if;
  insert into public.testimonial_reports (testimonial_id, reason, details, client_key, network_key)
  values (p_id, p_reason, nullif(p_details, ''), p_client_key, p_network_key);
  return 'stored';
end;
$$;

/*
 * Erases the testimonial of a private erasure link (its SHA-256): gives its id, offer, time of arrival and whether
 * it was public, as JSON, or null when no testimonial has that link (any more).
 */
create or replace function public.erase_testimonial_by_token(p_erase_token_hash text) returns jsonb
language sql
security invoker
set search_path = ''
as $$
  with erased as (
    delete from public.testimonials t where t.erase_token_hash = p_erase_token_hash
    returning t.id, t.offer_slug, t.created_at, t.status
  )
  select jsonb_build_object('id', id, 'offerSlug', offer_slug, 'createdAt', created_at, 'wasPublic',
                            status = 'published')
    from erased;
$$;

/*
 * The owner's decision on a testimonial: 'publish', 'refuse' (with p_reason), 'feature' or 'unfeature' (published
 * only), 'dismiss-reports'. Publishing or refusing erases the author's e-mail, after queueing p_mail_subject and
 * p_mail_body to it when given. Gives the offer of the testimonial, or null when it no longer exists or the decision
 * does not apply to it.
 */
create or replace function public.moderate_testimonial(
  p_id bigint,
  p_action text,
  p_reason text,
  p_mail_subject text,
  p_mail_body text
) returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_row public.testimonials;
begin
  select * into v_row from public.testimonials t where t.id = p_id for update;
  if not found then
    return null;
  end if;
  if p_action = 'dismiss-reports' then
    delete from public.testimonial_reports r where r.testimonial_id = p_id;
    return v_row.offer_slug;
  elsif p_action in ('feature', 'unfeature') then
    if v_row.status <> 'published' then
      return null;
    end if;
    update public.testimonials t set featured = (p_action = 'feature') where t.id = p_id;
    return v_row.offer_slug;
  elsif p_action = 'publish' then
    update public.testimonials t
       set status = 'published', refusal_reason = null, moderated_at = now(),
           published_at = coalesce(t.published_at, now()), email = null
     where t.id = p_id;
  elsif p_action = 'refuse' then
    update public.testimonials t
       set status = 'refused', refusal_reason = p_reason, moderated_at = now(), published_at = null,
           featured = false, email = null
     where t.id = p_id;
  else
    raise exception 'moderate_testimonial: unknown action %', p_action;
  end if;
  if v_row.email is not null and p_mail_subject is not null then
    insert into public.author_mails (recipient, subject, body) values (v_row.email, p_mail_subject, p_mail_body);
  end if;
  return v_row.offer_slug;
end;
$$;

/*
 * One page of the testimonials for the owner: pending first, then published (those with notices first), then
 * refused, newest first within each; with their notices and how many there are in all.
 */
create or replace function public.owner_testimonials_page(p_offset integer, p_limit integer)
returns table (
  id bigint,
  offer_slug text,
  author_name text,
  body text,
  experienced_in date,
  has_email boolean,
  status text,
  refusal_reason text,
  featured boolean,
  created_at timestamptz,
  published_at timestamptz,
  reports jsonb,
  total bigint
)
language sql
stable
security invoker
set search_path = ''
as $$
  select t.id, t.offer_slug, t.author_name, t.body, t.experienced_in, t.email is not null, t.status,
         t.refusal_reason, t.featured, t.created_at, t.published_at,
         coalesce((select jsonb_agg(jsonb_build_object('reason', r.reason, 'details', r.details,
                                                       'createdAt', r.created_at) order by r.id)
                     from public.testimonial_reports r where r.testimonial_id = t.id), '[]'::jsonb),
         count(*) over ()
    from public.testimonials t
   order by case t.status when 'pending' then 0 when 'published' then 1 else 2 end,
            exists (select 1 from public.testimonial_reports r where r.testimonial_id = t.id) desc,
            t.created_at desc, t.id desc
  offset greatest(p_offset, 0)
  limit least(greatest(p_limit, 1), 100);
$$;

/*
 * The retention the page on how testimonials are collected promises: refused ones are erased 30 days after the
 * decision, pending ones never moderated after 90 days; an author's e-mail not sent within a day is forgotten.
 */
create or replace function public.delete_expired_testimonials() returns integer
language sql
security invoker
set search_path = ''
as $$
  with deleted as (
    delete from public.testimonials t
     where (t.status = 'refused' and t.moderated_at < now() - interval '30 days')
        or (t.status = 'pending' and t.created_at < now() - interval '90 days')
    returning 1
  ), forgotten as (
    delete from public.author_mails m where m.created_at < now() - interval '1 day' returning 1
  )
  -- A data-modifying WITH runs whether or not the query reads it.
  select count(*)::integer from deleted;
$$;

-- Every function above runs as the service role only.
do $$
declare
  fn regprocedure;
begin
  foreach fn in array array[
    'public.submit_testimonial(text, text, text, date, text, text, text, text, integer, integer, text, text, text)',
    'public.report_testimonial(bigint, text, text, text, text, integer)',
    'public.erase_testimonial_by_token(text)',
    'public.moderate_testimonial(bigint, text, text, text, text)',
    'public.owner_testimonials_page(integer, integer)',
    'public.delete_expired_testimonials()'
  ]::regprocedure[] loop
    execute format('revoke execute on function %s from public, anon, authenticated', fn);
    execute format('grant execute on function %s to service_role', fn);
  end loop;
end
$$;

do $$
begin
  -- Only where pg_cron can be loaded and this role may create it: elsewhere the site's server runs the daily jobs.
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    begin
      create extension if not exists pg_cron;
    exception when others then
      raise notice 'pg_cron indisponible (%), le ménage quotidien reste au serveur du site.', sqlerrm;
    end;
  end if;
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('delete-expired-testimonials', '27 3 * * *', 'select public.delete_expired_testimonials()');
  end if;
end
$$;
