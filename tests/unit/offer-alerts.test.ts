import { describe, expect, it } from "vitest";
import { checkOfferAlerts } from "~/catalogue/alerts";
import { BUNDLED_OFFERS } from "~/catalogue/offers";
import { ownNetworkVotes } from "../support/offer-votes";
import type { ReferralOffer } from "~/catalogue/types";

const base = BUNDLED_OFFERS.find((offer) => offer.slug === "binance") as ReferralOffer;
const offer = (slug: string, validUntil?: string): ReferralOffer => ({ ...base, slug, brand: slug, validUntil });
const votes = (yes: number, no: number) => ({ ...ownNetworkVotes(yes, no, "2026-11-20"), topReason: "code-refuse" });
const SITE = "https://www.exemple.fr";

describe("the owner's alerts", () => {
  it("call for one e-mail per reported offer, with its counts, reason and back-office link", () => {
    const { alerts, notReported } = checkOfferAlerts(
      [offer("a"), offer("b"), offer("c")],
      new Map([
        ["a", votes(1, 5)],
        ["b", votes(5, 5)],
      ]),
      "2026-11-25",
      SITE,
    );
    expect(alerts.map((alert) => [alert.kind, alert.offerSlug])).toEqual([["reported", "a"]]);
    expect(alerts[0]?.body).toContain("1 oui, 5 non");
    expect(alerts[0]?.body).toContain("Raison la plus donnée : Code refusé.");
    expect(alerts[0]?.body).toContain(`${SITE}/gestion/offres/a`);
    expect(notReported).toEqual(["b", "c"]);
  });

  it("call for an expiry e-mail from seven days before the last day to the last day, never after", () => {
    const offers = ["2026-12-03", "2026-12-02", "2026-11-25", "2026-11-24"].map((date, index) =>
      offer(`o${index}`, date),
    );
    const { alerts } = checkOfferAlerts(offers, new Map(), "2026-11-25", SITE);
    expect(alerts.map((alert) => [alert.offerSlug, alert.validUntil])).toEqual([
      ["o1", "2026-12-02"],
      ["o2", "2026-11-25"],
    ]);
    expect(alerts[0]?.subject).toBe("[Alerte] o1 : offre valable jusqu'au 2 décembre 2026");
    expect(alerts[0]?.body).toContain("(dans 7 jours)");
    expect(alerts[1]?.body).toContain("(aujourd'hui)");
  });
});
