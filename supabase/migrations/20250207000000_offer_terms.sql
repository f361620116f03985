-- What an offer gives, as data rather than prose: the new customer's bonus (amount, unit, whether it is a ceiling),
-- its kind, its main conditions, what the referrer gets, and the first day the offer shows. The lists and limits are
-- those of app/catalogue/terms.ts. The terms go together: a row that sets bonus_kind sets them all (an empty amount
-- or no conditions then mean "none stated"); a row without it keeps the terms bundled with the site. Visitors read
-- these columns as they read the rest of the brand: nothing else is opened to them.

create or replace function public.offer_conditions_valid(lines text[]) returns boolean
language sql immutable as $$
  select cardinality(lines) <= 5
     and not exists (select from unnest(lines) as line where line is null or length(btrim(line)) not between 1 and 120)
$$;
revoke execute on function public.offer_conditions_valid(text[]) from public, anon, authenticated;
grant execute on function public.offer_conditions_valid(text[]) to service_role;

alter table public.brands
  add column if not exists bonus_amount numeric(12, 2) check (bonus_amount is null or bonus_amount > 0),
  add column if not exists bonus_unit text check (bonus_unit is null or bonus_unit in ('EUR', 'USD', '%')),
  add column if not exists bonus_up_to boolean,
  add column if not exists bonus_kind text check (
    bonus_kind is null
    or bonus_kind in ('argent', 'freebet', 'cashback', 'reduction', 'crypto', 'frais-offerts', 'autre', 'non-precise')
  ),
  add column if not exists conditions text[] check (conditions is null or public.offer_conditions_valid(conditions)),
  add column if not exists referrer_reward text check (referrer_reward is null or length(referrer_reward) <= 120),
  add column if not exists starts_on date;

alter table public.brands drop constraint if exists brands_bonus_amount_has_unit;
alter table public.brands add constraint brands_bonus_amount_has_unit
  check (bonus_amount is null or bonus_unit is not null);
alter table public.brands drop constraint if exists brands_starts_before_it_ends;
alter table public.brands add constraint brands_starts_before_it_ends
  check (starts_on is null or valid_until is null or starts_on <= valid_until);
