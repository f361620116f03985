/**
 * Made-up brands for `npm run bench:scale`: rows of the `brands` table that look like the catalogue's own (a French
 * service text, an offer, a code, a link, advantages) and vary from one to the next, so that a search finds some of
 * them and not others. The same seed gives the same brands, and the first N of a longer list are the N of a shorter
 * one.
 */
import { findBrandEntry, brandKey } from "../../app/catalogue/names";
import { BUNDLED_OFFERS } from "../../app/catalogue/offers";
import { slugFromName } from "../../app/catalogue/slugs";
import type { PGlite } from "@electric-sql/pglite";

/** A row for `public.brands`, with the columns its checks constrain (supabase/migrations). */
export interface SyntheticBrand {
  name: string;
  slug: string;
  category: Category;
  description: string;
  offer_description: string;
  code: string;
  link: string;
  advantages: string[];
  hide_clipboard: boolean | null;
  valid_until: string | null;
  verified_on: string | null;
  logo_url: null;
  featured: null;
  /** The offer's terms, as its text states them: an amount only when it is in euros. */
  bonus_amount: number | null;
  bonus_unit: "EUR" | null;
  bonus_up_to: boolean;
  bonus_kind: string;
  conditions: string[];
}

/** What each category's rewards are, as the back office names them (app/catalogue/terms.ts). */
const KIND_OF: Record<Category, string> = {
  finance: "argent",
  crypto: "crypto",
  food: "reduction",
  shopping: "cashback",
  mobility: "reduction",
  betting: "freebet",
  other: "autre",
};

type Category = "finance" | "crypto" | "food" | "shopping" | "mobility" | "betting" | "other";

interface Vocabulary {
  /** How often the category comes up, out of the weights' sum. */
  weight: number;
  /** Words put before or after an invented stem to make a name ("Banque Orvia", "Kalu Pay"). */
  nameWords: string[];
  /** What the service is, with its article. */
  kinds: string[];
  /** What it offers, with their articles; three are drawn. */
  services: string[];
  /** The offer's first words, what the visitor gets; {amount} is drawn from `amounts`. */
  rewards: string[];
  amounts: number[];
  /** What the visitor has to do for it. */
  conditions: string[];
  advantages: string[];
}

const VOCABULARY: Record<Category, Vocabulary> = {
  finance: {
    weight: 25,
    nameWords: ["Banque", "Pay", "Invest", "Épargne", "Finance", "Money", "Bourse"],
    kinds: [
      "une banque en ligne française",
      "une néobanque européenne",
      "un courtier en ligne",
      "une application d'épargne",
      "une banque mobile",
      "une plateforme d'investissement",
      "un service de paiement",
    ],
    services: [
      "un compte courant sans frais de tenue",
      "une carte bancaire gratuite sous conditions",
      "un livret d'épargne",
      "des virements instantanés",
      "une assurance-vie en ligne",
      "des paiements en devises sans frais",
      "un plan d'épargne en actions",
      "des ETF à frais réduits",
      "un découvert autorisé",
      "des sous-comptes pour les projets",
    ],
    rewards: ["{amount} € offerts", "Jusqu'à {amount} € offerts", "Prime de {amount} €", "{amount} € de bienvenue"],
    amounts: [10, 15, 20, 30, 50, 80, 100, 120, 150, 200],
    conditions: [
      "à l'ouverture de votre compte avec le code de parrainage",
      "après votre premier paiement par carte",
      "après un premier virement de 100 €",
      "pour votre premier investissement de 50 €",
      "en ouvrant un livret avec le lien de parrainage",
    ],
    advantages: [
      "Compte ouvert en quelques minutes",
      "Carte virtuelle disponible immédiatement",
      "Aucuns frais de tenue de compte",
      "Notifications en temps réel",
      "Paiements à l'étranger sans frais",
      "Épargne rémunérée dès le premier euro",
      "Service client en français",
      "Application mobile complète",
    ],
  },
  crypto: {
    weight: 15,
    nameWords: ["Coin", "Chain", "Swap", "Crypto", "Ledger", "Block", "Token"],
    kinds: [
      "une plateforme d'échange de cryptomonnaies",
      "un portefeuille crypto",
      "une application d'achat de bitcoin",
      "un service de staking",
      "une place de marché de NFT",
    ],
    services: [
      "l'achat et la vente de bitcoin",
      "plus de 200 cryptomonnaies",
      "une carte crypto avec cashback",
      "des récompenses de staking",
      "des achats programmés",
      "un portefeuille sécurisé",
      "des frais réduits sur les échanges",
      "l'épargne en stablecoins",
    ],
    rewards: ["{amount} € en bitcoin offerts", "{amount} € en cryptomonnaie offerts", "Jusqu'à {amount} € de bonus"],
    amounts: [5, 10, 15, 20, 25, 50, 100],
    conditions: [
      "après votre premier achat de 50 €",
      "après la vérification de votre identité",
      "pour un premier dépôt de 100 €",
      "avec le code de parrainage à l'inscription",
    ],
    advantages: [
      "Plateforme enregistrée auprès de l'AMF",
      "Plus de 200 cryptomonnaies disponibles",
      "Frais d'échange réduits",
      "Staking en un clic",
      "Carte crypto avec cashback",
      "Retraits en euros par virement",
      "Achats programmés dès 10 €",
    ],
  },
  food: {
    weight: 10,
    nameWords: ["Eats", "Cuisine", "Panier", "Resto", "Marché", "Frais", "Repas"],
    kinds: [
      "un service de livraison de repas",
      "une épicerie en ligne",
      "une box de recettes à cuisiner",
      "une application anti-gaspillage",
      "un service de courses livrées",
    ],
    services: [
      "la livraison de repas à domicile",
      "des paniers de produits frais",
      "des recettes faciles chaque semaine",
      "les restaurants de votre quartier",
      "des produits bio et locaux",
      "la livraison en moins de 30 minutes",
      "des invendus à petit prix",
    ],
    rewards: ["{amount} € de réduction", "{amount} € offerts", "Jusqu'à {amount} € de remise"],
    amounts: [5, 8, 10, 15, 20, 25, 30, 40],
    conditions: [
      "sur votre première commande",
      "sur vos deux premières box",
      "dès 25 € d'achats",
      "avec le code de parrainage au paiement",
    ],
    advantages: [
      "Livraison rapide à domicile",
      "Produits frais et de saison",
      "Sans engagement",
      "Recettes expliquées pas à pas",
      "Restaurants partenaires dans toute la France",
      "Moins de gaspillage alimentaire",
    ],
  },
  shopping: {
    weight: 20,
    nameWords: ["Shop", "Cashback", "Store", "Market", "Promo", "Achat", "Mode"],
    kinds: [
      "un site de cashback",
      "une boutique en ligne de mode",
      "une plateforme de cartes cadeaux",
      "un comparateur de prix",
      "une place de marché d'occasion",
    ],
    services: [
      "du cashback chez plus de 1 500 marchands",
      "des cartes cadeaux à prix réduit",
      "des vêtements de seconde main",
      "des bons de réduction vérifiés",
      "des ventes privées chaque jour",
      "la livraison gratuite dès 30 €",
      "des alertes de baisse de prix",
    ],
    rewards: ["{amount} € de bonus de bienvenue", "{amount} € offerts", "{amount} € de réduction"],
    amounts: [3, 5, 10, 15, 20],
    conditions: [
      "après votre premier achat remboursé",
      "sur votre première commande",
      "dès votre inscription avec le code",
      "après 20 € de cashback cumulé",
    ],
    advantages: [
      "Cashback versé sur votre compte",
      "Plus de 1 500 marchands partenaires",
      "Inscription gratuite",
      "Retrait dès 10 € de gains",
      "Extension de navigateur pratique",
      "Retours gratuits sous 30 jours",
    ],
  },
  mobility: {
    weight: 10,
    nameWords: ["Ride", "Move", "Trott", "Auto", "Vélo", "Drive", "Trajet"],
    kinds: [
      "un service de VTC",
      "une application de trottinettes électriques",
      "une plateforme de covoiturage",
      "un service de vélo électrique en libre-service",
      "une location de voitures entre particuliers",
    ],
    services: [
      "des courses en VTC à prix fixe",
      "des trottinettes en libre-service",
      "le covoiturage pour les longs trajets",
      "des vélos électriques à la minute",
      "la location de voitures près de chez vous",
      "des abonnements mensuels",
      "des trajets partagés",
    ],
    rewards: ["{amount} € de crédit trajet", "{amount} € offerts", "{amount} minutes offertes"],
    amounts: [5, 10, 15, 20, 30],
    conditions: [
      "sur votre première course",
      "après votre premier trajet",
      "avec le code de parrainage dans l'application",
      "pour votre première location",
    ],
    advantages: [
      "Disponible dans les grandes villes",
      "Paiement dans l'application",
      "Véhicules électriques",
      "Réservation en quelques secondes",
      "Assurance incluse",
      "Sans abonnement",
    ],
  },
  betting: {
    weight: 8,
    nameWords: ["Bet", "Paris", "Turf", "Poker", "Sport", "Jeu"],
    kinds: [
      "un site de paris sportifs agréé par l'ANJ",
      "une salle de poker en ligne",
      "un site de paris hippiques",
      "une application de pronostics sportifs",
    ],
    services: [
      "des paris sur le football et le tennis",
      "des tournois de poker chaque soir",
      "des paris hippiques en direct",
      "des cotes boostées",
      "le cash-out sur vos paris",
      "des paris en direct",
    ],
    rewards: ["{amount} € de paris gratuits", "Jusqu'à {amount} € remboursés", "{amount} € de bonus"],
    amounts: [10, 20, 50, 100, 150],
    conditions: [
      "sur votre premier pari",
      "après votre premier dépôt",
      "avec le code à l'inscription",
      "en freebets sur votre premier pari perdant",
    ],
    advantages: [
      "Opérateur agréé par l'ANJ",
      "Cotes boostées chaque jour",
      "Retraits rapides",
      "Paris en direct",
      "Outils de jeu responsable",
    ],
  },
  other: {
    weight: 12,
    nameWords: ["Énergie", "Box", "Mobile", "Cloud", "Immo", "Santé", "Web"],
    kinds: [
      "un fournisseur d'électricité verte",
      "un opérateur mobile sans engagement",
      "un hébergeur web",
      "une plateforme immobilière",
      "une application de bien-être",
      "un fournisseur d'accès à internet",
    ],
    services: [
      "de l'électricité d'origine renouvelable",
      "des forfaits mobiles sans engagement",
      "l'hébergement de sites web",
      "la fibre à prix réduit",
      "l'investissement immobilier dès 100 €",
      "des séances de sport en ligne",
      "un stockage en ligne sécurisé",
    ],
    rewards: ["{amount} € offerts", "{amount} mois offerts", "{amount} € de réduction"],
    amounts: [1, 2, 3, 10, 20, 30, 50],
    conditions: [
      "sur votre première facture",
      "sur votre abonnement",
      "à la souscription avec le code",
      "après votre premier mois",
    ],
    advantages: [
      "Sans engagement",
      "Service client basé en France",
      "Résiliation en ligne",
      "Tarifs transparents",
      "Satisfait ou remboursé 30 jours",
      "Énergie 100 % renouvelable",
    ],
  },
};

const SYLLABLES = [
  "or", "vi", "ka", "lu", "me", "no", "za", "ri", "to", "bel", "mi", "xa", "sé", "fa", "quo", "ly", "ne", "ba",
  "do", "ti", "ver", "pol", "an", "el", "su", "ra", "zen", "mo", "li", "nu", "vo", "ké", "ja", "ho", "ze", "pa",
]; // prettier-ignore

const SECOND_SENTENCES = [
  "Plus de {count} clients l'utilisent en France.",
  "Inscription en quelques minutes depuis l'application.",
  "Le service est disponible partout en France.",
  "Son application est notée {note}/5 par ses utilisateurs.",
  "",
];

/** A small seeded generator (mulberry32): the same seed, the same brands. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` synthetic brands, none sharing a name or address with another or with a brand of the catalogue. */
export function syntheticBrands(count: number, seed = 20_261_125): SyntheticBrand[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const pickSome = <T>(items: readonly T[], howMany: number): T[] => {
    const pool = [...items];
    return Array.from({ length: Math.min(howMany, pool.length) }, () => pool.splice(random() * pool.length, 1)[0] as T);
  };
  const categories = Object.entries(VOCABULARY) as [Category, Vocabulary][];
  const totalWeight = categories.reduce((sum, [, words]) => sum + words.weight, 0);
  const pickCategory = (): Category => {
    let roll = random() * totalWeight;
    for (const [id, words] of categories) {
      roll -= words.weight;
      if (roll < 0) return id;
    }
    return "other";
  };
  const takenKeys = new Set(BUNDLED_OFFERS.map((offer) => brandKey(offer.brand)));
  const takenSlugs = new Set(BUNDLED_OFFERS.map((offer) => offer.slug));
  const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

  const brands: SyntheticBrand[] = [];
  while (brands.length < count) {
    const category = pickCategory();
    const words = VOCABULARY[category];
    const stem = capitalize(Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(SYLLABLES)).join(""));
    const word = pick(words.nameWords);
    const shape = random();
    const name =
      shape < 0.3
        ? stem
        : shape < 0.6
          ? `${stem} ${word}`
          : shape < 0.8
            ? `${word} ${stem}`
            : `${stem}${word.toLowerCase()}`;
    const slug = slugFromName(name);
    if (takenKeys.has(brandKey(name)) || takenSlugs.has(slug) || findBrandEntry(name)) continue;
    takenKeys.add(brandKey(name));
    takenSlugs.add(slug);

    const [first, second, third] = pickSome(words.services, 3);
    const more = pick(SECOND_SENTENCES)
      .replace("{count}", `${1 + Math.floor(random() * 900)} 000`)
      .replace("{note}", (3.5 + Math.floor(random() * 15) / 10).toFixed(1).replace(".", ","));
    const amount = pick(words.amounts);
    const reward = pick(words.rewards).replace("{amount}", String(amount));
    const condition = pick(words.conditions);
    const inEuros = reward.includes("€");
    const throughLink = random() < 0.2;
    const code = throughLink ? "Cliquez sur le lien" : `${slug.replace(/-/g, "").toUpperCase().slice(0, 10)}${amount}`;
    const validity = random();
    brands.push({
      name,
      slug,
      category,
      description: `${name} est ${pick(words.kinds)} qui propose ${first}, ${second} et ${third}.${more ? ` ${more}` : ""}`,
      offer_description: `${reward} ${condition}, selon les conditions en vigueur.`,
      code,
      link: `https://www.${slug.replace(/-/g, "")}.fr/parrainage`,
      advantages: [`${reward} avec le parrainage`, ...pickSome(words.advantages, 2 + Math.floor(random() * 2))],
      hide_clipboard: throughLink ? true : null,
      // About one in ten expired, one in five with a last day still ahead, the rest without one.
      valid_until:
        validity < 0.1
          ? `2024-${String(1 + Math.floor(random() * 12)).padStart(2, "0")}-15`
          : validity < 0.3
            ? `2031-${String(1 + Math.floor(random() * 12)).padStart(2, "0")}-28`
            : null,
      verified_on:
        random() < 0.3
          ? `2026-${String(1 + Math.floor(random() * 10)).padStart(2, "0")}-0${1 + Math.floor(random() * 9)}`
          : null,
      logo_url: null,
      featured: null,
      bonus_amount: inEuros ? amount : null,
      bonus_unit: inEuros ? "EUR" : null,
      bonus_up_to: reward.startsWith("Jusqu'à"),
      bonus_kind: inEuros ? KIND_OF[category] : "autre",
      conditions: [capitalize(condition)],
    });
  }
  return brands;
}

/** Inserts the brands in one statement: Postgres reads them from a JSON array. */
export async function insertBrands(db: PGlite, brands: readonly SyntheticBrand[]): Promise<void> {
  if (brands.length === 0) return;
  const columns = Object.keys(brands[0] as SyntheticBrand).join(", ");
  await db.query(
    `insert into public.brands (${columns}) select ${columns} from json_populate_recordset(null::public.brands, $1::json)`,
    [JSON.stringify(brands)],
  );
}
