import { describe, expect, it } from "vitest";
import { splitOffer } from "~/catalogue/headline";

describe("splitOffer: what the visitor gets, then how", () => {
  it("cuts before the conditions, keeping the amount as written", () => {
    expect(splitOffer("15 € offerts après l'ouverture de votre compte N26.")).toEqual({
      headline: "15 € offerts",
      details: "après l'ouverture de votre compte N26.",
    });
    expect(splitOffer("Jusqu'à 200 € offerts pour l'ouverture de votre premier compte")).toEqual({
      headline: "Jusqu'à 200 € offerts",
      details: "pour l'ouverture de votre premier compte",
    });
    expect(splitOffer("10 $ en BTC offerts après un premier achat").headline).toBe("10 $ en BTC offerts");
    expect(splitOffer("20 % de réduction sur vos frais de trading en vous inscrivant").headline).toBe(
      "20 % de réduction",
    );
  });

  it("drops the punctuation between the two parts", () => {
    expect(splitOffer("5 € offerts, puis jusqu'à 15 % de cashback sur vos achats.")).toEqual({
      headline: "5 € offerts",
      details: "puis jusqu'à 15 % de cashback sur vos achats.",
    });
  });

  it("keeps a text it cannot cut sensibly whole, as the headline", () => {
    expect(splitOffer("Offre de parrainage disponible")).toEqual({
      headline: "Offre de parrainage disponible",
      details: "",
    });
    expect(splitOffer("Bonus après inscription")).toEqual({ headline: "Bonus après inscription", details: "" });
    expect(splitOffer("  Prime   offerte.  ")).toEqual({ headline: "Prime offerte", details: "" });
  });

  it("never adds or drops a word: both parts put back together give the text", () => {
    for (const text of [
      "Une action offerte après l'ouverture de votre compte avec le lien de parrainage et un premier dépôt.",
      "1 crédit offert et 20 % de réduction sur Vexub en passant par le lien de parrainage.",
      "Bonus offert à l'inscription sur Naomi avec le code de parrainage ; le cashback est versé dès 20 € cumulés.",
      "Votre premier transfert international sans frais jusqu'à un certain montant en passant par le lien d'invitation.",
    ]) {
      const { headline, details } = splitOffer(text);
      expect(details).not.toBe("");
      expect(`${headline} ${details}`.replace(/[\s,;:]+/g, " ")).toBe(text.replace(/[\s,;:]+/g, " "));
    }
  });
});
