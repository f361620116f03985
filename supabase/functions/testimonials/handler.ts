import { clientKey, type EndpointDeps, jsonEndpoint, networkKey, REQUEST_ERRORS } from "../_shared/request.ts";
import { TESTIMONIAL_LIMITS, TESTIMONIAL_MESSAGES, testimonialCallSchema } from "../_shared/testimonial-contract.ts";

/** A testimonial is 600 characters, a notice 1 000, plus the e-mail to its author: a few kilobytes at most. */
export const MAX_BODY_BYTES = 16 * 1024;
/** The limits count the last 24 hours: a day always frees room. */
export const RETRY_AFTER_SECONDS = 24 * 3600;

export const ERRORS = {
  ...REQUEST_ERRORS,
  rateLimited: TESTIMONIAL_MESSAGES.rateLimited,
  notStored: TESTIMONIAL_MESSAGES.notStored,
} as const;

/**
 * What visitors send about testimonials with hosted Supabase, from the site only (its shared secret): a new
 * testimonial (submit_testimonial), a notice about a published one (report_testimonial), an erasure by the
 * author's private link (erase_testimonial_by_token), the button of an address's confirmation link
 * (confirm_testimonial_email). Each runs with the service role, which visitors never hold.
 */
export function createHandler(deps: EndpointDeps): (req: Request) => Promise<Response> {
  return jsonEndpoint(
    deps,
    {
      functionName: "testimonials",
      maxBodyBytes: MAX_BODY_BYTES,
      schema: testimonialCallSchema,
      errors: ERRORS,
      siteOnly: true,
    },
    async ({ req, payload: call, json, db, store }) => {
      const keys = async () => ({
        p_client_key: await clientKey(req, deps.env, { functionName: "testimonials", counted: "témoignage" }),
        p_network_key: await networkKey(req, deps.env),
      });
      if (call.action === "confirm") {
        const { data, error } = await db.rpc("confirm_testimonial_email", { p_confirm_hash: call.confirmTokenHash });
        if (error) {
          console.error("testimonials : confirmation impossible", error);
          return json(502, { error: ERRORS.notStored });
        }
        return json(200, { ok: true, offer: typeof data === "string" ? data : null });
      }
      if (call.action === "erase") {
        const { data, error } = await db.rpc("erase_testimonial_by_token", { p_erase_token_hash: call.eraseTokenHash });
        if (error) {
          console.error("testimonials : effacement impossible", error);
          return json(502, { error: ERRORS.notStored });
        }
        return json(200, { ok: true, erased: data ?? null });
      }
      if (call.action === "report") {
        const result = await store({
          name: "report_testimonial",
          args: {
            p_id: call.testimonialId,
            p_reason: call.reason,
            p_details: call.details,
            ...(await keys()),
            p_max_per_network: TESTIMONIAL_LIMITS.reportsPerNetworkPerDay,
            p_max_per_testimonial: TESTIMONIAL_LIMITS.reportsPerTestimonial,
          },
          results: ["stored", "missing", "full"],
          retryAfterSeconds: RETRY_AFTER_SECONDS,
        });
        return result instanceof Response ? result : json(200, { ok: true, status: result });
      }
      const result = await store({
        name: "submit_testimonial",
        args: {
          p_offer_slug: call.offerSlug,
          p_author_name: call.name,
          p_body: call.text,
          p_experienced_in: `${call.experiencedIn}-01`,
          p_email: call.email,
          p_erase_token_hash: call.eraseTokenHash,
          ...(await keys()),
          p_max_per_visitor: TESTIMONIAL_LIMITS.perVisitorPerDay,
          p_max_per_network: TESTIMONIAL_LIMITS.perNetworkPerDay,
          p_mail_subject: call.mail?.subject ?? null,
          p_mail_body: call.mail?.body ?? null,
          p_alert_subject: call.alert,
          p_email_key: call.emailKey,
          p_confirm_hash: call.confirmTokenHash,
          p_max_mails_per_address: TESTIMONIAL_LIMITS.confirmationMailsPerAddressPerDay,
        },
        results: ["stored", "stored_unmailed"],
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      });
      return result instanceof Response ? result : json(200, { ok: true, status: result });
    },
  );
}
