-- Subscribers still keyed under the previous secret after a rotation: written by an instance that ran with the old
-- secret during the rolling restart. Every start with SESSION_SECRET_PREVIOUS re-keys them (site-secret.server.ts),
-- and two rows of one address (one under each secret; address_key is unique) become one: the row already under
-- the new secret keeps what both follow, the earliest confirmation, and the other's link as its previous one, so
-- that the e-mails sent with either link still unsubscribe.

/*
 * p_rows: a JSON array of {id, address_key, link_hash} computed under the new secret for rows still under the
 * previous one. Gives how many rows were re-keyed or merged.
 */
create or replace function public.rekey_left_alert_subscribers(p_rows jsonb) returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  r record;
  v_kept bigint;
  v_done integer := 0;
begin
  -- The rotation's own lock: a rotation and these re-keyings never interleave.
  perform pg_advisory_xact_lock(hashtext('public.record_site_secret'));
  for r in select * from jsonb_to_recordset(p_rows) as x(id bigint, address_key text, link_hash text) loop
    v_kept := null;
    select s.id into v_kept from public.alert_subscribers s
     where s.address_key = r.address_key and s.id <> r.id
       for update;
    if v_kept is null then
      update public.alert_subscribers s
         set previous_link_hash = s.link_hash, link_hash = r.link_hash, address_key = r.address_key
       where s.id = r.id and s.link_hash <> r.link_hash;
    else
      update public.alert_follows f set subscriber_id = v_kept
       where f.subscriber_id = r.id
         and not exists (select from public.alert_follows k where k.subscriber_id = v_kept and k.topic = f.topic);
      update public.alert_follows k
         set confirmed_at = f.confirmed_at, confirm_hash = null,
             notified_up_to = coalesce(k.notified_up_to, f.notified_up_to)
        from public.alert_follows f
       where f.subscriber_id = r.id and k.subscriber_id = v_kept and k.topic = f.topic
         and f.confirmed_at is not null and (k.confirmed_at is null or f.confirmed_at < k.confirmed_at);
      update public.alert_subscribers k
         set confirmed_at = least(k.confirmed_at, s.confirmed_at),
             previous_link_hash = coalesce(k.previous_link_hash, s.link_hash)
        from public.alert_subscribers s
       where k.id = v_kept and s.id = r.id;
      update public.visitor_mails m set subscriber_id = v_kept where m.subscriber_id = r.id and m.state = 'pending';
      delete from public.alert_subscribers s where s.id = r.id;
    end if;
    v_done := v_done + 1;
  end loop;
  return v_done;
end;
$$;

revoke execute on function public.rekey_left_alert_subscribers(jsonb) from public, anon, authenticated;
grant execute on function public.rekey_left_alert_subscribers(jsonb) to service_role;
