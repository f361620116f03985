-- Erasures recorded with the delete itself. A visitor's message or a testimonial that is deleted (by its author, by
-- the owner, by the retention) is named here in the same transaction, by its table, its id and its time of arrival
-- (an id alone may be given again after a restore), never by what it said. `npm run restore` reads this ledger from
-- the database it replaces and erases those rows again from the backup it puts back: a backup older than an erasure
-- never brings the row back, even when nothing else could be written (a full disk).
create table if not exists public.erasures (
  table_name text not null check (table_name in ('contact_messages', 'testimonials')),
  row_id bigint not null,
  created_at timestamptz not null,
  erased_at timestamptz not null default now(),
  primary key (table_name, row_id, created_at)
);
alter table public.erasures enable row level security;
revoke all on public.erasures from public, anon, authenticated;
grant select on public.erasures to service_role;

create or replace function public.record_erasure() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.erasures (table_name, row_id, created_at)
  values (tg_table_name, old.id, old.created_at)
  on conflict do nothing;
  return null;
end
$$;
revoke execute on function public.record_erasure() from public, anon, authenticated;

drop trigger if exists contact_messages_erased on public.contact_messages;
create trigger contact_messages_erased after delete on public.contact_messages
  for each row execute function public.record_erasure();
drop trigger if exists testimonials_erased on public.testimonials;
create trigger testimonials_erased after delete on public.testimonials
  for each row execute function public.record_erasure();
