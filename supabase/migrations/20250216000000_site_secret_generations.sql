-- Every instance must key with the same secret (SESSION_SECRET): the database keeps a keyed fingerprint of each
-- secret the site has used (an HMAC of a fixed text under it, never the secret), newest last. An instance whose
-- secret is not the newest refuses to start. A rotation (the new secret, the old one as SESSION_SECRET_PREVIOUS)
-- is recorded by the first instance to start with it, which re-keys the alert subscribers in the same transaction:
-- each keeps its former link hash, so that the e-mails sent before the rotation still unsubscribe.

create table if not exists public.site_secret_generations (
  generation integer generated always as identity primary key,
  fingerprint text not null unique check (fingerprint ~ '^[0-9a-f]{64}$'),
  since timestamptz not null default now()
);
alter table public.site_secret_generations enable row level security;
revoke all on public.site_secret_generations from anon, authenticated;
grant select, insert on public.site_secret_generations to service_role;

alter table public.alert_subscribers
  add column if not exists previous_link_hash text check (previous_link_hash ~ '^[0-9a-f]{64}$');
create index if not exists alert_subscribers_previous_link_idx
  on public.alert_subscribers (previous_link_hash) where previous_link_hash is not null;

/*
 * Checks an instance's secret (p_current, the fingerprint of SESSION_SECRET; p_previous, of SESSION_SECRET_PREVIOUS
 * or null) against the newest recorded: 'first' (none was, now this one), 'same', 'rotated' (the newest was
 * p_previous: p_current is now the newest, and the caller re-keys in this transaction), 'outdated' (p_current was
 * replaced by a rotation) or 'other' (a secret the site never had).
 */
create or replace function public.record_site_secret(p_current text, p_previous text) returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_newest text;
begin
  perform pg_advisory_xact_lock(hashtext('public.record_site_secret'));
  select g.fingerprint into v_newest from public.site_secret_generations g order by g.generation desc limit 1;
  if v_newest is null then
    insert into public.site_secret_generations (fingerprint) values (p_current);
    return 'first';
  end if;
  if v_newest = p_current then
    return 'same';
  end if;
  if p_previous is not null and v_newest = p_previous
     and not exists (select from public.site_secret_generations g where g.fingerprint = p_current) then
    insert into public.site_secret_generations (fingerprint) values (p_current);
    return 'rotated';
  end if;
  if exists (select from public.site_secret_generations g where g.fingerprint = p_current) then
    return 'outdated';
  end if;
  return 'other';
end;
$$;

/*
 * Re-keys the subscribers after a rotation: p_rows is a JSON array of {id, address_key, link_hash} computed under
 * the new secret; each row's link hash of the old secret is kept as previous_link_hash.
 */
create or replace function public.rekey_alert_subscribers(p_rows jsonb) returns integer
language sql
security invoker
set search_path = ''
as $$
  with updated as (
    update public.alert_subscribers s
       set previous_link_hash = s.link_hash, link_hash = r.link_hash, address_key = r.address_key
      from jsonb_to_recordset(p_rows) as r(id bigint, address_key text, link_hash text)
     where s.id = r.id
    returning s.id
  )
  select count(*)::integer from updated;
$$;

/* What the address of a link (its hash, of this secret or the one before) follows; no row for an unknown link. */
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
   where s.link_hash = p_link_hash or s.previous_link_hash = p_link_hash
   order by f.topic
$$;

/*
 * From a link (its hash, of this secret or the one before): 'unsubscribe' erases the address; 'stop' ends the follow
 * of p_topic (and erases the address when nothing is left); 'renew' confirms the address again. False when the link
 * is unknown.
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
  select s.id into v_id from public.alert_subscribers s
   where s.link_hash = p_link_hash or s.previous_link_hash = p_link_hash
   limit 1
     for update;
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

do $$
declare
  v_function text;
begin
  foreach v_function in array array[
    'public.record_site_secret(text, text)', 'public.rekey_alert_subscribers(jsonb)',
    'public.alert_subscription(text)', 'public.change_alert_subscription(text, text, text)'
  ] loop
    execute format('revoke execute on function %s from public, anon, authenticated', v_function);
    execute format('grant execute on function %s to service_role', v_function);
  end loop;
end;
$$;
