-- The testimonials' daily limits count submissions, not rows: a testimonial its author erases (by its private link)
-- or the owner refuses and erases is still one of the day's. Before, erasing each one reset the "2 a day per visitor"
-- limit, and each new one added a line to the owner's digest. A submission is kept two days: long enough for the
-- one-day window, no longer (it names no testimonial and holds only the keys the limits need).
create table if not exists public.testimonial_submissions (
  client_key text not null check (length(client_key) <= 128),
  network_key text not null check (length(network_key) <= 128),
  created_at timestamptz not null default now()
);
create index if not exists testimonial_submissions_network_idx
  on public.testimonial_submissions (network_key, created_at);
alter table public.testimonial_submissions enable row level security;
revoke all on table public.testimonial_submissions from public, anon, authenticated, service_role;
grant select, insert, delete on table public.testimonial_submissions to service_role;

-- What was sent in the last day before this migration counts too.
insert into public.testimonial_submissions (client_key, network_key, created_at)
select t.client_key, t.network_key, t.created_at
  from public.testimonials t
 where t.created_at > now() - interval '1 day';

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
  delete from public.testimonial_submissions s
   where s.network_key = p_network_key and s.created_at < now() - interval '2 days';
  select count(*) filter (where s.client_key = p_client_key), count(*)
    into from_visitor, from_network
    from public.testimonial_submissions s
   where s.network_key = p_network_key and s.created_at > now() - interval '1 day';
  if from_visitor >= p_max_per_visitor or from_network >= p_max_per_network then
    return 'rate_limited';
  end if;
  insert into public.testimonial_submissions (client_key, network_key) values (p_client_key, p_network_key);
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

-- The submissions of other networks, two days old, go with the daily retention.
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
  ), counted as (
    delete from public.testimonial_submissions s where s.created_at < now() - interval '2 days' returning 1
  )
  -- A data-modifying WITH runs whether or not the query reads it.
  select count(*)::integer from deleted;
$$;

revoke execute on function public.submit_testimonial(text, text, text, date, text, text, text, text, integer, integer,
  text, text, text) from public, anon, authenticated;
grant execute on function public.submit_testimonial(text, text, text, date, text, text, text, text, integer, integer,
  text, text, text) to service_role;
revoke execute on function public.delete_expired_testimonials() from public, anon, authenticated;
grant execute on function public.delete_expired_testimonials() to service_role;
