import { createHash, createHmac } from "node:crypto";
import { cpSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieFrom, improveN26, OWNER_PASSWORD, postForm, signIn, wrongPasswords } from "../support/back-office";
import { mainText } from "../support/oversized-forms";
import { postgresServer } from "../support/postgres-server";
import { PUBLIC_IDENTITY, startSite, type RunningSite } from "../support/server";
import { alertingSiteEnv, startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { makeTempDir } from "../support/temp-dir";
import { SITE_STOP_MS, withSiteStarts } from "../support/timeouts";
import { ownNetworkAddress } from "../support/visitor-addresses";
import { until } from "../support/wait";
import { LOG_PASSES, visitorAlertsSettled } from "../support/worker-passes";

/**
 * The site's secret and its rotation, on the embedded database with a real SMTP server: the database keeps the
 * secret's fingerprint, an instance with another secret refuses to start, and after a rotation the links of the
 * e-mails sent before and after it both unsubscribe.
 */
const OLD_SECRET = "le-secret-d-avant-la-rotation-0123456789";
const NEW_SECRET = "le-secret-d-apres-la-rotation-0123456789";
const postgres = postgresServer();
const folders = [
  makeTempDir("rotation"),
  makeTempDir("secret-refuse"),
  makeTempDir("secret-appareil"),
  makeTempDir("secret-fichier"),
  makeTempDir("rotation-ancienne-instance"),
  makeTempDir("rotation-nouvelle-instance"),
];
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
      ).rejects.toThrow(/Démarrage refusé\s: SESSION_SECRET n'est pas le secret avec lequel cette base a été remplie/);
      // Nothing was recorded by the refused start: the rotation from the first secret still goes.
      await restart({ SESSION_SECRET: second, SESSION_SECRET_PREVIOUS: first }, folder);
      await stopSite();
      await expect(startSite(env({ SESSION_SECRET: first }, folder))).rejects.toThrow(
        /Démarrage refusé\s: SESSION_SECRET est un ancien secret de ce site/,
      );
    },
    withSiteStarts(4),
  );

  it(
    "keeps the owner's browser known through a rotation: 50 strangers' wrong passwords do not lock it out",
    async () => {
      const folder = folders[2]!;
      const owner = { "X-Forwarded-For": ownNetworkAddress(240) };
      const before = await restart({ SESSION_SECRET: OLD_SECRET }, folder);
      const first = await postForm(before, "/gestion/connexion", { password: OWNER_PASSWORD }, owner);
      const device = cookieFrom(first, "cp_appareil");
      expect(device).toMatch(/^cp_appareil=/);

      const after = await restart({ SESSION_SECRET: NEW_SECRET, SESSION_SECRET_PREVIOUS: OLD_SECRET }, folder);
      // Ten networks of strangers, five wrong passwords each: the site-wide limit of strangers (50) is reached.
      for (let network = 0; network < 10; network += 1) {
        await wrongPasswords(after, { "X-Forwarded-For": ownNetworkAddress(200 + network) });
      }
      expect((await postForm(after, "/gestion/connexion", { password: OWNER_PASSWORD }, owner)).status).toBe(429);
      const known = await postForm(
        after,
        "/gestion/connexion",
        { password: OWNER_PASSWORD },
        {
          ...owner,
          Cookie: device ?? "",
        },
      );
      expect(known.status).toBe(303);
    },
    withSiteStarts(2),
  );

  it(
    "moves the data folder's secret file to the new secret at a rotation: a start without SESSION_SECRET still works",
    async () => {
      const folder = folders[3]!;
      await restart({}, folder);
      await stopSite();
      const file = path.join(folder.dir, "session-secret");
      const drawn = readFileSync(file, "utf8").trim();
      // The database as a backup made before the rotation holds it.
      const beforeRotation = path.join(folder.dir, "..", `${path.basename(folder.dir)}-pgdata-avant`);
      cpSync(path.join(folder.dir, "pgdata"), beforeRotation, { recursive: true });
      const rotated = await restart({ SESSION_SECRET: NEW_SECRET, SESSION_SECRET_PREVIOUS: drawn }, folder);
      expect(rotated.output()).toContain("Nouveau secret enregistré");
      expect(readFileSync(file, "utf8").trim()).toBe(NEW_SECRET);
      const without = await restart({}, folder);
      expect((await fetch(`${without.url}/healthz`)).status).toBe(200);

      // That backup restored: it knows only the secret the rotation replaced, kept beside the file; the site
      // makes the rotation again at its start.
      await stopSite();
      rmSync(path.join(folder.dir, "pgdata"), { recursive: true, force: true });
      renameSync(beforeRotation, path.join(folder.dir, "pgdata"));
      const restored = await restart({}, folder);
      expect(restored.output()).toContain("Nouveau secret enregistré");
      expect((await fetch(`${restored.url}/healthz`)).status).toBe(200);
      // A secret refused that came from the file names the file.
      await stopSite();
      writeFileSync(file, drawn, { mode: 0o600 });
      await expect(startSite(env({}, folder))).rejects.toThrow(
        new RegExp(
          `ancien secret de ce site.*Le secret de ce serveur vient du fichier ${file.replace(/[.]/g, "\\.")}`,
          "s",
        ),
      );
    },
    withSiteStarts(5),
  );
});

/** What an instance keyed with `secret` writes for a subscriber: its address key, and its links' token and hash. */
function keyedUnder(secret: string, email: string, linkSalt: string) {
  const keyed = (purpose: string, text: string) =>
    createHmac("sha256", createHmac("sha256", secret).update(purpose).digest("hex")).update(text).digest("hex");
  const token = keyed("alertes:liens", linkSalt);
  return {
    addressKey: keyed("alertes:adresses", email),
    token,
    linkHash: createHash("sha256").update(token).digest("hex"),
  };
}

describe("a rotation while an instance still runs the old secret, two instances on Postgres", () => {
  it(
    "re-keys at its restart what it wrote, one row per address, old links working; it writes none once replaced",
    async () => {
      const database = "rotation_en_cours";
      const url = await postgres().createDatabase(database);
      const instance = (secrets: Record<string, string>, folder: (typeof folders)[number]) =>
        startSite({ ...env(secrets, folder), DATABASE_URL: url });
      const old = await instance({ SESSION_SECRET: OLD_SECRET }, folders[4]!);
      const fresh = await instance({ SESSION_SECRET: NEW_SECRET, SESSION_SECRET_PREVIOUS: OLD_SECRET }, folders[5]!);
      try {
        expect(fresh.output()).toContain("Nouveau secret enregistré");
        // What the old instance writes in the seconds before it sees the rotation: rows keyed under the old secret,
        // one of them for an address the new instance wrote meanwhile.
        const rows = [
          { email: "seul@exemple.fr", secret: OLD_SECRET, salt: "1".repeat(32), topic: "marque:n26", at: "2026-01-01" },
          {
            email: "double@exemple.fr",
            secret: NEW_SECRET,
            salt: "2".repeat(32),
            topic: "marque:n26",
            at: "2026-03-01",
          },
          {
            email: "double@exemple.fr",
            secret: OLD_SECRET,
            salt: "3".repeat(32),
            topic: "marque:wise",
            at: "2026-02-01",
          },
        ].map((row) => ({ ...row, ...keyedUnder(row.secret, row.email, row.salt) }));
        for (const row of rows) {
          await postgres().asSuperuser(
            database,
            `with subscriber as (
               insert into public.alert_subscribers (email, address_key, link_salt, link_hash, confirmed_at)
               values ($1, $2, $3, $4, $5) returning id)
             insert into public.alert_follows (subscriber_id, topic, confirmed_at, consent_form, consent_version)
             select id, $6, $5, '/alertes', 'v1' from subscriber`,
            [row.email, row.addressKey, row.salt, row.linkHash, row.at, row.topic],
          );
        }

        // The old instance sees the rotation within seconds: it says so and writes no new subscriber.
        await until(
          async () => (await fetch(`${old.url}/healthz`)).status,
          (status) => status === 503,
          { what: "l'ancienne instance hors service" },
        );
        expect(old.output()).toContain("Le secret de ce serveur a été remplacé par une rotation");
        const refused = await postForm(
          old,
          "/alertes?sujet=marque%3An26",
          { sujet: "marque:n26", email: "tard@exemple.fr", consentement: "oui", website: "" },
          { "X-Forwarded-For": ownNetworkAddress(230) },
        );
        expect(refused.status).toBe(502);

        // The rolling restart brings it back with the new secret: what it wrote is re-keyed, the address merged.
        await old.stop();
        const back = await instance({ SESSION_SECRET: NEW_SECRET, SESSION_SECRET_PREVIOUS: OLD_SECRET }, folders[4]!);
        try {
          expect(back.output()).toContain("2 abonné(s) aux alertes encore sous l'ancien secret re-chiffré(s)");
          const stored = await postgres().asSuperuser<{
            email: string;
            address_key: string;
            confirmed: string;
            topics: string[];
          }>(
            database,
            `select s.email, s.address_key, to_char(s.confirmed_at, 'YYYY-MM-DD') as confirmed,
                    array_agg(f.topic order by f.topic) as topics
               from public.alert_subscribers s join public.alert_follows f on f.subscriber_id = s.id
              group by s.id order by s.email`,
          );
          expect(stored).toEqual([
            {
              email: "double@exemple.fr",
              address_key: keyedUnder(NEW_SECRET, "double@exemple.fr", "").addressKey,
              confirmed: "2026-02-01",
              topics: ["marque:n26", "marque:wise"],
            },
            {
              email: "seul@exemple.fr",
              address_key: keyedUnder(NEW_SECRET, "seul@exemple.fr", "").addressKey,
              confirmed: "2026-01-01",
              topics: ["marque:n26"],
            },
          ]);
          // The links of the e-mails sent before, under the old secret, still unsubscribe.
          for (const row of [rows[0]!, rows[2]!]) {
            const answer = await oneClick(back, `/alertes/desabonner/${row.token}`);
            expect(answer.status, row.email).toBe(200);
          }
        } finally {
          await back.stop();
        }
      } finally {
        await Promise.all([old.stop(), fresh.stop()]);
      }
    },
    withSiteStarts(3),
  );
});
