/*
 * The daily cap of confirmation e-mails counts per mailbox, not per spelling: `victim+a@…`, `victim+b@…` and, at
 * Gmail, `v.ictim@…` reach one mailbox, and each got its own two e-mails a day. request_alert takes the mailbox's key
 * (app/catalogue/mailbox.ts, hashed as the address key is, so that a plain address's two keys are the same) and
 * counts the requests of that mailbox; a row's own key and the address mail is sent to stay as typed. Requests made
 * before this migration have no mailbox key: their address key stands for it.
 */
alter table public.alert_requests add column if not exists mailbox_key text;
create index if not exists alert_requests_mailbox_idx
  on public.alert_requests ((coalesce(mailbox_key, address_key)), created_at) where mailed;

drop function if exists public.request_alert(text, text, text, text, text, text, text, text, text, integer, integer,
                                             text, text, text);

/*
 * A visitor's request to follow p_topic with p_email, from the network p_network_key: 'rate_limited' past
 * p_max_per_network requests of that network over the last hour. Otherwise the address gets one confirmation e-mail
 * (p_subject, p_body, its link's hash p_confirm_hash), unless it already follows the topic, or its mailbox
 * (p_mailbox_key) already had p_max_mails_per_address of them over the last day, whatever the spelling: the answer
 * is then the same ('accepted'), and nothing is sent. p_link_salt and p_link_hash serve a new address.
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
  p_mailbox_key text
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
  -- Every spelling of one mailbox waits for the others: the cap is read and written under one lock.
  perform pg_advisory_xact_lock(hashtext('alert_addresses:' || p_mailbox_key));
  insert into public.alert_subscribers (email, address_key, link_salt, link_hash)
  values (p_email, p_address_key, p_link_salt, p_link_hash)
  on conflict (address_key) do nothing;
  select s.id into v_subscriber from public.alert_subscribers s where s.address_key = p_address_key;
  select * into v_follow from public.alert_follows f where f.subscriber_id = v_subscriber and f.topic = p_topic;
  if v_follow.confirmed_at is not null
     or (select count(*) from public.alert_requests r
          where coalesce(r.mailbox_key, r.address_key) = p_mailbox_key and r.mailed
            and r.created_at > now() - interval '1 day')
        >= p_max_mails_per_address then
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
  insert into public.visitor_mails (subscriber_id, kind, recipient, subject, body, unsubscribe_url)
  values (v_subscriber, 'confirmation', p_email, p_subject, p_body, p_unsubscribe_url);
  return 'accepted';
end;
$$;

revoke execute on function public.request_alert(text, text, text, text, text, text, text, text, text, integer,
  integer, text, text, text, text) from public, anon, authenticated;
grant execute on function public.request_alert(text, text, text, text, text, text, text, text, text, integer,
  integer, text, text, text, text) to service_role;
