import { describe, expect, it } from "vitest";
import { BUNDLED_OFFERS } from "~/catalogue/offers";
import { SHORT_WARNINGS } from "~/catalogue/risk-warnings";
import { brandShareImage, categoryShareImage, initialsOf } from "~/catalogue/share-image";

const SITE = { siteName: "CodeParrain", siteUrl: "https://www.exemple.fr" };
const TODAY = "2026-11-28";
const bundled = (slug: string) => BUNDLED_OFFERS.find((offer) => offer.slug === slug)!;

describe("what a share image says", () => {
  it("draws the brand, what its card leads with, its kind when known, and the site", () => {
    expect(brandShareImage(bundled("boursobank"), TODAY, SITE)).toEqual({
      eyebrow: "Code parrainage",
      title: "BoursoBank",
      bonus: "Jusqu'à 200\u00a0€",
      bonusKind: "Argent versé sur le compte",
      tile: { logo: "/logos/boursobank.svg" },
      siteName: "CodeParrain",
      siteHost: "www.exemple.fr",
    });
    const winamax = brandShareImage(bundled("winamax"), TODAY, SITE);
    expect(winamax.bonus).toBe("Offre de bienvenue disponible");
    expect(winamax).not.toHaveProperty("bonusKind");
  });

  it("draws a betting offer's 18+ and short warning, a crypto or investment offer's risk line, a bank's none", () => {
    expect(brandShareImage(bundled("winamax"), TODAY, SITE).warning).toEqual({
      adultsOnly: true,
      text: SHORT_WARNINGS.betting,
    });
    expect(brandShareImage(bundled("binance"), TODAY, SITE).warning).toEqual({ text: SHORT_WARNINGS.crypto });
    expect(brandShareImage(bundled("trade-republic"), TODAY, SITE).warning).toEqual({
      text: SHORT_WARNINGS.investment,
    });
    expect(brandShareImage(bundled("boursobank"), TODAY, SITE)).not.toHaveProperty("warning");
  });

  it("draws no bonus for an ended offer, only that it has ended", () => {
    const revolut = brandShareImage(bundled("revolut"), TODAY, SITE);
    expect(revolut.note).toBe("Offre expirée");
    expect(revolut).not.toHaveProperty("bonus");
    expect(revolut).not.toHaveProperty("bonusKind");
  });

  it("draws only a bundled logo; any other address gives the initials", () => {
    const offer = { ...bundled("boursobank"), logo: "https://ailleurs.example/logo.svg" };
    expect(brandShareImage(offer, TODAY, SITE).tile).toEqual({ initials: "BB" });
    expect(initialsOf("Uber Eats")).toBe("UE");
    expect(initialsOf("iGraal")).toBe("IG");
    expect(initialsOf("binance")).toBe("B");
    // A name starting with an emoji: its first letter, never half of the emoji's two UTF-16 units.
    expect(initialsOf("🚀 Rocket")).toBe("R");
    expect(initialsOf("😀")).toBe("?");
  });

  it("counts a category's running offers", () => {
    const crypto = categoryShareImage("crypto", BUNDLED_OFFERS, TODAY, SITE);
    expect(crypto.title).toBe("Crypto");
    expect(crypto.note).toMatch(/^\d+\soffres en cours$/);
  });
});
