/**
 * The warning an offer carries by what it promotes, a field of its own (`brands.risk_note`) that the owner sets:
 * gambling (18+ and the prevention message), crypto-assets, or an investment where capital is at risk (shares, real
 * estate crowdfunding, savings invested in funds). The choices, for the back office and the server; the texts
 * visitors read are in risk-notes.ts.
 */
export const RISK_NOTES = ["betting", "crypto", "investment", "none"] as const;

export type RiskNoteChoice = (typeof RISK_NOTES)[number];

/** A note shown to visitors: every choice but "none". */
export type RiskNote = Exclude<RiskNoteChoice, "none">;

/** What the back office's list shows. */
export const RISK_NOTE_LABELS: Readonly<Record<RiskNoteChoice, string>> = {
  betting: "Jeux d'argent : 18+ et message de prévention",
  crypto: "Crypto-actifs : risque de perte en capital",
  investment: "Investissement : risque de perte en capital",
  none: "Aucune mise en garde",
};

/** What the back office says beside the list. */
export const RISK_NOTE_HINT =
  "Vide, la mise en garde suit la catégorie (paris ou crypto). Une marque listée sous Paris porte toujours celle des " +
  "jeux d'argent.";

export const isRiskNoteChoice = (value: unknown): value is RiskNoteChoice =>
  typeof value === "string" && (RISK_NOTES as readonly string[]).includes(value);

/** The note of an offer whose row and entry say nothing: its category's, if it has one. */
export function categoryRiskNote(category: string | null): RiskNote | undefined {
  return category === "betting" || category === "crypto" ? category : undefined;
}

/** A choice as an offer holds it: "none" is no note. */
export const riskNoteOfChoice = (choice: RiskNoteChoice): RiskNote | undefined =>
  choice === "none" ? undefined : choice;
