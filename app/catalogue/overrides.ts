/**
 * Fallback offers by brand name (SPEC section 9, "Per-brand overrides"): used for a brand that the
 * backend knows but that has no offer of its own, and as the source of truth for these three brands.
 */
export interface FallbackOffer {
  description: string;
  code: string;
  link: string;
  featured: boolean;
  validUntil?: string;
}

export const OFFER_OVERRIDES = {
  revolut: {
    description:
      "50 € offerts à l'ouverture de votre compte Revolut et après votre première transaction (offre valable jusqu'au 17 juin 2025).",
    code: "Cliquez sur le lien",
    link: "https://www.revolut.com/fr-FR/referral/",
    featured: true,
    validUntil: "2025-06-17",
  },
  widilo: {
    description: "5 € offerts à l'inscription sur Widilo, puis jusqu'à 15 % de cashback sur vos achats.",
    code: "Cliquez sur le lien",
    link: "https://www.widilo.fr/parrainage",
    featured: true,
  },
  boursoramaBanque: {
    description:
      "Jusqu'à 200 € offerts pour l'ouverture de votre premier compte BoursoBank avec le code de parrainage.",
    code: "BOURSOPARRAIN",
    link: "https://www.boursobank.com/parrainage",
    featured: true,
  },
} satisfies Record<string, FallbackOffer>;

/** The generic offer for a brand with no offer of its own: the visitor is invited to ask. */
export const DEFAULT_OFFER: FallbackOffer = {
  description: "Offre de parrainage disponible",
  code: "Me contacter",
  link: "",
  featured: false,
};
