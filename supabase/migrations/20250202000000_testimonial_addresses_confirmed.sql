-- An author's e-mail gets nothing but one confirmation e-mail until its owner confirms it (the button of the link it
-- carries), and an address gets at most p_max_mails_per_address such e-mails a day, however many testimonials name
-- it. Before, the form e-mailed any address typed in: a way to send the site's e-mails to strangers. The outcome of
-- moderation goes to confirmed addresses only. The erasure link is shown on the thank-you page, never e-mailed.

alter table public.testimonials
  add column if not exists email_confirm_hash text unique check (email_confirm_hash ~ '^[0-9a-f]{64}$'),
  add column if not exists email_confirmed_at timestamptz;

-- Addresses given before this migration were e-mailed at once and told they would hear the outcome: that promise
-- is kept for them.
update public.testimonials set email_confirmed_at = created_at where email is not null and email_confirmed_at is null;

-- The confirmation e-mails of the last two days, by a keyed hash of the address (the site's key: the database never
-- holds the address for this).
create table if not exists public.testimonial_confirmation_mails (
  address_key text not null check (address_key ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);
create index if not exists testimonial_confirmation_mails_idx
  on public.testimonial_confirmation_mails (address_key, created_at);
alter table public.testimonial_confirmation_mails enable row level security;
revoke all on table public.testimonial_confirmation_mails from public, anon, authenticated, service_role;
grant select, insert, delete on table public.testimonial_confirmation_mails to service_role;

drop function if exists public.submit_testimonial(text, text, text, date, text, text, text, text, integer, integer,
  text, text, text);

/*
 * Stores a new testimonial, pending, unless its visitor or its network already sent their share over the last day
 * ('rate_limited'). With an e-mail (p_email, its keyed hash p_email_key, the hash of its confirmation link
 * p_confirm_hash) and p_mail_subject, the address gets the confirmation e-mail, unless it already had
 * p_max_mails_per_address of them over the last day: the testimonial is then stored without it ('stored_unmailed').
 * With p_alert_subject, the owner's next digest names it.
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
  p_alert_subject text,
  p_email_key text,
  p_confirm_hash text,
  p_max_mails_per_address integer
) returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  from_visitor integer;
  from_network integer;
  v_email text := p_email;
  outcome text := 'stored';
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
  if v_email is not null then
    if p_email_key is null or p_confirm_hash is null or p_mail_subject is null then
      v_email := null;
    else
      perform pg_advisory_xact_lock(hashtext('testimonial_addresses:' || p_email_key));
      if (select count(*) from public.testimonial_confirmation_mails m
           where m.address_key = p_email_key and m.created_at > now() - interval '1 day') >= p_max_mails_per_address then
        v_email := null;
        outcome := 'stored_unmailed';
      else
        insert into public.testimonial_confirmation_mails (address_key) values (p_email_key);
        insert into public.author_mails (recipient, subject, body) values (v_email, p_mail_subject, p_mail_body);
      end if;
    end if;
  end if;
  insert into public.testimonial_submissions (client_key, network_key) values (p_client_key, p_network_key);
  insert into public.testimonials
    (offer_slug, author_name, body, experienced_in, email, email_confirm_hash, erase_token_hash, client_key,
     network_key)
  values (p_offer_slug, p_author_name, p_body, p_experienced_in, v_email,
          case when v_email is not null then p_confirm_hash end, p_erase_token_hash, p_client_key, p_network_key);
  if p_alert_subject is not null then
    insert into public.owner_alerts (kind, offer_slug, subject, body, state)
    values ('testimonial', p_offer_slug, p_alert_subject, p_alert_subject, 'held');
    perform public.digest_held_alerts();
  end if;
  return outcome;
end;
$$;

/*
 * The button of a confirmation link: the address of the testimonial whose link has this hash (p_confirm_hash) will
 * hear the outcome. Gives the testimonial's offer, or null when no testimonial waits for that link (confirmed
 * already, decided, erased).
 */
create or replace function public.confirm_testimonial_email(p_confirm_hash text) returns text
language sql
security invoker
set search_path = ''
as $$
  update public.testimonials t
     set email_confirmed_at = now(), email_confirm_hash = null
   where t.email_confirm_hash = p_confirm_hash and t.email is not null
  returning t.offer_slug;
$$;

/* As before (20250128000000_testimonials.sql), but only a confirmed address hears the outcome. */
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
           published_at = coalesce(t.published_at, now()), email = null, email_confirm_hash = null
     where t.id = p_id;
  elsif p_action = 'refuse' then
    update public.testimonials t
       set status = 'refused', refusal_reason = p_reason, moderated_at = now(), published_at = null,
           featured = false, email = null, email_confirm_hash = null
     where t.id = p_id;
  else
    raise exception 'moderate_testimonial: unknown action %', p_action;
  end if;
  if v_row.email is not null and v_row.email_confirmed_at is not null and p_mail_subject is not null then
    insert into public.author_mails (recipient, subject, body) values (v_row.email, p_mail_subject, p_mail_body);
  end if;
  return v_row.offer_slug;
end;
$$;

/* As before, but "has_email" means what the owner's decision does: an address confirmed, that will hear it. */
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
  select t.id, t.offer_slug, t.author_name, t.body, t.experienced_in,
         t.email is not null and t.email_confirmed_at is not null, t.status,
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

/* As before, and the confirmation e-mails counted two days ago go too. */
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
  ), confirmations as (
    delete from public.testimonial_confirmation_mails m where m.created_at < now() - interval '2 days' returning 1
  )
  -- A data-modifying WITH runs whether or not the query reads it.
  select count(*)::integer from deleted;
$$;

do $$
declare
  fn regprocedure;
begin
  foreach fn in array array[
    'public.submit_testimonial(text, text, text, date, text, text, text, text, integer, integer, text, text, text, '
      'text, text, integer)',
    'public.confirm_testimonial_email(text)',
    'public.moderate_testimonial(bigint, text, text, text, text)',
    'public.owner_testimonials_page(integer, integer)',
    'public.delete_expired_testimonials()'
  ]::regprocedure[] loop
    execute format('revoke execute on function %s from public, anon, authenticated', fn);
    execute format('grant execute on function %s to service_role', fn);
  end loop;
end
$$;
