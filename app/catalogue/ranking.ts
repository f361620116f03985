import { isExpired } from "./dates";
import { isReportedNotWorking, successPercent, type OfferVotes } from "./feedback";
import { kindLabel, OFFER_KINDS, type BonusUnit } from "./terms";
import type { SortOrder } from "./sort-orders";
import type { ReferralOffer } from "./types";

/**
 * How a listing orders its offers (`?tri=`), and the rule that sinks an offer visitors say fails: the criteria the
 * page "Comment les offres sont classées" publishes, read here by the listings, the cards and that page alike.
 */

/** Below this success rate (once visitors' votes are enough to show one), an offer sinks in the default order. */
export const DEMOTION_BELOW_PERCENT = 60;

/** How many days an added or improved offer counts among the "Nouveautés". */
export const NEWS_DAYS = 30;

/**
 * Why an offer sinks below the others in the default order, as its card says it, or null: visitors report its code
 * no longer works, or its success rate is under DEMOTION_BELOW_PERCENT.
 */
export function demotionOf(votes: OfferVotes | undefined): string | null {
  if (isReportedNotWorking(votes))
    return "Placée après les autres offres : des visiteurs signalent que le code échoue.";
  const percent = successPercent(votes);
  if (percent !== null && percent < DEMOTION_BELOW_PERCENT) {
    return `Placée après les autres offres : moins de ${DEMOTION_BELOW_PERCENT}\u202f% de réussite.`;
  }
  return null;
}

/** What an ordering reads besides the offers themselves. */
export interface RankingContext {
  today: string;
  votes: ReadonlyMap<string, OfferVotes>;
  /** The day each offer was last added or improved (YYYY-MM-DD), by slug; offers without one are not news. */
  news: ReadonlyMap<string, string>;
  /**
   * How many offers at the head of the list a search put there because their name holds what was typed: they stay
   * first in the default order, whatever their votes.
   */
  named?: number;
}

const UNIT_ORDER: readonly BonusUnit[] = ["EUR", "USD", "%"];
const UNIT_WORDS: Readonly<Record<BonusUnit, string>> = { EUR: "en euros", USD: "en dollars", "%": "en pourcentage" };

/** The last group of every order: expired offers, whatever they gave. */
export const EXPIRED_GROUP = "Offres expirées";

/**
 * The group an amount is compared within: one unit and one kind. Euros come first, then dollars, then game credits,
 * then percentages, then offers that state no amount; within each, kinds in the back office's order.
 */
export function amountGroup(offer: Pick<ReferralOffer, "bonus" | "kind">): { rank: number; label: string } {
  if (!offer.bonus) return { rank: 1000, label: "Sans montant annoncé" };
  const { unit } = offer.bonus;
  const kindRank = OFFER_KINDS.indexOf(offer.kind);
  const label = `${kindLabel(offer.kind) ?? "Avantage"} ${UNIT_WORDS[unit]}`;
  if (offer.kind === "freebet" && unit !== "%") return { rank: 200 + UNIT_ORDER.indexOf(unit), label };
  const unitRank = unit === "%" ? 300 : UNIT_ORDER.indexOf(unit) * 100;
  return { rank: unitRank + kindRank, label };
}

/** A run of offers under one heading in a list ordered by amount: where it starts (0-based, in the whole list). */
export interface AmountSection {
  start: number;
  label: string;
  count: number;
}

/**
 * The headings of a list ordered by amount (rankOffers' "montant"), in its order: "Argent versé sur le compte en
 * euros" over its 3 offers, …, "Offres expirées" last.
 */
export function amountSectionsOf(ranked: readonly ReferralOffer[], today: string): AmountSection[] {
  const sections: AmountSection[] = [];
  ranked.forEach((offer, index) => {
    const label = isExpired(offer, today) ? EXPIRED_GROUP : amountGroup(offer).label;
    const last = sections.at(-1);
    if (last?.label === label) last.count += 1;
    else sections.push({ start: index, label, count: 1 });
  });
  return sections;
}

/**
 * What a list ordered by votes or by news says when that order finds nothing to order by, and so falls back to the
 * default order; null when it does order something.
 */
export function fallbackNote(
  offers: readonly ReferralOffer[],
  order: SortOrder,
  { today, votes, news }: Pick<RankingContext, "today" | "votes" | "news">,
): string | null {
  if (order === "avis" && !offers.some((offer) => successPercent(votes.get(offer.slug)) !== null)) {
    return "Pas encore assez d'avis pour classer ces offres : elles restent dans l'ordre par défaut.";
  }
  if (order === "nouveautes" && !offers.some((offer) => isNews(news.get(offer.slug), today))) {
    return `Aucune de ces offres n'a été ajoutée ni améliorée ces ${NEWS_DAYS} derniers jours : elles restent dans l'ordre par défaut.`;
  }
  return null;
}

/** Whether an offer was added or improved within NEWS_DAYS of `today`. */
export function isNews(newsOn: string | undefined, today: string): boolean {
  if (!newsOn) return false;
  const since = new Date(`${today}T12:00:00Z`);
  since.setUTCDate(since.getUTCDate() - NEWS_DAYS);
  return newsOn >= since.toISOString().slice(0, 10);
}

type Key = (offer: ReferralOffer) => readonly number[];

/** A stable sort on numeric keys, compared in order: ties keep the list's own order. */
function sortBy(offers: readonly ReferralOffer[], key: Key): ReferralOffer[] {
  const keyed = offers.map((offer, index) => ({ offer, index, key: key(offer) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < a.key.length; i += 1) {
      const difference = (a.key[i] as number) - (b.key[i] as number);
      if (difference !== 0) return difference;
    }
    return a.index - b.index;
  });
  return keyed.map((entry) => entry.offer);
}

/**
 * `offers` (a category's, or a search's best first) in `order`. Expired offers always come last. The default order
 * keeps the list's own order but sinks the demoted offers below the others (not those a search found by name).
 */
export function rankOffers(
  offers: readonly ReferralOffer[],
  order: SortOrder,
  { today, votes, news, named = 0 }: RankingContext,
): ReferralOffer[] {
  const expired = (offer: ReferralOffer) => Number(isExpired(offer, today));
  const demoted = (offer: ReferralOffer) => Number(demotionOf(votes.get(offer.slug)) !== null);
  switch (order) {
    case "pertinence": {
      const head = offers.slice(0, named);
      const rest = sortBy(offers.slice(named), (offer) => [expired(offer), demoted(offer)]);
      return [...head, ...rest];
    }
    case "montant":
      return sortBy(offers, (offer) => [expired(offer), amountGroup(offer).rank, -(offer.bonus?.amount ?? 0)]);
    case "avis":
      return sortBy(offers, (offer) => {
        const offerVotes = votes.get(offer.slug);
        const percent = successPercent(offerVotes);
        const count = offerVotes ? offerVotes.yes + offerVotes.no : 0;
        return [expired(offer), percent === null ? 1 : 0, -(percent ?? 0), -count, demoted(offer)];
      });
    case "nouveautes":
      return sortBy(offers, (offer) => {
        const newsOn = news.get(offer.slug);
        const recent = isNews(newsOn, today);
        return [expired(offer), recent ? 0 : 1, recent ? -Date.parse(newsOn as string) : 0, demoted(offer)];
      });
  }
}
