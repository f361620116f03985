import { describe, expect, it } from "vitest";
import { mainText } from "../support/oversized-forms";
import { siteOnFreshFolder } from "../support/suite-site";

/**
 * Addresses a visitor types, answered as they meant them: a brand's other names and spellings lead to its page, a
 * category named in everyday words to its listing, an unknown brand to a page that helps further, and /alertes
 * alone says what it offers.
 */
const site = siteOnFreshFolder("finding", {});

const answer = (path: string) => fetch(`${site.url}${path}`, { redirect: "manual" });
const locationOf = async (path: string) => {
  const response = await answer(path);
  expect(response.status, path).toBe(301);
  const target = new URL(response.headers.get("Location") ?? "", site.url);
  return target.pathname + target.search;
};

describe("addresses that forgive", () => {
  it("lead a brand's other names and its address written otherwise to its page, with a 301", async () => {
    expect(await locationOf("/offres/boursorama")).toBe("/offres/boursobank");
    expect(await locationOf("/offres/ubereats")).toBe("/offres/uber-eats");
    expect(await locationOf("/offres/crypto.com")).toBe("/offres/crypto-com");
    expect(await locationOf("/offres/hellobank")).toBe("/offres/hello-bank");
    expect(await locationOf("/offres/Hello-Bank?ref=x")).toBe("/offres/hello-bank?ref=x");
    expect(await locationOf("/offres/transferwise")).toBe("/offres/wise");
  });

  it("lead a category named in everyday words, in any case, to its listing", async () => {
    expect(await locationOf("/offres?cat=paris")).toBe("/offres?cat=betting");
    expect(await locationOf("/offres?cat=Crypto")).toBe("/offres?cat=crypto");
    expect(await locationOf("/codes?cat=banque")).toBe("/codes?cat=finance");
    expect(await locationOf("/codes/banque")).toBe("/codes?cat=finance");
    expect(await locationOf("/codes/paris")).toBe("/codes?cat=betting");
    expect(await locationOf("/codes/mobilit%C3%A9")).toBe("/codes?cat=mobility");
  });

  it("answer a nearer-but-different spelling with a 404 that proposes, never a redirect", async () => {
    const response = await answer("/offres/binanse");
    expect(response.status).toBe(404);
    const text = mainText(await response.text());
    expect(text).toContain("Marques aux noms proches");
    expect(text).toContain("Binance");
  });

  it("answer an unknown brand with its name to search, and a way to propose it", async () => {
    const response = await answer("/offres/betclic");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(mainText(html)).toMatch(/Aucune offre pour «\s+betclic\s+»/);
    expect(html).toMatch(/<form action="\/offres" method="get" role="search"/);
    expect(html).toMatch(/name="q" type="search"[^>]* value="betclic"/);
    expect(html).toContain('href="/contact?sujet=new-code&amp;marque=betclic"');
    const contact = await (await answer("/contact?sujet=new-code&marque=betclic")).text();
    expect(contact).toMatch(/<option value="new-code" selected="">Proposition d&#x27;un nouveau code/);
    expect(contact).toContain("Je propose un code de parrainage pour betclic\u00a0: </textarea>");
  });

  it("say plainly on /alertes alone that this site sends no alerts when e-mail is not set", async () => {
    const response = await answer("/alertes");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(mainText(html)).toContain("Les alertes par e-mail ne sont pas proposées sur ce site");
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(await (await answer("/sitemap.xml")).text()).not.toContain("/alertes");
  });
});

describe("a search that reads everyday words", () => {
  /** The brands of the offer cards a listing shows, in order. */
  const cardsOf = (html: string) =>
    [...html.matchAll(/<article class="offer-card">[\s\S]*?<a href="\/offres\/([^"#]+)">/g)].map((match) => match[1]);
  const listing = async (query: string) => {
    const response = await answer(`/offres?q=${encodeURIComponent(query)}`);
    expect(response.status, query).toBe(200);
    return response.text();
  };

  it("finds the offer of a pasted address, its path and parameters ignored", async () => {
    expect(cardsOf(await listing("https://www.binance.com/fr/register?ref=ABC"))).toEqual(["binance"]);
    expect(cardsOf(await listing("boursorama.com"))).toEqual(["boursobank"]);
  });

  it("leads a bank's welcome bonus to the banks and cashback on groceries to the app paying them back", async () => {
    const banks = cardsOf(await listing("prime de bienvenue"));
    expect(banks).toEqual(expect.arrayContaining(["boursobank", "fortuneo", "hello-bank"]));
    expect(banks).not.toContain("binance");
    expect(cardsOf(await listing("cashback courses"))).toEqual(["shopmium"]);
  });

  it("says so when a query names a kind of product no offer sells, and shows the categories", async () => {
    const html = await listing("forfait mobile");
    expect(cardsOf(html)).toEqual([]);
    const text = mainText(html);
    expect(text).toMatch(/Aucune offre ne correspond à «\s+forfait mobile\s+»/);
    expect(text).toContain("Ou parcourez une catégorie");
    expect(text).not.toContain("Vouliez-vous dire");
  });
});
