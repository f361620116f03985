/** The e-mails to send: the messages' outbox, the owner's alerts, the authors' e-mails, or the visitors'. */
export const OUTBOX_QUEUES = ["messages", "alerts", "authors", "visitors"] as const;
export type OutboxQueue = (typeof OUTBOX_QUEUES)[number];
