-- Storing a message: duplicate detection and per-sender rate limiting, where every server instance sees them,
-- and the 12-month retention promised by the legal notice.

-- One message per form rendering, sender and content: a double click or a resubmitted page stores it once, while
-- two visitors served the same cached page (same submission id) still get their own messages stored.
alter table public.contact_messages add column if not exists dedupe_key text;
create unique index if not exists contact_messages_dedupe_key_idx on public.contact_messages (dedupe_key);

create or replace function public.submit_contact_message(
  p_name text,
  p_email text,
  p_subject text,
  p_message text,
  p_brand_name text,
  p_submission_id uuid,
  p_client_key text,
  p_max_per_window integer default 5,
  p_window interval default interval '10 minutes'
) returns text
language plpgsql
security invoker
set search_path = public
as $$
declare
  recent integer;
  v_key text := case when p_submission_id is null then null else md5(concat_ws(
    E'\x1f', p_submission_id::text, p_client_key, p_name, p_email, p_subject, p_message, p_brand_name)) end;
begin
  if v_key is not null and exists (select 1 from public.contact_messages where dedupe_key = v_key) then
    return 'duplicate';
  end if;

  if p_client_key is not null then
    -- Two messages from one sender at the same instant must not both slip under the limit.
    perform pg_advisory_xact_lock(hashtext('contact:' || p_client_key));
    select count(*) into recent
      from public.contact_messages
     where client_key = p_client_key
       and created_at > now() - p_window;
    if recent >= p_max_per_window then
      return 'rate_limited';
    end if;
  end if;

  insert into public.contact_messages (name, email, subject, message, brand_name, submission_id, client_key, dedupe_key)
  values (p_name, p_email, p_subject, p_message, p_brand_name, p_submission_id, p_client_key, v_key)
  on conflict (dedupe_key) do nothing;
  if not found then
    return 'duplicate';
  end if;
  return 'stored';
end;
$$;

revoke execute on function public.submit_contact_message(text, text, text, text, text, uuid, text, integer, interval)
  from public, anon, authenticated;
grant execute on function public.submit_contact_message(text, text, text, text, text, uuid, text, integer, interval)
  to service_role;

create or replace function public.delete_expired_contact_messages() returns integer
language sql
security invoker
set search_path = public
as $$
  with deleted as (
    delete from public.contact_messages where created_at < now() - interval '12 months' returning 1
  )
  select count(*)::integer from deleted;
$$;

revoke execute on function public.delete_expired_contact_messages() from public, anon, authenticated;
grant execute on function public.delete_expired_contact_messages() to service_role;

-- Daily clean-up on hosted Supabase; the embedded database runs the function at start instead.
do $$
begin
  -- Only where pg_cron can be loaded and this role may create it: elsewhere the site's server runs the daily jobs.
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    begin
      create extension if not exists pg_cron;
    exception when others then
      raise notice 'pg_cron indisponible (%), le ménage quotidien reste au serveur du site.', sqlerrm;
    end;
  end if;
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule(
      'delete-expired-contact-messages',
      '17 3 * * *',
      'select public.delete_expired_contact_messages()'
    );
  end if;
end
$$;
