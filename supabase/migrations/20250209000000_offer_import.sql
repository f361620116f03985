-- The owner's offers import (/gestion/import): every row the preview showed is written in this one call, which is
-- one transaction, or none is. Both backends call it, the embedded database and Postgres as Supabase's RPC does.
--
-- p_rows: [{ "id": the brands row to change, or null to insert one, "columns": { column: value } }]. Only the
-- columns the back office edits may be named. A row to change that no longer exists, or an inserted name or address
-- already taken, stops the whole import: nothing is written, and the owner sees the preview again.
create or replace function public.import_offers(p_rows jsonb) returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_allowed constant text[] := array[
    'name', 'slug', 'category', 'description', 'offer_description', 'code', 'link', 'advantages', 'valid_until',
    'featured', 'hide_clipboard', 'bonus_amount', 'bonus_unit', 'bonus_up_to', 'bonus_kind', 'conditions',
    'referrer_reward', 'starts_on'
  ];
  v_row jsonb;
  v_columns text[];
  v_list text;
  v_written integer := 0;
  v_count integer;
begin
  if jsonb_typeof(p_rows) is distinct from 'array' then
    raise exception 'import_offers: p_rows must be an array' using errcode = '22023';
  end if;
  for v_row in select * from jsonb_array_elements(p_rows) loop
    select array_agg(key order by key) into v_columns from jsonb_object_keys(v_row -> 'columns') as key;
    if v_columns is null or not v_columns <@ v_allowed then
      raise exception 'import_offers: a row names no column, or one the back office does not edit'
        using errcode = '22023';
    end if;
    select string_agg(quote_ident(c), ', ') into v_list from unnest(v_columns) as c;
    if v_row ->> 'id' is null then
      -- A taken name or address raises unique_violation (23505), which undoes the rows written before.
      execute format(
        'insert into public.brands (%1$s) select %1$s from jsonb_populate_record(null::public.brands, $1)', v_list
      ) using v_row -> 'columns';
    else
      execute format(
        'update public.brands set (%1$s) = (select %1$s from jsonb_populate_record(null::public.brands, $1))
          where id::text = $2',
        v_list
      ) using v_row -> 'columns', v_row ->> 'id';
      get diagnostics v_count = row_count;
      if v_count = 0 then
        raise exception 'import_offers: the row % no longer exists', v_row ->> 'id' using errcode = 'P0002';
      end if;
    end if;
    v_written := v_written + 1;
  end loop;
  return v_written;
end;
$$;
revoke execute on function public.import_offers(jsonb) from public, anon, authenticated;
grant execute on function public.import_offers(jsonb) to service_role;
