/*
 * The visitors' e-mails are shared fairly: a few networks asking for many alerts filled the one first-come queue,
 * and a real visitor's confirmation waited behind them for most of an hour. Each confirmation now carries the key of
 * its provider network (IPv4 /24, IPv6 /32: visitorProviderNetwork); a network has at most a few confirmations
 * pending and a tenth of the hourly quota, and once half the quota is used only networks that had none this hour get
 * one; the alerts and renewals never take the last fifth of the quota, kept for confirmations. Claims go to the networks that had the
 * fewest e-mails this hour first.
 */
alter table public.visitor_mails add column if not exists share_key text check (length(share_key) <= 64);
create index if not exists visitor_mails_share_idx on public.visitor_mails (share_key) where share_key is not null;

/*
 * Whether a visitor's e-mail of p_kind may be claimed now, p_used e-mails of the hour being sent or claimed, of which
 * p_share_used for its network (0 for alerts and renewals, which have none): the rule's one home.
 */
create or replace function public.visitor_mail_may_go(p_kind text, p_share_used integer, p_used integer,
  p_per_hour integer) returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_used < p_per_hour
     and (p_kind = 'confirmation' or p_used < p_per_hour * 0.8)
     and (p_share_used = 0 or (p_used < p_per_hour * 0.5 and p_share_used < p_per_hour * 0.1));
$$;

/* Each provider network's e-mails of the last hour: sent, or claimed and about to be. */
create or replace function public.visitor_mails_of_the_hour() returns table (share_key text, n integer)
language sql
stable
security invoker
set search_path = ''
as $$
  select u.share_key, count(*)::integer from public.visitor_mails u
   where u.share_key is not null
     and ((u.state = 'sent' and u.sent_at > now() - interval '1 hour')
          or (u.state = 'pending' and u.claimed_until > now()))
   group by u.share_key;
$$;

drop function if exists public.request_alert(text, text, text, text, text, text, text, text, text, integer, integer,
                                             text, text, text, text);

/*
 * A visitor's request to follow p_topic with p_email, from the network p_network_key: 'rate_limited' past
 * p_max_per_network requests of that network over the last hour. Otherwise the address gets one confirmation e-mail
 * (p_subject, p_body, its link's hash p_confirm_hash), unless it already follows the topic, its mailbox
 * (p_mailbox_key) already had p_max_mails_per_address of them over the last day, whatever the spelling, or its
 * provider network (p_share_key) already has p_max_pending_per_share waiting: the answer is then the same
 * ('accepted'), and nothing is sent. p_link_salt and p_link_hash serve a new address.
 */
create function public.request_alert(
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
  p_unsubscribe_url text,
  p_mailbox_key text,
  p_share_key text,
  p_max_pending_per_share integer
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
  -- Every spelling of one mailbox waits for the others, every request of one provider network too: each cap is read
  -- and written under its lock.
  perform pg_advisory_xact_lock(hashtext('alert_addresses:' || p_mailbox_key));
  perform pg_advisory_xact_lock(hashtext('alert_shares:' || p_share_key));
  insert into public.alert_subscribers (email, address_key, link_salt, link_hash)
  values (p_email, p_address_key, p_link_salt, p_link_hash)
  on conflict (address_key) do nothing;
  select s.id into v_subscriber from public.alert_subscribers s where s.address_key = p_address_key;
  select * into v_follow from public.alert_follows f where f.subscriber_id = v_subscriber and f.topic = p_topic;
  if v_follow.confirmed_at is not null
     or (select count(*) from public.alert_requests r
          where coalesce(r.mailbox_key, r.address_key) = p_mailbox_key and r.mailed
            and r.created_at > now() - interval '1 day')
        >= p_max_mails_per_address
     or (select count(*) from public.visitor_mails m where m.share_key = p_share_key and m.state = 'pending')
        >= p_max_pending_per_share then
    insert into public.alert_requests (network_key, address_key, mailbox_key, mailed)
    values (p_network_key, p_address_key, p_mailbox_key, false);
    return 'accepted';
  end if;
  insert into public.alert_follows (subscriber_id, topic, confirm_hash, consent_form, consent_version)
  values (v_subscriber, p_topic, p_confirm_hash, p_consent_form, p_consent_version)
  on conflict (subscriber_id, topic) do update
    set confirm_hash = excluded.confirm_hash, requested_at = now(), consent_form = excluded.consent_form,
        consent_version = excluded.consent_version;
  insert into public.alert_requests (network_key, address_key, mailbox_key, mailed)
  values (p_network_key, p_address_key, p_mailbox_key, true);
  insert into public.visitor_mails (subscriber_id, kind, recipient, subject, body, unsubscribe_url, share_key)
  values (v_subscriber, 'confirmation', p_email, p_subject, p_body, p_unsubscribe_url, p_share_key);
  return 'accepted';
end;
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
    select d.id, d.kind, d.share_key, coalesce(used.n, 0) as share_used
      from public.visitor_mails d
      left join public.visitor_mails_of_the_hour() used on used.share_key = d.share_key
     where d.state = 'pending' and d.next_attempt_at <= now()
       and (d.claimed_until is null or d.claimed_until <= now())
     order by coalesce(used.n, 0), d.next_attempt_at, d.id
  loop
    exit when cardinality(v_taken) >= p_limit or v_used >= p_per_hour;
    v_share_used := v_row.share_used + coalesce((v_shares ->> v_row.share_key)::integer, 0);
    if public.visitor_mail_may_go(v_row.kind, v_share_used, v_used, p_per_hour) then
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
   where d.state = 'pending' and public.visitor_mail_may_go(d.kind, coalesce(used.n, 0), v_used, p_per_hour);
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

do $$
declare
  v_function text;
begin
  foreach v_function in array array[
    'public.visitor_mail_may_go(text, integer, integer, integer)', 'public.visitor_mails_of_the_hour()',
    'public.request_alert(text, text, text, text, text, text, text, text, text, integer, integer, text, text, text, '
      || 'text, text, integer)',
    'public.claim_due_visitor_mails(text, integer, integer, integer)',
    'public.visitor_mails_next_due_ms(integer)'
  ] loop
    execute format('revoke execute on function %s from public, anon, authenticated', v_function);
    execute format('grant execute on function %s to service_role', v_function);
  end loop;
end;
$$;
