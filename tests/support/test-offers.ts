import { offerFromEntry } from "~/catalogue/offers";
import type { ReferralOffer } from "~/catalogue/types";

/** A plain finance offer named `name` (code, link, a generic text), with `extra` laid over it: for the domain's tests. */
export const plainOffer = (name: string, extra: Partial<ReferralOffer> = {}): ReferralOffer => ({
  ...offerFromEntry({
    name,
    category: "finance",
    serviceDescription: `${name} est un service.`,
    offerDescription: "Bonus offert à l'inscription.",
    code: "CODE",
    link: "https://exemple.fr/",
    advantages: [],
  }),
  ...extra,
});
