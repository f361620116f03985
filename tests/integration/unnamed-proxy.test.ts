import { TESTIMONIAL_LIMITS } from "@contract/testimonial-contract";
import { describe, expect, it } from "vitest";
import { OWNER_PASSWORD, postForm, signIn, wrongPasswords } from "../support/back-office";
import { postContactForm } from "../support/contact-form";
import { mainText } from "../support/oversized-forms";
import { siteOnFreshFolder } from "../support/suite-site";
import { sleep } from "../support/wait";

/**
 * A site in production behind a reverse proxy that TRUST_PROXY does not name: every request comes from the proxy's
 * address (loopback here) with an X-Forwarded-For. One stranger's few tries must not lock out every other visitor,
 * the owner on a new browser included; and the owner is told, in the log and in the back office. Both servers.
 */
const MESSAGES_PER_HOUR = 3;

/** Through the proxy: the client wrote `madeUp` (if anything), the proxy appended the address it saw. */
const through = (seen: string, madeUp?: string) => ({ "X-Forwarded-For": madeUp ? `${madeUp}, ${seen}` : seen });

for (const server of ["server.js", "remix-serve"] as const) {
  describe(`${server} behind a proxy TRUST_PROXY does not name`, () => {
    const site = siteOnFreshFolder(
      `proxy-non-designe-${server}`,
      { OWNER_PASSWORD, CONTACT_RATE_LIMIT_MAX: String(MESSAGES_PER_HOUR) },
      { server },
    );

    it("locks sign-in for the stranger who tried, not for the owner on a new browser", async () => {
      const stranger = through("203.0.113.70");
      const statuses = await wrongPasswords(site, stranger);
      expect(statuses.at(-1)).toBe(429);
      // A left entry the stranger makes up changes nothing: the proxy's entry is the key.
      expect(
        (
          await postForm(
            site,
            "/gestion/connexion",
            { password: OWNER_PASSWORD },
            through("203.0.113.70", "198.51.100.1"),
          )
        ).status,
      ).toBe(429);
      // The owner, from another address, on a browser without a device cookie.
      expect(await signIn(site, through("198.51.100.71"))).toMatch(/^cp_gestion=/);
    });

    it("holds back the stranger's messages and testimonials, not the next visitor's", async () => {
      const stranger = through("203.0.113.80");
      const statuses: number[] = [];
      for (let message = 0; message <= MESSAGES_PER_HOUR; message += 1) {
        statuses.push((await postContactForm(site, {}, stranger)).status);
      }
      expect(statuses).toEqual([...Array<number>(MESSAGES_PER_HOUR).fill(303), 429]);
      expect((await postContactForm(site, {}, through("203.0.113.80", "198.51.100.2"))).status).toBe(429);
      expect((await postContactForm(site, {}, through("198.51.100.81"))).status).toBe(303);

      const form = await (await fetch(`${site.url}/offres/binance/temoignage`)).text();
      const started = /name="debut" value="([^"]+)"/.exec(form)?.[1] ?? "";
      await sleep(3_100);
      const testimonial = (number: number, headers: Record<string, string>) =>
        postForm(
          site,
          "/offres/binance/temoignage",
          {
            text: `Témoignage numéro ${number} envoyé par un proxy que personne n'a nommé.`,
            month: "10",
            year: "2026",
            consent: "oui",
            debut: started,
          },
          headers,
        );
      const sent: number[] = [];
      for (let number = 0; number <= TESTIMONIAL_LIMITS.perVisitorPerDay; number += 1) {
        sent.push((await testimonial(number, stranger)).status);
      }
      expect(sent).toEqual([...Array<number>(TESTIMONIAL_LIMITS.perVisitorPerDay).fill(303), 429]);
      expect((await testimonial(99, through("198.51.100.82"))).status).toBe(303);
    });

    it("says so in the log and on the back office's first page, and keeps votes off", async () => {
      const vote = await postForm(site, "/offres/binance/avis", { worked: "oui" }, through("198.51.100.90"));
      expect(vote.status).toBe(503);
      await expect.poll(() => site.output()).toContain("Proxy non désigné");
      expect(site.output()).toContain("Définissez TRUST_PROXY");
      const owner = await signIn(site, through("198.51.100.91"));
      const page = mainText(await (await fetch(`${site.url}/gestion`, { headers: { Cookie: owner } })).text());
      expect(page).toMatch(
        /\d+ requêtes sont arrivées \(la dernière le .+\) par un proxy \(.+\) que TRUST_PROXY ne désigne pas/,
      );
      expect(page).toContain("Les avis sur les codes sont désactivés");
    });
  });
}
