import { TESTIMONIAL_LIMITS, TESTIMONIAL_MESSAGES } from "@contract/testimonial-contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieFrom, OWNER_PASSWORD, postForm, signIn } from "../support/back-office";
import { mainText } from "../support/oversized-forms";
import { startSite, type RunningSite } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { makeTempDir } from "../support/temp-dir";
import { SITE_SET_UP_MS } from "../support/timeouts";
import { inOneNetwork, ownNetworkAddress } from "../support/visitor-addresses";
import { sleep } from "../support/wait";

/**
 * Testimonials over HTTP, against the production build with the embedded database and a real SMTP server: what an
 * attacker tries (scripts in every field, a flood from one /48, a form posted from another site, reading a pending
 * testimonial or an author's e-mail through a page, its data request or the page cache), and the author's e-mails.
 */
const temp = makeTempDir("temoignages-http");
let site: RunningSite;
let smtp: TestSmtpServer;
let owner: string;
/** A signed form start, old enough: the time check passes with it. */
let started: string;
let visitors = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  site = await startSite({
    DATA_DIR: temp.dir,
    TRUST_PROXY: "loopback",
    OWNER_PASSWORD,
    SMTP_URL: `smtp://site:motdepasse@127.0.0.1:${smtp.port}`,
    CONTACT_TO_EMAIL: "proprietaire@exemple.fr",
    CONTACT_FROM_EMAIL: "site@exemple.fr",
  });
  const form = await (await fetch(`${site.url}/offres/binance/temoignage`)).text();
  started = /name="debut" value="([^"]+)"/.exec(form)?.[1] ?? "";
  await sleep(3_100);
  owner = await signIn(site);
}, SITE_SET_UP_MS);
afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
  temp.cleanup();
});

const fields = (changes: Record<string, string> = {}) => ({
  text: "Ouverture du compte simple, prime reçue après trois semaines.",
  name: "Anne",
  month: "10",
  year: "2026",
  consent: "oui",
  debut: started,
  ...changes,
});

/** Sends a testimonial without JavaScript, from an address of its own unless told. */
const send = (changes: Record<string, string> = {}, address = ownNetworkAddress((visitors += 1))) =>
  postForm(site, "/offres/binance/temoignage", fields(changes), { "X-Forwarded-For": address });

const page = async (path: string, headers: Record<string, string> = {}) =>
  (await fetch(`${site.url}${path}`, { headers })).text();

/** The owner's list, and a decision on the testimonial holding `text`. */
async function decide(text: string, intent: string, extra: Record<string, string> = {}) {
  const list = await page("/gestion/temoignages", { Cookie: owner });
  // The first decision form after the text is the testimonial's.
  const id = /name="id" value="(\d+)"/.exec(list.slice(list.indexOf(text)))?.[1] ?? "";
  const answer = await postForm(
    site,
    "/gestion/temoignages",
    { id, offre: "binance", intent, ...extra },
    { Cookie: owner },
  );
  expect(answer.status).toBe(303);
  return id;
}

const mailsTo = (address: string, count: number) => smtp.mailsTo(address, count);

describe("testimonials over HTTP", () => {
  it("keep a pending testimonial and its author's e-mail out of every page, data request and cache", async () => {
    const text = "Un témoignage en attente que personne ne doit lire.";
    // Cached before: the page cache must not keep serving it once published, nor show it before.
    await page("/offres/binance");
    const sent = await send({ text, email: "auteur.secret@exemple.fr" });
    expect(sent.status).toBe(303);

    // One e-mail asks to confirm the address; it carries no erasure link, which the thank-you page shows.
    const [confirmation] = await mailsTo("auteur.secret@exemple.fr", 1);
    expect(confirmation?.subject).toBe("Confirmez votre adresse pour votre témoignage sur Binance");
    expect(confirmation?.text).not.toContain("/temoignages/effacer/");
    const confirmLink = /\/temoignages\/confirmer\/[0-9a-f]{64}/.exec(confirmation?.text ?? "")?.[0] ?? "";
    const thanks = await page("/offres/binance/temoignage", { Cookie: cookieFrom(sent, "__lien_effacement") ?? "" });
    expect(thanks).toMatch(/href="\/temoignages\/effacer\/[0-9a-f]{64}"/);
    expect(mainText(thanks)).toContain("Un e-mail vous demande de confirmer votre adresse");
    // Opening the link (a mail scanner does) confirms nothing; its button does.
    expect(mainText(await page(confirmLink))).toContain("Confirmer mon adresse");
    const confirmed = await postForm(site, confirmLink, {});
    expect(mainText(await confirmed.text())).toContain("Votre adresse est confirmée");
    // The owner hears of it in the alert digest.
    const [digest] = await mailsTo("proprietaire@exemple.fr", 1);
    expect(digest?.subject).toMatch(/^\[Alertes\] \d+ alertes? regroupées$/);
    expect(digest?.text).toContain("[Témoignage] Nouveau témoignage à modérer sur Binance");

    for (const path of ["/offres/binance", "/offres/binance.data", "/", "/_root.data", "/offres/binance/temoignage"]) {
      for (let read = 0; read < 2; read += 1) {
        const response = await fetch(`${site.url}${path}`);
        expect(response.status, path).toBe(200);
        const html = await response.text();
        expect(html, path).not.toContain(text);
        expect(html, path).not.toContain("auteur.secret");
      }
    }
    // The owner sees that an e-mail was given, never the address.
    const list = await page("/gestion/temoignages", { Cookie: owner });
    expect(list).toContain(text);
    expect(list).not.toContain("auteur.secret");

    await decide(text, "publish");
    // At once, though the page was cached.
    expect(await page("/offres/binance")).toContain(text);
    const outcome = await mailsTo("auteur.secret@exemple.fr", 2);
    expect(outcome.map((mail) => mail.subject)).toContain("Votre témoignage sur Binance est publié");

    await decide(text, "refuse", { reason: "off-topic" });
    for (const path of ["/offres/binance", "/offres/binance.data", "/"])
      expect(await page(path), path).not.toContain(text);
    // The address was erased with the first decision: no second e-mail.
    await sleep(500);
    expect(smtp.received.filter((mail) => mail.recipients.includes("auteur.secret@exemple.fr"))).toHaveLength(2);
  });

  it("e-mail an address typed in only to ask to confirm it, once a day, and nothing more until it is", async () => {
    const stranger = "quelqu.un.d.autre@exemple.fr";
    const first = "Témoignage qui donne une adresse inconnue, une première fois.";
    for (const text of [first, "Témoignage qui donne une adresse inconnue, une seconde fois."]) {
      expect((await send({ text, email: stranger })).status).toBe(303);
    }
    const [asked] = await mailsTo(stranger, 1);
    expect(asked?.subject).toBe("Confirmez votre adresse pour votre témoignage sur Binance");
    // The second submission was told its address was not kept, without JavaScript and with it.
    const byScript = await postForm(
      site,
      "/offres/binance/temoignage",
      fields({
        text: "Témoignage qui donne une adresse inconnue, une troisième fois.",
        email: stranger,
        reponse: "1",
      }),
      { "X-Forwarded-For": ownNetworkAddress((visitors += 1)) },
    );
    expect(byScript.status).toBe(200);
    expect(await byScript.text()).toContain("already-asked");
    // Never confirmed: the owner's decision e-mails no one.
    await decide(first, "publish");
    await sleep(500);
    expect(smtp.received.filter((mail) => mail.recipients.includes(stranger))).toHaveLength(1);
  });

  it("show scripts sent in any field as text, never as markup", async () => {
    const attack = `<script>alert("x")</script><img src=x onerror=alert(1)> "'&`;
    // A name with < or > is refused, and sent back escaped in the form.
    const refused = await send({ name: `<img src=x onerror=alert(1)>`, text: `Très bien ${attack}` });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain("Le nom ne peut contenir ni « &lt; », ni « &gt; »");
    expect(refusedHtml).not.toContain("<img src=x");
    expect(refusedHtml).not.toContain('<script>alert("x")');

    const text = `Très bien ${attack}`;
    expect((await send({ text, name: "Zoé\"' & co" })).status).toBe(303);
    await decide("Très bien &lt;script&gt;", "publish");
    const brandPage = await page("/offres/binance");
    expect(brandPage).not.toContain('<script>alert("x")</script>');
    expect(brandPage).not.toContain("<img src=x onerror");
    expect(brandPage).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    // In the schema.org Review too: no "</script>" can close its script.
    const reviews = [...brandPage.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)]
      .map((match) => JSON.parse(match[1] ?? "null"))
      .flat()
      .filter((data) => data?.["@type"] === "Review");
    expect(reviews.map((review) => review.reviewBody)).toContain(text);
    expect(reviews.find((review) => review.reviewBody === text)).toMatchObject({
      itemReviewed: { "@type": "Organization", name: "Binance" },
      author: { "@type": "Person", name: "Zoé\"' & co" },
    });

    // A notice's explanation reaches the owner as text.
    const id = /name="temoignage" value="(\d+)"/.exec(brandPage)?.[1] ?? "";
    const report = await postForm(
      site,
      "/offres/binance/temoignage",
      { intent: "signaler", temoignage: id, reason: "other", details: attack },
      { "X-Forwarded-For": ownNetworkAddress((visitors += 1)) },
    );
    expect(report.status).toBe(303);
    const list = await page("/gestion/temoignages", { Cookie: owner });
    expect(list).not.toContain("<img src=x onerror");
    expect(list).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it(`keep ${TESTIMONIAL_LIMITS.reportsPerTestimonial} notices per testimonial, say the next is not taken, and fold them`, async () => {
    const text = "Un témoignage que soixante réseaux voudraient signaler.";
    expect((await send({ text })).status).toBe(303);
    await decide(text, "publish");
    const card = (await page("/offres/binance")).split("<li").find((item) => item.includes(text)) ?? "";
    const id = /name="temoignage" value="(\d+)"/.exec(card)?.[1] ?? "";
    expect(id).not.toBe("");
    const details = "x".repeat(1000);
    const statuses: number[] = [];
    let refusal = "";
    for (let notice = 0; notice < TESTIMONIAL_LIMITS.reportsPerTestimonial + 2; notice += 1) {
      const answer = await postForm(
        site,
        "/offres/binance/temoignage",
        { intent: "signaler", temoignage: id, reason: notice % 2 ? "insult" : "other", details },
        { "X-Forwarded-For": ownNetworkAddress((visitors += 1)) },
      );
      statuses.push(answer.status);
      if (answer.status !== 303) refusal = await answer.text();
    }
    const cap = TESTIMONIAL_LIMITS.reportsPerTestimonial;
    expect(statuses).toEqual([...Array<number>(cap).fill(303), 409, 409]);
    expect(refusal).toContain(TESTIMONIAL_MESSAGES.reportsFull.replaceAll("'", "&#x27;"));

    // Only this testimonial's notices carry that explanation.
    const moderated = mainText(await page("/gestion/temoignages", { Cookie: owner }));
    expect(moderated.split(details).length - 1).toBe(cap);
    expect(moderated).toContain(`${cap} signalements (propos injurieux : ${cap / 2}, autre raison : ${cap / 2})`);
    expect(moderated).toContain(`Voir les ${cap - 3} autres signalements`);
    // Dismissed, they make room for new notices.
    await decide(text, "dismiss-reports");
    const again = await postForm(
      site,
      "/offres/binance/temoignage",
      { intent: "signaler", temoignage: id, reason: "other" },
      { "X-Forwarded-For": ownNetworkAddress((visitors += 1)) },
    );
    expect(again.status).toBe(303);
  });

  it(`take ${TESTIMONIAL_LIMITS.perNetworkPerDay} a day from one /48, however many addresses it uses`, async () => {
    const statuses: number[] = [];
    for (let visitor = 0; visitor < TESTIMONIAL_LIMITS.perNetworkPerDay + 3; visitor += 1) {
      const answer = await send(
        { text: `Témoignage numéro ${visitor} d'un même réseau IPv6.` },
        inOneNetwork("2001:db8:77", visitor),
      );
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(answer.headers.get("Retry-After")).toBe(String(24 * 3600));
        expect(await answer.text()).toContain(TESTIMONIAL_MESSAGES.rateLimited.replaceAll("'", "&#x27;"));
      }
    }
    expect(statuses).toEqual([...Array<number>(TESTIMONIAL_LIMITS.perNetworkPerDay).fill(303), 429, 429, 429]);
    // Another network is not held back.
    expect((await send({ text: "Un autre réseau écrit encore sans problème." })).status).toBe(303);
  });

  it("refuse a form posted from another site (CSRF), for visitors and for the owner", async () => {
    const text = "Envoyé depuis un site tiers, jamais enregistré.";
    const forged = await postForm(site, "/offres/binance/temoignage", fields({ text }), {
      Origin: "https://attaquant.example",
      "X-Forwarded-For": ownNetworkAddress((visitors += 1)),
    });
    expect(forged.status).toBe(403);
    expect(await page("/gestion/temoignages", { Cookie: owner })).not.toContain(text);
    const moderation = await postForm(
      site,
      "/gestion/temoignages",
      { id: "1", offre: "binance", intent: "publish" },
      { Cookie: owner, Origin: "https://attaquant.example" },
    );
    expect(moderation.status).toBe(403);
  });

  it("ignore a form filled by a script's honeypot, and send back one sent at once or with a made-up start", async () => {
    const trapped = "Rempli par un robot dans le champ piège.";
    expect((await send({ text: trapped, website: "http://spam.example" })).status).toBe(303);
    expect(await page("/gestion/temoignages", { Cookie: owner })).not.toContain(trapped);

    const form = await page("/offres/binance/temoignage");
    const fresh = /name="debut" value="([^"]+)"/.exec(form)?.[1] ?? "";
    for (const [debut, message] of [
      [fresh, TESTIMONIAL_MESSAGES.tooFast],
      [`1.${"a".repeat(43)}`, TESTIMONIAL_MESSAGES.expiredForm],
    ] as const) {
      const text = `Un témoignage envoyé avec le début ${debut.slice(0, 8)}.`;
      const answer = await send({ text, debut });
      expect(answer.status).toBe(400);
      const html = await answer.text();
      expect(html).toContain(message.replaceAll("'", "&#x27;"));
      // Nothing typed is lost, and nothing is stored.
      expect(html).toContain(text);
      expect(await page("/gestion/temoignages", { Cookie: owner })).not.toContain(text);
    }
  });

  it("erase with the author's link only through its button: opening it erases nothing", async () => {
    const text = "Effacé par son auteur grâce au lien personnel.";
    const sent = await send({ text });
    const flash = cookieFrom(sent, "__lien_effacement") ?? "";
    const thanks = await page("/offres/binance/temoignage", { Cookie: flash });
    const link = /href="(\/temoignages\/effacer\/[0-9a-f]{64})"/.exec(thanks)?.[1] ?? "";
    expect(link).not.toBe("");
    expect((await fetch(`${site.url}${link}`)).status).toBe(200);
    expect(await page("/gestion/temoignages", { Cookie: owner })).toContain(text);
    const erased = await postForm(site, link, {});
    expect(await erased.text()).toContain("Votre témoignage est effacé.");
    expect(await page("/gestion/temoignages", { Cookie: owner })).not.toContain(text);
    expect(await (await postForm(site, link, {})).text()).toContain("Ce lien ne correspond à aucun témoignage");
    expect((await fetch(`${site.url}/temoignages/effacer/pas-un-lien`)).status).toBe(404);
  });
});
