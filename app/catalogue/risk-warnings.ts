import type { RiskNote } from "./risk-note-choices";

/**
 * The warnings by the note an offer carries (risk-note-choices.ts), in the regulators' usual words (ANJ, AMF): the
 * risk of losing capital in one sentence (a card), one line whatever the note (a share image, a feed entry), and the
 * brand page's longer ones. Pages receive them as loader data (card.ts), so no visitor's JavaScript carries them.
 */

/** The risk of losing capital, in one sentence: on a card, a share image, a feed. */
export const CAPITAL_WARNINGS: Readonly<Record<Exclude<RiskNote, "betting">, string>> = {
  crypto: "Investir dans les crypto-actifs comporte un risque de perte partielle ou totale du capital.",
  investment: "Investir comporte un risque de perte partielle ou totale du capital investi.",
};

/** One line, where a line is all there is room for (a share image, a feed entry). */
export const SHORT_WARNINGS: Readonly<Record<RiskNote, string>> = {
  betting: "Jouer comporte des risques : endettement, dépendance… Appelez le 09 74 75 13 13 (appel non surtaxé).",
  ...CAPITAL_WARNINGS,
};

/** What the brand page adds after the short warning, where there is room. */
export const FULL_WARNINGS: Readonly<Record<Exclude<RiskNote, "betting">, string>> = {
  crypto: `${CAPITAL_WARNINGS.crypto} Les crypto-actifs ne sont pas garantis et leur valeur peut fortement varier.`,
  investment: `${CAPITAL_WARNINGS.investment} Les performances passées ne préjugent pas des performances futures.`,
};

/** The warning a card or a brand page writes out for `note`; the gambling one is BettingNotice's own. */
export function warningText(note: RiskNote | undefined, long: boolean): string | undefined {
  if (!note || note === "betting") return undefined;
  return (long ? FULL_WARNINGS : CAPITAL_WARNINGS)[note];
}
