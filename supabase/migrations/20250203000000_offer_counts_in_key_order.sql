-- Two instances add their batches of counts at the same time. Upserted in the order a hash aggregate happens to
-- give, two batches could lock the same rows in opposite orders and deadlock; in (day, offer_slug) order, the one
-- that comes second waits for the first instead.
create or replace function public.add_offer_counts(p_rows jsonb) returns integer
language sql
security invoker
set search_path = ''
as $$
  with added as (
    insert into public.offer_daily_counts as c (day, offer_slug, views, copies, follows)
    select (r->>'day')::date, r->>'offerSlug', sum((r->>'views')::integer), sum((r->>'copies')::integer),
           sum((r->>'follows')::integer)
      from jsonb_array_elements(coalesce(p_rows, '[]'::jsonb)) r
     group by 1, 2
     order by 1, 2
    on conflict (day, offer_slug) do update
      set views = c.views + excluded.views,
          copies = c.copies + excluded.copies,
          follows = c.follows + excluded.follows
    returning 1
  )
  select count(*)::integer from added;
$$;
