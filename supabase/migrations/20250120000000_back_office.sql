-- The owner's back office (/gestion): a message may be marked handled. The site's server writes it with the service
-- role, as it reads and deletes messages; visitors still have no access to the table.

alter table public.contact_messages add column if not exists handled_at timestamptz;

grant update (handled_at) on table public.contact_messages to service_role;
