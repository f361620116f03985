import { describe, expect, it } from "vitest";
import { alertFormView, parseTopic, topicKey, topicLabel } from "~/catalogue/alert-topics";
import { FEED_BETTING_WARNING } from "~/catalogue/feed";
import { BUNDLED_OFFERS } from "~/catalogue/offers";
import { alertConfirmationMail, digestMail } from "~/catalogue/visitor-alerts";
import { ALERT_MESSAGES, checkAlertForm } from "~/forms/alert-form";
import { dispatchEveryMs, newsWorthTelling } from "~/services/alerts/visitor-alerts.server";
import { isRefusedAddress } from "~/services/mail/outbox-mails.server";
import { bundledOffer, improvedChange } from "../support/offer-changes";
import type { ReferralOffer } from "~/catalogue/types";

const offer = bundledOffer;
const improved = improvedChange;
const BETTING = BUNDLED_OFFERS.find((candidate) => candidate.category === "betting") as ReferralOffer;
const CONTEXT = { siteName: "CodeParrain", siteUrl: "https://www.exemple.fr", publisherName: "Marie Dupont" };
const LINKS = {
  manageUrl: "https://www.exemple.fr/alertes/gerer/abc",
  unsubscribeUrl: "https://www.exemple.fr/alertes/desabonner/abc",
};

describe("what an alert may follow", () => {
  it("is a brand or a category, written as the database keeps it", () => {
    expect(parseTopic("marque:n26")).toEqual({ kind: "marque", slug: "n26" });
    expect(parseTopic("categorie:crypto")).toEqual({ kind: "categorie", category: "crypto" });
    expect(topicKey({ kind: "categorie", category: "crypto" })).toBe("categorie:crypto");
    for (const value of ["n26", "marque:", "marque:N26", "categorie:crypto\r\nx", "utilisateur:1", 7, null]) {
      expect(parseTopic(value), String(value)).toBeNull();
    }
  });

  it("asks the 18+ statement of betting alone, and names the topic in the consent text", () => {
    const bank = alertFormView({ kind: "marque", slug: "n26" }, "N26", false);
    expect(bank.adult).toBeNull();
    expect(bank.consent).toContain("de N26");
    expect(bank.consent).toContain("publicité");
    const betting = { kind: "categorie", category: "betting" } as const;
    expect(alertFormView(betting, topicLabel(betting, undefined), true).adult).toBe("J'ai 18 ans ou plus.");
    expect(topicLabel(betting, undefined)).toBe("la catégorie Paris");
  });
});

describe("the alert form's rules", () => {
  const valid = { email: "anne@exemple.fr", consentement: "oui" };

  it("take an address and the ticked consent", () => {
    expect(checkAlertForm(valid, false)).toEqual({ ok: true, email: "anne@exemple.fr" });
  });

  it("refuse an address that would add a header or a second recipient, keeping what was typed", () => {
    for (const email of [
      "anne@exemple.fr\r\nBcc: b@exemple.fr",
      "anne@exemple.fr\nCc:b@exemple.fr",
      "a@b.fr, c@d.fr",
    ]) {
      const checked = checkAlertForm({ ...valid, email }, false);
      expect(checked.ok, JSON.stringify(email)).toBe(false);
      if (!checked.ok) {
        expect(checked.state.errors.email).toBe("Veuillez entrer une adresse e-mail valide");
        expect(checked.state.consent).toBe(true);
      }
    }
  });

  it("refuse a request without consent, and a betting one without the 18+ statement", () => {
    const noConsent = checkAlertForm({ email: "anne@exemple.fr" }, false);
    expect(noConsent.ok ? null : noConsent.state.errors).toEqual({ consent: ALERT_MESSAGES.consentRequired });
    const minor = checkAlertForm(valid, true);
    expect(minor.ok ? null : minor.state.errors).toEqual({ adult: ALERT_MESSAGES.adultRequired });
    expect(checkAlertForm({ ...valid, majeur: "oui" }, true).ok).toBe(true);
  });
});

describe("the alerts' e-mails", () => {
  it("ask to confirm with a link to a page, and promise nothing more otherwise", () => {
    const mail = alertConfirmationMail(CONTEXT, "N26", "https://www.exemple.fr/alertes/confirmer/abc");
    expect(mail.subject).toBe("Confirmez votre alerte : N26");
    expect(mail.text).toContain("https://www.exemple.fr/alertes/confirmer/abc");
    expect(mail.text).toContain("rien d'autre ne vous sera envoyé");
  });

  it("say they are advertising, name the sender, and end with the links to stop them", () => {
    const mail = digestMail(
      CONTEXT,
      [{ change: improved("n26", 1, "2026-11-27T08:00:00Z", 20), offer: offer("n26") }],
      LINKS,
    );
    expect(mail.subject).toBe("Publicité - Offre améliorée : N26");
    expect(mail.text).toContain("Publicité.");
    expect(mail.text).toContain("CodeParrain (https://www.exemple.fr), site édité par Marie Dupont.");
    expect(mail.text).toContain(LINKS.manageUrl);
    expect(mail.text).toContain(LINKS.unsubscribeUrl);
    expect(mail.text).toContain("https://www.exemple.fr/offres/n26");
    expect(mail.text).not.toContain(FEED_BETTING_WARNING);
  });

  it("carry the gambling warning when they speak of betting, and count the offers of a digest", () => {
    const mail = digestMail(
      CONTEXT,
      [
        { change: improved("n26", 1, "2026-11-27T08:00:00Z", 20), offer: offer("n26") },
        { change: improved(BETTING.slug, 2, "2026-11-27T09:00:00Z", 100), offer: BETTING },
      ],
      LINKS,
    );
    expect(mail.subject).toBe("Publicité - 2 offres nouvelles ou améliorées");
    expect(mail.text).toContain(FEED_BETTING_WARNING);
  });
});

describe("the alerts' dispatcher", () => {
  it("tells each offer once, its newest news, and only while the offer is shown", () => {
    const offers = BUNDLED_OFFERS.filter((candidate) => candidate.slug !== "wise");
    const news = [
      improved("n26", 1, "2026-11-27T08:00:00.000Z", 20),
      improved("n26", 2, "2026-11-27T09:00:00.000Z", 30),
      improved("wise", 3, "2026-11-27T09:30:00.000Z", 30),
    ];
    const told = newsWorthTelling(news, offers, "2026-11-27");
    expect(told.map(({ change }) => change.id)).toEqual([2]);
    const expired = offers.map((candidate) =>
      candidate.slug === "n26" ? { ...candidate, validUntil: "2026-11-01" } : candidate,
    );
    expect(newsWorthTelling(news, expired, "2026-11-27")).toEqual([]);
  });

  it("looks a quarter of the delay apart, between 1 and 15 seconds", () => {
    expect([0, 20, 240, 300].map(dispatchEveryMs)).toEqual([1_000, 5_000, 15_000, 15_000]);
  });

  it("ends a subscription only when the recipient's server refuses the address for good", () => {
    expect(isRefusedAddress({ responseCode: 550, command: "RCPT TO" })).toBe(true);
    expect(isRefusedAddress({ responseCode: 550, code: "EENVELOPE" })).toBe(true);
    expect(isRefusedAddress({ responseCode: 421, command: "RCPT TO" })).toBe(false);
    // The site's own sign-in refused: its configuration, not the address.
    expect(isRefusedAddress({ responseCode: 535, command: "AUTH PLAIN" })).toBe(false);
    expect(isRefusedAddress(new Error("connexion refusée"))).toBe(false);
  });
});
