-- The offers added or improved since a day, each with the last day it was, in France's time: the home page's news and
-- the listings' "nouveautes" order. One function, called in SQL by the embedded database and Postgres and as an RPC
-- by hosted Supabase, so that both read the news alike.
create or replace function public.offer_news_since(p_since date)
returns table (offer_slug text, day text)
language sql
stable
security invoker
set search_path = ''
as $$
  select h.offer_slug, to_char(max(h.recorded_at) at time zone 'Europe/Paris', 'YYYY-MM-DD')
    from public.offer_history h
   where h.change in ('added', 'improved') and h.recorded_at >= p_since
   group by h.offer_slug
$$;
revoke execute on function public.offer_news_since(date) from public, anon, authenticated;
grant execute on function public.offer_news_since(date) to service_role;
