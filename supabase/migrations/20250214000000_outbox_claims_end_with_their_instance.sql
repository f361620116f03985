-- A claim on an outbox row ends as soon as its instance is known dead, not one lease later. An instance that names
-- its claims 'session:…' holds, for as long as it runs, a session advisory lock keyed by that name on a connection
-- of its own (hold_outbox_claims); the lock goes with the connection, so with the process (kill -9, machine lost).
-- Before each pass an instance ends the claims nobody holds that way (end_claims_of_gone_instances). Claims named
-- otherwise (hosted Supabase's REST calls, which keep no session) run their lease out as before.

/* Whether the instance that claims as p_claimer still holds its session lock. */
create or replace function public.outbox_claimer_alive(p_claimer text) returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select exists (
    select from pg_catalog.pg_locks l
     where l.locktype = 'advisory' and l.granted and l.objsubid = 2
       and l.database = (select d.oid from pg_catalog.pg_database d where d.datname = pg_catalog.current_database())
       and l.classid = 20250214::oid
       and l.objid = pg_catalog.hashtext(p_claimer)::oid
  );
$$;

/* Takes p_claimer's session lock on the calling connection: held until that connection ends. */
create or replace function public.hold_outbox_claims(p_claimer text) returns void
language sql
security invoker
set search_path = ''
as $$
  select pg_catalog.pg_advisory_lock(20250214, pg_catalog.hashtext(p_claimer));
$$;

/*
 * Ends the claims of instances that are gone: a 'session:' claim whose lock nobody holds is due again now. For half
 * a minute after the server started every lock is missing while the instances reconnect, so nothing is ended then.
 * The number of rows freed.
 */
create or replace function public.end_claims_of_gone_instances() returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_gone text[];
  v_freed integer := 0;
  v_count integer;
begin
  if pg_catalog.pg_postmaster_start_time() > now() - interval '30 seconds' then
    return 0;
  end if;
  select coalesce(array_agg(distinct c.claimed_by), '{}') into v_gone
    from (
      select claimed_by from public.message_outbox where state = 'pending' and claimed_until > now()
      union select claimed_by from public.owner_alerts where state = 'pending' and claimed_until > now()
      union select claimed_by from public.author_mails where state = 'pending' and claimed_until > now()
      union select claimed_by from public.visitor_mails where state = 'pending' and claimed_until > now()
    ) c
   where c.claimed_by like 'session:%' and not public.outbox_claimer_alive(c.claimed_by);
  if cardinality(v_gone) = 0 then
    return 0;
  end if;
  update public.message_outbox set claimed_until = now() where state = 'pending' and claimed_by = any(v_gone);
  get diagnostics v_count = row_count;
  v_freed := v_freed + v_count;
  update public.owner_alerts set claimed_until = now() where state = 'pending' and claimed_by = any(v_gone);
  get diagnostics v_count = row_count;
  v_freed := v_freed + v_count;
  update public.author_mails set claimed_until = now() where state = 'pending' and claimed_by = any(v_gone);
  get diagnostics v_count = row_count;
  v_freed := v_freed + v_count;
  update public.visitor_mails set claimed_until = now() where state = 'pending' and claimed_by = any(v_gone);
  get diagnostics v_count = row_count;
  return v_freed + v_count;
end;
$$;

do $$
declare
  v_function text;
begin
  foreach v_function in array array[
    'public.outbox_claimer_alive(text)', 'public.hold_outbox_claims(text)', 'public.end_claims_of_gone_instances()'
  ] loop
    execute format('revoke execute on function %s from public, anon, authenticated', v_function);
    execute format('grant execute on function %s to service_role', v_function);
  end loop;
end;
$$;
