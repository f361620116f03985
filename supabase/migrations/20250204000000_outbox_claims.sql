-- Several instances send from one outbox. Each takes the rows it is about to send with a claim (its name, until when)
-- taken with FOR UPDATE SKIP LOCKED, so that two instances never take the same row; only the instance holding a
-- row's claim notes it sent or failed; a row whose instance died is taken by another once its claim has run out.
-- Before, every instance read what was due and sent it: two passes that met sent the same e-mail twice.

alter table public.message_outbox
  add column if not exists claimed_by text check (length(claimed_by) <= 64),
  add column if not exists claimed_until timestamptz;
alter table public.owner_alerts
  add column if not exists claimed_by text check (length(claimed_by) <= 64),
  add column if not exists claimed_until timestamptz;
alter table public.author_mails
  add column if not exists claimed_by text check (length(claimed_by) <= 64),
  add column if not exists claimed_until timestamptz;

/* The visitors' messages due now and claimed by nobody (or by an instance whose claim ran out), now claimed. */
create or replace function public.claim_due_messages(p_claimer text, p_limit integer, p_lease_seconds integer)
returns table (
  message_id bigint, attempts integer, queued_at timestamptz, name text, email text, subject text, brand_name text,
  message text, created_at timestamptz
)
language sql
security invoker
set search_path = ''
as $$
  with claimed as (
    update public.message_outbox o
       set claimed_by = p_claimer, claimed_until = now() + make_interval(secs => p_lease_seconds)
     where o.message_id in (
       select d.message_id from public.message_outbox d
        where d.state = 'pending' and d.next_attempt_at <= now()
          and (d.claimed_until is null or d.claimed_until <= now())
        order by d.next_attempt_at, d.message_id
        limit p_limit
        for update skip locked
     )
    returning o.message_id, o.attempts, o.created_at, o.next_attempt_at
  )
  select c.message_id, c.attempts, c.created_at, m.name, m.email, m.subject, m.brand_name, m.message, m.created_at
    from claimed c join public.contact_messages m on m.id = c.message_id
   order by c.next_attempt_at, c.message_id;
$$;

/* The owner's alerts due now, claimed as claim_due_messages claims. */
create or replace function public.claim_due_alerts(p_claimer text, p_limit integer, p_lease_seconds integer)
returns table (id bigint, attempts integer, queued_at timestamptz, subject text, body text)
language sql
security invoker
set search_path = ''
as $$
  with claimed as (
    update public.owner_alerts a
       set claimed_by = p_claimer, claimed_until = now() + make_interval(secs => p_lease_seconds)
     where a.id in (
       select d.id from public.owner_alerts d
        where d.state = 'pending' and d.next_attempt_at <= now()
          and (d.claimed_until is null or d.claimed_until <= now())
        order by d.next_attempt_at, d.id
        limit p_limit
        for update skip locked
     )
    returning a.id, a.attempts, a.created_at, a.subject, a.body, a.next_attempt_at
  )
  select id, attempts, created_at, subject, body from claimed order by next_attempt_at, id;
$$;

/* The e-mails to testimonials' authors due now, claimed as claim_due_messages claims. */
create or replace function public.claim_due_author_mails(p_claimer text, p_limit integer, p_lease_seconds integer)
returns table (id bigint, attempts integer, queued_at timestamptz, recipient text, subject text, body text)
language sql
security invoker
set search_path = ''
as $$
  with claimed as (
    update public.author_mails a
       set claimed_by = p_claimer, claimed_until = now() + make_interval(secs => p_lease_seconds)
     where a.id in (
       select d.id from public.author_mails d
        where d.state = 'pending' and d.next_attempt_at <= now()
          and (d.claimed_until is null or d.claimed_until <= now())
        order by d.next_attempt_at, d.id
        limit p_limit
        for update skip locked
     )
    returning a.id, a.attempts, a.created_at, a.recipient, a.subject, a.body, a.next_attempt_at
  )
  select id, attempts, created_at, recipient, subject, body from claimed order by next_attempt_at, id;
$$;

/*
 * What became of one claimed e-mail of p_queue ('messages', 'alerts', 'authors'): sent (p_error null), or failed
 * (p_gives_up: for good; otherwise due again in p_retry_seconds). Only the holder of the row's claim may say it: false
 * when p_claimer no longer holds it. An author's e-mail sent or given up is deleted, address and all.
 */
create or replace function public.settle_outbox_row(
  p_queue text,
  p_id bigint,
  p_claimer text,
  p_attempts integer,
  p_error text,
  p_gives_up boolean,
  p_retry_seconds double precision
) returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_state text := case when p_error is null then 'sent' when p_gives_up then 'failed' else 'pending' end;
begin
  if p_queue = 'authors' then
    if v_state <> 'pending' then
      delete from public.author_mails a where a.id = p_id and a.claimed_by = p_claimer;
    else
      update public.author_mails a
         set attempts = p_attempts, last_error = p_error, claimed_by = null, claimed_until = null,
             next_attempt_at = now() + make_interval(secs => p_retry_seconds)
       where a.id = p_id and a.claimed_by = p_claimer;
    end if;
  elsif p_queue = 'messages' then
    update public.message_outbox o
       set state = v_state, attempts = p_attempts, last_error = p_error, claimed_by = null, claimed_until = null,
           sent_at = case when v_state = 'sent' then now() else o.sent_at end,
           next_attempt_at = case when v_state = 'pending' then now() + make_interval(secs => p_retry_seconds)
                                  else o.next_attempt_at end
     where o.message_id = p_id and o.claimed_by = p_claimer;
  elsif p_queue = 'alerts' then
    update public.owner_alerts a
       set state = v_state, attempts = p_attempts, last_error = p_error, claimed_by = null, claimed_until = null,
           sent_at = case when v_state = 'sent' then now() else a.sent_at end,
           next_attempt_at = case when v_state = 'pending' then now() + make_interval(secs => p_retry_seconds)
                                  else a.next_attempt_at end
     where a.id = p_id and a.claimed_by = p_claimer;
  else
    raise exception 'settle_outbox_row: unknown queue %', p_queue;
  end if;
  return found;
end;
$$;

/*
 * Renews p_claimer's claim on one row of p_queue just before it sends it: true while the row is still its own and
 * pending, false when its claim ran out and another instance took the row (or it was settled): then it sends nothing.
 * A batch claimed together is sent one by one; a slow mail server may outlast the first claim.
 */
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
  else
    raise exception 'renew_outbox_claim: unknown queue %', p_queue;
  end if;
  return found;
end;
$$;

/* Milliseconds until a pending e-mail of any queue falls due or its claim runs out; null when none is pending. */
create or replace function public.outbox_next_due_ms() returns double precision
language sql
stable
security invoker
set search_path = ''
as $$
  select (extract(epoch from least(
            (select min(greatest(next_attempt_at, coalesce(claimed_until, next_attempt_at)))
               from public.message_outbox where state = 'pending'),
            (select min(greatest(next_attempt_at, coalesce(claimed_until, next_attempt_at)))
               from public.owner_alerts where state = 'pending'),
            (select min(greatest(next_attempt_at, coalesce(claimed_until, next_attempt_at)))
               from public.author_mails where state = 'pending')
          ) - now()) * 1000)::double precision;
$$;

do $$
declare
  fn regprocedure;
begin
  foreach fn in array array[
    'public.claim_due_messages(text, integer, integer)',
    'public.claim_due_alerts(text, integer, integer)',
    'public.claim_due_author_mails(text, integer, integer)',
    'public.settle_outbox_row(text, bigint, text, integer, text, boolean, double precision)',
    'public.renew_outbox_claim(text, bigint, text, integer)',
    'public.outbox_next_due_ms()'
  ]::regprocedure[] loop
    execute format('revoke execute on function %s from public, anon, authenticated', fn);
    execute format('grant execute on function %s to service_role', fn);
  end loop;
end
$$;
