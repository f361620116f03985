import type { MessagePage, OwnerMessage } from "./types.server";

/** What a visitor's message holds, as the contact_messages table names it. */
export interface MessageColumns {
  name: string;
  email: string;
  subject: string | null;
  brand_name: string | null;
  message: string;
  created_at: string;
}

/** A row of contact_messages as both backends read it, with its outbox columns when the embedded one has them. */
export interface MessageRow extends MessageColumns {
  id: number | string;
  handled_at: string | null;
  state?: "pending" | "sent" | "failed" | null;
  attempts?: number | null;
  last_error?: string | null;
  sent_at?: string | null;
  /** From owner_messages_page: how many messages match. */
  total?: number | string;
}

/** A page of owner_messages_page's rows. */
export function toMessagePage(rows: MessageRow[]): MessagePage {
  return { messages: rows.map(toOwnerMessage), total: Number(rows[0]?.total ?? 0) };
}

export function toOwnerMessage(row: MessageRow): OwnerMessage {
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    subject: row.subject,
    brandName: row.brand_name,
    message: row.message,
    createdAt: row.created_at,
    handledAt: row.handled_at,
    delivery: row.state
      ? {
          state: row.state,
          attempts: row.attempts ?? 0,
          lastError: row.last_error ?? null,
          sentAt: row.sent_at ?? null,
        }
      : null,
  };
}
