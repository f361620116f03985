import { RETENTIONS } from "~/catalogue/retentions";
import { log } from "../log.server";
import { asRole } from "./sql-roles.server";
import type { SqlSession } from "./sql-session.server";

/**
 * The retentions of the legal notice (RETENTIONS): messages, votes, testimonials refused or never moderated, the
 * audience totals. Hosted Supabase runs the same functions
 * daily with pg_cron. With `onceADay`, several instances on one database run them once a day between them: the
 * instance that claims the day runs them in the same transaction (nothing is deleted when another one did).
 * Returns how many of each were deleted.
 */
export async function deleteExpiredVisitorData(
  db: SqlSession,
  { onceADay = false }: { onceADay?: boolean } = {},
): Promise<{ messages: number; votes: number; testimonials: number; counts: number }> {
  const result = await asRole(db, "service_role", async (tx) => {
    // A year of rows may take longer than a web request's limit (STATEMENT_TIMEOUT_MS).
    await tx.query("set local statement_timeout = 0");
    if (onceADay) {
      const claim = await tx.query<{ claimed: boolean }>("select public.claim_daily_run('retentions') as claimed");
      if (!claim.rows[0]?.claimed) return { rows: [] };
    }
    return tx.query<{ messages: number; votes: number; testimonials: number; counts: number }>(
      `select public.delete_expired_contact_messages() as messages, public.delete_expired_code_feedback() as votes,
              public.delete_expired_testimonials() as testimonials, public.delete_expired_offer_counts() as counts,
              public.delete_old_site_changes() as changes`,
    );
  });
  const { messages = 0, votes = 0, testimonials = 0, counts = 0 } = result.rows[0] ?? {};
  if (messages > 0) log.info(`${messages} message(s) de plus de ${RETENTIONS.messagesMonths} mois supprimé(s).`);
  if (votes > 0) log.info(`${votes} avis de plus de ${RETENTIONS.votesMonths} mois supprimé(s).`);
  if (testimonials > 0) log.info(`${testimonials} témoignage(s) refusé(s) ou jamais modéré(s) supprimé(s).`);
  return { messages, votes, testimonials, counts };
}
