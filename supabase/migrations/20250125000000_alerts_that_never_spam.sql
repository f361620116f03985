-- Alerts that never spam the owner, whatever the votes do and however many instances check them.
--
-- - At most one "code signalé" alert per offer per alert_rules().report_every_hours (24 h).
-- - An offer counts as recovered (its alert may come again) only once it has not been reported for
--   alert_rules().recovered_after_hours (24 h) in a row: votes hovering around the threshold send nothing more.
-- - At most alert_rules().singles_per_hour (10) single alerts an hour in all; the rest are held, then sent together
--   in one digest, at most one an hour.
-- Every rule is applied here, under one lock, by public.queue_owner_alerts: every instance of the site shares them.

alter table public.owner_alerts alter column offer_slug drop not null;
alter table public.owner_alerts drop constraint if exists owner_alerts_kind_check;
alter table public.owner_alerts add constraint owner_alerts_kind_check
  check (kind in ('reported', 'expiring', 'digest'));
alter table public.owner_alerts add constraint owner_alerts_digest_offer_check
  check ((kind = 'digest') = (offer_slug is null));
-- 'held': past the hourly ceiling, waiting for a digest; 'digested': sent within one.
alter table public.owner_alerts drop constraint if exists owner_alerts_state_check;
alter table public.owner_alerts add constraint owner_alerts_state_check
  check (state in ('pending', 'sent', 'failed', 'held', 'digested'));
-- Since when an open report's offer has not been reported; null while it is.
alter table public.owner_alerts add column if not exists clear_since timestamptz;
alter table public.owner_alerts add column if not exists digest_id bigint
  references public.owner_alerts (id) on delete set null;
create index if not exists owner_alerts_held_idx on public.owner_alerts (id) where state = 'held';

create or replace function public.alert_rules(
  out report_every_hours integer, out recovered_after_hours integer, out singles_per_hour integer
) language sql immutable set search_path = '' as $$ select 24, 24, 10 $$;

revoke execute on function public.alert_rules() from public, anon, authenticated;
grant execute on function public.alert_rules() to service_role;

/*
 * Sends the held alerts in one digest, unless a digest went out within the hour: they then wait for the next check.
 * Gives whether a digest was queued.
 */
create or replace function public.digest_held_alerts() returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  held integer;
  digest bigint;
begin
  select count(*) into held from public.owner_alerts a where a.state = 'held';
  if held = 0 or exists (
    select 1 from public.owner_alerts a where a.kind = 'digest' and a.created_at > now() - interval '1 hour'
  ) then
    return false;
  end if;
  insert into public.owner_alerts (kind, subject, body)
  select 'digest',
         format('[Alertes] %s autres alertes regroupées', held),
         left(format(E'Plus de %s alertes en une heure : les suivantes sont regroupées ici.\n\n', r.singles_per_hour)
              || string_agg('- ' || a.subject, E'\n' order by a.id), 5000)
    from public.owner_alerts a, public.alert_rules() r
   where a.state = 'held'
   group by r.singles_per_hour
  returning id into digest;
  update public.owner_alerts a set state = 'digested', digest_id = digest where a.state = 'held';
  return true;
end;
$$;

revoke execute on function public.digest_held_alerts() from public, anon, authenticated;
grant execute on function public.digest_held_alerts() to service_role;

/*
 * Applies one check of the offers: p_alerts, the alerts they call for now (objects with kind, offerSlug, validUntil,
 * subject, body), and p_not_reported, the offers not reported now. Queues each alert the rules allow, and gives how
 * many e-mails are now due (single alerts and digest). Taken under a lock, so that checks running at once, on one
 * instance or several, send nothing twice.
 */
create or replace function public.queue_owner_alerts(p_alerts jsonb, p_not_reported text[]) returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  rules record;
  alert jsonb;
  slug text;
  queued integer := 0;
  singles integer;
begin
  perform pg_advisory_xact_lock(hashtext('owner_alerts'));
  select * into rules from public.alert_rules();

  -- Not reported now: counted from the first check that said so; recovered once that has held long enough.
  update public.owner_alerts a set clear_since = now()
   where a.kind = 'reported' and a.recovered_at is null and a.clear_since is null
     and a.offer_slug = any(p_not_reported);
  update public.owner_alerts a set recovered_at = now()
   where a.kind = 'reported' and a.recovered_at is null
     and a.clear_since <= now() - make_interval(hours => rules.recovered_after_hours)
     and a.offer_slug = any(p_not_reported);

  for alert in select value from jsonb_array_elements(coalesce(p_alerts, '[]'::jsonb)) loop
    slug := alert->>'offerSlug';
    if alert->>'kind' = 'reported' then
      -- Reported again before it held: it never recovered.
      update public.owner_alerts a set clear_since = null
       where a.kind = 'reported' and a.recovered_at is null and a.offer_slug = slug;
      continue when exists (
        select 1 from public.owner_alerts a
         where a.kind = 'reported' and a.offer_slug = slug
           and (a.recovered_at is null or a.created_at > now() - make_interval(hours => rules.report_every_hours))
      );
    elsif alert->>'kind' = 'expiring' then
      continue when exists (
        select 1 from public.owner_alerts a
         where a.kind = 'expiring' and a.offer_slug = slug and a.valid_until = (alert->>'validUntil')::date
      );
    else
      raise exception 'queue_owner_alerts: unknown kind %', alert->>'kind';
    end if;
    select count(*) into singles from public.owner_alerts a
     where a.kind in ('reported', 'expiring') and a.state in ('pending', 'sent', 'failed')
       and a.created_at > now() - interval '1 hour';
    insert into public.owner_alerts (kind, offer_slug, valid_until, subject, body, state)
    values (alert->>'kind', slug, (alert->>'validUntil')::date, alert->>'subject', alert->>'body',
            case when singles >= rules.singles_per_hour then 'held' else 'pending' end);
    if singles < rules.singles_per_hour then
      queued := queued + 1;
    end if;
  end loop;

  if public.digest_held_alerts() then
    queued := queued + 1;
  end if;
  return queued;
end;
$$;

revoke execute on function public.queue_owner_alerts(jsonb, text[]) from public, anon, authenticated;
grant execute on function public.queue_owner_alerts(jsonb, text[]) to service_role;
