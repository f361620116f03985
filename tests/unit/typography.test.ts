import { describe, expect, it } from "vitest";
import { BREAKABLE_SPACES, NARROW_NBSP as N, NBSP as B, typeset } from "~/catalogue/typography";

describe("typeset", () => {
  it.each([
    ["Pourquoi ?", `Pourquoi${N}?`],
    ["Attention !", `Attention${N}!`],
    ["un ; deux", `un${N}; deux`],
    ["Code : X", `Code${B}: X`],
    ["« Bonjour »", `«${B}Bonjour${B}»`],
    ["«Bonjour»", `«${B}Bonjour${B}»`],
    ["jusqu'à 200 €", `jusqu'à 200${B}€`],
    ["20 % de rendement", `20${B}% de rendement`],
    ["1 000 €", `1${N}000${B}€`],
    ["12 500 000 clients", `12${N}500${N}000 clients`],
    ["pendant 3 mois", `pendant 3${B}mois`],
    ["à 18 ans", `à 18${B}ans`],
    ["2 heures", `2${B}heures`],
  ])("sets %j as %j", (text, expected) => {
    expect(typeset(text)).toBe(expected);
  });

  it.each([
    "https://exemple.fr/offres?q=bin",
    "mailto:contact@exemple.fr",
    "Yahoo!",
    "10:30",
    "les 2 meilleurs",
    "en 2024 les clients",
    "3,5 %",
  ])("leaves %j without a space to hold where none was typed", (text) => {
    expect(typeset(text).replace(/[\u00a0\u202f]/g, " ")).toBe(text);
  });

  it("keeps a no-break space typed as such, and is idempotent", () => {
    const once = typeset("Offre : 200 € « sans conditions » ? Oui ! 1 000 km ; fini");
    expect(typeset(once)).toBe(once);
    expect(once.replace(/\d \d/g, "")).not.toMatch(/ [;!?:»€%]|« /);
    expect(typeset(`Offre${N}: oui`)).toBe(`Offre${B}: oui`);
  });

  it("spots each place a typed text would break in French", () => {
    const untouched = "« A » ? ! ; : 200 € 3 mois".split(" ").join(" ");
    for (const pattern of BREAKABLE_SPACES) expect(untouched).toMatch(pattern);
    for (const pattern of BREAKABLE_SPACES) expect(typeset(untouched)).not.toMatch(pattern);
  });
});
