import { printable } from "../../supabase/functions/_shared/contact-contract";
import { asRole, openEmbeddedDatabase } from "./embedded-db.server";
import { DeliveryError, RateLimitedError, type DeliveryResult, type MessagesGateway, type OutgoingMessage } from "./messages.server";

/** Stores messages in the embedded database's contact_messages, through the same SQL function as Supabase. */
export class EmbeddedMessagesGateway implements MessagesGateway {
  constructor(
    private readonly dataDir: string,
    private readonly rateLimit: { max: number; windowSeconds: number },
  ) {}

  async send({ payload, clientKey }: OutgoingMessage): Promise<DeliveryResult> {
    let result: string | undefined;
    try {
      const db = await openEmbeddedDatabase(this.dataDir);
      const answer = await asRole(db, "service_role", (tx) =>
        tx.query<{ result: string }>(
          "select public.submit_contact_message($1, $2, $3, $4, $5, $6, $7, $8, make_interval(secs => $9)) as result",
          [
            payload.name,
            payload.email,
            "subject" in payload ? payload.subject : null,
            payload.message,
            "brandName" in payload ? payload.brandName : null,
            payload.submissionId ?? null,
            clientKey,
            this.rateLimit.max,
            this.rateLimit.windowSeconds,
          ],
        ),
      );
      result = answer.rows[0]?.result;
    } catch (error) {
      throw new DeliveryError(`Enregistrement du message impossible : ${(error as Error).message}`);
    }
    if (result === "rate_limited") throw new RateLimitedError(this.rateLimit.windowSeconds);
    if (result !== "stored" && result !== "duplicate") throw new DeliveryError(`Réponse inattendue : ${result}`);
    // What visitors wrote is printed escaped: the contract refuses control characters, the log never relies on it.
    const about = "brandName" in payload ? `question sur ${printable(payload.brandName)}` : `sujet ${printable(payload.subject)}`;
    console.info(
      `Message ${result === "stored" ? "enregistré" : "déjà reçu"} : ${printable(payload.name)} <${printable(payload.email)}>, ${about}, ${payload.message.length} caractères.`,
    );
    return result;
  }
}
