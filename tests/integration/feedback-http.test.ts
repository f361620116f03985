import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isExpired, todayInFrance } from "~/catalogue/dates";
import { REPORTED_NOT_WORKING } from "~/catalogue/feedback";
import { acceptsVotes } from "~/catalogue/offer-rules";
import { BUNDLED_OFFERS } from "~/catalogue/offers";
import { FORGET_INTERVAL_MS } from "~/services/http/page-cache.server";
import { ENCODINGS, mainText, oversizedInit, OVERSIZED_BYTES } from "../support/oversized-forms";
import { seededDataDir } from "../support/seeded-data-dir";
import { startSite, type RunningSite } from "../support/server";
import { makeTempDir } from "../support/temp-dir";
import { SITE_SET_UP_MS } from "../support/timeouts";
import { inOneNetwork, newVisitors } from "../support/visitor-addresses";
import { sleep } from "../support/wait";

/**
 * The vote "Ce code a-t-il fonctionné ?" over HTTP, against the production server: what a visitor without
 * JavaScript gets for each answer, what the pages then show, and what votes do to the page cache. The server
 * believes X-Forwarded-For from loopback (TRUST_PROXY), so each request says which visitor sends it.
 */

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request as written (node:http): no Accept-Encoding unless given, so a page from the cache is told apart. */
function raw(
  site: RunningSite,
  path: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(site.url);
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: hostname, port, path, method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString(),
        }),
      );
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** A page answered from the page cache is sent whole, with its Content-Length; a rendered one is streamed. */
const fromPageCache = (answer: RawAnswer) => answer.status === 200 && answer.headers["content-length"] !== undefined;

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/** A new visitor, from a network of their own: the address the trusted proxy reports for them. */
const newVisitor = newVisitors();

/** A vote posted without JavaScript (a native form) by `visitor`. */
const vote = (site: RunningSite, slug: string, fields: Record<string, string>, visitor: string, path = "avis") =>
  raw(site, `/offres/${slug}/${path}`, {
    method: "POST",
    headers: { ...FORM, "X-Forwarded-For": visitor },
    body: new URLSearchParams(fields).toString(),
  });

/** What a page says of an offer's votes (the brand page shows it once in the offer, once in the vote block). */
const SUMMARY = /\d+\s%\sde réussite sur \d+ avis|Pas encore assez d'avis/;
const summaryOf = (html: string) => SUMMARY.exec(mainText(html))?.[0]?.replace(/\s/g, " ");
const rate = (percent: number, votes: number) => new RegExp(`\\b${percent}\\s%\\sde réussite sur ${votes} avis`);
const NOT_ENOUGH = "Pas encore assez d'avis";

/** Offers visitors can vote on, other than binance (kept for the tests that look at a page only). */
const today = todayInFrance(new Date());
const VOTABLE = BUNDLED_OFFERS.filter(
  (offer) => offer.slug !== "binance" && acceptsVotes(offer) && !isExpired(offer, today),
).map((offer) => offer.slug);
const offerFor = (() => {
  let next = 0;
  return () => {
    const slug = VOTABLE[next++];
    if (!slug) throw new Error("Plus assez d'offres pour les tests de vote.");
    return slug;
  };
})();

describe("votes sent without JavaScript", () => {
  const temp = makeTempDir("feedback-http");
  let site: RunningSite;
  beforeAll(async () => {
    // Without the page cache, every page shows the votes as stored; the page cache has its own tests below.
    site = await startSite({ DATA_DIR: temp.dir, TRUST_PROXY: "loopback", HTML_CACHE: "off" });
    // On first start the embedded database is created: /healthz answers once it is ready.
    expect((await raw(site, "/healthz")).status).toBe(200);
  }, SITE_SET_UP_MS);
  afterAll(async () => {
    await site?.stop();
    temp.cleanup();
  });

  const brandPage = async (slug: string) => {
    const page = await raw(site, `/offres/${slug}`);
    expect(page.status, slug).toBe(200);
    return page.text;
  };

  describe("a vote taken", () => {
    it('"Oui" answers 303 to the brand page\'s vote block, with the thanks flashed in a cookie', async () => {
      const slug = offerFor();
      const answer = await vote(site, slug, { worked: "oui" }, newVisitor());
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toBe(`/offres/${slug}#avis`);
      const cookie = String(answer.headers["set-cookie"] ?? "");
      expect(cookie).toMatch(/HttpOnly/i);

      const landing = await raw(site, `/offres/${slug}`, { headers: { Cookie: cookie.split(";")[0] ?? "" } });
      expect(landing.status).toBe(200);
      expect(landing.text).toContain("Merci pour votre retour !");
      expect(await brandPage(slug)).not.toContain("Merci pour votre retour !");
    });

    it('"Non" without a reason answers 303 to the brand page asking why, with the thanks flashed', async () => {
      const slug = offerFor();
      const answer = await vote(site, slug, { worked: "non" }, newVisitor());
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toBe(`/offres/${slug}?avis=non#avis`);
      const cookie = String(answer.headers["set-cookie"] ?? "").split(";")[0] ?? "";
      expect(cookie).not.toBe("");

      const landing = await raw(site, `/offres/${slug}?avis=non`, { headers: { Cookie: cookie } });
      expect(landing.status).toBe(200);
      expect(landing.text).toContain("Merci pour votre retour !");
      expect(mainText(landing.text)).toContain("Pourquoi n'a-t-il pas fonctionné ?");
    });

    it('"Non" with a reason answers 303 to the brand page, without asking why again', async () => {
      const slug = offerFor();
      const answer = await vote(site, slug, { worked: "non", reason: "code-refuse" }, newVisitor());
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toBe(`/offres/${slug}#avis`);
      expect(answer.headers["set-cookie"]).toBeDefined();
    });

    it('counts on the brand page: 3 visitors saying "Oui" make "100 % de réussite sur 3 avis"', async () => {
      const slug = offerFor();
      expect(summaryOf(await brandPage(slug))).toBe(NOT_ENOUGH);
      for (const visitor of [newVisitor(), newVisitor()]) {
        expect((await vote(site, slug, { worked: "oui" }, visitor)).status).toBe(303);
      }
      expect(summaryOf(await brandPage(slug))).toBe(NOT_ENOUGH);
      expect((await vote(site, slug, { worked: "oui" }, newVisitor())).status).toBe(303);
      const html = await brandPage(slug);
      expect(mainText(html)).toMatch(rate(100, 3));
      expect(mainText(html)).toMatch(/Dernier avis le \d{1,2} \S+ \d{4}/);
    });

    it("counts a visitor's second vote on an offer once, in place of their first", async () => {
      const slug = offerFor();
      const [first, second, third] = [newVisitor(), newVisitor(), newVisitor()];
      for (const visitor of [first, second, third]) {
        expect((await vote(site, slug, { worked: "oui" }, visitor)).status).toBe(303);
      }
      expect(mainText(await brandPage(slug))).toMatch(rate(100, 3));
      expect((await vote(site, slug, { worked: "oui" }, first)).status).toBe(303);
      expect(mainText(await brandPage(slug))).toMatch(rate(100, 3));
      expect((await vote(site, slug, { worked: "non" }, first)).status).toBe(303);
      expect(mainText(await brandPage(slug))).toMatch(rate(67, 3));
    });
  });

  describe("a campaign from one IPv6 /48 (65 536 visitors' /64s)", () => {
    it("weighs as 3 votes: 40 'Non' move 8 'Oui' and 2 'Non' of ten networks from 80 % to 62 %, with no warning", async () => {
      const slug = offerFor();
      for (let index = 0; index < 10; index += 1) {
        const fields = index < 8 ? { worked: "oui" } : { worked: "non" };
        expect((await vote(site, slug, fields, newVisitor())).status).toBe(303);
      }
      expect(mainText(await brandPage(slug))).toMatch(rate(80, 10));
      for (let index = 0; index < 40; index += 1) {
        const answer = await vote(
          site,
          slug,
          { worked: "non", reason: "code-refuse" },
          inOneNetwork("2001:db8:48", index),
        );
        expect(answer.status).toBe(303);
      }
      // Without weighing: 8 of 50, 16 %, and the warning. The count shown stays the real one.
      const html = mainText(await brandPage(slug));
      expect(html).toMatch(rate(62, 50));
      expect(html).not.toContain(REPORTED_NOT_WORKING);
    });

    it("cannot set the rate nor raise the warning alone, however many of its visitors say 'Non'", async () => {
      const slug = offerFor();
      for (let index = 0; index < 12; index += 1) {
        expect((await vote(site, slug, { worked: "non" }, inOneNetwork("2001:db8:49", index))).status).toBe(303);
      }
      const html = mainText(await brandPage(slug));
      expect(html).toContain(`${NOT_ENOUGH} (12 avis de 1 réseau)`);
      expect(html).not.toMatch(/de réussite/);
      expect(html).not.toContain(REPORTED_NOT_WORKING);
    });
  });

  describe("past 30 votes in an hour", () => {
    const limitedVisitor = newVisitor();
    const [spent, target] = [offerFor(), offerFor()];
    let refused: RawAnswer;
    beforeAll(async () => {
      // Two other visitors vote on the target: a third vote there would show a rate.
      for (const visitor of [newVisitor(), newVisitor()]) {
        expect((await vote(site, target, { worked: "oui" }, visitor)).status).toBe(303);
      }
      // 30 votes on one offer: each replaces the last, and each counts towards the hour's limit.
      for (let sent = 0; sent < 30; sent += 1) {
        const answer = await vote(site, spent, { worked: sent % 2 ? "oui" : "non", reason: "" }, limitedVisitor);
        expect(answer.status, `vote ${sent + 1}`).toBe(303);
      }
      refused = await vote(site, target, { worked: "oui" }, limitedVisitor);
    });

    it("answers the 31st vote of a visitor with a 429: the vote page with the French message, the choice kept", () => {
      expect(refused.status).toBe(429);
      expect(refused.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(refused.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(refused.headers.location).toBeUndefined();
      const main = mainText(refused.text);
      expect(main).toContain("Votre avis sur le code");
      expect(main).toContain("Trop d'avis envoyés en une heure. Veuillez réessayer plus tard.");
      expect(refused.text).toContain(`action="/offres/${target}/avis#`);
    });

    it("keeps a refused reason checked, and answers every refused vote the same, whatever the offer", async () => {
      const withReason = await vote(site, spent, { worked: "non", reason: "code-refuse" }, limitedVisitor);
      expect(withReason.status).toBe(429);
      const reasons = withReason.text.match(/<input[^>]*name="reason"[^>]*>/g) ?? [];
      expect(reasons.filter((input) => input.includes('checked=""'))).toEqual([
        expect.stringContaining('value="code-refuse"'),
      ]);
      for (let sent = 0; sent < 10; sent += 1) {
        const answer = await vote(site, sent % 2 ? spent : target, { worked: "non" }, limitedVisitor);
        expect(answer.status).toBe(429);
        expect(mainText(answer.text)).toContain("Trop d'avis envoyés en une heure.");
      }
    });

    it("says when to come back with Retry-After on the 429 page", () => {
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    });

    it("answers the page's script with a 429 it can read (its data, with the French message) and Retry-After", async () => {
      const answer = await vote(site, target, { worked: "oui", reponse: "1" }, limitedVisitor, "avis.data");
      expect(answer.status).toBe(429);
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
      expect(answer.headers["content-type"]).toContain("text/x-script");
      expect(answer.text).toContain("Trop d'avis envoyés en une heure.");
      // The header the request checks set, written by a visitor, is removed: it decides nothing.
      const forged = await raw(site, `/offres/${spent}/avis.data`, {
        method: "POST",
        headers: { ...FORM, "X-Forwarded-For": newVisitor(), "X-Codeparrain-Vote-Refused": "1" },
        body: "worked=oui&reponse=1",
      });
      expect(forged.status).toBe(200);
    });

    it("stores nothing of the refused vote, and the brand page still answers 200", async () => {
      expect(summaryOf(await brandPage(target))).toBe(NOT_ENOUGH);
      // Another visitor's vote is the third one stored.
      expect((await vote(site, target, { worked: "oui" }, newVisitor())).status).toBe(303);
      expect(mainText(await brandPage(target))).toMatch(rate(100, 3));
    });
  });

  describe("visitors on IPv6", () => {
    it("count once per /64, and a /48 as one network: /64s of one /48 raise no warning, five /48s do", async () => {
      const [oneVisitor, oneNetwork, fiveNetworks] = [offerFor(), offerFor(), offerFor()];
      const no = { worked: "non", reason: "code-refuse" };
      for (let host = 1; host <= 5; host += 1) {
        expect((await vote(site, oneVisitor, no, `2001:db8:1:2::${host}`)).status).toBe(303);
        expect((await vote(site, oneNetwork, no, `2001:db8:1:${host}0::1`)).status).toBe(303);
        expect((await vote(site, fiveNetworks, no, `2001:db8:${host}:1::1`)).status).toBe(303);
      }
      const single = await brandPage(oneVisitor);
      expect(summaryOf(single)).toBe(NOT_ENOUGH);
      expect(mainText(single)).not.toContain(REPORTED_NOT_WORKING);
      const network = mainText(await brandPage(oneNetwork));
      expect(network).toContain(`${NOT_ENOUGH} (5 avis de 1 réseau)`);
      expect(network).not.toContain(REPORTED_NOT_WORKING);
      const five = mainText(await brandPage(fiveNetworks));
      expect(five).toMatch(rate(0, 5));
      expect(five).toContain(REPORTED_NOT_WORKING);
    });
  });

  describe("a vote refused", () => {
    /** An offer with two votes: one more counted would show a rate. */
    let slug: string;
    beforeAll(async () => {
      slug = offerFor();
      for (const visitor of [newVisitor(), newVisitor()]) {
        expect((await vote(site, slug, { worked: "oui" }, visitor)).status).toBe(303);
      }
    });

    it("on an unknown offer answers 404 with the French page, to a POST and to a GET", async () => {
      const posted = await vote(site, "marque-inconnue", { worked: "oui" }, newVisitor());
      expect(posted.status).toBe(404);
      expect(mainText(posted.text)).toContain("Page introuvable");
      const opened = await raw(site, "/offres/marque-inconnue/avis");
      expect(opened.status).toBe(404);
      expect(mainText(opened.text)).toContain("Page introuvable");
    });

    it('with worked=peut-etre answers 400 "Indiquez si le code a fonctionné", and counts nothing', async () => {
      const visitor = newVisitor();
      const invalid: Array<Record<string, string>> = [{ worked: "peut-etre" }, {}, { worked: "" }, { worked: "OUI" }];
      for (const fields of invalid) {
        const answer = await vote(site, slug, fields, visitor);
        expect(answer.status, JSON.stringify(fields)).toBe(400);
        expect(answer.headers.location).toBeUndefined();
        expect(mainText(answer.text), JSON.stringify(fields)).toContain("Indiquez si le code a fonctionné");
      }
      expect(summaryOf(await brandPage(slug))).toBe(NOT_ENOUGH);
    });

    it("with an unknown reason answers 400, and counts nothing", async () => {
      const answer = await vote(site, slug, { worked: "non", reason: "inconnu" }, newVisitor());
      expect(answer.status).toBe(400);
      expect(answer.headers.location).toBeUndefined();
      expect(summaryOf(await brandPage(slug))).toBe(NOT_ENOUGH);
    });

    it("with an unknown reason says why in French", async () => {
      const answer = await vote(site, slug, { worked: "non", reason: "inconnu" }, newVisitor());
      expect(answer.status).toBe(400);
      expect(mainText(answer.text)).toContain("Choisissez une raison dans la liste, ou aucune.");
    });

    it("leaves the visitor free to vote: after refused answers, their valid vote counts", async () => {
      const visitor = newVisitor();
      expect((await vote(site, slug, { worked: "peut-etre" }, visitor)).status).toBe(400);
      expect((await vote(site, slug, { worked: "oui" }, visitor)).status).toBe(303);
      expect(mainText(await brandPage(slug))).toMatch(rate(100, 3));
    });

    for (const encoding of ENCODINGS) {
      it(`of ${OVERSIZED_BYTES / 1024 / 1024} MB (${encoding}) answers the French 413 page, read without a connection error`, async () => {
        const response = await fetch(`${site.url}/offres/binance/avis`, oversizedInit(encoding));
        expect(response.status).toBe(413);
        const html = await response.text();
        expect(mainText(html)).toContain("Le formulaire envoyé est trop volumineux");
      });
    }

    it("sent as JSON answers 415 with a French message", async () => {
      const answer = await raw(site, "/offres/binance/avis", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": newVisitor() },
        body: JSON.stringify({ worked: "oui" }),
      });
      expect(answer.status).toBe(415);
      expect(mainText(answer.text)).toContain("Type de contenu non pris en charge");
    });
  });

  describe("the vote's own page", () => {
    it("GET /offres/binance/avis shows the vote alone: the summary and the form posting Oui or Non", async () => {
      const answer = await raw(site, "/offres/binance/avis");
      expect(answer.status).toBe(200);
      expect(answer.headers["content-type"]).toContain("text/html");
      expect(answer.text).toMatch(/<form[^>]*method="post"[^>]*action="\/offres\/binance\/avis#avis"/);
      expect(answer.text).toMatch(/<button[^>]*name="worked"[^>]*value="oui"/);
      expect(answer.text).toMatch(/<button[^>]*name="worked"[^>]*value="non"/);
      expect(mainText(answer.text)).toContain("Ce code a-t-il fonctionné ?");
      expect(mainText(answer.text)).toMatch(SUMMARY);
      expect(answer.text).toMatch(/<meta name="robots" content="noindex, follow"/);
    });
  });

  describe("a vote sent by the page's script (reponse=1)", () => {
    it("is answered with the thanks in the page's data, not with a redirect", async () => {
      const slug = offerFor();
      const answer = await vote(site, slug, { worked: "oui", reponse: "1" }, newVisitor());
      expect(answer.status).toBe(200);
      expect(answer.headers.location).toBeUndefined();
      expect(answer.headers["set-cookie"]).toBeUndefined();
      expect(answer.text).toContain("Merci pour votre retour !");
    });

    it("is answered as data to the script's own request, not with a redirect, and counts", async () => {
      const slug = offerFor();
      for (const visitor of [newVisitor(), newVisitor(), newVisitor()]) {
        const answer = await vote(site, slug, { worked: "oui", reponse: "1" }, visitor, "avis.data");
        expect(answer.status).toBe(200);
        expect(answer.headers.location).toBeUndefined();
        expect(answer.headers["x-remix-redirect"]).toBeUndefined();
        expect(answer.text).toContain("Merci pour votre retour !");
      }
      expect(mainText(await brandPage(slug))).toMatch(rate(100, 3));
    });
  });
});

describe("a vote on an offer that has ended", () => {
  const data = seededDataDir("feedback-expired", async (db) => {
    await db.query("update public.brands set valid_until = '2020-01-01' where slug = 'boursobank'");
  });
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite({ DATA_DIR: data.dir, TRUST_PROXY: "loopback", HTML_CACHE: "off" });
  }, SITE_SET_UP_MS);
  afterAll(async () => {
    await site?.stop();
  });

  it("is refused with the French 404, to a POST and to a GET, and counts nothing", async () => {
    const posted = await vote(site, "boursobank", { worked: "non" }, newVisitor());
    expect(posted.status).toBe(404);
    expect(mainText(posted.text)).toContain("Page introuvable");
    expect((await raw(site, "/offres/boursobank/avis")).status).toBe(404);
    // An offer still running takes the same vote.
    expect((await vote(site, "binance", { worked: "non" }, newVisitor())).status).toBe(303);
  });
});

describe("votes and the page cache", () => {
  const temp = makeTempDir("feedback-page-cache");
  let site: RunningSite;
  const slug = offerFor();
  /** Each pass of the flood: whether the brand page and the listing came from the page cache. */
  const flood = { votes: 0, elapsedMs: 0, brandHits: 0, listingHits: 0, lastVoteAt: 0 };

  beforeAll(async () => {
    // Caches on (the default), pages kept 10 minutes: none expires during the test.
    site = await startSite({ DATA_DIR: temp.dir, TRUST_PROXY: "loopback", BRANDS_CACHE_TTL_SECONDS: "600" });
    expect((await raw(site, "/healthz")).status).toBe(200);
    // Two votes, each after a quiet interval: the next vote drops the pages at once.
    for (let sent = 0; sent < 2; sent += 1) {
      expect((await vote(site, slug, { worked: "oui" }, newVisitor())).status).toBe(303);
      await sleep(FORGET_INTERVAL_MS + 300);
    }
  }, SITE_SET_UP_MS);
  afterAll(async () => {
    await site?.stop();
    temp.cleanup();
  });

  /** The page, rendered or kept, then asked again: the second answer must come from the cache. */
  const cached = async (path: string) => {
    await raw(site, path);
    const again = await raw(site, path);
    expect(fromPageCache(again), path).toBe(true);
    return again.text;
  };

  it("shows a vote on the next anonymous GET of the brand page and of /offres, kept before the vote", async () => {
    expect(summaryOf(await cached(`/offres/${slug}`))).toBe(NOT_ENOUGH);
    expect(mainText(await cached("/offres"))).not.toMatch(/de réussite sur/);

    expect((await vote(site, slug, { worked: "oui" }, newVisitor())).status).toBe(303);

    const brand = await raw(site, `/offres/${slug}`);
    expect(brand.status).toBe(200);
    expect(mainText(brand.text)).toMatch(rate(100, 3));
    const listing = await raw(site, "/offres");
    expect(listing.status).toBe(200);
    expect(mainText(listing.text)).toMatch(rate(100, 3));
    // And the new pages are kept in turn.
    expect(fromPageCache(await raw(site, `/offres/${slug}`))).toBe(true);
    expect(fromPageCache(await raw(site, "/offres"))).toBe(true);
  });

  it("keeps serving pages from the cache between the votes of a flood of visitors", async () => {
    const start = Date.now();
    for (let sent = 0; sent < 20; sent += 1) {
      expect((await vote(site, slug, { worked: "oui" }, newVisitor())).status).toBe(303);
      flood.votes += 1;
      flood.lastVoteAt = Date.now();
      const brand = await raw(site, `/offres/${slug}`);
      const listing = await raw(site, "/offres");
      expect([brand.status, listing.status]).toEqual([200, 200]);
      if (fromPageCache(brand)) flood.brandHits += 1;
      if (fromPageCache(listing)) flood.listingHits += 1;
    }
    flood.elapsedMs = Date.now() - start;
    // Pages showing the offer are dropped at most once per interval: each drop costs one render per page.
    const drops = Math.floor(flood.elapsedMs / FORGET_INTERVAL_MS) + 1;
    const detail = JSON.stringify(flood);
    expect(flood.votes - flood.brandHits, detail).toBeLessThanOrEqual(drops);
    expect(flood.votes - flood.listingHits, detail).toBeLessThanOrEqual(drops);
  });

  it("shows the votes gathered during the interval once it ends", async () => {
    expect(flood.votes).toBe(20);
    await sleep(Math.max(0, flood.lastVoteAt + FORGET_INTERVAL_MS + 1_000 - Date.now()));
    const total = 3 + flood.votes;
    expect(mainText((await raw(site, `/offres/${slug}`)).text)).toMatch(rate(100, total));
    expect(mainText((await raw(site, "/offres")).text)).toMatch(rate(100, total));
  });
});
