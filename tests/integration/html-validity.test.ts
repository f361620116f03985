import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { typeset } from "~/catalogue/typography";
import { OFFER_CSV_COLUMNS } from "~/forms/offer-csv";
import { cookieFrom, OWNER_PASSWORD, signIn } from "../support/back-office";
import { breakableSpaces } from "../support/french-spacing";
import { checkHtmlFiles } from "../support/html-checker";
import { NEW_BRAND_LINE, newBrandLine } from "../support/offer-import";
import { publicAndLocalSites } from "../support/public-and-local-sites";
import { makeTempDir } from "../support/temp-dir";

// The W3C Nu HTML checker, run over the server HTML of every screen.

interface Page {
  name: string;
  path: string;
  /** Fields of a form posted without JavaScript; the page checked is the one the server answers. */
  form?: Record<string, string>;
  /** Asked of a site run with the defaults (no SITE_URL, no identity): the legal notice marked as an example. */
  example?: boolean;
  /** Asked signed in to the back office. */
  owner?: boolean;
  /** Headers sent with the request. */
  headers?: Record<string, string>;
  /** Files sent with `form`, by field, as a multipart form: their text. */
  files?: Record<string, string>;
}

/** Import files: a brand added, and a row whose link and amount are refused. */
const IMPORT_HEADER = OFFER_CSV_COLUMNS.join(",");
const REFUSED_ROW = newBrandLine({ adresse: "refusee", marque: "Refusée", lien: "http://x", montant: "beaucoup" });

/** A guide with every element the owner may write, and offers named. */
const GUIDE = {
  title: "Bien choisir sa banque en ligne",
  slug: "",
  summary: "Les primes, les conditions et les pièges.",
  category: "finance",
  body: [
    "## Les primes",
    "",
    "[BoursoBank](/offres/boursobank) et [Binance](/offres/binance) versent une prime : **lisez** les *conditions*.",
    "",
    "## Un tableau",
    "",
    "| Banque | Prime |",
    "| :-- | --: |",
    "| BoursoBank | 100 € |",
    "",
    "## Le reste",
    "",
    "> Une citation.",
    "",
    "1. un",
    "2. deux",
    "",
    "`CODE` et https://www.exemple.fr, ![Logo](/logos/binance.svg)",
    "",
    "### Plus bas",
    "",
    "```",
    "un bloc",
    "```",
  ].join("\n"),
};

const invalidMessage = { name: "A", email: "pas-une-adresse", message: "court" };

const PAGES: Page[] = [
  { name: "home", path: "/" },
  { name: "offers", path: "/offres" },
  { name: "offers-page-2", path: "/offres?page=2" },
  { name: "offers-last-page", path: "/offres?page=4" },
  { name: "offers-past-the-last-page", path: "/offres?page=5" },
  { name: "search", path: "/offres?q=bin" },
  { name: "search-pages", path: "/offres?q=offert&page=2" },
  { name: "search-without-result", path: "/offres?q=zzzz" },
  { name: "search-without-result-suggestions", path: "/offres?q=kukoyn" },
  { name: "search-holding-some-words", path: "/offres?q=immobilier+Bordeaux" },
  { name: "offers-category", path: "/offres?cat=crypto" },
  { name: "codes", path: "/codes" },
  { name: "codes-tab", path: "/codes?cat=crypto" },
  { name: "codes-tab-search", path: "/codes?cat=finance&q=bourso" },
  { name: "codes-slug-redirect", path: "/codes/binance" },
  { name: "brand-binance", path: "/offres/binance" },
  { name: "brand-coinbase", path: "/offres/coinbase" },
  { name: "brand-fortuneo", path: "/offres/fortuneo" },
  { name: "brand-sorare", path: "/offres/sorare" },
  { name: "brand-crypto-com", path: "/offres/crypto-com" },
  { name: "brand-wise", path: "/offres/wise" },
  { name: "brand-unibet", path: "/offres/unibet" },
  { name: "brand-expired-revolut", path: "/offres/revolut" },
  { name: "brand-betting-winamax", path: "/offres/winamax" },
  { name: "contact", path: "/contact" },
  { name: "contact-proposal", path: "/contact?sujet=new-code&marque=Betclic" },
  { name: "alerts-chooser", path: "/alertes" },
  { name: "unknown-brand-betclic", path: "/offres/betclic" },
  { name: "contact-with-errors", path: "/contact", form: { ...invalidMessage, subject: "" } },
  { name: "question-with-errors", path: "/offres/binance", form: invalidMessage },
  {
    name: "contact-sent-toast",
    path: "/contact",
    form: {
      name: "Anne Martin",
      email: "anne@exemple.fr",
      subject: "question",
      message: "Une question sur un code de parrainage.",
    },
  },
  { name: "feedback", path: "/offres/binance/avis" },
  { name: "brand-ask-reason", path: "/offres/binance?avis=non" },
  { name: "feedback-refused", path: "/offres/binance/avis", form: { worked: "peut-etre" } },
  { name: "feedback-sent-toast", path: "/offres/binance/avis", form: { worked: "oui" } },
  // A vote the request pipeline refuses (through a proxy TRUST_PROXY does not name): its own small document.
  {
    name: "feedback-refused-by-the-pipeline",
    path: "/offres/binance/avis",
    form: { worked: "non", reason: "autre" },
    headers: { "X-Forwarded-For": "203.0.113.60" },
  },
  {
    name: "feedback-refused-by-the-pipeline-before-a-choice",
    path: "/offres/binance/avis",
    form: { worked: "peut-etre" },
    headers: { "X-Forwarded-For": "203.0.113.60" },
  },
  { name: "how-votes-work", path: "/comment-sont-recueillis-les-avis" },
  { name: "how-offers-are-ranked", path: "/comment-les-offres-sont-classees" },
  { name: "listing-by-amount", path: "/offres?tri=montant" },
  { name: "listing-by-news-with-nothing-new", path: "/offres?tri=nouveautes" },
  { name: "listing-by-votes-searched", path: "/codes?q=banque&cat=finance&tri=avis" },
  { name: "testimonial", path: "/offres/binance/temoignage" },
  // Without a signed start the form comes back, its values kept, to be sent again.
  {
    name: "testimonial-refused",
    path: "/offres/binance/temoignage",
    form: { text: "Un témoignage sans début signé.", name: "Anne", month: "10", year: "2026" },
  },
  { name: "testimonial-erasure", path: `/temoignages/effacer/${"ab".repeat(32)}` },
  { name: "testimonial-erasure-unknown", path: `/temoignages/effacer/${"ab".repeat(32)}`, form: {} },
  { name: "testimonial-address", path: `/temoignages/confirmer/${"cd".repeat(32)}` },
  { name: "testimonial-address-unknown", path: `/temoignages/confirmer/${"cd".repeat(32)}`, form: {} },
  { name: "brand-index", path: "/marques" },
  { name: "brand-index-initial", path: "/marques/b" },
  { name: "brand-index-unknown-initial", path: "/marques/b/zz" },
  { name: "legal-notice", path: "/mentions-legales" },
  { name: "legal-notice-example", path: "/mentions-legales", example: true },
  { name: "not-found", path: "/page-inconnue" },
  { name: "unknown-brand", path: "/offres/marque-inconnue" },
  { name: "back-office-sign-in", path: "/gestion/connexion" },
  { name: "back-office-wrong-password", path: "/gestion/connexion", form: { password: "pas-le-bon" } },
  { name: "back-office-messages", path: "/gestion", owner: true },
  { name: "back-office-messages-searched", path: "/gestion?q=introuvable", owner: true },
  { name: "back-office-offers", path: "/gestion/offres", owner: true },
  { name: "back-office-testimonials", path: "/gestion/temoignages", owner: true },
  { name: "back-office-statistics", path: "/gestion/statistiques?periode=7&tri=rate", owner: true },
  {
    name: "back-office-new-brand-with-errors",
    path: "/gestion/offres",
    owner: true,
    form: { name: "", category: "aucune", link: "http://x" },
  },
  { name: "back-office-offer", path: "/gestion/offres/binance", owner: true },
  {
    name: "back-office-offer-with-errors",
    path: "/gestion/offres/binance",
    owner: true,
    form: { intent: "save", code: "GARDE", link: "ftp://x", valid_until: "2026-02-31" },
  },
  {
    name: "back-office-offer-saved-toast",
    path: "/gestion/offres/binance",
    owner: true,
    form: { intent: "verify" },
  },
  { name: "back-office-import", path: "/gestion/import", owner: true },
  {
    name: "back-office-import-preview",
    path: "/gestion/import",
    owner: true,
    form: { intent: "preview" },
    files: { fichier: [IMPORT_HEADER, NEW_BRAND_LINE].join("\r\n") },
  },
  {
    name: "back-office-import-refused",
    path: "/gestion/import",
    owner: true,
    form: { intent: "preview" },
    files: { fichier: [IMPORT_HEADER, NEW_BRAND_LINE, REFUSED_ROW].join("\r\n") },
  },
  { name: "back-office-import-no-file", path: "/gestion/import", owner: true, form: { intent: "preview" } },
  { name: "guides-none", path: "/guides" },
  { name: "back-office-guide-new", path: "/gestion/guides/nouveau", owner: true },
  {
    name: "back-office-guide-preview",
    path: "/gestion/guides/nouveau",
    owner: true,
    form: { ...GUIDE, intent: "apercu" },
  },
  {
    name: "back-office-guide-refused",
    path: "/gestion/guides/nouveau",
    owner: true,
    form: { ...GUIDE, title: "", body: "<b>gras</b>", intent: "brouillon" },
  },
  {
    name: "back-office-guide-published",
    path: "/gestion/guides/nouveau",
    owner: true,
    form: { ...GUIDE, intent: "publier" },
  },
  { name: "back-office-guides", path: "/gestion/guides", owner: true },
  { name: "back-office-texts", path: "/gestion/textes", owner: true },
  { name: "back-office-text-faq", path: "/gestion/textes/accueil-faq", owner: true },
  { name: "back-office-text-brand", path: "/gestion/textes/marque-binance", owner: true },
  {
    name: "back-office-text-preview",
    path: "/gestion/textes/accueil-faq",
    owner: true,
    form: { version: "0", "faq.0.0": "Une question ?", "faq.0.1": "Sa réponse.", intent: "apercu" },
  },
  {
    name: "back-office-text-refused",
    path: "/gestion/textes/marque-binance",
    owner: true,
    form: {
      version: "0",
      "faq.0.0": "Une question ?",
      "faq.0.1": "",
      cryptoList: "BTC | Bitcoin",
      intent: "enregistrer",
    },
  },
  {
    name: "back-office-text-item-added",
    path: "/gestion/textes/offres-faq",
    owner: true,
    form: { version: "0", "faq.0.0": "Une question ?", "faq.0.1": "Sa réponse.", intent: "ajouter:faq" },
  },
  { name: "guides", path: "/guides" },
  { name: "guide", path: "/guides/bien-choisir-sa-banque-en-ligne" },
  { name: "brand-named-by-a-guide", path: "/offres/boursobank" },
  {
    name: "back-office-session-ended",
    path: "/gestion/offres/binance",
    form: { intent: "save", code: "GARDE", offer_description: "Une ligne\net une autre" },
  },
  {
    name: "back-office-sign-in-keeping-a-form",
    path: "/gestion/connexion",
    form: { password: "pas-le-bon", retour: "/gestion/offres/binance", brouillon: '[["code","GARDE"]]' },
  },
];

/** Brands added to the bundled ones: 46 + 100 offers make /offres four pages of 48. */
const sites = publicAndLocalSites("html-validity", {
  addedBrands: 100,
  publicEnv: { OWNER_PASSWORD },
  ownerCodes: ["binance"],
});
/** The pages as files, for the checker. */
const pagesDir = makeTempDir("html-validity-pages");
afterAll(() => pagesDir.cleanup());

/** The HTML a visitor without JavaScript gets for a page: after redirects, and after posting its form if any. */
async function serverHtml(page: Page): Promise<{ status: number; html: string }> {
  const url = `${(page.example ? sites.local : sites.public).url}${page.path}`;
  const owner = page.owner ? await signIn(sites.public) : undefined;
  const ownerHeaders: Record<string, string> = { ...page.headers, ...(owner ? { Cookie: owner } : {}) };
  if (!page.form) {
    const response = await fetch(url, { headers: ownerHeaders });
    return { status: response.status, html: await response.text() };
  }
  const posted = await fetch(url, {
    method: "POST",
    headers: page.files ? ownerHeaders : { "Content-Type": "application/x-www-form-urlencoded", ...ownerHeaders },
    body: page.files ? multipartOf(page.form, page.files) : new URLSearchParams(page.form),
    redirect: "manual",
  });
  if (posted.status !== 303) return { status: posted.status, html: await posted.text() };
  const cookie = [owner, cookieFrom(posted, "cp_toast")].filter(Boolean).join("; ");
  const landing = await fetch(new URL(posted.headers.get("Location") ?? "/", url), { headers: { Cookie: cookie } });
  return { status: landing.status, html: await landing.text() };
}

function multipartOf(fields: Record<string, string>, files: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const [name, text] of Object.entries(files))
    form.set(name, new Blob([text], { type: "text/csv" }), `${name}.csv`);
  return form;
}

describe("the server HTML of every screen", () => {
  it("has no error for the W3C Nu HTML checker", async () => {
    const files: string[] = [];
    const statuses: Record<string, number> = {};
    const htmls: Record<string, string> = {};
    for (const page of PAGES) {
      const { status, html } = await serverHtml(page);
      statuses[page.name] = status;
      htmls[page.name] = html;
      const file = path.join(pagesDir.dir, `${page.name}.html`);
      writeFileSync(file, html);
      files.push(file);
    }
    // The pages checked are the ones meant: forms answered with errors, the toast after a sent message, 404s.
    expect(statuses).toMatchObject({
      home: 200,
      "codes-slug-redirect": 200,
      "contact-with-errors": 400,
      "question-with-errors": 400,
      "contact-sent-toast": 200,
      feedback: 200,
      "brand-ask-reason": 200,
      "feedback-refused": 400,
      "feedback-refused-by-the-pipeline": 503,
      "feedback-refused-by-the-pipeline-before-a-choice": 503,
      "feedback-sent-toast": 200,
      "not-found": 404,
      "unknown-brand": 404,
      "unknown-brand-betclic": 404,
      "alerts-chooser": 200,
      "offers-page-2": 200,
      "offers-last-page": 200,
      "offers-past-the-last-page": 404,
      "brand-index": 200,
      "brand-index-initial": 200,
      "brand-index-unknown-initial": 404,
      "search-pages": 200,
      "back-office-sign-in": 200,
      "back-office-wrong-password": 400,
      "back-office-session-ended": 401,
      "back-office-sign-in-keeping-a-form": 400,
      "back-office-messages": 200,
      "back-office-offers": 200,
      "back-office-testimonials": 200,
      "back-office-statistics": 200,
      testimonial: 200,
      "testimonial-refused": 400,
      "testimonial-erasure": 200,
      "testimonial-erasure-unknown": 404,
      "back-office-new-brand-with-errors": 400,
      "back-office-offer": 200,
      "guides-none": 200,
      "back-office-guide-new": 200,
      "back-office-guide-preview": 200,
      "back-office-guide-refused": 400,
      "back-office-guide-published": 200,
      "back-office-guides": 200,
      guides: 200,
      guide: 200,
      "back-office-offer-with-errors": 400,
      "back-office-offer-saved-toast": 200,
      "back-office-import": 200,
      "back-office-import-preview": 200,
      "back-office-import-refused": 200,
      "back-office-import-no-file": 400,
    });
    expect(htmls["back-office-messages"]).toContain("Une question sur un code de parrainage.");
    expect(htmls["back-office-offer-saved-toast"]).toContain("Offre vérifiée");
    expect(htmls["back-office-import-preview"]).toContain(typeset("Appliquer l&#x27;import (1 offre)"));
    expect(htmls["back-office-import-refused"]).toContain("Corrigez les lignes refusées");
    expect(htmls["offers-last-page"]).toContain("Page 4 sur 4");
    expect(htmls["search-without-result-suggestions"]).toContain("Vouliez-vous dire");
    expect(htmls["search-holding-some-words"]).toContain(typeset("Aucune offre ne contient « Bordeaux »"));
    expect(htmls["brand-ask-reason"]).toContain(typeset("Pourquoi n&#x27;a-t-il pas fonctionné ?"));
    expect(htmls["feedback-refused"]).toContain("Indiquez si le code a fonctionné");
    expect(htmls["feedback-sent-toast"]).toContain(typeset("Merci pour votre retour !"));
    expect(htmls["testimonial-refused"]).toContain("Le formulaire a expiré");
    expect(htmls["testimonial-erasure-unknown"]).toContain("Ce lien ne correspond à aucun témoignage");
    expect(htmls["legal-notice-example"]).toContain("(exemple)");
    expect(htmls["legal-notice"]).not.toContain("(exemple)");

    // French spacing: no line of the site's own texts breaks before "?", ":", "»", nor inside "200 €".
    const breakable = Object.entries(htmls).flatMap(([name, html]) =>
      breakableSpaces(html).map((place) => `${name}: ${place}`),
    );
    expect(breakable).toEqual([]);

    const { errors, unread } = await checkHtmlFiles(files);
    expect(errors).toEqual([]);
    // Every file was read by the checker (a file it could not read would show as a non-document error).
    expect(unread).toEqual([]);
  }, 120_000);

  it("never carries a NUL byte, whatever the length of the page", async () => {
    // Each extra letter in the search moves every later character by one byte: React's stream writer, used here
    // before, padded its 2 KB buffers with zero bytes when an accented character straddled their end.
    const pagesWithNul: string[] = [];
    for (let length = 1; length <= 12; length += 1) {
      const path = `/offres?q=${"x".repeat(length)}`;
      const html = await (await fetch(`${sites.public.url}${path}`)).text();
      if (html.includes("\0")) pagesWithNul.push(path);
    }
    expect(pagesWithNul).toEqual([]);
  });
});
