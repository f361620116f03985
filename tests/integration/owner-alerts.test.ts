import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWNER_PASSWORD, postForm, signIn } from "../support/back-office";
import { startSite, type RunningSite } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { makeTempDir } from "../support/temp-dir";
import { ownNetworkAddress } from "../support/visitor-addresses";

/**
 * The owner's alerts, e-mailed through a real SMTP server by the production build with SMTP_URL: votes come from
 * distinct visitors (X-Forwarded-For, believed from loopback), dates are changed in the back office.
 */
const temp = makeTempDir("owner-alerts");
let smtp: TestSmtpServer;
let site: RunningSite;

beforeAll(async () => {
  smtp = await startSmtpServer();
  site = await startSite({
    DATA_DIR: temp.dir,
    SITE_URL: "http://localhost:4000",
    SMTP_URL: `smtp://site:motdepasse@127.0.0.1:${smtp.port}`,
    CONTACT_TO_EMAIL: "proprietaire@exemple.fr",
    CONTACT_FROM_EMAIL: "CodeParrain <site@exemple.fr>",
    TRUST_PROXY: "loopback",
    OWNER_PASSWORD,
  });
});
afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
  temp.cleanup();
});

let visitors = 0;
async function vote(slug: string, worked: boolean) {
  visitors += 1;
  const response = await postForm(
    site,
    `/offres/${slug}/avis`,
    worked ? { worked: "oui" } : { worked: "non", reason: "offre-terminee" },
    { "X-Forwarded-For": ownNetworkAddress(visitors) },
  );
  expect(response.status).toBe(303);
}

const parsed = async (count: number) =>
  Promise.all((await smtp.waitFor(count, 15_000)).map((mail) => simpleParser(mail.raw)));

/** Gives the site time to check again, so that an e-mail it should not send would have come. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2_500));

describe("the alerts e-mailed to the owner", () => {
  it("says once when visitors report an offer's code, not again until it has recovered", async () => {
    for (let n = 0; n < 5; n += 1) await vote("sorare", false);
    const [mail] = await parsed(1);
    expect(mail?.subject).toBe("[Alerte] Sorare : code signalé comme ne fonctionnant plus");
    expect(mail?.to && "text" in mail.to ? mail.to.text : "").toBe("proprietaire@exemple.fr");
    expect(mail?.text).toContain("Plusieurs visiteurs signalent que ce code ne fonctionne plus.");
    expect(mail?.text).toContain("0 oui, 5 non");
    expect(mail?.text).toContain("Raison la plus donnée : Offre terminée.");
    expect(mail?.text).toContain("http://localhost:4000/gestion/offres/sorare");

    await vote("sorare", false);
    await settle();
    expect(smtp.received).toHaveLength(1);

    // Enough "Oui" to lift the warning: the offer has recovered...
    for (let n = 0; n < 7; n += 1) await vote("sorare", true);
    await settle();
    expect(smtp.received).toHaveLength(1);
    // ...and reported again, it is said again.
    for (let n = 0; n < 10; n += 1) await vote("sorare", false);
    const mails = await parsed(2);
    expect(mails[1]?.subject).toBe("[Alerte] Sorare : code signalé comme ne fonctionnant plus");
    expect(mails[1]?.text).toContain("7 oui, ");
  }, 60_000);

  it("says once when an offer's last day is a week away", async () => {
    const before = smtp.received.length;
    const inAWeek = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toLocaleDateString("en-CA", {
      timeZone: "Europe/Paris",
    });
    const cookie = await signIn(site);
    const form = {
      intent: "save",
      code: "WISE42",
      link: "https://wise.com/invite/exemple",
      offer_description: "Un premier transfert offert.",
      advantages: "",
      valid_until: inAWeek,
    };
    expect((await postForm(site, "/gestion/offres/wise", form, { Cookie: cookie })).status).toBe(303);
    const mails = await parsed(before + 1);
    const expiry = mails[before];
    expect(expiry?.subject).toMatch(/^\[Alerte\] Wise : offre valable jusqu'au \d{1,2} \S+ \d{4}$/);
    expect(expiry?.text).toContain("(dans 7 jours)");
    expect(expiry?.text).toContain("http://localhost:4000/gestion/offres/wise");

    // Saved again with the same date: nothing more.
    expect((await postForm(site, "/gestion/offres/wise", form, { Cookie: cookie })).status).toBe(303);
    await settle();
    expect(smtp.received).toHaveLength(before + 1);
  }, 60_000);
});
