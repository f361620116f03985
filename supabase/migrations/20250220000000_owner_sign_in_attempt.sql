-- The owner's sign-in lock, counted and decided in one step before the password is compared.
--
-- owner_sign_in_lock then owner_sign_in_failed was check-then-act: tries sent at once all read the same count, so
-- thirty of them were all compared (and all recorded). owner_sign_in_attempt takes a lock for the device (or for
-- all strangers together, whose site-wide limit counts them all), reads the lock, and, when sign-in is open, counts
-- the try as a failure before answering: at most max_failures tries per device or stranger network reach the
-- password in lock_minutes. A right password forgets them (owner_signed_in), as before.
--
-- owner_sign_in_failed stays, unused by this version, for instances of the previous one during a rolling restart.

/**
 * 0: compare the password (this try is already counted as a failure); otherwise the seconds sign-in stays locked
 * for this browser, and nothing is counted.
 */
create or replace function public.owner_sign_in_attempt(p_device_key text, p_network_key text) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  locked integer;
begin
  perform pg_advisory_xact_lock(hashtextextended(
    'owner_sign_in:' || coalesce('appareil:' || p_device_key, 'inconnus'), 0));
  delete from public.owner_sign_in_failures f where f.failed_at < now() - interval '1 day';
  locked := public.owner_sign_in_lock(p_device_key, p_network_key);
  if locked > 0 then
    return locked;
  end if;
  insert into public.owner_sign_in_failures (device_key, network_key) values (p_device_key, p_network_key);
  return 0;
end;
$$;

revoke execute on function public.owner_sign_in_attempt(text, text) from public, anon, authenticated;
grant execute on function public.owner_sign_in_attempt(text, text) to service_role;
