import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOME_FAQ } from "~/content/home";
import { MAX_DRAINED_BYTES, TEXT_FORM_BYTES } from "~/services/form-request.server";
import { OWNER_PASSWORD, postForm, signIn } from "../support/back-office";
import { mainText } from "../support/oversized-forms";
import { seededDataDir } from "../support/seeded-data-dir";
import { PUBLIC_IDENTITY, startSite, type RunningSite } from "../support/server";
import { newVisitors } from "../support/visitor-addresses";

/**
 * The site's texts over HTTP, on a public production site with its page cache: changed in the back office (lists
 * edited with buttons, previewed, refused, saved, restored, taken back to the bundled text), then read by visitors
 * and in the pages' structured data.
 */
const temp = seededDataDir("site-texts-http", async () => undefined);
let site: RunningSite;
let cookie: string;

beforeAll(async () => {
  site = await startSite({
    DATA_DIR: temp.dir,
    SITE_URL: "https://www.exemple.fr",
    ...PUBLIC_IDENTITY,
    OWNER_PASSWORD,
    SESSION_SECRET: "t".repeat(40),
    TRUST_PROXY: "loopback",
  });
  cookie = await signIn(site, { "X-Forwarded-For": newVisitors()() });
});
afterAll(async () => {
  await site?.stop();
});

const asOwner = () => ({ Cookie: cookie });
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${path}`, { redirect: "manual", headers });
const html = async (path: string, headers: Record<string, string> = {}) => (await get(path, headers)).text();
const send = async (path: string, fields: Record<string, string>, headers: Record<string, string> = asOwner()) => {
  const response = await postForm(site, path, fields, headers);
  return { status: response.status, location: response.headers.get("Location"), text: await response.text() };
};

/** The questions of the page's FAQPage structured data. */
const faqData = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => JSON.parse(match[1] as string) as { "@type": string; mainEntity?: { name: string }[] })
    .find((block) => block["@type"] === "FAQPage")
    ?.mainEntity?.map((item) => item.name) ?? [];

const unescape = (text: string) =>
  text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The form's fields as the page draws them: its pairs, its text areas, and the version a save names. */
async function formOf(key: string): Promise<Record<string, string>> {
  const page = await html(`/gestion/textes/${key}`, asOwner());
  const fields: Record<string, string> = {};
  for (const [input] of page.matchAll(/<input\b[^>]*>/g)) {
    const name = / name="([^"]+)"/.exec(input)?.[1];
    if (name && name !== "intent") fields[name] = unescape(/ value="([^"]*)"/.exec(input)?.[1] ?? "");
  }
  for (const [, attributes, value] of page.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = / name="([^"]+)"/.exec(attributes as string)?.[1];
    if (name) fields[name] = unescape((value as string).replace(/^\n/, ""));
  }
  return fields;
}

const NEW_QUESTION = "Puis-je proposer une offre ?";
const NEW_ANSWER = "Oui : écrivez-nous depuis la page de contact, avec le code et ses conditions.";

describe("the site's texts", () => {
  it("are changed only by the signed-in owner, from the site's own pages", async () => {
    const toSignIn = await get("/gestion/textes/accueil-faq");
    await toSignIn.arrayBuffer();
    expect(toSignIn.status).toBe(303);
    expect(toSignIn.headers.get("Location")).toBe("/gestion/connexion");
    const crossSite = await send(
      "/gestion/textes/accueil-faq",
      { ...(await formOf("accueil-faq")), intent: "enregistrer" },
      { ...asOwner(), Origin: "https://attaquant.example" },
    );
    expect(crossSite.status).toBe(403);
    expect((await get("/gestion/textes/inconnu", asOwner())).status).toBe(404);
    expect((await get("/gestion/textes/marque-pas-une-marque", asOwner())).status).toBe(404);
  });

  it("are listed with their state, each the bundled text until changed", async () => {
    const list = mainText(await html("/gestion/textes", asOwner()));
    expect(list).toContain("Accueil · FAQ (/) Texte d'origine");
    expect(list).toContain("Offres · introduction (/offres) Texte d'origine");
    expect(list).toContain("Binance (/offres/binance) Texte d'origine");
    const form = await formOf("accueil-faq");
    expect(form["faq.0.0"]).toBe(HOME_FAQ[0]?.question);
    expect(form.version).toBe("0");
  });

  it("have lists whose items are added, moved and removed without anything saved", async () => {
    const form = await formOf("accueil-faq");
    const added = await send("/gestion/textes/accueil-faq", { ...form, intent: "ajouter:faq" });
    expect(added.status).toBe(200);
    expect(added.text).toMatch(/name="faq.4.0"[^>]* value=""/);
    const moved = await send("/gestion/textes/accueil-faq", { ...form, intent: "monter:faq:1" });
    expect(moved.text).toContain(`id="texte-faq-0-0" value="${HOME_FAQ[1]?.question.replace(/'/g, "&#x27;")}"`);
    const removed = await send("/gestion/textes/accueil-faq", { ...form, intent: "retirer:faq:0" });
    expect(removed.text).not.toContain('name="faq.3.0"');
    expect(mainText(await html("/gestion/textes", asOwner()))).toContain("Accueil · FAQ (/) Texte d'origine");
    expect((await send("/gestion/textes/accueil-faq", { ...form, intent: "monter:autre:1" })).status).toBe(400);
  });

  it("are refused in French with what was typed kept", async () => {
    const form = await formOf("accueil-faq");
    const refused = await send("/gestion/textes/accueil-faq", {
      ...form,
      "faq.1.1": "Une réponse bien trop longue. ".repeat(60),
      "faq.4.0": "Une question sans réponse ?",
      "faq.4.1": "",
      intent: "enregistrer",
    });
    expect(refused.status).toBe(400);
    const text = mainText(refused.text);
    expect(text).toContain("2 champs à corriger avant l'enregistrement");
    expect(text).toContain("Réponse 2\u00a0: 1\u202f500\u00a0caractères au plus (1\u202f800 écrits).");
    expect(text).toContain("Réponse 5\u00a0: à remplir.");
    expect(refused.text).toContain('href="#texte-faq-4-1"');
    expect(refused.text).toContain('value="Une question sans réponse ?"');
    const tooLong = await send("/gestion/textes/offres-introduction", {
      ...(await formOf("offres-introduction")),
      paragraphs: "Un.\n\nDeux.\n\nTrois.\n\nQuatre.\n\nCinq.",
      intent: "enregistrer",
    });
    expect(tooLong.status).toBe(400);
    expect(mainText(tooLong.text)).toContain("Paragraphes\u00a0: 4 paragraphes au plus (5).");
  });

  it("are previewed, nothing saved", async () => {
    const preview = await send("/gestion/textes/accueil-faq", {
      ...(await formOf("accueil-faq")),
      "faq.4.0": NEW_QUESTION,
      "faq.4.1": NEW_ANSWER,
      intent: "apercu",
    });
    expect(preview.status).toBe(200);
    expect(mainText(preview.text)).toContain(`Aperçu (rien n'est enregistré) ${HOME_FAQ[0]?.question}`);
    // Set in French spacing, as the page will show it.
    expect(mainText(preview.text)).toContain("Puis-je proposer une offre\u202f?");
    expect(await html("/")).not.toContain("Puis-je proposer");
  });

  it("show on their page and in its structured data once saved, in French spacing", async () => {
    expect(faqData(await html("/"))).not.toContain("Puis-je proposer une offre\u202f?");
    const saved = await send("/gestion/textes/accueil-faq", {
      ...(await formOf("accueil-faq")),
      "faq.4.0": NEW_QUESTION,
      "faq.4.1": NEW_ANSWER,
      intent: "enregistrer",
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe("/gestion/textes/accueil-faq");
    const home = await html("/");
    expect(mainText(home)).toContain("Puis-je proposer une offre\u202f? + Oui\u00a0: écrivez-nous");
    expect(faqData(home)).toEqual([...HOME_FAQ.map((item) => item.question), "Puis-je proposer une offre\u202f?"]);
    expect(mainText(await html("/gestion/textes", asOwner()))).toMatch(/Accueil · FAQ \(\/\) Modifié le /);
  });

  it("refuse a save drawn before another one, keeping what was typed (409)", async () => {
    const stale = await formOf("accueil-faq");
    expect((await send("/gestion/textes/accueil-faq", { ...stale, intent: "enregistrer" })).status).toBe(303);
    const second = await send("/gestion/textes/accueil-faq", {
      ...stale,
      "faq.0.0": "Question de l'autre onglet ?",
      intent: "enregistrer",
    });
    expect(second.status).toBe(409);
    expect(mainText(second.text)).toContain("Rien n'a été enregistré\u00a0: le texte a été modifié");
    expect(second.text).toContain("Question de l&#x27;autre onglet ?");
    expect(await html("/")).not.toContain("autre onglet");
  });

  it("keep their versions, each reopened in the form to be restored", async () => {
    const page = mainText(await html("/gestion/textes/accueil-faq", asOwner()));
    expect(page).toMatch(/Version 2 du .+Version 1 du /);
    const first = await html("/gestion/textes/accueil-faq?version=1", asOwner());
    expect(mainText(first)).toMatch(/Version 1 du .+, remise dans le formulaire/);
    expect(first).toMatch(/name="version" value="2"/);
    expect((await get("/gestion/textes/accueil-faq?version=9", asOwner())).status).toBe(404);
  });

  it("go back to the bundled text, on the page and in its structured data", async () => {
    const reverted = await send("/gestion/textes/accueil-faq", {
      ...(await formOf("accueil-faq")),
      intent: "origine",
    });
    expect(reverted.status).toBe(303);
    const home = await html("/");
    expect(home).not.toContain("Puis-je proposer");
    expect(faqData(home)).toEqual(HOME_FAQ.map((item) => item.question));
    const page = mainText(await html("/gestion/textes/accueil-faq", asOwner()));
    expect(page).toMatch(/Version 3 du .+ · texte d'origine/);
    expect(mainText(await html("/gestion/textes", asOwner()))).toContain("Accueil · FAQ (/) Texte d'origine");
  });

  it("write a brand page's sections, its questions' structured data following", async () => {
    const brandForm = await formOf("marque-bolt");
    expect(await html("/offres/bolt")).not.toContain("Questions fréquentes sur Bolt");
    const saved = await send("/gestion/textes/marque-bolt", {
      ...brandForm,
      "faq.0.0": "Le code Bolt marche-t-il pour Bolt Food ?",
      "faq.0.1": "Non, seulement pour les courses.",
      howToUse: "Ouvrez le lien.\nCréez votre compte.",
      intent: "enregistrer",
    });
    expect(saved.status).toBe(303);
    const page = await html("/offres/bolt");
    expect(mainText(page)).toContain("Questions fréquentes sur Bolt Le code Bolt marche-t-il pour Bolt Food\u202f?");
    expect(mainText(page)).toContain("Comment utiliser le code parrainage Bolt");
    expect(faqData(page)).toEqual(["Le code Bolt marche-t-il pour Bolt Food\u202f?"]);
    expect(mainText(await html("/gestion/textes", asOwner()))).toMatch(/Bolt \(\/offres\/bolt\) Modifié le /);
  });

  it("take a form up to their size only", async () => {
    // "é" is 6 bytes once form-encoded: 120 000 of them pass the limit and stay under what the server drains.
    expect(120_000 * 6).toBeGreaterThan(TEXT_FORM_BYTES);
    expect(120_000 * 6).toBeLessThan(MAX_DRAINED_BYTES);
    const huge = await send("/gestion/textes/accueil-faq", {
      ...(await formOf("accueil-faq")),
      "faq.0.1": "é".repeat(120_000),
      intent: "enregistrer",
    });
    expect(huge.status).toBe(413);
  });
});
