-- Visitors' e-mail alerts ("Me prévenir"): an address follows brands and categories, and hears of the offers added or
-- improved among them. Double opt-in: a request sends one confirmation e-mail and nothing else until its button is
-- pressed. An address is erased when it unsubscribes, when its mail server refuses it, 3 years after its last
-- confirmation, or 48 hours after a request never confirmed. What stays after an unsubscribe is the keyed hash of the
-- address and its dates (alert_consent_records), for 3 years. The database never holds the key of those hashes.

-- The categories an offer was listed in when its change was recorded: category alerts need them, and the bundled
-- offers' categories are not in the database.
alter table public.offer_history add column if not exists categories text[];

create table if not exists public.alert_subscribers (
  id bigint generated always as identity primary key,
  email text not null check (length(email) between 3 and 254),
  -- The keyed hash of the lower-cased address: one row per address, and the per-address limit.
  address_key text not null unique check (address_key ~ '^[0-9a-f]{64}$'),
  -- The secret of the links in its e-mails is derived from this salt under the site's key; only its hash is here.
  link_salt text not null check (link_salt ~ '^[0-9a-f]{32}$'),
  link_hash text not null unique check (link_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  -- The last time its owner confirmed: the first follow, a new one, or the renewal asked before 3 years.
  confirmed_at timestamptz,
  renewal_asked_at timestamptz,
  -- The last e-mail of offers: after the first one, one a day at most (a digest).
  last_alert_at timestamptz,
  claimed_by text check (length(claimed_by) <= 64),
  claimed_until timestamptz
);

create table if not exists public.alert_follows (
  id bigint generated always as identity primary key,
  subscriber_id bigint not null references public.alert_subscribers (id) on delete cascade,
  -- 'marque:{slug}' or 'categorie:{id}'.
  topic text not null check (topic ~ '^(marque|categorie):[a-z0-9-]{1,100}$'),
  requested_at timestamptz not null default now(),
  -- The hash of the confirmation link's secret while the follow waits for it; null once confirmed.
  confirm_hash text unique check (confirm_hash ~ '^[0-9a-f]{64}$'),
  confirmed_at timestamptz,
  -- Proof of consent: the page whose form asked, and the version of the text it showed.
  consent_form text not null check (length(consent_form) <= 200),
  consent_version text not null check (length(consent_version) <= 40),
  -- News recorded after this time is still to be sent.
  notified_up_to timestamptz,
  unique (subscriber_id, topic)
);
create index if not exists alert_follows_topic_idx on public.alert_follows (topic) where confirmed_at is not null;

-- The keyed hash of an address that unsubscribed, with the dates of its consent: proof that it had consented, kept 3
-- years after the unsubscribe.
create table if not exists public.alert_consent_records (
  address_key text not null check (address_key ~ '^[0-9a-f]{64}$'),
  consented_at timestamptz,
  consent_version text check (length(consent_version) <= 40),
  ended_at timestamptz not null default now(),
  ended_by text not null check (ended_by in ('unsubscribe', 'refused', 'expired'))
);
create index if not exists alert_consent_records_ended_idx on public.alert_consent_records (ended_at);

-- The requests of the last day by network, and the confirmation e-mails by address (its keyed hash): the limits.
create table if not exists public.alert_requests (
  network_key text not null check (length(network_key) <= 128),
  address_key text not null check (address_key ~ '^[0-9a-f]{64}$'),
  mailed boolean not null,
  created_at timestamptz not null default now()
);
create index if not exists alert_requests_network_idx on public.alert_requests (network_key, created_at);
create index if not exists alert_requests_address_idx on public.alert_requests (address_key, created_at) where mailed;

-- The e-mails to visitors, sent by the outbox at a rate of their own. A row sent keeps neither address nor text: only
-- its time, for the hourly rate, for a day.
create table if not exists public.visitor_mails (
  id bigint generated always as identity primary key,
  subscriber_id bigint references public.alert_subscribers (id) on delete cascade,
  kind text not null check (kind in ('confirmation', 'alert', 'renewal')),
  recipient text check (length(recipient) <= 254),
  subject text check (length(subject) <= 200),
  body text check (length(body) <= 100000),
  unsubscribe_url text check (length(unsubscribe_url) <= 500),
  state text not null default 'pending' check (state in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  next_attempt_at timestamptz not null default now(),
  sent_at timestamptz,
  claimed_by text check (length(claimed_by) <= 64),
  claimed_until timestamptz
);
create index if not exists visitor_mails_due_idx on public.visitor_mails (next_attempt_at) where state = 'pending';
create index if not exists visitor_mails_sent_idx on public.visitor_mails (sent_at) where state = 'sent';

do $$
declare
  v_table text;
begin
  foreach v_table in array array['alert_subscribers', 'alert_follows', 'alert_consent_records', 'alert_requests',
                                 'visitor_mails'] loop
    execute format('alter table public.%I enable row level security', v_table);
    execute format('revoke all on table public.%I from public, anon, authenticated', v_table);
    execute format('grant select, insert, update, delete on table public.%I to service_role', v_table);
  end loop;
end;
$$;

-- record_offer_changes also stores the offer's categories (p_changes[].categories).
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
      insert into public.offer_history (offer_slug, change, before, after, categories)
      values (v_change ->> 'slug', v_change ->> 'change', nullif(v_change -> 'before', 'null'::jsonb),
              v_change -> 'after',
              (select array_agg(c) from jsonb_array_elements_text(coalesce(v_change -> 'categories', '[]')) c));
      v_recorded := v_recorded + 1;
    end if;
  end loop;
  return v_recorded;
end;
$$;

/*
 * A visitor asks to follow p_topic with p_email. Refused ('rate_limited') past p_max_per_network requests of its
 * network over the last hour. Otherwise the address gets one confirmation e-mail (p_subject, p_body, its link's hash
 * p_confirm_hash), unless it already follows the topic, or already had p_max_mails_per_address of them over the last
 * day: the answer is then the same ('accepted'), and nothing is sent. p_link_salt and p_link_hash serve a new address.
 */
create or replace function public.request_alert(
  p_email text,
  p_address_key text,
  p_topic text,
  p_consent_form text,
  p_consent_version text,
  p_confirm_hash text,
  p_link_salt text,
  p_link_hash text,
  p_network_key text,
  p_max_per_network integer,
  p_max_mails_per_address integer,
  p_subject text,
  p_body text,
  p_unsubscribe_url text
) returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_subscriber bigint;
  v_follow public.alert_follows;
begin
  perform pg_advisory_xact_lock(hashtext('alert_requests:' || p_network_key));
  if (select count(*) from public.alert_requests r
       where r.network_key = p_network_key and r.created_at > now() - interval '1 hour') >= p_max_per_network then
    return 'rate_limited';
  end if;
  perform pg_advisory_xact_lock(hashtext('alert_addresses:' || p_address_key));
  insert into public.alert_subscribers (email, address_key, link_salt, link_hash)
  values (p_email, p_address_key, p_link_salt, p_link_hash)
  on conflict (address_key) do nothing;
  select s.id into v_subscriber from public.alert_subscribers s where s.address_key = p_address_key;
  select * into v_follow from public.alert_follows f where f.subscriber_id = v_subscriber and f.topic = p_topic;
  if v_follow.confirmed_at is not null
     or (select count(*) from public.alert_requests r
          where r.address_key = p_address_key and r.mailed and r.created_at > now() - interval '1 day')
        >= p_max_mails_per_address then
    insert into public.alert_requests (network_key, address_key, mailed) values (p_network_key, p_address_key, false);
    return 'accepted';
  end if;
  insert into public.alert_follows (subscriber_id, topic, confirm_hash, consent_form, consent_version)
  values (v_subscriber, p_topic, p_confirm_hash, p_consent_form, p_consent_version)
  on conflict (subscriber_id, topic) do update
    set confirm_hash = excluded.confirm_hash, requested_at = now(), consent_form = excluded.consent_form,
        consent_version = excluded.consent_version;
  insert into public.alert_requests (network_key, address_key, mailed) values (p_network_key, p_address_key, true);
  insert into public.visitor_mails (subscriber_id, kind, recipient, subject, body, unsubscribe_url)
  values (v_subscriber, 'confirmation', p_email, p_subject, p_body, p_unsubscribe_url);
  return 'accepted';
end;
$$;

/*
 * The button of a confirmation link (its hash): the follow starts, and the address counts as confirmed today. Gives
 * the topic, or null when no request waits for that link (confirmed already, or erased after 48 hours).
 */
create or replace function public.confirm_alert(p_confirm_hash text) returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_follow public.alert_follows;
begin
  update public.alert_follows f
     set confirmed_at = now(), confirm_hash = null, notified_up_to = now()
   where f.confirm_hash = p_confirm_hash
  returning * into v_follow;
  if not found then
    return null;
  end if;
  update public.alert_subscribers s
     set confirmed_at = now(), renewal_asked_at = null
   where s.id = v_follow.subscriber_id;
  return v_follow.topic;
end;
$$;

/* What the address of a link (its hash) follows, confirmed or not; no row when the link is unknown. */
create or replace function public.alert_subscription(p_link_hash text)
returns table (subscriber_id bigint, confirmed_at timestamptz, renewal_asked_at timestamptz, topic text,
               follow_confirmed boolean)
language sql
stable
security invoker
set search_path = ''
as $$
  select s.id, s.confirmed_at, s.renewal_asked_at, f.topic, f.confirmed_at is not null
    from public.alert_subscribers s
    left join public.alert_follows f on f.subscriber_id = s.id
   where s.link_hash = p_link_hash
   order by f.topic
$$;

/* Erases one address and all it follows, keeping the proof of its consent; true when it existed. */
create or replace function public.erase_alert_subscriber(p_subscriber_id bigint, p_ended_by text) returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_row public.alert_subscribers;
  v_version text;
begin
  select f.consent_version into v_version from public.alert_follows f
   where f.subscriber_id = p_subscriber_id and f.confirmed_at is not null
   order by f.confirmed_at desc limit 1;
  delete from public.alert_subscribers s where s.id = p_subscriber_id returning * into v_row;
  if not found then
    return false;
  end if;
  if v_row.confirmed_at is not null then
    insert into public.alert_consent_records (address_key, consented_at, consent_version, ended_by)
    values (v_row.address_key, v_row.confirmed_at, v_version, p_ended_by);
  end if;
  return true;
end;
$$;

/*
 * From a link (its hash): 'unsubscribe' erases the address; 'stop' ends the follow of p_topic (and erases the
 * address when nothing is left); 'renew' confirms the address again. False when the link is unknown.
 */
create or replace function public.change_alert_subscription(p_link_hash text, p_action text, p_topic text)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_id bigint;
begin
  select s.id into v_id from public.alert_subscribers s where s.link_hash = p_link_hash for update;
  if not found then
    return false;
  end if;
  if p_action = 'unsubscribe' then
    perform public.erase_alert_subscriber(v_id, 'unsubscribe');
  elsif p_action = 'stop' then
    delete from public.alert_follows f where f.subscriber_id = v_id and f.topic = p_topic;
    if not exists (select from public.alert_follows f where f.subscriber_id = v_id) then
      perform public.erase_alert_subscriber(v_id, 'unsubscribe');
    end if;
  elsif p_action = 'renew' then
    update public.alert_subscribers s set confirmed_at = now(), renewal_asked_at = null
     where s.id = v_id and s.confirmed_at is not null;
  else
    raise exception 'change_alert_subscription: unknown action %', p_action;
  end if;
  return true;
end;
$$;

/*
 * The addresses due an e-mail of offers, claimed by p_claimer for p_lease_seconds: a confirmed follow has news (an
 * offer of its brand or category added or improved since it was last told) of which the oldest is p_delay_seconds
 * old, so that changes made together go out together; and the address had no such e-mail over the last day. Gives,
 * for each, the news up to now.
 */
create or replace function public.claim_alert_digests(
  p_claimer text, p_limit integer, p_lease_seconds integer, p_delay_seconds integer
) returns table (subscriber_id bigint, email text, link_salt text, up_to timestamptz, news jsonb)
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_now timestamptz := now();
begin
  return query
  with news as (
    select f.subscriber_id, h.id, h.offer_slug, h.recorded_at, h.change, h.before, h.after
      from public.alert_follows f
      join public.offer_history h
        on h.change in ('added', 'improved') and h.recorded_at > f.notified_up_to and h.recorded_at <= v_now
       and (f.topic = 'marque:' || h.offer_slug
            or (f.topic like 'categorie:%' and substr(f.topic, 11) = any (h.categories)))
     where f.confirmed_at is not null
  ),
  due as (
    select s.id from public.alert_subscribers s
     where s.confirmed_at is not null
       and (s.claimed_until is null or s.claimed_until <= v_now)
       and (s.last_alert_at is null or s.last_alert_at <= v_now - interval '1 day')
       and (select min(n.recorded_at) from news n where n.subscriber_id = s.id)
           <= v_now - make_interval(secs => p_delay_seconds)
     order by s.id
     limit p_limit
     for update of s skip locked
  ),
  claimed as (
    update public.alert_subscribers s
       set claimed_by = p_claimer, claimed_until = v_now + make_interval(secs => p_lease_seconds)
      from due where s.id = due.id
    returning s.id, s.email, s.link_salt
  )
  select c.id, c.email, c.link_salt, v_now,
         (select jsonb_agg(distinct jsonb_build_object('id', n.id, 'slug', n.offer_slug, 'recordedAt', n.recorded_at,
                                                       'change', n.change, 'before', n.before, 'after', n.after))
            from news n where n.subscriber_id = c.id)
    from claimed c
   order by c.id;
end;
$$;

/*
 * Queues the e-mail of offers of a claimed address, and notes that it was told of the news up to p_up_to; or, with
 * p_subject null, only notes it (news no longer worth an e-mail). False when p_claimer no longer holds the claim.
 */
create or replace function public.queue_alert_digest(
  p_subscriber_id bigint, p_claimer text, p_up_to timestamptz, p_subject text, p_body text, p_unsubscribe_url text
) returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_email text;
begin
  update public.alert_subscribers s
     set claimed_by = null, claimed_until = null,
         last_alert_at = case when p_subject is null then s.last_alert_at else now() end
   where s.id = p_subscriber_id and s.claimed_by = p_claimer
  returning s.email into v_email;
  if not found then
    return false;
  end if;
  update public.alert_follows f set notified_up_to = p_up_to
   where f.subscriber_id = p_subscriber_id and f.confirmed_at is not null and f.notified_up_to < p_up_to;
  if p_subject is not null then
    insert into public.visitor_mails (subscriber_id, kind, recipient, subject, body, unsubscribe_url)
    values (p_subscriber_id, 'alert', v_email, p_subject, p_body, p_unsubscribe_url);
  end if;
  return true;
end;
$$;

/*
 * The addresses to ask once to confirm again, p_ask_days before the 3 years after their last confirmation run out,
 * claimed as claim_alert_digests claims. The renewal e-mail is queued with queue_alert_renewal.
 */
create or replace function public.claim_alert_renewals(p_claimer text, p_limit integer, p_lease_seconds integer,
  p_ask_days integer)
returns table (subscriber_id bigint, email text, link_salt text)
language sql
security invoker
set search_path = ''
as $$
  with due as (
    select s.id from public.alert_subscribers s
     where s.confirmed_at is not null and s.renewal_asked_at is null
       and s.confirmed_at <= now() - interval '3 years' + make_interval(days => p_ask_days)
       and (s.claimed_until is null or s.claimed_until <= now())
     order by s.id limit p_limit
     for update skip locked
  )
  update public.alert_subscribers s
     set claimed_by = p_claimer, claimed_until = now() + make_interval(secs => p_lease_seconds)
    from due where s.id = due.id
  returning s.id, s.email, s.link_salt;
$$;

create or replace function public.queue_alert_renewal(p_subscriber_id bigint, p_claimer text, p_subject text,
  p_body text, p_unsubscribe_url text) returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_email text;
begin
  update public.alert_subscribers s
     set claimed_by = null, claimed_until = null, renewal_asked_at = now()
   where s.id = p_subscriber_id and s.claimed_by = p_claimer
  returning s.email into v_email;
  if not found then
    return false;
  end if;
  insert into public.visitor_mails (subscriber_id, kind, recipient, subject, body, unsubscribe_url)
  values (p_subscriber_id, 'renewal', v_email, p_subject, p_body, p_unsubscribe_url);
  return true;
end;
$$;

/*
 * The retentions of the alerts: requests unconfirmed after 48 hours (and an address left with nothing), addresses 3
 * years after their last confirmation, proofs of consent 3 years after the unsubscribe, the limits' rows after a day,
 * sent e-mails after a day. Gives how many addresses and requests were erased.
 */
create or replace function public.delete_expired_alerts() returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_erased integer := 0;
  v_id bigint;
begin
  with gone as (
    delete from public.alert_follows f
     where f.confirmed_at is null and f.requested_at < now() - interval '48 hours' returning 1
  ) select count(*) into v_erased from gone;
  delete from public.alert_subscribers s
   where s.confirmed_at is null and s.created_at < now() - interval '48 hours'
     and not exists (select from public.alert_follows f where f.subscriber_id = s.id);
  for v_id in select s.id from public.alert_subscribers s where s.confirmed_at < now() - interval '3 years' loop
    perform public.erase_alert_subscriber(v_id, 'expired');
    v_erased := v_erased + 1;
  end loop;
  delete from public.alert_consent_records r where r.ended_at < now() - interval '3 years';
  delete from public.alert_requests r where r.created_at < now() - interval '1 day';
  delete from public.visitor_mails m where m.state <> 'pending' and m.created_at < now() - interval '1 day';
  return v_erased;
end;
$$;

/* The visitors' e-mails due now, claimed as claim_due_messages claims, within p_per_hour sent over the last hour. */
create or replace function public.claim_due_visitor_mails(p_claimer text, p_limit integer, p_lease_seconds integer,
  p_per_hour integer)
returns table (id bigint, attempts integer, queued_at timestamptz, recipient text, subject text, body text,
               unsubscribe_url text, subscriber_id bigint)
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_room integer;
begin
  perform pg_advisory_xact_lock(hashtext('public.claim_due_visitor_mails'));
  select p_per_hour - count(*) into v_room from public.visitor_mails m
   where (m.state = 'sent' and m.sent_at > now() - interval '1 hour')
      or (m.state = 'pending' and m.claimed_until > now());
  return query
  with claimed as (
    update public.visitor_mails m
       set claimed_by = p_claimer, claimed_until = now() + make_interval(secs => p_lease_seconds)
     where m.id in (
       select d.id from public.visitor_mails d
        where d.state = 'pending' and d.next_attempt_at <= now()
          and (d.claimed_until is null or d.claimed_until <= now())
        order by d.next_attempt_at, d.id
        limit greatest(least(p_limit, v_room), 0)
        for update skip locked
     )
    returning m.id, m.attempts, m.created_at, m.recipient, m.subject, m.body, m.unsubscribe_url, m.subscriber_id,
              m.next_attempt_at
  )
  select c.id, c.attempts, c.created_at, c.recipient, c.subject, c.body, c.unsubscribe_url, c.subscriber_id
    from claimed c order by c.next_attempt_at, c.id;
end;
$$;

/*
 * What became of a visitor's e-mail claimed by p_claimer: sent (its address and text are dropped, its time kept for
 * the rate), failed for a while, or refused by the recipient's server (p_refused): the address is then erased.
 */
create or replace function public.settle_visitor_mail(p_id bigint, p_claimer text, p_attempts integer, p_error text,
  p_gives_up boolean, p_refused boolean, p_retry_seconds double precision) returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_subscriber bigint;
begin
  if p_error is null then
    update public.visitor_mails m
       set state = 'sent', sent_at = now(), attempts = p_attempts, recipient = null, subject = null, body = null,
           unsubscribe_url = null, subscriber_id = null, claimed_by = null, claimed_until = null
     where m.id = p_id and m.claimed_by = p_claimer;
    return found;
  end if;
  if p_refused or p_gives_up then
    update public.visitor_mails m
       set state = 'failed', attempts = p_attempts, last_error = p_error, recipient = null, subject = null,
           body = null, unsubscribe_url = null, claimed_by = null, claimed_until = null
     where m.id = p_id and m.claimed_by = p_claimer
    returning m.subscriber_id into v_subscriber;
    if found and p_refused and v_subscriber is not null then
      perform public.erase_alert_subscriber(v_subscriber, 'refused');
    end if;
    return found;
  end if;
  update public.visitor_mails m
     set attempts = p_attempts, last_error = p_error, claimed_by = null, claimed_until = null,
         next_attempt_at = now() + make_interval(secs => p_retry_seconds)
   where m.id = p_id and m.claimed_by = p_claimer;
  return found;
end;
$$;

/* The active subscribers (confirmed follows) of each brand and category, for the owner: counts, never addresses. */
create or replace function public.alert_follow_counts()
returns table (topic text, followers bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select f.topic, count(*) from public.alert_follows f
    join public.alert_subscribers s on s.id = f.subscriber_id
   where f.confirmed_at is not null and s.confirmed_at is not null
   group by f.topic order by f.topic
$$;

/* As before (20250204000000_outbox_claims.sql), and the visitors' e-mails ('visitors'). */
create or replace function public.renew_outbox_claim(
  p_queue text, p_id bigint, p_claimer text, p_lease_seconds integer
) returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_until timestamptz := now() + make_interval(secs => p_lease_seconds);
begin
  if p_queue = 'messages' then
    update public.message_outbox o set claimed_until = v_until
     where o.message_id = p_id and o.claimed_by = p_claimer and o.state = 'pending';
  elsif p_queue = 'alerts' then
    update public.owner_alerts a set claimed_until = v_until
     where a.id = p_id and a.claimed_by = p_claimer and a.state = 'pending';
  elsif p_queue = 'authors' then
    update public.author_mails a set claimed_until = v_until
     where a.id = p_id and a.claimed_by = p_claimer and a.state = 'pending';
  elsif p_queue = 'visitors' then
    update public.visitor_mails m set claimed_until = v_until
     where m.id = p_id and m.claimed_by = p_claimer and m.state = 'pending';
  else
    raise exception 'renew_outbox_claim: unknown queue %', p_queue;
  end if;
  return found;
end;
$$;

/*
 * Milliseconds until a visitor's e-mail may be taken: when one falls due or its claim runs out, and, once p_per_hour
 * were sent over the last hour, when the oldest of them is an hour old. Null when none is pending.
 */
create or replace function public.visitor_mails_next_due_ms(p_per_hour integer) returns double precision
language sql
stable
security invoker
set search_path = ''
as $$
  select (extract(epoch from greatest(
            (select min(greatest(next_attempt_at, coalesce(claimed_until, next_attempt_at)))
               from public.visitor_mails where state = 'pending'),
            case when (select count(*) from public.visitor_mails
                        where state = 'sent' and sent_at > now() - interval '1 hour') >= p_per_hour
                 then (select min(sent_at) + interval '1 hour' from public.visitor_mails
                        where state = 'sent' and sent_at > now() - interval '1 hour') end
          ) - now()) * 1000)::double precision
   where exists (select from public.visitor_mails where state = 'pending');
$$;

do $$
declare
  v_function text;
begin
  foreach v_function in array array[
    'public.request_alert(text, text, text, text, text, text, text, text, text, integer, integer, text, text, text)',
    'public.confirm_alert(text)', 'public.alert_subscription(text)', 'public.erase_alert_subscriber(bigint, text)',
    'public.change_alert_subscription(text, text, text)', 'public.claim_alert_digests(text, integer, integer, integer)',
    'public.queue_alert_digest(bigint, text, timestamptz, text, text, text)',
    'public.claim_alert_renewals(text, integer, integer, integer)',
    'public.queue_alert_renewal(bigint, text, text, text, text)', 'public.delete_expired_alerts()',
    'public.claim_due_visitor_mails(text, integer, integer, integer)',
    'public.settle_visitor_mail(bigint, text, integer, text, boolean, boolean, double precision)',
    'public.alert_follow_counts()', 'public.visitor_mails_next_due_ms(integer)'
  ] loop
    execute format('revoke execute on function %s from public, anon, authenticated', v_function);
    execute format('grant execute on function %s to service_role', v_function);
  end loop;
end;
$$;
