import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUNDLED_OFFERS } from "~/catalogue/offers";
import { FULL_WARNINGS } from "~/catalogue/risk-warnings";
import { OWNER_PASSWORD, postForm, signIn } from "../support/back-office";
import { confirmationOf, confirmImport, editedExport, uploadOffers } from "../support/offer-import";
import { PUBLIC_IDENTITY, startSite, type RunningSite } from "../support/server";
import { makeTempDir } from "../support/temp-dir";

/**
 * What a production start on a public address tells a visitor at the moment of choosing: claims the data backs, the
 * default order named by its rule, the warning the owner chose for each offer, and no example code offered as a
 * working one. The tests of this file run in order: the owner completes offers as they go.
 */

const temp = makeTempDir("choosing");
let site: RunningSite;

beforeAll(async () => {
  site = await startSite({
    DATA_DIR: temp.dir,
    SITE_URL: "https://www.exemple.fr",
    ...PUBLIC_IDENTITY,
    OWNER_PASSWORD,
    SESSION_SECRET: "c".repeat(40),
  });
});
afterAll(async () => {
  await site.stop();
  temp.cleanup();
});

const page = async (path: string) => {
  const response = await fetch(`${site.url}${path}`, { redirect: "manual" });
  expect(response.status, path).toBe(200);
  return response.text();
};

/** The text of an HTML fragment, tags dropped and entities that matter here decoded. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/[^\S\u00a0\u202f]+/g, " ");

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );

describe("claims that match the data", () => {
  it("the home page adds up no savings, in its text or in its FAQ's structured data", async () => {
    const html = await page("/");
    expect(textOf(html)).not.toMatch(/1\s?000\s?€|plus de \d+\s?€/);
    const faq = jsonLd(html).find((block) => block["@type"] === "FAQPage") as
      { mainEntity: { name: string; acceptedAnswer: { text: string } }[] } | undefined;
    const howMuch = faq?.mainEntity.find((item) => item.name === "Combien peut-on économiser ?");
    expect(howMuch?.acceptedAnswer.text).toMatch(/^Cela dépend de chaque offre/);
    expect(howMuch?.acceptedAnswer.text).not.toMatch(/\d\s?€/);
  });

  it("names the owner's three offers a selection, and links to how they are chosen", async () => {
    const html = await page("/");
    expect(html).toContain(
      '<h2 id="featured-title" class="text-2xl font-bold text-slate-900 sm:text-3xl">Notre sélection</h2>',
    );
    expect(textOf(html)).not.toContain("populaires");
    expect(html).toContain('href="/comment-les-offres-sont-classees#selection"');
    const method = textOf(await page("/comment-les-offres-sont-classees"));
    expect(method).toContain("« Notre sélection » sur la page d'accueil");
    expect(method).toContain("ce n'est pas un classement de popularité");
  });

  it("names the default order by its rule, on listings and on a search, and keeps ?tri=pertinence", async () => {
    const selected = (html: string) => /<option value="pertinence" selected="">([^<]+)<\/option>/.exec(html)?.[1];
    expect(selected(await page("/offres"))).toBe("Nom de la marque");
    expect(selected(await page("/offres?tri=pertinence"))).toBe("Nom de la marque");
    expect(selected(await page("/codes?cat=finance&tri=pertinence"))).toBe("Nom de la marque");
    expect(selected(await page("/offres?q=banque"))).toBe("Proximité avec la recherche");
    expect(textOf(await page("/comment-les-offres-sont-classees"))).toContain(
      "L'ordre par défaut : « Nom de la marque »",
    );
  });
});

const EXAMPLE_CODES = BUNDLED_OFFERS.filter((offer) => offer.exampleCode).map((offer) => offer.code);
const AWAITING = "Offre en cours de complétion : code et lien à venir.";

/** The owner's form on an offer, drawn from its edit page: its version and current values, `changes` applied. */
async function saveOffer(cookie: string, slug: string, changes: Record<string, string>) {
  const form = await (await fetch(`${site.url}/gestion/offres/${slug}`, { headers: { Cookie: cookie } })).text();
  const field = (name: string) =>
    new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(form)?.[1]?.replaceAll("&amp;", "&") ?? "";
  const fields = { intent: "save", version: field("version"), offer_description: "Avec le code du propriétaire." };
  const saved = await postForm(site, `/gestion/offres/${slug}`, { ...fields, ...changes }, { Cookie: cookie });
  expect(saved.status, slug).toBe(303);
}

describe("example codes on a public site", () => {
  it("are offered nowhere: a brand page stays, says the offer is being completed, and names no product", async () => {
    const html = await page("/offres/boursobank");
    expect(textOf(html)).toContain(AWAITING);
    expect(html).not.toContain("BOURSOPARRAIN");
    expect(html).not.toContain("/offres/boursobank/lien");
    expect(jsonLd(html).map((block) => block["@type"])).not.toContain("Product");
    const follow = await fetch(`${site.url}/offres/boursobank/lien`, { redirect: "manual" });
    expect(follow.headers.get("location") ?? "").not.toContain("boursobank.com");
  });

  it("show on no listing, feed or search, and the home page says the catalogue is being filled", async () => {
    for (const path of ["/", "/offres", "/offres?page=2", "/codes/paris", "/flux/offres.atom"]) {
      const response = await fetch(`${site.url}${path}`);
      const body = await response.text();
      for (const code of EXAMPLE_CODES) expect(body, `${path}: ${code}`).not.toContain(code);
    }
    const listing = jsonLd(await page("/offres")).find((block) => block["@type"] === "ItemList");
    expect(listing?.itemListElement).toEqual([]);
    const home = await page("/");
    expect(textOf(home)).toContain("Le catalogue est en cours de remplissage");
    expect(home).not.toContain('<article class="offer-card"');
    expect(textOf(await page("/offres?q=CPWINAMAX"))).toMatch(/Aucune offre ne correspond/);
  });

  it("are counted in the start log", () => {
    expect(site.output()).toMatch(/"msg":"46\soffres attendent leur code ou leur lien\s: les exemples livrés/);
  });

  it("lead the owner's list to complete; an offer the owner completes is offered, and put forward", async () => {
    const cookie = await signIn(site);
    const before = await (await fetch(`${site.url}/gestion`, { headers: { Cookie: cookie } })).text();
    expect(textOf(before)).toContain("code et lien à la place des exemples");
    await saveOffer(cookie, "n26", { code: "MOI-N26", link: "https://n26.com/r/moi", risk_note: "investment" });

    const n26 = await page("/offres/n26");
    expect(n26).toContain("MOI-N26");
    expect(n26).toContain('href="/offres/n26/lien"');
    expect(textOf(n26)).not.toContain(AWAITING);
    expect(jsonLd(n26).map((block) => block["@type"])).toContain("Product");
    const home = await page("/");
    expect(home.split('<article class="offer-card"')).toHaveLength(2);
    expect(home).toContain("MOI-N26");
    const follow = await fetch(`${site.url}/offres/n26/lien`, { redirect: "manual" });
    expect(follow.headers.get("location")).toBe("https://n26.com/r/moi");
  });
});

describe("the warning an offer carries", () => {
  it("is the investment one on the bundled investments, the one the owner sets, and none set through the CSV", async () => {
    for (const slug of ["trade-republic", "bricks", "la-premiere-brique", "vivid"]) {
      expect(textOf(await page(`/offres/${slug}`)), slug).toContain(FULL_WARNINGS.investment);
    }
    expect(textOf(await page("/offres/binance"))).toContain(FULL_WARNINGS.crypto);
    expect(textOf(await page("/offres/boursobank"))).not.toMatch(/perte (partielle ou totale )?(du|en) capital/);
    // Set in the back office above.
    expect(textOf(await page("/offres/n26"))).toContain(FULL_WARNINGS.investment);

    const cookie = await signIn(site);
    const csv = await editedExport(site, cookie, [{ slug: "vivid", column: "mise_en_garde", value: "none" }]);
    const preview = await (await uploadOffers(site, cookie, csv)).text();
    expect(textOf(preview)).toMatch(/Ligne \d+\s: Vivid, modifiée/);
    expect((await confirmImport(site, cookie, confirmationOf(preview)!)).status).toBe(303);
    expect(textOf(await page("/offres/vivid"))).not.toContain(FULL_WARNINGS.investment);
  });
});
