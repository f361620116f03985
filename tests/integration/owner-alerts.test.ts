import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWNER_PASSWORD, postForm, signIn } from "../support/back-office";
import { startSite, type RunningSite } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { makeTempDir } from "../support/temp-dir";
import { ownNetworkAddress } from "../support/visitor-addresses";
import { LOG_PASSES, ownerAlertsSettled } from "../support/worker-passes";

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
    ...LOG_PASSES,
  });
});
afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
  temp.cleanup();
});

let visitors = 0;
/** A vote of `visitor`, by default a new one, from a network of their own. */
async function vote(slug: string, worked: boolean, visitor = (visitors += 1)) {
  const response = await postForm(
    site,
    `/offres/${slug}/avis`,
    worked ? { worked: "oui" } : { worked: "non", reason: "offre-terminee" },
    { "X-Forwarded-For": ownNetworkAddress(visitor) },
  );
  expect(response.status).toBe(303);
}

const parsed = async (count: number) => Promise.all((await smtp.waitFor(count)).map((mail) => simpleParser(mail.raw)));

/**
 * Runs `act` (votes, edits), then waits until the site has checked the alerts for all of it and sent what that
 * check queued: an e-mail it should not send would have come by then.
 */
async function thenChecked(act: () => Promise<unknown>): Promise<void> {
  const since = Date.now();
  await act();
  await ownerAlertsSettled(site, since);
}

describe("the alerts e-mailed to the owner", () => {
  it("says once when visitors report an offer's code, and not again while votes flip between 'Oui' and 'Non'", async () => {
    const five = Array.from({ length: 5 }, () => (visitors += 1));
    for (const visitor of five) await vote("sorare", false, visitor);
    const [mail] = await parsed(1);
    expect(mail?.subject).toBe("[Alerte] Sorare : code signalé comme ne fonctionnant plus");
    expect(mail?.to && "text" in mail.to ? mail.to.text : "").toBe("proprietaire@exemple.fr");
    expect(mail?.text).toContain("Plusieurs visiteurs signalent que ce code ne fonctionne plus.");
    expect(mail?.text).toContain("0 oui, 5 non");
    expect(mail?.text).toContain("Raison la plus donnée : Offre terminée.");
    expect(mail?.text).toContain("http://localhost:4000/gestion/offres/sorare");

    await thenChecked(() => vote("sorare", false));
    expect(smtp.received).toHaveLength(1);

    // The same five visitors switch between "Oui" and "Non", three times: the warning goes and comes with them.
    for (let cycle = 0; cycle < 3; cycle += 1) {
      for (const worked of [true, false]) {
        await thenChecked(async () => {
          for (const visitor of five) await vote("sorare", worked, visitor);
        });
      }
    }
    // One e-mail in the day: an offer has recovered only when its votes have held for 24 hours.
    expect(smtp.received).toHaveLength(1);
  }, 120_000);

  it("sends nothing again when 30 visitors at a time vote on other offers", async () => {
    const before = smtp.received.length;
    // Five votes on each, three "Oui" and two "Non": none of them is reported.
    const offers = ["binance", "bitget", "coinbase", "boursobank", "n26", "fortuneo"];
    await thenChecked(async () => {
      for (let round = 0; round < 3; round += 1) {
        await Promise.all(
          Array.from({ length: 30 }, (_, index) =>
            vote(offers[index % offers.length]!, Math.floor(index / offers.length) % 2 === 0),
          ),
        );
      }
    });
    expect(smtp.received).toHaveLength(before);
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
    expect(expiry?.subject).toMatch(/^\[Alerte\] Wise\s: offre valable jusqu'au \d{1,2} \S+ \d{4}$/);
    expect(expiry?.text).toContain("(dans 7 jours)");
    expect(expiry?.text).toContain("http://localhost:4000/gestion/offres/wise");

    // Saved again with the same date: nothing more.
    await thenChecked(async () =>
      expect((await postForm(site, "/gestion/offres/wise", form, { Cookie: cookie })).status).toBe(303),
    );
    expect(smtp.received).toHaveLength(before + 1);
  }, 60_000);
});
