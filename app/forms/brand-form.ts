import { parseWithZod } from "@conform-to/zod/v4";
import { OFFER_SLUG_PATTERN } from "@contract/feedback-fields";
import * as z from "zod";
import { slugFromName } from "~/catalogue/slugs";
import { shapeOf } from "./offer-columns";

/**
 * The back office's forms on brands, read with Conform as the public forms are: what the `brands` table may override
 * for an offer, and a new brand. Each field is read as OFFER_FIELDS declares it (offer-fields.ts); here are the checks
 * between fields.
 */

type OfferTermsInput = {
  bonus_amount: number | null;
  bonus_unit: string;
  starts_on: string | null;
  valid_until: string | null;
};

/**
 * The checks between fields: a unit only with an amount (none is stored without one), and a first day no later than
 * the last.
 */
function offerChecks<T extends OfferTermsInput>(
  offer: T,
  context: z.RefinementCtx,
): Omit<T, "bonus_unit"> & { bonus_unit: T["bonus_unit"] | null } {
  if (offer.starts_on && offer.valid_until && offer.starts_on > offer.valid_until) {
    context.addIssue({
      code: "custom",
      path: ["starts_on"],
      message: "Le premier jour doit venir avant le dernier jour de validité, ou le même jour.",
    });
  }
  return { ...offer, bonus_unit: offer.bonus_amount === null ? null : offer.bonus_unit };
}

/** What the offer form sets: every column it shows, a cleared date as null, the two checkboxes. */
export const offerFormSchema = z.object(shapeOf("offer")).transform(offerChecks);

/** A new brand: its slug from its name when left empty; not featured, its copy button shown. */
export const newBrandFormSchema = z
  .object(shapeOf("brand"))
  .transform(offerChecks)
  .transform((brand, context) => {
    const slug = brand.slug || slugFromName(brand.name);
    if (!OFFER_SLUG_PATTERN.test(slug)) {
      context.addIssue({
        code: "custom",
        path: ["slug"],
        message: "Ce nom ne donne pas d'adresse : indiquez-en une (par exemple ma-banque).",
      });
      return z.NEVER;
    }
    return { ...brand, slug, featured: false, hide_clipboard: false };
  });

/** The fields of each form as the page holds them (Conform's `useForm`). */
export type OfferFormFields = z.input<typeof offerFormSchema>;
export type NewBrandFormFields = z.input<typeof newBrandFormSchema>;

export const parseOfferForm = (form: FormData) => parseWithZod(form, { schema: offerFormSchema });
export const parseNewBrandForm = (form: FormData) => parseWithZod(form, { schema: newBrandFormSchema });
