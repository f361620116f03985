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
    expect(mainText(await response.text())).toContain("Les alertes par e-mail ne sont pas proposées sur ce site");
  });
});
