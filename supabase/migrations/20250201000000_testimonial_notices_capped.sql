-- A testimonial keeps at most p_max_per_testimonial notices until the owner decides on them ('full' past it): sixty
-- notices of a kilobyte from sixty networks would otherwise double the owner's moderation page. The notices already
-- stored are enough for the owner to look at the testimonial; one more says nothing new.

drop function if exists public.report_testimonial(bigint, text, text, text, text, integer);

/*
 * A visitor's notice about a published testimonial: 'stored', 'missing' (not published), 'full' (the testimonial
 * already has p_max_per_testimonial notices the owner has not dismissed), or 'rate_limited' past p_max_per_network
 * notices from one network over the last day.
 */
create or replace function public.report_testimonial(
  p_id bigint,
  p_reason text,
  p_details text,
  p_client_key text,
  p_network_key text,
  p_max_per_network integer,
  p_max_per_testimonial integer
) returns text
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtext('testimonial_reports:' || p_network_key));
  -- Two notices about one testimonial from two networks are counted one after the other.
  perform 1 from public.testimonials t where t.id = p_id and t.status = 'published' for update;
  if not found then
    return 'missing';
  end if;
  if (select count(*) from public.testimonial_reports r
       where r.network_key = p_network_key and r.created_at > now() - interval '1 day') >= p_max_per_network then
    return 'rate_limited';
  end if;
  if (select count(*) from public.testimonial_reports r where r.testimonial_id = p_id) >= p_max_per_testimonial then
    return 'full';
  end if;
  insert into public.testimonial_reports (testimonial_id, reason, details, client_key, network_key)
  values (p_id, p_reason, nullif(p_details, ''), p_client_key, p_network_key);
  return 'stored';
end;
$$;

revoke execute on function public.report_testimonial(bigint, text, text, text, text, integer, integer)
  from public, anon, authenticated;
grant execute on function public.report_testimonial(bigint, text, text, text, text, integer, integer) to service_role;
