import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_GUIDE_LENGTH } from "~/catalogue/guides";
import { OWNER_PASSWORD, postForm, signIn } from "../support/back-office";
import { mainText } from "../support/oversized-forms";
import { seededDataDir } from "../support/seeded-data-dir";
import { PUBLIC_IDENTITY, startSite, type RunningSite } from "../support/server";
import { newVisitors } from "../support/visitor-addresses";

/**
 * Guides over HTTP, on a public production site with its page cache: written, previewed, refused, published, moved
 * and unpublished in the back office, then read as visitors, search engines and feed readers read them.
 */
const temp = seededDataDir("guides-http", async (db) => {
  // Offers whose code and link the owner gave: a public site shows them.
  await db.exec(
    `update public.brands set code = 'PROPRIO-' || upper(slug), link = 'https://www.exemple.fr/parrain/' || slug
      where slug in ('boursobank', 'winamax')`,
  );
});
let site: RunningSite;
let cookie: string;

beforeAll(async () => {
  site = await startSite({
    DATA_DIR: temp.dir,
    SITE_URL: "https://www.exemple.fr",
    ...PUBLIC_IDENTITY,
    OWNER_PASSWORD,
    SESSION_SECRET: "g".repeat(40),
    TRUST_PROXY: "loopback",
  });
  cookie = await signIn(site, { "X-Forwarded-For": newVisitors()() });
});
afterAll(async () => {
  await site?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${path}`, { redirect: "manual", headers });
const asOwner = () => ({ Cookie: cookie });
/** A form posted as the site's pages post it, its answer read to the end (see statusOf). */
const send = async (...args: Parameters<typeof postForm>) => {
  const response = await postForm(...args);
  return { status: response.status, location: response.headers.get("Location"), text: await response.text() };
};
/** The status of a GET, its body read to the end: a body left unread would hold the connection it came on. */
const statusOf = async (path: string, headers: Record<string, string> = {}) => {
  const response = await get(path, headers);
  await response.arrayBuffer();
  return response.status;
};

const BODY = [
  "## Pourquoi une prime ?",
  "",
  "Les banques en ligne paient pour chaque client : [BoursoBank](/offres/boursobank) verse une prime à l'ouverture.",
  "",
  "## Les paris",
  "",
  "Pour les paris sportifs, voyez [Winamax](/offres/winamax).",
  "",
  "## Ce qu'il faut retenir",
  "",
  "- lire les conditions ;",
  "- garder le code.",
].join("\n");

const GUIDE = {
  title: "Les primes des banques en ligne comparées",
  slug: "",
  summary: "Ce que versent les banques en ligne, et à quelles conditions.",
  category: "finance",
  body: BODY,
};

/** The id of the guide a save was redirected to. */
const savedId = (answer: { location: string | null }) => /\/gestion\/guides\/(\d+)$/.exec(answer.location ?? "")?.[1];

/** The version the writing form of the guide `id` carries now. */
async function versionOf(id: string): Promise<string> {
  const page = await (await get(`/gestion/guides/${id}`, asOwner())).text();
  return /name="version" value="(\d+)"/.exec(page)?.[1] ?? "";
}

describe("guides", () => {
  let id = "";

  it("are not offered to visitors while none is published", async () => {
    const list = await get("/guides");
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(mainText(html)).toContain("Aucun guide publié pour l'instant.");
    expect(html).toContain('content="noindex, follow"');
    expect(await (await get("/")).text()).not.toContain('href="/guides"');
    expect(await (await get("/sitemap.xml")).text()).not.toContain("/guides");
  });

  it("are written only by the signed-in owner, from the site's own pages", async () => {
    expect(await statusOf("/gestion/guides")).toBe(303);
    const toSignIn = await get("/gestion/guides");
    await toSignIn.arrayBuffer();
    expect(toSignIn.headers.get("Location")).toBe("/gestion/connexion");
    // A long text posted when the session has ended comes back whole, beside the sign-in form: nothing is lost.
    const long = `${"Un long texte. ".repeat(6_000)}La fin du texte.`;
    const ended = await send(site, "/gestion/guides/nouveau", { ...GUIDE, body: long, intent: "publier" });
    expect(ended.status).toBe(401);
    const kept = ended.text;
    expect(kept).toContain('action="/gestion/connexion"');
    expect(kept).toContain("La fin du texte.");
    const crossSite = await send(
      site,
      "/gestion/guides/nouveau",
      { ...GUIDE, intent: "publier" },
      { ...asOwner(), Origin: "https://attaquant.example" },
    );
    expect(crossSite.status).toBe(403);
    expect(mainText(await (await get("/gestion/guides", asOwner())).text())).toContain("Aucun guide pour l'instant.");
  });

  it("are previewed as the page will show them, nothing saved, unsafe text refused", async () => {
    const preview = await send(
      site,
      "/gestion/guides/nouveau",
      { ...GUIDE, body: `${BODY}\n\n<script>alert(1)</script>\n\n[piège](javascript:alert(1))`, intent: "apercu" },
      asOwner(),
    );
    expect(preview.status).toBe(200);
    const html = preview.text;
    expect(html).toContain('<h2 id="pourquoi-une-prime">Pourquoi une prime\u202f?</h2>');
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain('href="javascript:');
    expect(mainText(html)).toContain("Le HTML n'est pas accepté (ligne 14)");
    // What was typed stays in the form, unsafe part included, as text.
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mainText(await (await get("/gestion/guides", asOwner())).text())).toContain("Aucun guide pour l'instant.");
  });

  it("are refused in French with what was typed kept", async () => {
    const refused = await send(
      site,
      "/gestion/guides/nouveau",
      { ...GUIDE, title: "", body: "x".repeat(MAX_GUIDE_LENGTH + 1), intent: "brouillon" },
      asOwner(),
    );
    expect(refused.status).toBe(400);
    const text = mainText(refused.text);
    expect(text).toContain("2 champs à corriger avant l'enregistrement");
    expect(text).toContain("Titre\u00a0: Donnez un titre au guide.");
    expect(text).toContain("Le texte fait 100\u202f001 caractères, pour 100\u202f000 au plus");
    expect(text).toContain("x".repeat(1000));
    // Past what any text of the limit takes, the body is not read.
    const huge = await send(
      site,
      "/gestion/guides/nouveau",
      { ...GUIDE, body: "é".repeat(MAX_GUIDE_LENGTH * 2), intent: "brouillon" },
      asOwner(),
    );
    expect(huge.status).toBe(413);
  });

  it("are saved as drafts that visitors cannot see", async () => {
    const saved = await send(site, "/gestion/guides/nouveau", { ...GUIDE, intent: "brouillon" }, asOwner());
    expect(saved.status).toBe(303);
    id = savedId(saved) ?? "";
    expect(id).toMatch(/^\d+$/);
    expect(await statusOf("/guides/les-primes-des-banques-en-ligne-comparees")).toBe(404);
    const list = mainText(await (await get("/gestion/guides", asOwner())).text());
    expect(list).toContain("Les primes des banques en ligne comparées");
    expect(list).toContain("Brouillon");
  });

  it("are published with their offers as cards, the disclosure and the notices first", async () => {
    const published = await send(
      site,
      `/gestion/guides/${id}`,
      { ...GUIDE, slug: "les-primes-des-banques-en-ligne-comparees", version: await versionOf(id), intent: "publier" },
      asOwner(),
    );
    expect(published.status).toBe(303);
    const page = await get("/guides/les-primes-des-banques-en-ligne-comparees");
    expect(page.status).toBe(200);
    const html = await page.text();
    const text = mainText(html);
    expect(html).toContain("<h1");
    expect(text).toMatch(/Publié le \d{1,2} \S+ 20\d\d · \d+\u00a0min de lecture/);
    expect(text.indexOf("peut recevoir une récompense")).toBeLessThan(text.indexOf("Pourquoi une prime"));
    expect(text.indexOf("Interdit aux mineurs")).toBeLessThan(text.indexOf("Pourquoi une prime"));
    expect(text).toContain("Sommaire");
    expect(html).toMatch(/href="\/offres\/boursobank\/lien"[^>]*rel="[^"]*sponsored/);
    expect(html).toMatch(/href="\/offres\/winamax\/lien"[^>]*rel="[^"]*sponsored/);
    expect(html).toContain('"@type":"Article"');
    expect(html).toContain('"author":{"@type":"Person","name":"Jeanne Martin"}');
    expect(html).toContain(
      '<link rel="canonical" href="https://www.exemple.fr/guides/les-primes-des-banques-en-ligne-comparees"/>',
    );
    expect(html).toMatch(
      /property="og:image" content="https:\/\/www\.exemple\.fr\/partage\/guides\/les-primes[^"]+\.png"/,
    );

    const image = /og:image" content="https:\/\/www\.exemple\.fr([^"]+)"/.exec(html)?.[1] ?? "";
    const drawn = await get(image);
    expect(drawn.status).toBe(200);
    expect(drawn.headers.get("Content-Type")).toBe("image/png");
    expect((await drawn.arrayBuffer()).byteLength).toBeGreaterThan(1_000);
  });

  it("show in the list, the header, the sitemap, the feed, and on the pages of the offers they name", async () => {
    const list = await (await get("/guides")).text();
    expect(mainText(list)).toContain("Les primes des banques en ligne comparées");
    expect(list).toContain('content="index, follow"');
    expect(mainText(await (await get("/guides?cat=crypto")).text())).toContain(
      "Aucun guide publié dans cette catégorie pour l'instant.",
    );
    const home = await (await get("/")).text();
    expect(home).toContain('href="/guides"');
    expect(mainText(home)).toContain("Nos derniers guides Les primes des banques en ligne comparées Tous les guides");
    const sitemap = await (await get("/sitemap.xml")).text();
    expect(sitemap).toContain("<loc>https://www.exemple.fr/guides</loc>");
    expect(sitemap).toContain("<loc>https://www.exemple.fr/guides/les-primes-des-banques-en-ligne-comparees</loc>");
    const feed = await get("/flux/guides.atom");
    expect(feed.headers.get("Content-Type")).toContain("application/atom+xml");
    const xml = await feed.text();
    expect(xml).toContain("<title>Les primes des banques en ligne comparées</title>");
    expect(xml).toContain('<link rel="alternate" type="text/html" href="https://www.exemple.fr/guides/les-primes');
    const brand = mainText(await (await get("/offres/boursobank")).text());
    expect(brand).toContain("Nos guides sur BoursoBank");
    expect(mainText(await (await get("/codes?cat=finance")).text())).toContain("Nos guides sur Finance");
  });

  it("refuse a save drawn before another one, keeping what was typed (409)", async () => {
    const stale = await versionOf(id);
    const first = await send(
      site,
      `/gestion/guides/${id}`,
      { ...GUIDE, slug: "les-primes-des-banques-en-ligne-comparees", version: stale, intent: "publier" },
      asOwner(),
    );
    expect(first.status).toBe(303);
    const second = await send(
      site,
      `/gestion/guides/${id}`,
      {
        ...GUIDE,
        slug: "les-primes-des-banques-en-ligne-comparees",
        body: "Texte de l'autre onglet.",
        version: stale,
        intent: "publier",
      },
      asOwner(),
    );
    expect(second.status).toBe(409);
    const text = mainText(second.text);
    expect(text).toContain("Rien n'a été enregistré\u00a0: le guide a été modifié depuis l'ouverture de ce formulaire");
    expect(text).toContain("Texte de l'autre onglet.");
    expect(mainText(await (await get("/guides/les-primes-des-banques-en-ligne-comparees")).text())).not.toContain(
      "Texte de l'autre onglet.",
    );
  });

  it("keep their versions, each reopened in the form to be restored", async () => {
    const page = mainText(await (await get(`/gestion/guides/${id}`, asOwner())).text());
    expect(page).toMatch(/Version 3 du .+ · publiée/);
    expect(page).toMatch(/Version 1 du .+ · brouillon/);
    const first = await (await get(`/gestion/guides/${id}?version=1`, asOwner())).text();
    expect(mainText(first)).toMatch(
      /Version 1 du .+, remise dans le formulaire\u00a0: enregistrez-la pour la rétablir\./,
    );
    expect(first).toMatch(/name="version" value="3"/);
  });

  it("leave a permanent redirect from a published guide's old address", async () => {
    const moved = await send(
      site,
      `/gestion/guides/${id}`,
      { ...GUIDE, slug: "primes-banques-en-ligne", version: await versionOf(id), intent: "publier" },
      asOwner(),
    );
    expect(moved.status).toBe(303);
    const old = await get("/guides/les-primes-des-banques-en-ligne-comparees");
    await old.arrayBuffer();
    expect(old.status).toBe(301);
    expect(old.headers.get("Location")).toBe("/guides/primes-banques-en-ligne");
    expect(await statusOf("/guides/primes-banques-en-ligne")).toBe(200);
    expect(await statusOf("/guides/un-guide-qui-nexiste-pas")).toBe(404);
  });

  it("are unpublished at once, everywhere", async () => {
    const unpublished = await send(
      site,
      `/gestion/guides/${id}`,
      { ...GUIDE, slug: "primes-banques-en-ligne", version: await versionOf(id), intent: "depublier" },
      asOwner(),
    );
    expect(unpublished.status).toBe(303);
    expect(await statusOf("/guides/primes-banques-en-ligne")).toBe(404);
    expect(await statusOf("/guides/les-primes-des-banques-en-ligne-comparees")).toBe(404);
    expect(mainText(await (await get("/guides")).text())).toContain("Aucun guide publié pour l'instant.");
    expect(mainText(await (await get("/offres/boursobank")).text())).not.toContain("Nos guides sur");
  });
});
