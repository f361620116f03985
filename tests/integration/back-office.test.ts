import { createHmac } from "node:crypto";
import { request as httpRequest } from "node:http";
import { createCookie } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieFrom, n26OfferForm, OWNER_PASSWORD, postForm, signIn, wrongPasswords } from "../support/back-office";
import { postContactForm } from "../support/contact-form";
import { mainText } from "../support/oversized-forms";
import { seededDataDir } from "../support/seeded-data-dir";
import { PUBLIC_IDENTITY, startSite, type RunningSite } from "../support/server";
import { makeTempDir } from "../support/temp-dir";
import { POLL_MS, withSiteStarts } from "../support/timeouts";
import { newVisitors } from "../support/visitor-addresses";

/**
 * The back office attacked as it would be on the public site: a production build on an https address (cookies
 * Secure), its page cache on, believing X-Forwarded-For from loopback (TRUST_PROXY) so that each request says which
 * visitor sends it. The session secret is known to the tests, to make cookies the server should refuse. Vivid, an
 * offer of the bundle, has no row, as on a database the seed never filled: the back office writes its first.
 * KuCoin and Sorare have a code of the owner's; the bundle's example codes are not shown on a public site.
 */
const SESSION_SECRET = "s".repeat(40);
const temp = seededDataDir("back-office", async (db) => {
  await db.exec("delete from public.brands where slug = 'vivid'");
  // Offers the owner gave a code to, which take votes; the others show no code on this public site.
  await db.exec("update public.brands set code = 'PROPRIO-' || upper(slug) where slug in ('kucoin', 'sorare')");
});
const closedTemp = makeTempDir("back-office-closed");
let site: RunningSite;
let closed: RunningSite;

const SITE_ENV = {
  DATA_DIR: temp.dir,
  SITE_URL: "https://www.exemple.fr",
  ...PUBLIC_IDENTITY,
  OWNER_PASSWORD,
  SESSION_SECRET,
  TRUST_PROXY: "loopback",
};

beforeAll(async () => {
  [site, closed] = await Promise.all([startSite(SITE_ENV), startSite({ DATA_DIR: closedTemp.dir })]);
});
afterAll(async () => {
  await Promise.all([site?.stop(), closed?.stop()]);
  closedTemp.cleanup();
});

/** A visitor of their own: a new address in X-Forwarded-For. */
const nextAddress = newVisitors();
const newVisitor = () => ({ "X-Forwarded-For": nextAddress() });

const get = (path: string, cookie?: string) =>
  fetch(`${site.url}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });

/** The back office's cookie as the server would make it, from the secret it derives its key from. */
/** The session generation the server puts in its cookies, read from one it gives. */
async function sessionGeneration(): Promise<string> {
  const [, value = ""] = (await signIn(site, newVisitor())).split("=");
  const payload = decodeURIComponent(value).split(".")[0] ?? "";
  return (JSON.parse(Buffer.from(payload, "base64").toString()) as { generation: string }).generation;
}

function forgedCookie(data: Record<string, unknown>) {
  const key = createHmac("sha256", SESSION_SECRET).update("gestion:session").digest("hex");
  const tag = createHmac("sha256", key).update(`mot-de-passe:${OWNER_PASSWORD}`).digest().toString("base64url");
  return createCookie("cp_gestion", { secrets: [key], path: "/gestion" })
    .serialize({ passwordTag: tag, ...data })
    .then((line) => line.split(";")[0] ?? "");
}

const toSignIn = (response: Response) => ({
  status: response.status,
  location: response.headers.get("Location"),
});
const SIGN_IN = { status: 303, location: "/gestion/connexion" };

describe("without OWNER_PASSWORD", () => {
  it("answers 404 at every /gestion address, to a GET and to a POST", async () => {
    for (const path of ["/gestion", "/gestion/connexion", "/gestion/offres", "/gestion/offres/binance"]) {
      expect((await fetch(`${closed.url}${path}`, { redirect: "manual" })).status, path).toBe(404);
    }
    const posted = await postForm(closed, "/gestion/connexion", { password: OWNER_PASSWORD });
    expect(posted.status).toBe(404);
    expect(cookieFrom(posted, "cp_gestion")).toBeUndefined();
    expect((await postForm(closed, "/gestion/deconnexion", {})).status).toBe(404);
  });
});

describe("sign-in", () => {
  it("shows one password field, labelled in French, on a page never cached nor indexed", async () => {
    const response = await get("/gestion/connexion");
    const html = await response.text();
    expect(response.status).toBe(200);
    const labelled = /<label for="([^"]+)"[^>]*>Mot de passe<\/label>/.exec(html)?.[1];
    const inputs = html.match(/<input[^>]*name="password"[^>]*>/g) ?? [];
    expect(inputs).toHaveLength(1);
    expect(inputs[0]).toContain(`id="${labelled}"`);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(response.headers.get("Content-Security-Policy")).toContain("script-src 'self' 'nonce-");
  });

  it("gives a session cookie of its own: HttpOnly, SameSite=Strict, Secure, for /gestion, 12 hours", async () => {
    const response = await postForm(site, "/gestion/connexion", { password: OWNER_PASSWORD }, newVisitor());
    expect(toSignIn(response)).toEqual({ status: 303, location: "/gestion" });
    const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith("cp_gestion="));
    expect(line).toMatch(/; Max-Age=43200; Path=\/gestion; HttpOnly; Secure; SameSite=Strict$/);
  });

  it("answers every wrong password alike, whatever its length", async () => {
    const answers = [];
    for (const guess of ["", "x", OWNER_PASSWORD.slice(0, -1), `${OWNER_PASSWORD}x`, "y".repeat(20_000)]) {
      const response = await postForm(site, "/gestion/connexion", { password: guess }, newVisitor());
      const html = await response.text();
      answers.push({ status: response.status, refused: html.includes("Mot de passe incorrect.") });
      expect(cookieFrom(response, "cp_gestion")).toBeUndefined();
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([JSON.stringify({ status: 400, refused: true })]),
    );
  });

  it("locks sign-in for an address after five wrong passwords, even with the right one, and not for others", async () => {
    const attacker = newVisitor();
    expect(await wrongPasswords(site, attacker)).toEqual([400, 400, 400, 400, 429]);
    const locked = await postForm(site, "/gestion/connexion", { password: OWNER_PASSWORD }, attacker);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(800);
    expect(await locked.text()).toContain("Trop d&#x27;essais");
    expect(cookieFrom(locked, "cp_gestion")).toBeUndefined();
    await expect(signIn(site, newVisitor())).resolves.toMatch(/^cp_gestion=/);
  });

  it("opens a new session each time: a cookie brought to sign-in is never the one given back", async () => {
    const planted = await forgedCookie({ sid: "choisi-par-un-attaquant" });
    const response = await postForm(
      site,
      "/gestion/connexion",
      { password: OWNER_PASSWORD },
      { ...newVisitor(), Cookie: planted },
    );
    const given = cookieFrom(response, "cp_gestion");
    expect(given).toBeDefined();
    expect(given).not.toBe(planted);
    // The planted cookie carries no sign-in time: it opens nothing, before or after.
    expect(toSignIn(await get("/gestion", planted))).toEqual(SIGN_IN);
    const again = await signIn(site, newVisitor());
    expect(again).not.toBe(given);
  });
});

describe("a session", () => {
  it("is needed by every page and form, which otherwise lead to sign-in and change nothing", async () => {
    for (const path of ["/gestion", "/gestion/offres", "/gestion/offres/binance"]) {
      expect(toSignIn(await get(path)), path).toEqual(SIGN_IN);
    }
    // A form posted without a session comes back (401) with a sign-in form; nothing is written.
    const posted = await postForm(site, "/gestion/offres/binance", { intent: "verify" });
    expect(posted.status).toBe(401);
    expect(await posted.text()).toContain('action="/gestion/connexion"');
    const cookie = await signIn(site, newVisitor());
    expect(await (await get("/gestion/offres/binance", cookie)).text()).toContain("Jamais vérifiée.");
  });

  it("keeps what was typed when the session ended: sign in again, and the form comes back filled, not saved", async () => {
    const owner = newVisitor();
    const generation = await sessionGeneration();
    const ended = await forgedCookie({ sid: "d".repeat(43), signedInAt: Date.now() - 13 * 60 * 60 * 1000, generation });
    const typed = n26OfferForm("GARDEAPRES", 25);
    const posted = await postForm(site, "/gestion/offres/n26", { ...typed, version: "1" }, { ...owner, Cookie: ended });
    expect(posted.status).toBe(401);
    const page = await posted.text();
    expect(mainText(page)).toContain("Session terminée");
    expect(mainText(page)).toContain("GARDEAPRES");
    const draft = /name="brouillon" value="([^"]*)"/.exec(page)?.[1] ?? "";
    const retour = /name="retour" value="([^"]*)"/.exec(page)?.[1];
    expect(retour).toBe("/gestion/offres/n26");
    const fields = JSON.parse(draft.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&"));

    // A wrong password keeps them too.
    const wrong = await postForm(
      site,
      "/gestion/connexion",
      { password: "pas-le-bon", retour: retour ?? "", brouillon: JSON.stringify(fields) },
      owner,
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("GARDEAPRES");

    const signedIn = await postForm(
      site,
      "/gestion/connexion",
      { password: OWNER_PASSWORD, retour: retour ?? "", brouillon: JSON.stringify(fields) },
      owner,
    );
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("Location")).toBe("/gestion/offres/n26");
    const cookies = ["cp_gestion", "cp_brouillon"].map((name) => cookieFrom(signedIn, name) ?? "");
    const back = await get("/gestion/offres/n26", cookies.join("; "));
    expect(back.status).toBe(200);
    const form = await back.text();
    expect(form).toContain('value="GARDEAPRES"');
    expect(mainText(form)).toContain("Vos saisies d'avant la connexion sont remises ci-dessous");
    expect(back.headers.getSetCookie().join("\n")).toMatch(/cp_brouillon=; Max-Age=0/);
    // Nothing was saved: the public page still shows the bundled code.
    expect(await (await get("/offres/n26")).text()).not.toContain("GARDEAPRES");
  });

  it("refuses a forged cookie, an altered one, one past its 12 hours and one of another generation", async () => {
    const now = Date.now();
    // Made as the server makes it, the cookie is accepted: the refusals below are about what changed.
    const generation = await sessionGeneration();
    const genuine = await forgedCookie({ sid: "a".repeat(43), signedInAt: now, generation });
    expect((await get("/gestion", genuine)).status).toBe(200);

    const expired = await forgedCookie({
      sid: "b".repeat(43),
      signedInAt: now - 12 * 60 * 60 * 1000 - 1000,
      generation,
    });
    const otherGeneration = await forgedCookie({ sid: "c".repeat(43), signedInAt: now, generation: "ancienne" });
    const [name, value = ""] = genuine.split("=");
    const [payload = "", signature = ""] = decodeURIComponent(value).split(".");
    const data = JSON.parse(Buffer.from(payload, "base64").toString()) as Record<string, unknown>;
    const altered = `${name}=${encodeURIComponent(
      `${Buffer.from(JSON.stringify({ ...data, signedInAt: now + 1 })).toString("base64")}.${signature}`,
    )}`;
    const unsigned = `${name}=${encodeURIComponent(payload)}`;
    const otherSecret = `${name}=${decodeURIComponent(value).replace(/\.[^.]+$/, `.${"A".repeat(43)}`)}`;
    for (const cookie of [expired, altered, unsigned, otherSecret, otherGeneration]) {
      expect(toSignIn(await get("/gestion", cookie)), cookie).toEqual(SIGN_IN);
    }
  });

  it("ends with sign out: the same cookie, sent again, opens nothing", async () => {
    const cookie = await signIn(site, newVisitor());
    expect((await get("/gestion", cookie)).status).toBe(200);
    const out = await postForm(site, "/gestion/deconnexion", {}, { Cookie: cookie });
    expect(toSignIn(out)).toEqual(SIGN_IN);
    expect(out.headers.getSetCookie().join("\n")).toMatch(
      /cp_gestion=; Max-Age=0|cp_gestion=;.*Expires=Thu, 01 Jan 1970/,
    );
    expect(toSignIn(await get("/gestion", cookie))).toEqual(SIGN_IN);
    // Signing out takes a POST: a link cannot do it.
    expect((await get("/gestion/deconnexion", cookie)).status).toBe(405);
  });

  it(
    "keeps a signed-out session refused after the server restarts, and that one only",
    { timeout: withSiteStarts(1) },
    async () => {
      const kept = await signIn(site, newVisitor());
      const ended = await signIn(site, newVisitor());
      expect(toSignIn(await postForm(site, "/gestion/deconnexion", {}, { Cookie: ended }))).toEqual(SIGN_IN);
      await site.stop();
      site = await startSite(SITE_ENV);
      expect(toSignIn(await get("/gestion", ended))).toEqual(SIGN_IN);
      expect((await get("/gestion", kept)).status).toBe(200);
    },
  );
});

describe("cross-site requests", () => {
  it("are refused before reaching the back office, even with the owner's cookie", async () => {
    const cookie = await signIn(site, newVisitor());
    const fromElsewhere = await postForm(
      site,
      "/gestion/offres/binance",
      { intent: "verify" },
      { Cookie: cookie, Origin: "https://attaquant.example" },
    );
    expect(fromElsewhere.status).toBe(403);
    const withoutOrigin = await fetch(`${site.url}/gestion/offres/binance`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: cookie,
        "Sec-Fetch-Site": "cross-site",
      },
      body: "intent=verify",
    });
    expect(withoutOrigin.status).toBe(403);
    expect(await (await get("/gestion/offres/binance", cookie)).text()).toContain("Jamais vérifiée.");
  });
});

/** Sends `path` exactly as written (fetch would resolve its dot segments first); follows up to five redirects. */
function rawGet(path: string, hops = 5): Promise<{ status: number; path: string; body: string }> {
  const { hostname, port } = new URL(site.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port, path, method: "GET" }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => {
        const location = response.headers.location;
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && location && hops > 0) {
          resolve(rawGet(new URL(location, site.url).pathname + new URL(location, site.url).search, hops - 1));
        } else resolve({ status, path, body });
      });
    });
    request.on("error", reject);
    request.end();
  });
}

describe("path tricks", () => {
  it("never reach a back-office page without a session", async () => {
    const tricks = [
      "/gestion/../",
      "/gestion/..",
      "/GESTION",
      "/Gestion/Offres",
      "/gestion%2F..",
      "/gestion%2Foffres",
      "/gestion/offres/..%2f",
      "/gestion/offres/..%2F..%2Fgestion",
      "/gestion//offres",
      "/gestion/./offres",
      "/gestion/connexion/../offres",
      "/%67estion",
      "/gestion;/offres",
      "/gestion/offres/binance.data",
      "/gestion.data",
    ];
    for (const trick of tricks) {
      const { status, body, path } = await rawGet(trick);
      expect(body, `${trick} -> ${path}`).not.toContain("Se déconnecter");
      expect(body, `${trick} -> ${path}`).not.toContain("Marquer comme vérifié");
      expect(body, `${trick} -> ${path}`).not.toContain('name="intent"');
      expect([200, 202, 400, 404, 405], `${trick} -> ${path} ${status}`).toContain(status);
      // 202: a data request of client-side navigation, answered with the redirect to sign-in and nothing else.
      if (status === 202) expect(body).toMatch(/^\[\["SingleFetchRedirect",1\].*"\/gestion\/connexion"/);
    }
  });
});

describe("the messages", () => {
  it("are paged 50 at a time, newest first, and searched, without JavaScript, the links keeping the search", async () => {
    for (let index = 1; index <= 54; index += 1) {
      const word = index % 20 === 0 ? "remboursement" : "question";
      const sent = await postContactForm(
        site,
        { name: `Lot ${index}`, message: `Message ${index} du lot, une ${word} sur une offre.` },
        newVisitor(),
      );
      expect(sent.status, `message ${index}`).toBe(303);
    }
    const cookie = await signIn(site, newVisitor());
    const cards = (html: string) => [...html.matchAll(/<h2[^>]*>[^<]*<\/h2><dl/g)].length;
    const first = await (await get("/gestion", cookie)).text();
    expect(cards(first)).toBe(50);
    expect(first.indexOf("Message 54 du lot")).toBeLessThan(first.indexOf("Message 53 du lot"));
    expect(first).toContain("Page 1 sur 2");
    expect(first).toContain('href="/gestion?page=2"');
    const second = await (await get("/gestion?page=2", cookie)).text();
    expect(second).toContain("Message 1 du lot");
    expect(second).not.toContain("Message 54 du lot");

    const searched = await (await get("/gestion?q=REMBOURSEMENT", cookie)).text();
    expect(searched).toContain("2 messages contenant « REMBOURSEMENT »");
    expect(searched).toContain("Message 40 du lot");
    expect(searched).toContain("Message 20 du lot");
    expect(searched).not.toContain("Message 21 du lot");
    expect(searched).toContain('value="REMBOURSEMENT"');
    // An action on a searched list leads back to it.
    const id = /name="id" value="(\d+)"/.exec(searched)?.[1] ?? "";
    const handled = await postForm(site, "/gestion?q=REMBOURSEMENT", { id, intent: "handled" }, { Cookie: cookie });
    expect(handled.status).toBe(303);
    expect(handled.headers.get("location")).toBe("/gestion?q=REMBOURSEMENT");
  });

  it("are listed newest first with their state, marked handled, and erased", async () => {
    for (const name of ["Anne Première", "Bruno Second"]) {
      const sent = await postContactForm(site, { name, message: `Bonjour, une question de ${name}.` }, newVisitor());
      expect(sent.status).toBe(303);
    }
    const cookie = await signIn(site, newVisitor());
    const page = await (await get("/gestion", cookie)).text();
    expect(page.indexOf("Bruno Second")).toBeGreaterThan(0);
    expect(page.indexOf("Bruno Second")).toBeLessThan(page.indexOf("Anne Première"));
    expect(page).toContain("Enregistré (pas d&#x27;envoi par e-mail depuis ce serveur)");
    const id = /name="id" value="(\d+)"/.exec(page)?.[1];
    expect(id).toBeDefined();

    const handled = await postForm(site, "/gestion", { id: id!, intent: "handled" }, { Cookie: cookie });
    expect(handled.status).toBe(303);
    expect(await (await get("/gestion", cookie)).text()).toMatch(/Traité le /);

    const erased = await postForm(site, "/gestion", { id: id!, intent: "delete" }, { Cookie: cookie });
    expect(erased.status).toBe(303);
    const after = await (await get("/gestion", cookie)).text();
    expect(after).not.toContain("Bruno Second");
    expect(after).toContain("Anne Première");
    expect((await postForm(site, "/gestion", { id: id!, intent: "delete" }, { Cookie: cookie })).status).toBe(404);
    expect((await postForm(site, "/gestion", { id: "abc", intent: "delete" }, { Cookie: cookie })).status).toBe(400);
  });
});

describe("an offer edited in the back office", () => {
  it("shows on the public pages at once, though they were kept by the page cache", async () => {
    const before = await (await fetch(`${site.url}/offres/wise`)).text();
    expect(before).not.toContain("CODE-NEUF-42");
    const cookie = await signIn(site, newVisitor());
    const form = await (await get("/gestion/offres/wise", cookie)).text();
    const field = (name: string) =>
      new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(form)?.[1] ??
      new RegExp(`name="${name}"[^>]*>([^<]*)</textarea>`).exec(form)?.[1] ??
      "";
    const saved = await postForm(
      site,
      "/gestion/offres/wise",
      {
        intent: "save",
        code: "CODE-NEUF-42",
        link: field("link").replaceAll("&amp;", "&"),
        offer_description: "Un transfert offert.",
        advantages: "Premier avantage\nSecond avantage",
        bonus_amount: "500",
        bonus_unit: "EUR",
        bonus_up_to: "on",
        bonus_kind: "frais-offerts",
        conditions: "Premier transfert international\nCompte vérifié avant le transfert",
        valid_until: "",
      },
      { Cookie: cookie },
    );
    expect(toSignIn(saved)).toEqual({ status: 303, location: "/gestion/offres/wise" });
    const after = await (await fetch(`${site.url}/offres/wise`)).text();
    expect(after).toContain("CODE-NEUF-42");
    expect(after).toContain("Un transfert offert.");
    expect(after).toContain("Second avantage");
    expect(after).toContain("Jusqu&#x27;à 500\u00a0€");
    expect(after).toContain("Compte vérifié avant le transfert");
    const listing = await (await fetch(`${site.url}/offres`)).text();
    expect(listing).toMatch(
      /Jusqu&#x27;à 500\u00a0€<\/p><p[^>]*>Frais offerts<\/p><p[^>]*>Premier transfert international<\/p>/,
    );

    const refused = await postForm(
      site,
      "/gestion/offres/wise",
      { intent: "save", code: "GARDE-MOI", link: "http://wise.com", offer_description: "Texte gardé." },
      { Cookie: cookie },
    );
    expect(refused.status).toBe(400);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain("Le lien doit être une adresse complète commençant par https://.");
    expect(refusedPage).toContain('value="GARDE-MOI"');
    // The form opens with what to correct, each line a link to its field.
    expect(mainText(refusedPage)).toMatch(/champs? à corriger avant l'enregistrement\u00a0:/);
    expect(refusedPage).toMatch(/<a href="#offre-link"[^>]*>Lien de parrainage\u00a0: Le lien doit être/);
    expect(refusedPage).toContain('id="offre-link"');
    expect(await (await fetch(`${site.url}/offres/wise`)).text()).toContain("CODE-NEUF-42");

    const verified = await postForm(site, "/gestion/offres/wise", { intent: "verify" }, { Cookie: cookie });
    expect(verified.status).toBe(303);
    const verifiedDate = new Date().toLocaleDateString("fr-FR", {
      timeZone: "Europe/Paris",
      day: "numeric",
      month: "long",
      year: "numeric",
    });
    expect(await (await fetch(`${site.url}/offres/wise`)).text()).toContain(`Vérifié le ${verifiedDate}`);
  });

  it.each([
    ["Bitrefill's, a row of the database", "bitrefill"],
    ["Vivid's, an offer of the bundle the first save gives a row", "vivid"],
  ])(
    "refuses a save drawn before another tab's, keeping what was typed; a form drawn after it saves: %s",
    async (_, slug) => {
      const cookie = await signIn(site, newVisitor());
      const draw = async () => {
        const page = await (await get(`/gestion/offres/${slug}`, cookie)).text();
        const field = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(page)?.[1];
        return { version: field("version")!, link: field("link")!.replaceAll("&amp;", "&") };
      };
      const save = (form: { version: string; link: string }, code: string) =>
        postForm(
          site,
          `/gestion/offres/${slug}`,
          { intent: "save", version: form.version, code, link: form.link, offer_description: `Avec ${code}.` },
          { Cookie: cookie },
        );
      const first = await draw();
      const second = await draw();
      expect(first.version).toBe(slug === "vivid" ? "0" : "1");

      expect(toSignIn(await save(first, "ONGLET-UN"))).toEqual({ status: 303, location: `/gestion/offres/${slug}` });
      const refused = await save(second, "ONGLET-DEUX");
      expect(refused.status).toBe(409);
      const refusedPage = await refused.text();
      expect(refusedPage).toContain(
        "Rien n&#x27;a été enregistré : l&#x27;offre a été modifiée depuis l&#x27;ouverture",
      );
      expect(refusedPage).toContain('value="ONGLET-DEUX"');
      expect(refusedPage).toMatch(
        new RegExp(
          `<a href="/gestion/offres/${slug}" target="_blank"[^>]*>Ouvrir l&#x27;offre à jour dans un nouvel onglet</a>`,
        ),
      );
      // The refused form keeps the version it was drawn at: sent again as it is, it is refused again.
      expect(refusedPage).toContain(`name="version" value="${second.version}"`);
      expect((await save(second, "ONGLET-DEUX")).status).toBe(409);
      const publicPage = await (await fetch(`${site.url}/offres/${slug}`)).text();
      expect(publicPage).toContain("ONGLET-UN");
      expect(publicPage).not.toContain("ONGLET-DEUX");

      const third = await draw();
      expect(Number(third.version)).toBeGreaterThan(Number(first.version));
      expect((await save(third, "ONGLET-TROIS")).status).toBe(303);
      expect(await (await fetch(`${site.url}/offres/${slug}`)).text()).toContain("ONGLET-TROIS");
      expect(
        (await postForm(site, `/gestion/offres/${slug}`, { intent: "save", version: "x" }, { Cookie: cookie })).status,
      ).toBe(400);
    },
  );

  it("restarts the votes when the owner checks the offer: the earlier 'Non' no longer warn, and the page says since when", async () => {
    const page = async () => mainText(await (await fetch(`${site.url}/offres/kucoin`)).text());
    for (let voter = 0; voter < 5; voter += 1) {
      expect((await postForm(site, "/offres/kucoin/avis", { worked: "non" }, newVisitor())).status).toBe(303);
    }
    await expect
      .poll(page, { timeout: POLL_MS })
      .toContain("Plusieurs visiteurs signalent que ce code ne fonctionne plus.");

    const cookie = await signIn(site, newVisitor());
    expect((await postForm(site, "/gestion/offres/kucoin", { intent: "verify" }, { Cookie: cookie })).status).toBe(303);
    const today = new Date().toLocaleDateString("fr-FR", {
      timeZone: "Europe/Paris",
      day: "numeric",
      month: "long",
      year: "numeric",
    });
    const checked = await page();
    expect(checked).not.toContain("Plusieurs visiteurs signalent");
    expect(checked).toContain(`Pas encore assez d'avis depuis le ${today}`);
    expect(checked).not.toContain("0 % de réussite");

    // Three later votes make a rate of their own; checked again the same day, the count restarts again.
    for (let voter = 0; voter < 3; voter += 1) {
      expect((await postForm(site, "/offres/kucoin/avis", { worked: "oui" }, newVisitor())).status).toBe(303);
    }
    await expect
      .poll(page, { timeout: POLL_MS })
      .toMatch(new RegExp(`100\\s%\\sde réussite sur 3 avis depuis le ${today}`));
    expect((await postForm(site, "/gestion/offres/kucoin", { intent: "verify" }, { Cookie: cookie })).status).toBe(303);
    expect(await page()).toContain(`Pas encore assez d'avis depuis le ${today}`);
  });

  it("edits Crypto.com's offer and verification, but not the code and link of its hand-written page", async () => {
    const cookie = await signIn(site, newVisitor());
    const form = await (await get("/gestion/offres/crypto-com", cookie)).text();
    const input = (name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(form)?.[0] ?? "";
    expect(input("code")).toContain("readonly");
    expect(input("link")).toContain("readonly");
    expect(form).toContain("La page de cette marque est écrite à la main : ceci ne se change pas ici.");
    expect(form).not.toContain('name="hide_clipboard"');
    const before = await (await fetch(`${site.url}/offres/crypto-com`)).text();
    const bundledCode = /value="([^"]*)"/.exec(input("code"))?.[1] ?? "";
    expect(bundledCode).not.toBe("");
    // An example until the owner confirms the offer: this public site does not show it.
    expect(before).not.toContain(bundledCode);

    const saved = await postForm(
      site,
      "/gestion/offres/crypto-com",
      {
        intent: "save",
        code: "PAS-CE-CODE",
        link: "https://autre.exemple/parrainage",
        offer_description: "Une offre Crypto.com revue par le propriétaire.",
        advantages: "",
        bonus_kind: "crypto",
        conditions: "Conditions revues par le propriétaire",
        valid_until: "",
      },
      { Cookie: cookie },
    );
    expect(toSignIn(saved)).toEqual({ status: 303, location: "/gestion/offres/crypto-com" });
    expect((await postForm(site, "/gestion/offres/crypto-com", { intent: "verify" }, { Cookie: cookie })).status).toBe(
      303,
    );
    for (const path of ["/offres/crypto-com", "/offres?q=crypto"]) {
      const page = await (await fetch(`${site.url}${path}`)).text();
      expect(page, path).toContain("Conditions revues par le propriétaire");
      expect(page, path).toContain(bundledCode);
      expect(page, path).not.toContain("PAS-CE-CODE");
      expect(page, path).not.toContain("autre.exemple");
    }
    const brandPage = await (await fetch(`${site.url}/offres/crypto-com`)).text();
    expect(brandPage).toContain("Une offre Crypto.com revue par le propriétaire.");
    expect(brandPage).toContain("Vérifié le ");
    expect(brandPage).toMatch(/Conditions vérifiées le \d{1,2} \S+ \d{4}\./);
  });

  it("adds a brand, whose page is online at once; a name taken twice is refused", async () => {
    const cookie = await signIn(site, newVisitor());
    const brand = {
      name: "Banque Exemple",
      slug: "",
      category: "finance",
      description: "Une banque en ligne.",
      offer_description: "30 € offerts à l'ouverture.",
      code: "EXEMPLE30",
      link: "https://banque.exemple.fr/parrain",
      advantages: "",
      valid_until: "",
    };
    const added = await postForm(site, "/gestion/offres", brand, { Cookie: cookie });
    expect(toSignIn(added)).toEqual({ status: 303, location: "/gestion/offres/banque-exemple" });
    expect(await (await fetch(`${site.url}/offres/banque-exemple`)).text()).toContain("EXEMPLE30");
    const twice = await postForm(site, "/gestion/offres", brand, { Cookie: cookie });
    expect(twice.status).toBe(400);
    expect(await twice.text()).toContain("Une marque porte déjà ce nom ou cette adresse.");
  });

  it("lists every offer, the worst rated first, with its votes", async () => {
    for (let voter = 0; voter < 5; voter += 1) {
      const vote = await postForm(site, "/offres/sorare/avis", { worked: "non", reason: "code-refuse" }, newVisitor());
      expect(vote.status).toBe(303);
    }
    const cookie = await signIn(site, newVisitor());
    const page = await (await get("/gestion/offres", cookie)).text();
    const first = /href="\/gestion\/offres\/([a-z0-9-]+)"/.exec(page)?.[1];
    expect(first).toBe("sorare");
    expect(page).toContain("0 oui, 5 non (0\u202f% de réussite)");
    expect(page).toContain("Code refusé");
    expect(page).toContain("Signalée comme ne fonctionnant plus");
    expect(page).toContain('href="/gestion/offres/banque-exemple"');
  });

  it("says which offers lack their own code, an amount, a kind, conditions or a check, so the owner can complete them", async () => {
    const cookie = await signIn(site, newVisitor());
    const page = await (await get("/gestion/offres", cookie)).text();
    const card = (slug: string) =>
      new RegExp(`href="/gestion/offres/${slug}"(?:(?!</li>).)*</li>`, "s").exec(page)?.[0] ?? "";
    expect(card("fortuneo")).toContain("À compléter : code et lien à la place des exemples, montant, nature");
    expect(card("unibet")).toContain("À compléter : code et lien à la place des exemples, montant, nature");
    expect(card("n26")).toContain("À compléter : code et lien à la place des exemples, vérification");
  });

  it("keeps an offer whose first day is to come off every public page, and lists it as scheduled", async () => {
    const cookie = await signIn(site, newVisitor());
    const startLimeOn = (startsOn: string) =>
      postForm(
        site,
        "/gestion/offres/lime",
        {
          intent: "save",
          code: "CPLIME",
          link: "https://www.li.me/fr-fr",
          offer_description: "Trajets offerts.",
          bonus_kind: "autre",
          conditions: "Inscription avec le code",
          starts_on: startsOn,
        },
        { Cookie: cookie },
      );
    expect(toSignIn(await startLimeOn("2099-01-01"))).toEqual({ status: 303, location: "/gestion/offres/lime" });
    expect((await fetch(`${site.url}/offres/lime`)).status).toBe(404);
    // Nothing of its own answers either: no vote, no testimonial, no link followed, no copy counted.
    const visitor = newVisitor();
    for (const path of ["/offres/lime/avis", "/offres/lime/temoignage", "/offres/lime/copie"]) {
      const posted = await postForm(
        site,
        path,
        { worked: "oui", text: "Très bien, trajets offerts.", consent: "oui" },
        visitor,
      );
      expect(posted.status, path).toBe(404);
    }
    for (const path of ["/offres/lime/lien", "/offres/lime/temoignage", "/offres/lime/avis"]) {
      expect((await fetch(`${site.url}${path}`, { redirect: "manual" })).status, path).toBe(404);
    }
    for (const path of ["/offres", "/offres?q=lime", "/offres?cat=mobility", "/sitemap.xml", "/marques/l"]) {
      expect(await (await fetch(`${site.url}${path}`)).text(), path).not.toContain("/offres/lime");
    }
    const list = await (await get("/gestion/offres", cookie)).text();
    expect(list).toContain("1 janvier 2099 (programmée, pas encore en ligne)");
    expect((await get("/gestion/offres/lime", cookie)).status).toBe(200);
    // Online again from a first day that has come.
    expect(toSignIn(await startLimeOn("2026-01-01"))).toEqual({ status: 303, location: "/gestion/offres/lime" });
    expect((await fetch(`${site.url}/offres/lime`)).status).toBe(200);
  });
});

describe("the sitemap", () => {
  it("never lists the back office", async () => {
    expect(await (await fetch(`${site.url}/sitemap.xml`)).text()).not.toContain("gestion");
  });
});
