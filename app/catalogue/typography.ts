/**
 * French spacing for texts shown to visitors: a line never breaks before ";", "!", "?", ":" or "»", after "«", nor
 * between a number and its unit. Applied on the server, once per change of the text (catalogue texts, the owner's
 * edits); texts written in code carry the same characters in their source. Never applied to codes, addresses,
 * e-mail addresses or what a visitor typed.
 */

/** U+202F, the narrow no-break space: before ";", "!" and "?", and between the groups of a number's digits. */
export const NARROW_NBSP = "\u202f";
/** U+00A0, the no-break space: before ":" and "»", after "«", between a number and its unit. */
export const NBSP = "\u00a0";

/** Units and currencies written after a number ("200 €", "20 %", "3 mois"). */
const UNITS = [
  "€",
  "%",
  "\\$",
  "£",
  "k€",
  "M€",
  "euros?",
  "ans?",
  "mois",
  "jours?",
  "semaines?",
  "heures?",
  "h",
  "min",
  "minutes?",
  "secondes?",
  "km",
  "cm",
  "kg",
  "Go",
  "Mo",
  "To",
  "ko",
  "points?",
  "pts?",
  "fois",
  "parrainages?",
  "filleuls?",
  "amis?",
  "offres?",
].join("|");

/** Spaces a line may break at (the plain one and its no-break forms, which are normalised to the right one). */
const SPACE = "[ \\u00a0\\u202f]+";

/** What follows a punctuation mark that ends a clause: a space, the end, or another mark ("?!", "… ?»"). */
const ENDS = `(?=[\\s.,;:!?»)"'’]|$)`;

const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  // "« mot »": a no-break space inside the guillemets, added when missing.
  [new RegExp(`«(?:${SPACE})?`, "g"), `«${NBSP}`],
  [new RegExp(`(?:${SPACE})?»`, "g"), `${NBSP}»`],
  // "Pourquoi ?", "Attention !", "a ; b": a space typed before is made narrow and no-break. Nothing is added where
  // none was typed ("/offres?q=", "Yahoo!").
  [new RegExp(`(?<=\\S)${SPACE}(?=[;!?]${ENDS})`, "g"), NARROW_NBSP],
  // "Code : X": the space typed before a colon cannot break.
  [new RegExp(`(?<=\\S)${SPACE}(?=:${ENDS})`, "g"), NBSP],
  // "1 000": the groups of a number held together ("1 000 €"), as Intl writes them in French.
  [new RegExp(`(?<=(?:^|[^\\d,.])\\d{1,3})${SPACE}(?=\\d{3}(?!\\d))`, "g"), NARROW_NBSP],
  // "200 €", "3 mois": a number and its unit.
  [new RegExp(`(?<=\\d)${SPACE}(?=(?:${UNITS})(?![\\p{L}\\d-]))`, "gu"), NBSP],
];

/** `text` with French spacing (see above). Idempotent: typesetting a typeset text changes nothing. */
export function typeset(text: string): string {
  let result = text;
  for (const [pattern, replacement] of RULES) result = result.replace(pattern, replacement);
  return result;
}

/** Plain spaces a line could break at where French needs none: what a page's text must no longer hold. */
export const BREAKABLE_SPACES = [
  /« /,
  / »/,
  / [;!?](?=\s|$|<|")/,
  / :(?=\s|$|<)/,
  new RegExp(`\\d (?:${UNITS})(?![\\p{L}\\d-])`, "u"),
] as const;
