-- A sign-in to the back office that a stranger cannot block, with counters every instance shares.
--
-- - owner_state.generation: sessions and device cookies carry it, and a new one (npm run restore draws one) makes
--   every one of them invalid. It is random, so that a database restored from an older backup never brings an
--   older generation, and its cookies, back.
-- - owner_sign_in_failures: each wrong password, from a browser with a valid device cookie (device_key, a keyed
--   hash of the device's id) or from a stranger (device_key null), with the keyed hash of its network.
-- - A device locks itself after owner_sign_in_rules().max_failures of its own failures; strangers are locked per
--   network after as many, and all together after site_max_failures. Strangers never lock out a device.

create table if not exists public.owner_state (
  id boolean primary key default true check (id),
  generation text not null default gen_random_uuid()::text
);
insert into public.owner_state default values on conflict do nothing;
alter table public.owner_state enable row level security;
revoke all on table public.owner_state from public, anon, authenticated, service_role;
grant select, update on table public.owner_state to service_role;

create table if not exists public.owner_sign_in_failures (
  id bigint generated always as identity primary key,
  device_key text check (device_key ~ '^[0-9a-f]{64}$'),
  network_key text not null check (network_key ~ '^[0-9a-f]{64}$'),
  failed_at timestamptz not null default now()
);
create index if not exists owner_sign_in_failures_device_idx on public.owner_sign_in_failures (device_key, failed_at);
create index if not exists owner_sign_in_failures_network_idx on public.owner_sign_in_failures (network_key, failed_at);
create index if not exists owner_sign_in_failures_time_idx on public.owner_sign_in_failures (failed_at);
alter table public.owner_sign_in_failures enable row level security;
revoke all on table public.owner_sign_in_failures from public, anon, authenticated, service_role;
revoke all on sequence public.owner_sign_in_failures_id_seq from public, anon, authenticated, service_role;

create or replace function public.owner_sign_in_rules(
  out max_failures integer, out lock_minutes integer, out site_max_failures integer
) language sql immutable set search_path = '' as $$ select 5, 15, 50 $$;

revoke execute on function public.owner_sign_in_rules() from public, anon, authenticated;
grant execute on function public.owner_sign_in_rules() to service_role;

/*
 * How many seconds sign-in stays locked for a browser: with a valid device cookie (p_device_key), after its own
 * failures only; without one, after its network's or all strangers' failures. 0 when it is open.
 */
create or replace function public.owner_sign_in_lock(p_device_key text, p_network_key text) returns integer
language plpgsql stable security definer set search_path = '' as $$
declare
  rules record;
  since timestamptz;
  locked_until timestamptz;
begin
  select * into rules from public.owner_sign_in_rules();
  since := now() - make_interval(mins => rules.lock_minutes);
  if p_device_key is not null then
    select max(f.failed_at) + make_interval(mins => rules.lock_minutes) into locked_until
      from public.owner_sign_in_failures f
     where f.device_key = p_device_key and f.failed_at > since
    having count(*) >= rules.max_failures;
  else
    select greatest(
      (select max(f.failed_at) from public.owner_sign_in_failures f
        where f.device_key is null and f.network_key = p_network_key and f.failed_at > since
       having count(*) >= rules.max_failures),
      (select max(f.failed_at) from public.owner_sign_in_failures f
        where f.device_key is null and f.failed_at > since
       having count(*) >= rules.site_max_failures)
    ) + make_interval(mins => rules.lock_minutes) into locked_until;
  end if;
  return greatest(0, ceil(extract(epoch from coalesce(locked_until, now()) - now())))::integer;
end;
$$;

/** Counts a wrong password, and gives the lock it leaves (as owner_sign_in_lock). */
create or replace function public.owner_sign_in_failed(p_device_key text, p_network_key text) returns integer
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.owner_sign_in_failures f where f.failed_at < now() - interval '1 day';
  insert into public.owner_sign_in_failures (device_key, network_key) values (p_device_key, p_network_key);
  return public.owner_sign_in_lock(p_device_key, p_network_key);
end;
$$;

/** A right password: the failures of that device, or of that stranger's network, are forgotten. */
create or replace function public.owner_signed_in(p_device_key text, p_network_key text) returns void
language sql security definer set search_path = '' as $$
  delete from public.owner_sign_in_failures f
   where (p_device_key is not null and f.device_key = p_device_key)
      or (f.device_key is null and f.network_key = p_network_key);
$$;

revoke execute on function public.owner_sign_in_lock(text, text) from public, anon, authenticated;
revoke execute on function public.owner_sign_in_failed(text, text) from public, anon, authenticated;
revoke execute on function public.owner_signed_in(text, text) from public, anon, authenticated;
grant execute on function public.owner_sign_in_lock(text, text) to service_role;
grant execute on function public.owner_sign_in_failed(text, text) to service_role;
grant execute on function public.owner_signed_in(text, text) to service_role;
