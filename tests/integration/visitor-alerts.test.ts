import { generateKeyPairSync } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUEST_ANSWER } from "~/catalogue/alert-topics";
import { ALERT_MESSAGES } from "~/forms/alert-form";
import { readDatabaseCopy } from "../../scripts/lib/database-copy";
import { improveN26, n26OfferForm, OWNER_PASSWORD, postForm, signIn } from "../support/back-office";
import { checkHtmlFiles } from "../support/html-checker";
import { mainText } from "../support/oversized-forms";
import { PUBLIC_IDENTITY, startSite, type RunningSite } from "../support/server";
import { alertingSiteEnv, startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { makeTempDir } from "../support/temp-dir";
import { SITE_SET_UP_MS, SITE_STOP_MS, TEST_MS } from "../support/timeouts";
import { inOneNetwork, ownNetworkAddress } from "../support/visitor-addresses";
import { LOG_PASSES, passCovering, visitorAlertsSettled } from "../support/worker-passes";

/**
 * The visitors' e-mail alerts over HTTP, without JavaScript, against the production build with the embedded database
 * and a real SMTP server: double opt-in, the e-mail of an improved offer, one a day at most, the one-click unsubscribe
 * of RFC 8058, and what an attacker tries (someone else's address, a flood from one network, header injection,
 * telling known addresses from unknown ones).
 */
const folder = makeTempDir("alertes");
let site: RunningSite;
let smtp: TestSmtpServer;
let owner: string;
let networks = 0;
const REFUSED = "inconnu@exemple.fr";
const DKIM_KEY = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
  type: "pkcs8",
  format: "pem",
}) as string;

beforeAll(async () => {
  smtp = await startSmtpServer({ refuse: (address) => address === REFUSED });
  site = await startSite({
    DATA_DIR: folder.dir,
    SITE_URL: "https://www.exemple.fr",
    ...PUBLIC_IDENTITY,
    SESSION_SECRET: "un-secret-pour-les-tests-des-alertes-0123456789",
    TRUST_PROXY: "loopback",
    OWNER_PASSWORD,
    ...alertingSiteEnv(smtp),
    ALERT_REQUESTS_PER_NETWORK_PER_HOUR: "10",
    DKIM_DOMAIN: "exemple.fr",
    DKIM_SELECTOR: "codeparrain",
    // On one line, its line breaks written \n, as a host's settings take it.
    DKIM_PRIVATE_KEY: DKIM_KEY.replace(/\n/g, "\\n"),
    ...LOG_PASSES,
  });
  owner = await signIn(site, { "X-Forwarded-For": ownNetworkAddress(200) });
}, SITE_SET_UP_MS);
afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
  folder.cleanup();
}, SITE_STOP_MS);

/** The site's links point to SITE_URL: the same path on the running site. */
const local = (link: string) => link.replace("https://www.exemple.fr", "");

/** Asks for an alert as the form does, from a network of its own unless told. */
function subscribe(
  email: string,
  topic = "marque:n26",
  extra: Record<string, string> = {},
  address = ownNetworkAddress((networks += 1)),
) {
  return postForm(
    site,
    `/alertes?sujet=${encodeURIComponent(topic)}`,
    { sujet: topic, email, consentement: "oui", website: "", ...extra },
    { "X-Forwarded-For": address },
  );
}

/**
 * The page a taken request leads to: the answer redirects (303) to a page of its own, the same for any address, so
 * that a refresh shows it again without asking again.
 */
async function answerPage(answer: Response): Promise<Response> {
  expect(answer.status).toBe(303);
  const location = answer.headers.get("Location") ?? "";
  expect(location).toMatch(/^\/alertes\?sujet=[^&]+&demande=envoyee$/);
  return fetch(`${site.url}${location}`);
}

const mailsTo = (address: string, count: number) => smtp.mailsTo(address, count);
const countTo = (address: string) => smtp.countTo(address);

/** The rows of the site's alert tables, read from a copy of its database. */
const stored = <T>(sql: string, params: unknown[] = []) =>
  readDatabaseCopy(
    path.join(folder.dir, "pgdata"),
    "alertes-lues",
    async (db) => (await db.query<T>(sql, params)).rows,
  );

/**
 * Runs the owner's `act`, then waits until the alerts it may call for are due, the dispatcher has looked for them
 * and the outbox has sent what it queued: an alert that should not go would have come by then.
 */
async function thenDispatched(act: () => Promise<unknown>): Promise<void> {
  await act();
  await visitorAlertsSettled(site, Date.now(), Number(alertingSiteEnv(smtp).VISITOR_ALERTS_DELAY_SECONDS) * 1000);
}

let sentinels = 0;
/**
 * Waits until every e-mail the requests made so far could have queued has been sent: a fresh address asks for an
 * alert, and its confirmation, queued after them, goes out in the same pass of the outbox as theirs or a later one.
 */
async function afterEarlierRequests(): Promise<void> {
  const sentinel = `temoin-${(sentinels += 1)}@exemple.fr`;
  expect((await subscribe(sentinel, "marque:wise")).status).toBe(303);
  await mailsTo(sentinel, 1);
}

/** The owner raises N26's bonus to `amount` € (an improvement). */
function raiseN26(amount: number) {
  return postForm(site, "/gestion/offres/n26", n26OfferForm("N26ALERTE", amount), {
    Cookie: owner,
    "X-Forwarded-For": ownNetworkAddress(200),
  });
}

/** Subscribes and confirms `email` to `topic`; gives the confirmation e-mail. */
async function confirmedSubscriber(email: string, topic = "marque:n26") {
  expect((await subscribe(email, topic)).status).toBe(303);
  const [confirmation] = await mailsTo(email, 1);
  const link = /https:\/\/www\.exemple\.fr\/alertes\/confirmer\/[0-9a-f]{64}/.exec(confirmation?.text ?? "")?.[0];
  expect(link).toBeDefined();
  const confirmed = await postForm(site, local(link ?? ""), {});
  expect(mainText(await confirmed.text())).toContain("Votre alerte est confirmée");
  return confirmation;
}

describe("visitor alerts", () => {
  it("let /alertes alone choose what to follow, each category and each brand, leading to its form", async () => {
    const chooser = await fetch(`${site.url}/alertes`);
    expect(chooser.status).toBe(200);
    const html = await chooser.text();
    expect(html).toMatch(/<form method="get" action="\/alertes"/);
    expect(html).toContain('<option value="categorie:crypto">Crypto</option>');
    expect(html).toContain('<option value="marque:n26">N26</option>');
    // A page of its own to find: indexed, described, in the sitemap; its forms are not.
    expect(html).toContain('<meta name="robots" content="index, follow"/>');
    expect(html).toMatch(/<meta name="description" content="Recevez un e-mail quand une offre de parrainage/);
    expect(await (await fetch(`${site.url}/sitemap.xml`)).text()).toContain("/alertes</loc>");
    const form = await fetch(`${site.url}/alertes?sujet=categorie%3Acrypto`);
    expect(form.status).toBe(200);
    const formPage = await form.text();
    expect(mainText(formPage)).toContain("la catégorie Crypto");
    expect(formPage).toContain('<meta name="robots" content="noindex, follow"/>');
  });

  it("are offered by a brand page and a category's listing, as native forms with the consent box unticked", async () => {
    const brand = await (await fetch(`${site.url}/offres/n26`)).text();
    expect(brand).toContain('action="/alertes?sujet=marque%3An26"');
    expect(brand).toMatch(/<input[^>]*type="checkbox"[^>]*name="consentement"/);
    expect(brand).not.toMatch(/name="consentement"[^>]*checked/);
    expect(brand).not.toContain('name="majeur"');
    const betting = await (await fetch(`${site.url}/codes?cat=betting`)).text();
    expect(betting).toContain('action="/alertes?sujet=categorie%3Abetting"');
    expect(betting).toContain('name="majeur"');
    expect(mainText(betting)).toContain("J'ai 18 ans ou plus.");
    // Every offer at once is not a topic: /codes without a category offers no alert.
    expect(await (await fetch(`${site.url}/codes`)).text()).not.toContain('action="/alertes');
  });

  it(
    "send one confirmation, then, once its button is pressed, one e-mail when the offer improves, and end in one click",
    async () => {
      const email = "suiveuse@exemple.fr";
      const answer = await answerPage(await subscribe(email));
      expect(answer.status).toBe(200);
      expect(mainText(await answer.text())).toContain(REQUEST_ANSWER);
      // Shown again, by a refresh or a bookmark, it asks nothing again.
      expect(mainText(await (await fetch(answer.url)).text())).toContain(REQUEST_ANSWER);
      const [confirmation] = await mailsTo(email, 1);
      expect(confirmation?.subject).toBe("Confirmez votre alerte : N26");
      const link = /https:\/\/www\.exemple\.fr\/alertes\/confirmer\/[0-9a-f]{64}/.exec(confirmation?.text ?? "")?.[0];
      // Opening the link (a mail scanner does) confirms nothing: an improvement now sends nothing.
      expect(mainText(await (await fetch(`${site.url}${local(link ?? "")}`)).text())).toContain("Confirmer");
      await thenDispatched(async () =>
        expect(
          (await improveN26(site, { Cookie: owner, "X-Forwarded-For": ownNetworkAddress(200) }, "N26A")).status,
        ).toBe(303),
      );
      expect(countTo(email)).toBe(1);

      const confirmed = await postForm(site, local(link ?? ""), {});
      expect(mainText(await confirmed.text())).toContain("Votre alerte est confirmée");
      // What changed before the confirmation is no news to the subscriber; the next improvement is.
      expect((await raiseN26(25)).status).toBe(303);
      const [, alert] = await mailsTo(email, 2);
      expect(alert?.subject).toBe("Publicité - Offre améliorée : N26");
      expect(alert?.text).toContain("Offre améliorée : N26, 25\u00a0€");
      expect(alert?.text).toContain("25\u00a0€ (avant : 20\u00a0€)");
      expect(alert?.text).toContain("https://www.exemple.fr/offres/n26");
      expect(alert?.text).toContain("Publicité.");
      expect(alert?.text).toContain("site édité par");
      expect(alert?.from?.text).toContain("site@exemple.fr");
      const unsubscribe = /https:\/\/www\.exemple\.fr\/alertes\/desabonner\/[0-9a-f]{64}/.exec(alert?.text ?? "")?.[0];
      const raw = smtp.received.filter((mail) => mail.recipients.includes(email))[1]?.raw ?? "";
      // Signed for the sender's domain with the configured key (DKIM_*).
      expect(raw).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=exemple\.fr;/m);
      expect(raw).toMatch(/\bs=codeparrain;/);
      expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
      const list = alert?.headers.get("list") as { unsubscribe?: { url?: string; comment?: string } } | undefined;
      expect(list?.unsubscribe).toEqual({ url: unsubscribe });

      // A second improvement the same day sends nothing more: one e-mail a day at most.
      await thenDispatched(async () => expect((await raiseN26(30)).status).toBe(303));
      expect(countTo(email)).toBe(2);

      // The link's page shows a button and nothing else happens on opening it.
      const page = await (await fetch(`${site.url}${local(unsubscribe ?? "")}`)).text();
      expect(mainText(page)).toContain("Me désabonner");
      // One-click unsubscribe: a mailbox's POST, from its own origin.
      const oneClick = await fetch(`${site.url}${local(unsubscribe ?? "")}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.exemple.net" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(oneClick.status).toBe(200);
      expect(mainText(await oneClick.text())).toContain("Vous êtes désabonné");
      const manage = /https:\/\/www\.exemple\.fr\/alertes\/gerer\/[0-9a-f]{64}/.exec(alert?.text ?? "")?.[0];
      expect((await fetch(`${site.url}${local(manage ?? "")}`)).status).toBe(404);
      await thenDispatched(async () => expect((await raiseN26(35)).status).toBe(303));
      expect(countTo(email)).toBe(2);
    },
    TEST_MS * 3,
  );

  it(
    "let the confirmation's one-click unsubscribe refuse the request: erased, its link dead, nothing more sent",
    async () => {
      const email = "jamais-demande@exemple.fr";
      await answerPage(await subscribe(email, "marque:wise"));
      const [confirmation] = await mailsTo(email, 1);
      const refuse = /https:\/\/www\.exemple\.fr\/alertes\/refuser\/[0-9a-f]{64}/.exec(confirmation?.text ?? "");
      const list = confirmation?.headers.get("list") as { unsubscribe?: { url?: string } } | undefined;
      const url = list?.unsubscribe?.url ?? "";
      expect(url).toMatch(/^https:\/\/www\.exemple\.fr\/alertes\/refuser\/[0-9a-f]{64}$/);
      // The e-mail's text shows the confirmation link only: the header is for the mailbox's own button.
      expect(refuse).toBeNull();
      const raw = smtp.received.find((mail) => mail.recipients.includes(email))?.raw ?? "";
      expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
      // Opened, the address shows a button and does nothing.
      expect(mainText(await (await fetch(`${site.url}${local(url)}`)).text())).toContain("Effacer la demande");
      expect(await stored("select count(*)::int as n from public.alert_follows where topic = 'marque:wise'")).toEqual([
        { n: 1 },
      ]);

      const oneClick = () =>
        fetch(`${site.url}${local(url)}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        });
      const refused = await oneClick();
      expect(refused.status).toBe(200);
      expect(mainText(await refused.text())).toContain("La demande est effacée");
      expect(await stored("select count(*)::int as n from public.alert_follows where topic = 'marque:wise'")).toEqual([
        { n: 0 },
      ]);
      // Its confirmation link now matches nothing, and says so with a 404: never a success.
      const link = /https:\/\/www\.exemple\.fr\/alertes\/confirmer\/[0-9a-f]{64}/.exec(confirmation?.text ?? "")?.[0];
      const confirmed = await postForm(site, local(link ?? ""), {});
      expect(confirmed.status).toBe(404);
      expect(mainText(await confirmed.text())).toContain("Ce lien ne correspond à aucune demande en attente");
      const again = await oneClick();
      expect(again.status).toBe(404);
      expect(mainText(await again.text())).toContain("Ce lien ne correspond à aucune demande en attente");
    },
    TEST_MS * 2,
  );

  it(
    "answer a known address as an unknown one, and send nothing to an address that already follows the topic",
    async () => {
      await confirmedSubscriber("deja@exemple.fr", "marque:binance");
      const known = await subscribe("deja@exemple.fr", "marque:binance");
      const unknown = await subscribe("nouveau@exemple.fr", "marque:binance");
      expect(known.headers.get("Location")).toBe(unknown.headers.get("Location"));
      expect(mainText(await (await answerPage(known)).text())).toBe(mainText(await (await answerPage(unknown)).text()));
      await mailsTo("nouveau@exemple.fr", 1);
      await afterEarlierRequests();
      expect(countTo("deja@exemple.fr")).toBe(1);
    },
    TEST_MS * 2,
  );

  it(
    "keep someone else's address inactive: one confirmation e-mail a day at most, then nothing",
    async () => {
      const victim = "victime@exemple.fr";
      // Three requests from three networks: the address gets two confirmation e-mails in a day, never more.
      for (const topic of ["marque:boursobank", "marque:wise", "categorie:crypto"]) {
        expect((await subscribe(victim, topic)).status).toBe(303);
      }
      await mailsTo(victim, 2);
      await afterEarlierRequests();
      expect(countTo(victim)).toBe(2);
    },
    TEST_MS * 2,
  );

  it(
    "count a mailbox's spellings as one: its cap holds whatever the case, +tag or Gmail's dots, and no one else's",
    async () => {
      const victim = "cible@gmail.com";
      const spellings = ["cible+a@gmail.com", "c.ible@gmail.com", "Cible+b@GoogleMail.com", "CIBLE@gmail.com"];
      for (const topic of ["marque:boursobank", "marque:wise"])
        expect((await subscribe(victim, topic)).status).toBe(303);
      await mailsTo(victim, 2);
      const capped = await Promise.all(spellings.map((spelling) => subscribe(spelling, "marque:n26")));
      const fresh = await subscribe("autre.personne@gmail.com", "marque:n26");
      // The same answer for a capped spelling as for a fresh address: nothing tells them apart.
      expect(new Set([...capped, fresh].map((answer) => answer.headers.get("Location")))).toEqual(
        new Set([fresh.headers.get("Location")]),
      );
      await confirmedSubscriber("autre.personne+n26@gmail.com");
      await mailsTo("autre.personne@gmail.com", 1);
      await afterEarlierRequests();
      const mailbox = smtp.received.filter((mail) =>
        mail.recipients.some((recipient) => /^c\.?ible(\+[ab])?@g(oogle)?mail\.com$/i.test(recipient)),
      );
      expect(mailbox).toHaveLength(2);
    },
    TEST_MS * 2,
  );

  it(
    "refuse a flood from one network past its share, keeping the address typed",
    async () => {
      const network = (visitor: number) => inOneNetwork("2001:db8:77", visitor);
      const statuses: number[] = [];
      for (let index = 0; index < 10; index += 1) {
        statuses.push((await subscribe(`flot${index}@exemple.fr`, "marque:n26", {}, network(index + 1))).status);
      }
      expect(statuses).toEqual(Array(10).fill(303));
      const refused = await subscribe("flot-de-trop@exemple.fr", "marque:n26", {}, network(50));
      expect(refused.status).toBe(429);
      const html = await refused.text();
      expect(mainText(html)).toContain(ALERT_MESSAGES.rateLimited);
      expect(html).toContain('value="flot-de-trop@exemple.fr"');
    },
    TEST_MS * 2,
  );

  it(
    "refuse an address that would add a header, and a request without consent, with French errors",
    async () => {
      for (const email of [
        "a@exemple.fr\r\nBcc: b@exemple.fr",
        "a@exemple.fr\nBcc:b@exemple.fr",
        "a@exemple.fr,b@exemple.fr",
      ]) {
        const answer = await subscribe(email);
        expect(answer.status).toBe(400);
        expect(mainText(await answer.text())).toContain("Veuillez entrer une adresse e-mail valide");
      }
      const noConsent = await subscribe("sans-accord@exemple.fr", "marque:n26", { consentement: "" });
      expect(noConsent.status).toBe(400);
      const html = await noConsent.text();
      expect(mainText(html)).toContain(ALERT_MESSAGES.consentRequired);
      expect(html).toContain('value="sans-accord@exemple.fr"');
      // The form opens with what to correct, a link to the box to tick.
      expect(mainText(html)).toContain("Un champ à corriger avant l'envoi\u00a0:");
      const consentBox = /<a href="#([\w-]+-consentement)"[^>]*>Consentement\u00a0:/.exec(html)?.[1];
      expect(html).toContain(`id="${consentBox}"`);
      const minor = await subscribe("mineur@exemple.fr", "categorie:betting");
      expect(minor.status).toBe(400);
      const minorPage = await minor.text();
      expect(mainText(minorPage)).toContain(ALERT_MESSAGES.adultRequired);
      expect(minorPage).toMatch(/<a href="#[\w-]+-majeur"[^>]*>Âge\u00a0:/);
      await afterEarlierRequests();
      expect(
        smtp.received.filter((mail) => /Bcc|b@exemple|sans-accord|mineur/.test(mail.recipients.join(" "))),
      ).toEqual([]);
    },
    TEST_MS * 2,
  );

  it(
    "erase an address its mail server refuses for good, and keep the proof of a consent",
    async () => {
      const asked = Date.now();
      expect((await subscribe(REFUSED)).status).toBe(303);
      // The confirmation is refused (550) in the outbox's next pass: the address is erased, its request with it;
      // nothing is tried again.
      await passCovering(site, "outbox", asked);
      expect(await stored("select 1 from public.alert_subscribers where email = $1", [REFUSED])).toEqual([]);
      expect(await stored("select 1 from public.visitor_mails where recipient = $1", [REFUSED])).toEqual([]);
      // A confirmed follow keeps where and under which text it was asked.
      const [proof] = await stored<{ consent_form: string; consent_version: string; confirmed: boolean }>(
        `select f.consent_form, f.consent_version, f.confirmed_at is not null as confirmed
         from public.alert_follows f join public.alert_subscribers s on s.id = f.subscriber_id where s.email = $1`,
        ["deja@exemple.fr"],
      );
      expect(proof).toEqual({ consent_form: "/offres/binance", consent_version: "2026-11-27", confirmed: true });
      // The unsubscribed address left only its keyed hash and its dates.
      const records = await stored<Record<string, unknown>>("select * from public.alert_consent_records");
      expect(records.map((record) => record.ended_by)).toContain("unsubscribe");
      expect(JSON.stringify(records)).not.toContain("suiveuse");
    },
    TEST_MS * 2,
  );

  it(
    "answer with pages the W3C Nu HTML checker finds no error in, refused or not",
    async () => {
      const pages = makeTempDir("alertes-html");
      try {
        const answers = {
          form: await fetch(`${site.url}/alertes?sujet=categorie%3Abetting`),
          refused: await subscribe("pas-une-adresse", "categorie:betting"),
          sent: await answerPage(await subscribe("valide@exemple.fr")),
          unknownConfirmation: await postForm(site, `/alertes/confirmer/${"ab".repeat(32)}`, {}),
          unknownManagement: await fetch(`${site.url}/alertes/gerer/${"ab".repeat(32)}`),
          refusal: await fetch(`${site.url}/alertes/refuser/${"ab".repeat(32)}`),
          unknownRefusal: await postForm(site, `/alertes/refuser/${"ab".repeat(32)}`, {}),
        };
        expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.status]))).toEqual({
          form: 200,
          refused: 400,
          sent: 200,
          unknownConfirmation: 404,
          unknownManagement: 404,
          refusal: 200,
          unknownRefusal: 404,
        });
        const files = await Promise.all(
          Object.entries(answers).map(async ([name, answer]) => {
            const file = path.join(pages.dir, `${name}.html`);
            writeFileSync(file, await answer.text());
            return file;
          }),
        );
        expect(await checkHtmlFiles(files)).toEqual({ errors: [], unread: [] });
      } finally {
        pages.cleanup();
      }
    },
    TEST_MS * 2,
  );

  it("show the owner the active subscribers of each brand and category, never their addresses", async () => {
    const html = await (await fetch(`${site.url}/gestion/statistiques`, { headers: { Cookie: owner } })).text();
    const text = mainText(html);
    expect(text).toContain("Abonnés aux alertes par e-mail");
    expect(text).toMatch(/Binance\s*1/);
    expect(html).not.toContain("deja@exemple.fr");
  });
});
