/*
 * Part of each hour's visitors' e-mails is kept for visitors who confirmed an alert before: a quota's worth of
 * distinct networks, each asking one alert for a new address, took the whole hour's confirmations, and a visitor
 * already subscribed who asked for one more topic waited an hour behind them. Confirmations to an address that never
 * confirmed now stop at 70 % of the hour; the rest goes to the alerts and renewals (up to 80 %, as before) and to the
 * confirmations of addresses that confirmed before (to the end). Nothing new is stored: whether an address confirmed
 * before is its own row's confirmed_at, never a network beside it.
 *
 * The owner is told, a day at most between two, when the confirmations sent over the last day reached half an
 * hour's quota and four in five of them were never confirmed: the quota goes to requests nobody confirms.
 */

/*
 * Whether a visitor's e-mail of p_kind may be claimed now, p_used e-mails of the hour being sent or claimed, of which
 * p_share_used for its network (0 for alerts and renewals, which have none), p_known when its address confirmed an
 * alert before: the rule's one home.
 */
create or replace function public.visitor_mail_may_go(p_kind text, p_share_used integer, p_used integer,
  p_per_hour integer, p_known boolean) returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_used < p_per_hour
     and (p_kind = 'confirmation' or p_used < p_per_hour * 0.8)
     and (p_kind <> 'confirmation' or p_known or p_used < p_per_hour * 0.7)
     and (p_share_used = 0 or (p_used < p_per_hour * 0.5 and p_share_used < p_per_hour * 0.1));
$$;

/*
 * The visitors' e-mails due now, claimed by p_claimer: the networks with the fewest e-mails this hour first, each
 * e-mail only if visitor_mail_may_go says so, p_per_hour in any hour at most for all instances together.
 */
create or replace function public.claim_due_visitor_mails(p_claimer text, p_limit integer, p_lease_seconds integer,
  p_per_hour integer)
returns table (id bigint, attempts integer, queued_at timestamptz, recipient text, subject text, body text,
               unsubscribe_url text, subscriber_id bigint)
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_used integer;
  v_taken bigint[] := '{}';
  v_shares jsonb := '{}';
  v_share_used integer;
  v_row record;
begin
  perform pg_advisory_xact_lock(hashtext('public.claim_due_visitor_mails'));
  select count(*) into v_used from public.visitor_mails m
   where (m.state = 'sent' and m.sent_at > now() - interval '1 hour')
      or (m.state = 'pending' and m.claimed_until > now());
  for v_row in
    select d.id, d.kind, d.share_key, coalesce(used.n, 0) as share_used, s.confirmed_at is not null as known
      from public.visitor_mails d
      left join public.visitor_mails_of_the_hour() used on used.share_key = d.share_key
      left join public.alert_subscribers s on s.id = d.subscriber_id
     where d.state = 'pending' and d.next_attempt_at <= now()
       and (d.claimed_until is null or d.claimed_until <= now())
     order by coalesce(used.n, 0), d.next_attempt_at, d.id
  loop
    exit when cardinality(v_taken) >= p_limit or v_used >= p_per_hour;
    v_share_used := v_row.share_used + coalesce((v_shares ->> v_row.share_key)::integer, 0);
    if public.visitor_mail_may_go(v_row.kind, v_share_used, v_used, p_per_hour, v_row.known) then
      v_taken := v_taken || v_row.id;
      v_used := v_used + 1;
      if v_row.share_key is not null then
        v_shares := v_shares || jsonb_build_object(v_row.share_key, v_share_used - v_row.share_used + 1);
      end if;
    end if;
  end loop;
  return query
  with claimed as (
    update public.visitor_mails m
       set claimed_by = p_claimer, claimed_until = now() + make_interval(secs => p_lease_seconds)
     where m.id = any(v_taken)
    returning m.id, m.attempts, m.created_at, m.recipient, m.subject, m.body, m.unsubscribe_url, m.subscriber_id,
              m.next_attempt_at
  )
  select c.id, c.attempts, c.created_at, c.recipient, c.subject, c.body, c.unsubscribe_url, c.subscriber_id
    from claimed c order by c.next_attempt_at, c.id;
end;
$$;

/*
 * Milliseconds until a visitor's e-mail may be claimed: the soonest pending one that visitor_mail_may_go lets go
 * (when it falls due or its claim runs out), or else when the oldest e-mail of the hour is an hour old and frees a
 * place. Null when none is pending.
 */
create or replace function public.visitor_mails_next_due_ms(p_per_hour integer) returns double precision
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_used integer;
  v_next timestamptz;
begin
  if not exists (select from public.visitor_mails where state = 'pending') then
    return null;
  end if;
  select count(*) into v_used from public.visitor_mails m
   where (m.state = 'sent' and m.sent_at > now() - interval '1 hour')
      or (m.state = 'pending' and m.claimed_until > now());
  select min(greatest(d.next_attempt_at, coalesce(d.claimed_until, d.next_attempt_at))) into v_next
    from public.visitor_mails d
    left join public.visitor_mails_of_the_hour() used on used.share_key = d.share_key
    left join public.alert_subscribers s on s.id = d.subscriber_id
   where d.state = 'pending'
     and public.visitor_mail_may_go(d.kind, coalesce(used.n, 0), v_used, p_per_hour, s.confirmed_at is not null);
  if v_next is null then
    select min(m.sent_at) + interval '1 hour' into v_next from public.visitor_mails m
     where m.state = 'sent' and m.sent_at > now() - interval '1 hour';
  end if;
  if v_next is null then
    select min(m.claimed_until) into v_next from public.visitor_mails m
     where m.state = 'pending' and m.claimed_until > now();
  end if;
  return (extract(epoch from v_next - now()) * 1000)::double precision;
end;
$$;

drop function if exists public.visitor_mail_may_go(text, integer, integer, integer);

alter table public.owner_alerts drop constraint if exists owner_alerts_kind_check;
alter table public.owner_alerts add constraint owner_alerts_kind_check
  check (kind in ('reported', 'expiring', 'digest', 'messages', 'testimonial', 'visitor-mails',
                  'unconfirmed-requests'));
alter table public.owner_alerts drop constraint if exists owner_alerts_digest_offer_check;
alter table public.owner_alerts add constraint owner_alerts_digest_offer_check
  check ((kind in ('digest', 'messages', 'visitor-mails', 'unconfirmed-requests')) = (offer_slug is null));

/*
 * Queues the owner's alert (p_subject, p_body) when the confirmations sent over the last day reached half of
 * p_per_hour and at least four in five of the requests they answered (asked between a day and an hour ago) still
 * wait for their confirmation, and no such alert was queued over the last day: true when it queued one.
 */
create or replace function public.alert_owner_if_requests_unconfirmed(p_per_hour integer, p_subject text,
  p_body text) returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_sent integer;
  v_waiting integer;
begin
  perform pg_advisory_xact_lock(hashtext('public.alert_owner_if_requests_unconfirmed'));
  if exists (select from public.owner_alerts a
              where a.kind = 'unconfirmed-requests' and a.created_at > now() - interval '1 day') then
    return false;
  end if;
  select count(*) into v_sent from public.visitor_mails m
   where m.kind = 'confirmation' and m.state = 'sent' and m.sent_at > now() - interval '1 day'
     and m.sent_at < now() - interval '1 hour';
  select count(*) into v_waiting from public.alert_follows f
   where f.confirmed_at is null and f.confirm_hash is not null
     and f.requested_at > now() - interval '1 day' and f.requested_at < now() - interval '1 hour';
  if v_sent < p_per_hour * 0.5 or v_waiting * 5 < v_sent * 4 then
    return false;
  end if;
  insert into public.owner_alerts (kind, subject, body) values ('unconfirmed-requests', p_subject, p_body);
  return true;
end;
$$;

do $$
declare
  v_function text;
begin
  foreach v_function in array array[
    'public.visitor_mail_may_go(text, integer, integer, integer, boolean)',
    'public.claim_due_visitor_mails(text, integer, integer, integer)',
    'public.visitor_mails_next_due_ms(integer)',
    'public.alert_owner_if_requests_unconfirmed(integer, text, text)'
  ] loop
    execute format('revoke execute on function %s from public, anon, authenticated', v_function);
    execute format('grant execute on function %s to service_role', v_function);
  end loop;
end;
$$;
