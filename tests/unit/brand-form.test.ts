import { describe, expect, it } from "vitest";
import { parseNewBrandForm, parseOfferForm } from "~/forms/brand-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const offer = {
  code: " ABC123 ",
  link: "https://www.exemple.fr/parrainage",
  offer_description: "10 € offerts à l'inscription.",
  advantages: "Sans frais\r\n\r\n  Carte gratuite  \n",
  valid_until: "2026-12-31",
};

describe("the offer form of the back office", () => {
  it("gives the columns of the brands table, advantages one per line and the boxes as booleans", () => {
    expect(parseOfferForm(form({ ...offer, featured: "on" }))).toEqual({
      ok: true,
      value: {
        code: "ABC123",
        link: "https://www.exemple.fr/parrainage",
        offer_description: "10 € offerts à l'inscription.",
        advantages: ["Sans frais", "Carte gratuite"],
        valid_until: "2026-12-31",
        featured: true,
        hide_clipboard: false,
      },
    });
  });

  it("stores an empty last day as none", () => {
    const result = parseOfferForm(form({ ...offer, valid_until: "" }));
    expect(result.ok && result.value.valid_until).toBeNull();
  });

  it("refuses what the table refuses, in French, keeping every value sent", () => {
    const result = parseOfferForm(
      form({ ...offer, link: "http://www.exemple.fr", valid_until: "2026-02-30", hide_clipboard: "on" }),
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        link: "Le lien doit être une adresse complète commençant par https://.",
        valid_until: "Indiquez une date valide (jj/mm/aaaa), ou laissez vide.",
      },
      values: {
        ...offer,
        link: "http://www.exemple.fr",
        valid_until: "2026-02-30",
        featured: "",
        hide_clipboard: "on",
      },
    });
  });

  it("refuses a link that is not an address, and a missing offer text", () => {
    const result = parseOfferForm(form({ ...offer, link: "https://", offer_description: " " }));
    expect(result.ok ? {} : Object.keys(result.errors).sort()).toEqual(["link", "offer_description"]);
  });
});

describe("the new brand form", () => {
  const brand = { ...offer, name: "Ma Banque", slug: "", category: "finance", description: "Une banque en ligne." };

  it("takes the slug from the name when none is given", () => {
    const result = parseNewBrandForm(form(brand));
    expect(result.ok && result.value).toMatchObject({ name: "Ma Banque", slug: "ma-banque", category: "finance" });
  });

  it("refuses a slug the table refuses and a category it does not know", () => {
    const result = parseNewBrandForm(form({ ...brand, slug: "Ma Banque!", category: "all" }));
    expect(result.ok ? {} : Object.keys(result.errors).sort()).toEqual(["category", "slug"]);
  });
});
