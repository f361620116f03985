import { describe, expect, it } from "vitest";
import { guidesAtomFeed } from "~/catalogue/feed";
import { isGuideSlug, offerSlugsLinked, readingMinutes, slugFromTitle } from "~/catalogue/guides";
import { guideShareImage } from "~/catalogue/share-image";
import { checkGuideFields, EMPTY_GUIDE, guideFormValues } from "~/forms/guide-form";

describe("a guide's address", () => {
  it("is proposed from its title: accents, apostrophes and signs dropped, 80 characters at most", () => {
    expect(slugFromTitle("Parrainage crypto : ce qu'il faut savoir avant de s'inscrire")).toBe(
      "parrainage-crypto-ce-qu-il-faut-savoir-avant-de-s-inscrire",
    );
    expect(slugFromTitle("Les primes des banques en ligne comparées (2026)")).toBe(
      "les-primes-des-banques-en-ligne-comparees-2026",
    );
    const long = slugFromTitle("mot ".repeat(40));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(isGuideSlug(long)).toBe(true);
  });

  it("accepts lower-case words between single hyphens only", () => {
    for (const slug of ["primes", "primes-banques-2026"]) expect(isGuideSlug(slug), slug).toBe(true);
    for (const slug of ["", "Primes", "primes--banques", "-primes", "primes-", "primes_banques", "a".repeat(81)]) {
      expect(isGuideSlug(slug), slug).toBe(false);
    }
  });
});

describe("a guide's text", () => {
  it("takes a minute a 230 words, at least one", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes("mot ".repeat(3_000))).toBe(13);
    expect(readingMinutes("aujourd'hui c'est peut-être l'heure")).toBe(1);
  });

  it("names the offers it links to, each once, in order, and nothing else of the site", () => {
    expect(
      offerSlugsLinked([
        "/offres/wise",
        "/offres",
        "/offres/boursobank#code",
        "/offres/wise/",
        "/guides/x",
        "/offres/a/lien",
      ]),
    ).toEqual(["wise", "boursobank"]);
  });
});

describe("the writing form", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return guideFormValues(data);
  };

  it("keeps what was typed, line ends made LF, and proposes the address from the title", () => {
    const values = form({ title: "  Bien   choisir  ", summary: "Un résumé.", category: "finance", body: "a\r\nb" });
    expect(values.body).toBe("a\nb");
    expect(checkGuideFields(values)).toEqual({
      fields: { title: "Bien choisir", slug: "bien-choisir", summary: "Un résumé.", category: "finance", body: "a\nb" },
      errors: {},
    });
  });

  it("says in French what is wrong with each field", () => {
    const { errors } = checkGuideFields({
      ...EMPTY_GUIDE,
      title: "x".repeat(121),
      slug: "Pas Une Adresse",
      summary: "y".repeat(301),
      category: "jeux",
    });
    expect(errors).toEqual({
      title: "120 caractères au plus.",
      slug: expect.stringContaining("Lettres minuscules sans accents"),
      summary: "300 caractères au plus.",
      category: "Choisissez une catégorie de la liste.",
      body: "Écrivez le texte du guide.",
    });
    // Without a title, an empty address is not wrong: the title's error says what to do.
    expect(checkGuideFields({ ...EMPTY_GUIDE, body: "Texte" }).errors).toEqual({ title: "Donnez un titre au guide." });
  });
});

describe("the guides' feed and share image", () => {
  it("escapes what the owner wrote and reads relative links from the site's address", () => {
    const { xml, updated } = guidesAtomFeed(
      [
        {
          slug: "primes",
          title: "Primes & <bonus>",
          summary: "Résumé",
          publishedAt: "2026-12-01T10:00:00Z",
          updatedAt: "2026-12-03T10:00:00Z",
          html: '<p><a href="/offres/wise">Wise</a></p>',
        },
      ],
      { siteUrl: "https://www.exemple.fr", siteName: "CodeParrain" },
    );
    expect(updated).toBe("2026-12-03T10:00:00Z");
    expect(xml).toContain("<title>Primes &amp; &lt;bonus&gt;</title>");
    expect(xml).toContain('<content type="html" xml:base="https://www.exemple.fr/">&lt;p&gt;&lt;a href=');
    expect(xml).toContain("<published>2026-12-01T10:00:00.000Z</published>");
  });

  it("draws a guide as a guide of its category, with the site's name", () => {
    expect(
      guideShareImage({ title: "Primes", category: "finance" }, { siteName: "CP", siteUrl: "https://cp.fr" }),
    ).toEqual({
      eyebrow: "Guide · Finance",
      title: "Primes",
      tile: { initials: "G" },
      siteName: "CP",
      siteHost: "cp.fr",
    });
  });
});
