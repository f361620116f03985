import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { improveN26, OWNER_PASSWORD, postForm, signIn } from "../support/back-office";
import { mainText } from "../support/oversized-forms";
import { PUBLIC_IDENTITY, startSite, type RunningSite } from "../support/server";
import { alertingSiteEnv, startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { makeTempDir } from "../support/temp-dir";
import { SITE_STOP_MS, withSiteStarts } from "../support/timeouts";
import { ownNetworkAddress } from "../support/visitor-addresses";
import { LOG_PASSES, visitorAlertsSettled } from "../support/worker-passes";

/**
 * The site's secret and its rotation, on the embedded database with a real SMTP server: the database keeps the
 * secret's fingerprint, an instance with another secret refuses to start, and after a rotation the links of the
 * e-mails sent before and after it both unsubscribe.
 */
const OLD_SECRET = "le-secret-d-avant-la-rotation-0123456789";
const NEW_SECRET = "le-secret-d-apres-la-rotation-0123456789";
const folders = [makeTempDir("rotation"), makeTempDir("secret-refuse")];
let smtp: TestSmtpServer;
let site: RunningSite | undefined;
let networks = 0;

const env = (secrets: Record<string, string>, folder = folders[0]!) => ({
  DATA_DIR: folder.dir,
  SITE_URL: "https://www.exemple.fr",
  ...PUBLIC_IDENTITY,
  TRUST_PROXY: "loopback",
  OWNER_PASSWORD,
  ...alertingSiteEnv(smtp),
  ...LOG_PASSES,
  ...secrets,
});

/** Stops the site if it runs. */
async function stopSite(): Promise<void> {
  await site?.stop();
  site = undefined;
}

/** Stops the site if it runs, and starts it on `folder` with `secrets`. */
async function restart(secrets: Record<string, string>, folder = folders[0]!): Promise<RunningSite> {
  await stopSite();
  site = await startSite(env(secrets, folder));
  return site;
}

const local = (link: string) => link.replace("https://www.exemple.fr", "");

/** Subscribes `email` to N26's offers from a network of its own and presses its confirmation's button. */
async function confirmedSubscriber(running: RunningSite, email: string): Promise<void> {
  const asked = await postForm(
    running,
    "/alertes?sujet=marque%3An26",
    { sujet: "marque:n26", email, consentement: "oui", website: "" },
    { "X-Forwarded-For": ownNetworkAddress((networks += 1)) },
  );
  expect(asked.status).toBe(303);
  const [confirmation] = await smtp.mailsTo(email, 1);
  const link = /https:\/\/www\.exemple\.fr\/alertes\/confirmer\/[0-9a-f]{64}/.exec(confirmation?.text ?? "")?.[0];
  const confirmed = await postForm(running, local(link ?? ""), {});
  expect(mainText(await confirmed.text())).toContain("Votre alerte est confirmée");
}

/** The owner raises N26's bonus to `amount` € (an improvement), and the alerts it calls for go out. */
async function improveAndDispatch(running: RunningSite, code: string, amount: number): Promise<void> {
  const owner = await signIn(running, { "X-Forwarded-For": ownNetworkAddress(250) });
  const since = Date.now();
  expect(
    (
      await improveN26(running, { Cookie: owner, "X-Forwarded-For": ownNetworkAddress(250) }, code, {
        bonus_amount: String(amount),
        offer_description: `${amount} € offerts après l'ouverture de votre compte N26.`,
      })
    ).status,
  ).toBe(303);
  await visitorAlertsSettled(running, since, Number(alertingSiteEnv(smtp).VISITOR_ALERTS_DELAY_SECONDS) * 1000);
}

/** The one-click unsubscribe address of the alert e-mail `email` received `index`-th. */
async function unsubscribeLink(email: string, index: number): Promise<string> {
  const mails = await smtp.mailsTo(email, index + 1);
  const list = mails[index]?.headers.get("list") as { unsubscribe?: { url?: string } } | undefined;
  expect(list?.unsubscribe?.url).toMatch(/^https:\/\/www\.exemple\.fr\/alertes\/desabonner\/[0-9a-f]{64}$/);
  return local(list?.unsubscribe?.url ?? "");
}

const oneClick = (running: RunningSite, path: string) =>
  fetch(`${running.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.exemple.net" },
    body: "List-Unsubscribe=One-Click",
  });

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
  for (const folder of folders) folder.cleanup();
}, 2 * SITE_STOP_MS);

describe("the site's secret", () => {
  it(
    "is rotated with the old one as SESSION_SECRET_PREVIOUS: e-mails sent before and after both unsubscribe",
    async () => {
      const before = await restart({ SESSION_SECRET: OLD_SECRET });
      await confirmedSubscriber(before, "avant@exemple.fr");
      await improveAndDispatch(before, "N26AVANT", 20);
      const sentBefore = await unsubscribeLink("avant@exemple.fr", 1);
      // Confirmed before the rotation, it hears of nothing until after it.
      await confirmedSubscriber(before, "apres@exemple.fr");

      const after = await restart({ SESSION_SECRET: NEW_SECRET, SESSION_SECRET_PREVIOUS: OLD_SECRET });
      expect(after.output()).toContain("Nouveau secret enregistré");
      await improveAndDispatch(after, "N26APRES", 25);
      const sentAfter = await unsubscribeLink("apres@exemple.fr", 1);

      for (const link of [sentBefore, sentAfter]) {
        const answer = await oneClick(after, link);
        expect(answer.status).toBe(200);
        expect(mainText(await answer.text())).toContain("Vous êtes désabonné");
        // Done once: the same link now matches nothing, and says so.
        expect((await oneClick(after, link)).status).toBe(404);
      }

      // Once every instance has the new secret, the previous one is no longer needed.
      const settled = await restart({ SESSION_SECRET: NEW_SECRET });
      expect((await fetch(`${settled.url}/healthz`)).status).toBe(200);
    },
    withSiteStarts(3),
  );

  it(
    "refuses an instance with another secret, or with the one a rotation replaced, naming the variable in French",
    async () => {
      const folder = folders[1]!;
      const first = "le-premier-secret-de-ce-dossier-0123456789";
      const second = "le-second-secret-de-ce-dossier-0123456789";
      expect((await restart({ SESSION_SECRET: first }, folder)).output()).not.toContain("Démarrage refusé");
      await stopSite();
      await expect(
        startSite(env({ SESSION_SECRET: "un-tout-autre-secret-jamais-vu-0123456789" }, folder)),
      ).rejects.toThrow(/Démarrage refusé : SESSION_SECRET n'est pas le secret avec lequel cette base a été remplie/);
      // Nothing was recorded by the refused start: the rotation from the first secret still goes.
      await restart({ SESSION_SECRET: second, SESSION_SECRET_PREVIOUS: first }, folder);
      await stopSite();
      await expect(startSite(env({ SESSION_SECRET: first }, folder))).rejects.toThrow(
        /Démarrage refusé : SESSION_SECRET est un ancien secret de ce site/,
      );
    },
    withSiteStarts(4),
  );
});
