import { describe, expect, it } from "vitest";
import { parseNewBrandForm, parseOfferForm } from "~/forms/brand-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

/** The errors of a submission, by field, as the page shows them. */
const fieldErrors = (submission: ReturnType<typeof parseOfferForm> | ReturnType<typeof parseNewBrandForm>) =>
  submission.status === "success" ? {} : (submission.reply().error ?? {});

const offer = {
  code: " ABC123 ",
  link: "https://www.exemple.fr/parrainage",
  offer_description: "10 € offerts à l'inscription.",
  advantages: "Sans frais\r\n\r\n  Carte gratuite  \n",
  valid_until: "2026-12-31",
};

describe("the offer form of the back office", () => {
  it("gives the columns of the brands table, advantages one per line and the boxes as booleans", () => {
    const submission = parseOfferForm(form({ ...offer, featured: "on", risk_note: "investment" }));
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      code: "ABC123",
      link: "https://www.exemple.fr/parrainage",
      offer_description: "10 € offerts à l'inscription.",
      advantages: ["Sans frais", "Carte gratuite"],
      bonus_amount: null,
      bonus_unit: null,
      bonus_up_to: false,
      bonus_kind: "non-precise",
      conditions: [],
      referrer_reward: null,
      risk_note: "investment",
      starts_on: null,
      valid_until: "2026-12-31",
      featured: true,
      hide_clipboard: false,
    });
  });

  it("keeps an empty warning choice as none set, so that the category decides, and refuses one not in the list", () => {
    const empty = parseOfferForm(form({ ...offer, risk_note: "" }));
    expect(empty.status === "success" && empty.value.risk_note).toBeNull();
    expect(fieldErrors(parseOfferForm(form({ ...offer, risk_note: "casino" })))).toHaveProperty("risk_note");
  });

  it("reads the terms: an amount with a comma, its unit, the ceiling, the kind and one condition a line", () => {
    const terms = {
      bonus_amount: "2,50",
      bonus_unit: "USD",
      bonus_up_to: "on",
      bonus_kind: "freebet",
      conditions: "Un premier pari de 10 €\r\n\n  Réservé aux nouveaux joueurs ",
      referrer_reward: "10 € en crédit de jeu",
      starts_on: "2026-12-01",
    };
    const submission = parseOfferForm(form({ ...offer, ...terms }));
    expect(submission.status === "success" && submission.value).toMatchObject({
      bonus_amount: 2.5,
      bonus_unit: "USD",
      bonus_up_to: true,
      bonus_kind: "freebet",
      conditions: ["Un premier pari de 10 €", "Réservé aux nouveaux joueurs"],
      referrer_reward: "10 € en crédit de jeu",
      starts_on: "2026-12-01",
    });
  });

  it("refuses an amount that is no positive figure, too many or too long conditions, a start after the end", () => {
    const sent = {
      ...offer,
      bonus_amount: "deux cents",
      bonus_kind: "cadeau",
      conditions: ["a", "b", "c", "d", "e", "f"].join("\n"),
      starts_on: "2027-01-01",
    };
    expect(fieldErrors(parseOfferForm(form(sent)))).toEqual({
      bonus_amount: ["Le montant : un nombre positif, par exemple 200 ou 2,50, ou laissez vide."],
      bonus_kind: ["Choisissez une nature dans la liste."],
      conditions: ["5 conditions au plus, une par ligne."],
    });
    expect(fieldErrors(parseOfferForm(form({ ...offer, bonus_amount: "0" })))).toHaveProperty("bonus_amount");
    expect(fieldErrors(parseOfferForm(form({ ...offer, conditions: "x".repeat(121) })))).toEqual({
      conditions: ["Les conditions : 120 caractères au plus par ligne."],
    });
    expect(fieldErrors(parseOfferForm(form({ ...offer, starts_on: "2027-01-01" })))).toEqual({
      starts_on: ["Le premier jour doit venir avant le dernier jour de validité, ou le même jour."],
    });
  });

  it("stores an empty last day as none, and an emptied code as empty", () => {
    const submission = parseOfferForm(form({ ...offer, valid_until: "", code: "" }));
    expect(submission.status === "success" && submission.value).toMatchObject({ valid_until: null, code: "" });
  });

  it("refuses what the table refuses, in French, keeping every value sent", () => {
    const sent = { ...offer, link: "http://www.exemple.fr", valid_until: "2026-02-30", hide_clipboard: "on" };
    const submission = parseOfferForm(form(sent));
    expect(fieldErrors(submission)).toEqual({
      link: ["Le lien doit être une adresse complète commençant par https://."],
      valid_until: ["Indiquez une date valide (jj/mm/aaaa), ou laissez vide."],
    });
    expect(submission.reply().initialValue).toEqual(sent);
  });

  it("says in French what a missing link or offer text needs", () => {
    expect(fieldErrors(parseOfferForm(form({ ...offer, link: "", offer_description: " " })))).toEqual({
      link: ["Indiquez le lien de parrainage."],
      offer_description: ["Décrivez l'offre en une ou deux phrases."],
    });
    expect(Object.keys(fieldErrors(parseOfferForm(form({ ...offer, link: "https://" }))))).toEqual(["link"]);
  });
});

describe("control characters in the back office's forms", () => {
  /** A NUL byte (Postgres refuses it in text), an escape, a right-to-left override, a zero-width space. */
  // Control characters, bidirectional and invisible marks, and the noncharacters U+FFFE and U+FFFF, which no XML may
  // hold (either made the Atom feeds unreadable). A surrogate without its pair cannot be sent: a form's data is
  // Unicode text, where it becomes U+FFFD.
  const ODD = ["\u0000", "\u001b[31m", "\u202e", "\u200b", "\ufffe", "\uffff"];

  it("are a French error on every text field, keeping what was typed, never a crash", () => {
    const brand = { ...offer, name: "Ma Banque", slug: "ma-banque", category: "banque" };
    const forms = [
      { parse: parseOfferForm, sent: offer, fields: ["code", "link", "offer_description", "advantages"] },
      {
        parse: parseNewBrandForm,
        sent: brand,
        fields: ["code", "link", "offer_description", "advantages", "name", "slug"],
      },
    ];
    for (const { parse, sent, fields } of forms) {
      for (const field of fields) {
        for (const odd of ODD) {
          const typed: Record<string, string> = { ...sent, [field]: `${sent[field as keyof typeof sent]}${odd}x` };
          const submission = parse(form(typed));
          const errors = fieldErrors(submission) as Record<string, string[] | undefined>;
          expect(errors[field]?.[0], `${field} ${JSON.stringify(odd)}`).toMatch(
            /retirez les caractères invisibles|commençant par https|mots en minuscules/,
          );
          expect(submission.reply().initialValue?.[field]).toBe(typed[field]);
        }
      }
    }
  });

  it("leave the advantages their lines", () => {
    const submission = parseOfferForm(form({ ...offer, advantages: "Sans frais\n\tCarte gratuite" }));
    expect(submission.status).toBe("success");
  });
});

describe("the new brand form", () => {
  const brand = { ...offer, name: "Ma Banque", slug: "", category: "finance", description: "Une banque en ligne." };

  it("takes the slug from the name when none is given, and is not featured", () => {
    const submission = parseNewBrandForm(form(brand));
    expect(submission.status === "success" && submission.value).toMatchObject({
      name: "Ma Banque",
      slug: "ma-banque",
      category: "finance",
      featured: false,
      hide_clipboard: false,
    });
  });

  it("refuses a slug the table refuses and a category it does not know", () => {
    const submission = parseNewBrandForm(form({ ...brand, slug: "Ma Banque!", category: "all" }));
    expect(Object.keys(fieldErrors(submission)).sort()).toEqual(["category", "slug"]);
  });

  it("refuses a name that gives no address when none is given", () => {
    const submission = parseNewBrandForm(form({ ...brand, name: "€€€" }));
    expect(fieldErrors(submission)).toEqual({
      slug: ["Ce nom ne donne pas d'adresse : indiquez-en une (par exemple ma-banque)."],
    });
  });
});
