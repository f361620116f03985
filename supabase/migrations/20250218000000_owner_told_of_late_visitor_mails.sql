-- The owner hears of visitors' e-mails that wait: one of them pending for more than 30 minutes (the hourly quota
-- reached by a flood, the mail server refusing) brings one alert, a day at most.
alter table public.owner_alerts drop constraint if exists owner_alerts_kind_check;
alter table public.owner_alerts add constraint owner_alerts_kind_check
  check (kind in ('reported', 'expiring', 'digest', 'messages', 'testimonial', 'visitor-mails'));
alter table public.owner_alerts drop constraint if exists owner_alerts_digest_offer_check;
alter table public.owner_alerts add constraint owner_alerts_digest_offer_check
  check ((kind in ('digest', 'messages', 'visitor-mails')) = (offer_slug is null));

/*
 * Queues the owner's alert (p_subject, p_body) when a visitor's e-mail has been waiting for more than 30 minutes and
 * no such alert was queued over the last day: true when it queued one.
 */
create or replace function public.alert_owner_if_visitor_mails_late(p_subject text, p_body text) returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtext('public.alert_owner_if_visitor_mails_late'));
  if not exists (select from public.visitor_mails m
                  where m.state = 'pending' and m.created_at < now() - interval '30 minutes')
     or exists (select from public.owner_alerts a
                 where a.kind = 'visitor-mails' and a.created_at > now() - interval '1 day') then
    return false;
  end if;
  insert into public.owner_alerts (kind, subject, body) values ('visitor-mails', p_subject, p_body);
  return true;
end;
$$;

revoke execute on function public.alert_owner_if_visitor_mails_late(text, text) from public, anon, authenticated;
grant execute on function public.alert_owner_if_visitor_mails_late(text, text) to service_role;
