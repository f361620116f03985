-- What visitors (anon, and authenticated, which this site never uses) may do, as hosted Supabase has it.
--
-- Hosted Supabase's default privileges grant every table, sequence and function created in schema public to anon,
-- authenticated and service_role. The first migrations took them back on the tables and the functions, not on the
-- identity sequence of contact_messages: visitors could read it, advance it, or set it to its maximum, after which
-- no message could be stored any more. Visitors read brands and nothing else; messages go through
-- send-contact-email, which stores them with the service role.

revoke all on sequence public.contact_messages_id_seq from public, anon, authenticated, service_role;
grant usage, select on sequence public.contact_messages_id_seq to service_role;

revoke all on table public.contact_messages from public, anon, authenticated, service_role;
grant select, insert, delete on table public.contact_messages to service_role;

revoke all on table public.brands from public, anon, authenticated;
grant select on table public.brands to anon, authenticated;

revoke execute on function public.touch_updated_at() from public, anon, authenticated;
revoke execute on function public.submit_contact_message(text, text, text, text, text, uuid, text, integer, interval)
  from public, anon, authenticated;
revoke execute on function public.delete_expired_contact_messages() from public, anon, authenticated;

-- Anything a later migration creates in public stays closed to visitors until that migration grants it: a forgotten
-- grant then fails with "permission denied" instead of leaving a table, a sequence or a function open to the public
-- key. Only the defaults of the role running the migrations change; objects Supabase itself creates keep theirs.
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke execute on functions from anon, authenticated;
-- Every role may run a new function unless told otherwise; that default is not per schema.
alter default privileges revoke execute on functions from public;
