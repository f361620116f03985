-- Messages that hold against someone with many addresses, and an inbox a flood cannot fill.
--
-- - Besides each sender's limit, the messages of one network (an IPv4 /24, an IPv6 /48: what one customer can get
--   hold of) are limited to p_max_per_network an hour (5 unless the site says otherwise).
-- - At most message_rules().mails_per_hour messages an hour are e-mailed to the owner, all senders together. The
--   first one past it is answered 'stored_summary': instead of it, one e-mail says that messages keep coming and wait
--   in the back office; the next ones within the hour are 'stored_quiet'. Every message is stored all the same.

alter table public.contact_messages add column if not exists network_key text;

-- The summary is e-mailed through owner_alerts, with the embedded database: a row of its own kind, about no offer.
alter table public.owner_alerts drop constraint if exists owner_alerts_kind_check;
alter table public.owner_alerts add constraint owner_alerts_kind_check
  check (kind in ('reported', 'expiring', 'digest', 'messages'));
alter table public.owner_alerts drop constraint if exists owner_alerts_digest_offer_check;
alter table public.owner_alerts add constraint owner_alerts_digest_offer_check
  check ((kind in ('digest', 'messages')) = (offer_slug is null));
create index if not exists contact_messages_network_idx on public.contact_messages (network_key, created_at);
create index if not exists contact_messages_created_idx on public.contact_messages (created_at);

-- When the owner was last told that messages keep coming past the hourly ceiling.
create table if not exists public.message_mail_summaries (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now()
);
alter table public.message_mail_summaries enable row level security;
revoke all on table public.message_mail_summaries from public, anon, authenticated;
grant select, insert, delete on table public.message_mail_summaries to service_role;
revoke all on sequence public.message_mail_summaries_id_seq from public, anon, authenticated;
grant usage on sequence public.message_mail_summaries_id_seq to service_role;

create or replace function public.message_rules(out mails_per_hour integer)
language sql immutable set search_path = '' as $$ select 20 $$;

revoke execute on function public.message_rules() from public, anon, authenticated;
grant execute on function public.message_rules() to service_role;

/*
 * Stores a visitor's message: 'duplicate' (the same form sent again), 'rate_limited' (past the sender's limit, or
 * its network's), else stored and 'stored' (to be e-mailed), 'stored_summary' (the first past the hourly ceiling of
 * e-mails: send the owner one summary instead) or 'stored_quiet' (past the ceiling: not e-mailed).
 */
drop function if exists public.submit_contact_message(text, text, text, text, text, uuid, text, integer, interval);
create function public.submit_contact_message(
  p_name text, p_email text, p_subject text, p_message text, p_brand_name text,
  p_submission_id uuid, p_client_key text, p_network_key text,
  p_max_per_window integer default 5,
  p_window interval default interval '10 minutes',
  p_max_per_network integer default 5
) returns text language plpgsql security invoker set search_path = '' as $$
declare
  rules record;
  v_key text := case when p_submission_id is null then null else md5(concat_ws(
    E'\x1f', p_submission_id::text, p_client_key, p_name, p_email, p_subject, p_message, p_brand_name)) end;
  mailed integer;
begin
  if coalesce(p_network_key, '') = '' then
    raise exception 'submit_contact_message: p_network_key is required';
  end if;
  select * into rules from public.message_rules();
  if v_key is not null and exists (select 1 from public.contact_messages m where m.dedupe_key = v_key) then
    return 'duplicate';
  end if;

  -- Two messages of one network at the same instant must not both slip under a limit.
  perform pg_advisory_xact_lock(hashtext('contact-network:' || p_network_key));
  -- Each count stops at its limit: a flood costs no more per message than a quiet hour.
  if p_client_key is not null and (
    select count(*) from (
      select 1 from public.contact_messages m
       where m.client_key = p_client_key and m.created_at > now() - p_window limit p_max_per_window
    ) sent
  ) >= p_max_per_window then
    return 'rate_limited';
  end if;
  if (
    select count(*) from (
      select 1 from public.contact_messages m
       where m.network_key = p_network_key and m.created_at > now() - interval '1 hour' limit p_max_per_network
    ) sent
  ) >= p_max_per_network then
    return 'rate_limited';
  end if;

  insert into public.contact_messages
    (name, email, subject, message, brand_name, submission_id, client_key, network_key, dedupe_key)
  values (p_name, p_email, p_subject, p_message, p_brand_name, p_submission_id, p_client_key, p_network_key, v_key)
  on conflict (dedupe_key) do nothing;
  if not found then
    return 'duplicate';
  end if;

  -- The ceiling on e-mails is the site's, all networks together.
  perform pg_advisory_xact_lock(hashtext('contact-mails'));
  select count(*) into mailed from (
    select 1 from public.contact_messages m
     where m.created_at > now() - interval '1 hour' limit rules.mails_per_hour + 1
  ) sent;
  if mailed <= rules.mails_per_hour then
    return 'stored';
  end if;
  if exists (select 1 from public.message_mail_summaries s where s.created_at > now() - interval '1 hour') then
    return 'stored_quiet';
  end if;
  insert into public.message_mail_summaries default values;
  return 'stored_summary';
end;
$$;

revoke execute on function
  public.submit_contact_message(text, text, text, text, text, uuid, text, text, integer, interval, integer)
  from public, anon, authenticated;
grant execute on function
  public.submit_contact_message(text, text, text, text, text, uuid, text, text, integer, interval, integer)
  to service_role;

/*
 * One page of the stored messages for the back office, newest first: those holding p_query (any case) in the name,
 * the address, the message, the brand or the subject, or all of them without one; each row carries how many match.
 */
create or replace function public.owner_messages_page(p_query text, p_offset integer, p_limit integer)
returns table (
  id bigint,
  name text,
  email text,
  subject text,
  brand_name text,
  message text,
  created_at timestamptz,
  handled_at timestamptz,
  total bigint
)
language sql stable security invoker set search_path = '' as $$
  select m.id, m.name, m.email, m.subject, m.brand_name, m.message, m.created_at, m.handled_at, count(*) over ()
    from public.contact_messages m
   where coalesce(p_query, '') = ''
      or strpos(lower(concat_ws(' ', m.name, m.email, m.message, m.brand_name, m.subject)), lower(p_query)) > 0
   order by m.created_at desc, m.id desc
  offset greatest(p_offset, 0)
   limit least(greatest(p_limit, 1), 200);
$$;

revoke execute on function public.owner_messages_page(text, integer, integer) from public, anon, authenticated;
grant execute on function public.owner_messages_page(text, integer, integer) to service_role;
