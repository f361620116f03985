-- A confirmation e-mail carries a one-click List-Unsubscribe too (RFC 8058): it refuses the request it confirms.

/*
 * Erases the request still waiting for confirmation whose link hashes to p_confirm_hash, its confirmation e-mail if
 * still queued, and the address with them when it follows nothing else. False when no request waits under that link.
 */
create or replace function public.refuse_alert(p_confirm_hash text) returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_subscriber bigint;
begin
  delete from public.alert_follows f
   where f.confirm_hash = p_confirm_hash and f.confirmed_at is null
  returning f.subscriber_id into v_subscriber;
  if not found then
    return false;
  end if;
  if not exists (select from public.alert_follows f where f.subscriber_id = v_subscriber) then
    delete from public.visitor_mails m where m.subscriber_id = v_subscriber and m.state = 'pending';
    perform public.erase_alert_subscriber(v_subscriber, 'refused');
  end if;
  return true;
end;
$$;

revoke execute on function public.refuse_alert(text) from public, anon, authenticated;
grant execute on function public.refuse_alert(text) to service_role;
