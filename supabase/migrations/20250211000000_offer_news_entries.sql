-- The offers added or improved, newest first, for the site's Atom feeds: all offers, or those of `p_slugs` (a
-- category's). One function, called in SQL by the embedded database and Postgres and as an RPC by hosted Supabase.
create or replace function public.offer_news_entries(p_slugs text[], p_limit integer)
returns table (id bigint, offer_slug text, recorded_at timestamptz, change text, before jsonb, after jsonb)
language sql
stable
security invoker
set search_path = ''
as $$
  select h.id, h.offer_slug, h.recorded_at, h.change, h.before, h.after
    from public.offer_history h
   where h.change in ('added', 'improved') and (p_slugs is null or h.offer_slug = any (p_slugs))
   order by h.recorded_at desc, h.id desc
   limit least(greatest(p_limit, 0), 200)
$$;
revoke execute on function public.offer_news_entries(text[], integer) from public, anon, authenticated;
grant execute on function public.offer_news_entries(text[], integer) to service_role;
