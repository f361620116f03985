-- Each brands row counts its changes (version), so that an offers CSV exported before a change cannot write older
-- values back: the export carries each offer's version, the import sends it back, and import_offers writes a row
-- only while its version is still the one exported. The columns an import may write are the table's own, but for
-- those no spreadsheet sets (the row's identity and bookkeeping, the logo, the owner's check of the offer): the
-- list of editable columns lives in the site (app/forms/offer-fields.ts), not here too.
alter table public.brands add column if not exists version integer not null default 1;

create or replace function public.count_brand_version() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.version := old.version + 1;
  return new;
end;
$$;
revoke execute on function public.count_brand_version() from public, anon, authenticated;

drop trigger if exists brands_count_version on public.brands;
create trigger brands_count_version before update on public.brands
  for each row execute function public.count_brand_version();

-- p_rows: [{ "id": the brands row to change, or null to insert one, "version": the row's version when it was
-- exported, "columns": { column: value } }]. A row changed since its export stops the whole import with
-- serialization_failure (40001); a row gone, no_data_found (P0002); a name or address taken, unique_violation.
create or replace function public.import_offers(p_rows jsonb) returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_not_editable constant text[] := array['id', 'created_at', 'updated_at', 'version', 'logo_url', 'verified_on', 'votes_since'];
  v_table_columns text[];
  v_row jsonb;
  v_columns text[];
  v_list text;
  v_written integer := 0;
  v_count integer;
begin
  if jsonb_typeof(p_rows) is distinct from 'array' then
    raise exception 'import_offers: p_rows must be an array' using errcode = '22023';
  end if;
  select array_agg(a.attname::text) into v_table_columns
    from pg_catalog.pg_attribute a
   where a.attrelid = 'public.brands'::regclass and a.attnum > 0 and not a.attisdropped;
  for v_row in select * from jsonb_array_elements(p_rows) loop
    select array_agg(key order by key) into v_columns from jsonb_object_keys(v_row -> 'columns') as key;
    if v_columns is null or not v_columns <@ v_table_columns or v_columns && v_not_editable then
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
          where id::text = $2 and ($3::integer is null or version = $3::integer)',
        v_list
      ) using v_row -> 'columns', v_row ->> 'id', v_row ->> 'version';
      get diagnostics v_count = row_count;
      if v_count = 0 and exists (select 1 from public.brands b where b.id::text = v_row ->> 'id') then
        raise exception 'import_offers: the row % changed since its export', v_row ->> 'id' using errcode = '40001';
      elsif v_count = 0 then
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
