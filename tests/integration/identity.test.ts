import { describe, expect, it } from "vitest";
import { publicAndLocalSites } from "../support/public-and-local-sites";
import { PUBLIC_IDENTITY, startSite, type RunningSite } from "../support/server";
import { makeTempDir } from "../support/temp-dir";
import { withSiteStarts } from "../support/timeouts";

/**
 * Who publishes and hosts the site, as the legal notice says it: the real identity in production on a public
 * address (the server does not start without it), and placeholders marked as an example in a local run. The home
 * page shows no invented reviews.
 */
const sites = publicAndLocalSites("identity");

const html = async (running: RunningSite, path: string) => {
  const response = await fetch(`${running.url}${path}`);
  expect(response.status).toBe(200);
  return response.text();
};
/** The page's text, tags dropped and spaces collapsed, as a reader sees it. */
const text = (page: string) =>
  page
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/[^\S\u00a0\u202f]+/g, " ");

describe("in production on a public address", () => {
  it(
    "does not start without the identity, naming each missing variable in French",
    { timeout: withSiteStarts(1) },
    async () => {
      const refused = makeTempDir("identity-refused");
      try {
        const { HOSTING_PHONE: _phone, CONTACT_EMAIL: _email, ...partial } = PUBLIC_IDENTITY;
        const start = startSite({ DATA_DIR: refused.dir, SITE_URL: "https://www.exemple.fr", ...partial });
        const error = await start.then(
          async (running) => {
            await running.stop();
            throw new Error("le serveur a démarré");
          },
          (reason: Error) => reason,
        );
        expect(error.message).toContain("Le serveur s'est arrêté");
        expect(error.message).toContain("HOSTING_PHONE est obligatoire en production");
        expect(error.message).toContain("CONTACT_EMAIL est obligatoire en production");
        expect(error.message).not.toContain("PUBLISHER_NAME est obligatoire");
        expect(error.message).not.toContain("Site en ligne");
      } finally {
        refused.cleanup();
      }
    },
  );

  it("names the publisher and the host, with the host's phone, and no example note", async () => {
    const notice = text(await html(sites.public, "/mentions-legales"));
    expect(notice).toContain("est édité par Jeanne Martin, personne physique");
    expect(notice).toContain("Contact : contact@exemple.fr.");
    expect(notice).toContain(
      "Le site est hébergé par Hébergeur Test SAS, 1 rue du Test, 75001 Paris. Téléphone : 01 00 00 00 00.",
    );
    expect(notice).not.toContain("Exemple");
    expect(notice).not.toContain("(exemple)");
  });
});

describe("in a local run with nothing set", () => {
  it("says at the top of the legal notice that its identity is an example, and marks every placeholder", async () => {
    const page = await html(sites.local, "/mentions-legales");
    const notice = text(page);
    const note = notice.indexOf("Exemple : l'identité de l'éditeur et de l'hébergeur n'est pas encore renseignée.");
    expect(note).toBeGreaterThan(notice.indexOf("Mentions légales"));
    expect(note).toBeLessThan(notice.indexOf("Éditeur du site"));
    expect(page).toMatch(/<p id="exemple-identite" role="note"/);
    // Publisher (twice), e-mail (twice), host's name, address and phone.
    expect(page.match(/<mark\b/g)).toHaveLength(7);
    expect(notice).toContain("Téléphone : Téléphone non renseigné (exemple).");
    expect(notice).toContain("est édité par L'éditeur du site (particulier) (exemple), personne physique");
  });

  it("shows no testimonials on the home page", async () => {
    const page = await html(sites.local, "/");
    expect(page).toContain("Questions fréquentes");
    expect(page).not.toContain("testimonials-title");
    expect(page).not.toContain("Ils ont économisé grâce au parrainage");
    expect(page).not.toContain("<blockquote");
  });
});
