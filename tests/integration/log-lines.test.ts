import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postForm } from "../support/back-office";
import { postContactForm } from "../support/contact-form";
import { PUBLIC_IDENTITY, startSite, type RunningSite } from "../support/server";
import { alertingSiteEnv, startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { makeTempDir } from "../support/temp-dir";
import { SITE_SET_UP_MS, SITE_STOP_MS, TEST_MS } from "../support/timeouts";
import { until } from "../support/wait";

/**
 * What the production server writes to its log while visitors use it: one JSON object a line, with a level, and
 * never a visitor's address, e-mail or private link.
 */
const folder = makeTempDir("journal");
const ADDRESS = "visiteuse.secrete@exemple.fr";
let site: RunningSite;
let smtp: TestSmtpServer;

beforeAll(async () => {
  // The visitor's mailbox refuses the second e-mail: the mail server's answer quotes the address.
  smtp = await startSmtpServer({
    // Quoting the address in other spellings: cut short, and percent-encoded.
    refuse: (address) =>
      address === `refus.${ADDRESS}` && `5.1.1 refus.visiteuse.secr... User unknown (${encodeURIComponent(address)})`,
  });
  site = await startSite({
    DATA_DIR: folder.dir,
    SITE_URL: "https://www.exemple.fr",
    ...PUBLIC_IDENTITY,
    SESSION_SECRET: "un-secret-pour-le-journal-du-site-0123456789",
    TRUST_PROXY: "loopback",
    ...alertingSiteEnv(smtp),
  });
}, SITE_SET_UP_MS);

afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
  folder.cleanup();
}, SITE_STOP_MS);

describe("the server's log", () => {
  it(
    "holds one JSON line per event, with its level, and no visitor's address, e-mail or link after a journey",
    async () => {
      expect((await postContactForm(site, { email: ADDRESS, name: "Visiteuse Secrète" })).status).toBe(303);
      for (const email of [ADDRESS, `refus.${ADDRESS}`]) {
        const asked = await postForm(
          site,
          "/alertes?sujet=marque%3An26",
          { sujet: "marque:n26", email, consentement: "oui", website: "" },
          { "X-Forwarded-For": "192.0.2.77" },
        );
        expect(asked.status).toBe(303);
      }
      // The owner's copy of the message and the first confirmation arrive; the second is refused for good.
      await smtp.waitFor(2);
      const [confirmation] = await smtp.mailsTo(ADDRESS, 1);
      const link = /https:\/\/www\.exemple\.fr(\/alertes\/confirmer\/[0-9a-f]{64})/.exec(confirmation?.text ?? "");
      expect((await postForm(site, link?.[1] ?? "", {})).status).toBe(200);
      await until(
        () => site.output(),
        (log) => log.includes("refusé par le serveur du destinataire"),
        { what: "le refus de la seconde adresse dans le journal" },
      );
      // A private link with a segment after it falls to the 404 page, which logs the path.
      const token = link?.[1]?.split("/").at(-1) ?? "";
      expect((await fetch(`${site.url}/alertes/gerer/${token}/x`)).status).toBe(404);
      await until(
        () => site.output(),
        (log) => log.includes("404 : page inexistante /alertes/gerer/…/x"),
        { what: "la page inexistante dans le journal" },
      );
      await site.stop();

      const lines = site
        .output()
        .split("\n")
        .filter((line) => line.trim() !== "");
      expect(lines.length).toBeGreaterThan(3);
      for (const line of lines) {
        const entry = JSON.parse(line) as { level?: string; msg?: string; time?: string };
        expect(["debug", "info", "warn", "error"]).toContain(entry.level);
        expect(typeof entry.msg).toBe("string");
      }
      const log = site.output();
      expect(log).toContain("Message enregistré");
      expect(log).not.toContain("exemple.fr");
      expect(log).not.toContain("Secrète");
      expect(log).not.toMatch(/[0-9a-f]{64}/);
      expect(log).not.toMatch(/visiteuse|%40/i);
      expect(log).toContain("Réponse du serveur de messagerie 550 5.1.1 à RCPT TO");
    },
    TEST_MS * 2,
  );
});
