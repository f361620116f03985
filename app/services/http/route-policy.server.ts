/**
 * What each route of the site accepts over HTTP, one row per route (its id in the Remix build): the request
 * pipeline (pipeline.server.ts) reads it for every request, after resolving the request to its route with Remix's
 * own matcher. A route without a row does not start (tests/integration/request-pipeline.test.ts checks the build).
 */
export interface RoutePolicy {
  /**
   * The methods the route answers: GET and HEAD for a page or a file; POST when it has an action (a form, a count
   * sent by a script). Any other is answered 405 with this list in Allow.
   */
  methods: readonly ("GET" | "HEAD" | "POST")[];
  /**
   * Whether a POST must come from the site's own pages (Origin, else Sec-Fetch-Site): a cross-site form is refused
   * with a 403 before the action runs.
   */
  sameOrigin: boolean;
  /** A limit a POST passes before the action runs, answered by the pipeline itself when it refuses. */
  limiter?: "votes";
  /**
   * Answered by the pipeline itself, without rendering: "count-image", a brand page's view (the transparent image it
   * asks for), counted and answered at the cost of a cached page.
   */
  answer?: "count-image";
  /**
   * Asked only as a document (a link followed in a new tab): its data request (`.data`), which no page of the site
   * makes, is answered 404 before the loader runs, and counts nothing.
   */
  documentOnly?: true;
  /**
   * The route parameter that is a secret (an erasure link's token): no log line of either server shows it, the
   * access log of remix-serve included.
   */
  secretParam?: string;
  /**
   * The back office: answered 404 while it is off (no OWNER_PASSWORD), and without a valid owner session sent to the
   * sign-in page, by the pipeline, before any loader or action runs. Only the sign-in and sign-out pages lack it.
   */
  owner?: true;
  /**
   * Whether an anonymous GET of the route may be shared: kept by the server's page cache and by a CDN
   * (`public, s-maxage`), with the query parameters that make a page of its own (any other query is rendered each
   * time, never kept). `false`: never stored anywhere (`private, no-store`).
   */
  cache: false | { query: readonly string[] };
  /**
   * The offers a page shows, for the page cache after a vote: by default any (a listing, the home page), dropped on
   * every vote; "its offer" (a brand's page), dropped on a vote for that brand only; "no offer", never dropped.
   */
  shows?: "its offer" | "no offer";
  /** Listed in the sitemap: a page with an address of its own (no parameter), for search engines. */
  inSitemap?: true;
}

const PAGE: RoutePolicy = { methods: ["GET", "HEAD"], sameOrigin: true, cache: { query: [] } };
const FORM_PAGE: RoutePolicy = { ...PAGE, methods: ["GET", "HEAD", "POST"] };
const LISTING: RoutePolicy = { ...PAGE, cache: { query: ["q", "cat", "tri", "page"] }, inSitemap: true };
/** A page of text (a method, the legal notice, the A–Z index of brands): it shows no offer. */
const TEXT_PAGE: RoutePolicy = { ...PAGE, shows: "no offer" };
/** The owner's back office: for a signed-in owner only, never kept by any cache, whatever its address's spelling. */
const OWNER_PAGE: RoutePolicy = { ...FORM_PAGE, cache: false, owner: true };
/** Its doors, signing in and out: open to anyone while the back office is on, never kept either. */
const OWNER_DOOR: RoutePolicy = { ...FORM_PAGE, cache: false };

export const ROUTE_POLICIES: Readonly<Record<string, RoutePolicy>> = {
  root: PAGE,
  "routes/_index": { ...PAGE, inSitemap: true },
  "routes/offres._index": LISTING,
  "routes/codes._index": LISTING,
  "routes/offres.$slug": { ...FORM_PAGE, cache: { query: ["temoignages"] }, shows: "its offer" },
  // Its thank-you page shows an author's erasure link once: never kept.
  "routes/offres.$slug_.temoignage": { ...FORM_PAGE, cache: false },
  "routes/temoignages.effacer.$token": { ...FORM_PAGE, cache: false, secretParam: "token" },
  "routes/temoignages.confirmer.$token": { ...FORM_PAGE, cache: false, secretParam: "token" },
  "routes/alertes._index": { ...FORM_PAGE, cache: false },
  "routes/alertes.confirmer.$token": { ...FORM_PAGE, cache: false, secretParam: "token" },
  "routes/alertes.gerer.$token": { ...FORM_PAGE, cache: false, secretParam: "token" },
  // A mailbox's one-click unsubscribe (RFC 8058) posts from its own origin, or from none.
  "routes/alertes.desabonner.$token": { ...FORM_PAGE, cache: false, secretParam: "token", sameOrigin: false },
  "routes/alertes.refuser.$token": { ...FORM_PAGE, cache: false, secretParam: "token", sameOrigin: false },
  // The audience counts: each request is counted, so none is ever kept.
  "routes/offres.$slug_.lien": { ...PAGE, cache: false, documentOnly: true },
  "routes/offres.$slug_.vue": { ...PAGE, cache: false, answer: "count-image" },
  "routes/offres.$slug_.copie": { methods: ["POST"], sameOrigin: true, cache: false },
  "routes/offres.$slug_.avis": { ...FORM_PAGE, limiter: "votes", shows: "its offer" },
  "routes/codes.$slug": PAGE,
  "routes/comment-sont-recueillis-les-avis": { ...TEXT_PAGE, inSitemap: true },
  "routes/comment-les-offres-sont-classees": { ...TEXT_PAGE, inSitemap: true },
  // Listed in the sitemap with the index's own pages (brand-index.ts).
  "routes/marques._index": TEXT_PAGE,
  "routes/marques.$initial.($part)": TEXT_PAGE,
  "routes/contact": { ...FORM_PAGE, shows: "no offer", inSitemap: true },
  "routes/mentions-legales": TEXT_PAGE,
  // Listed in the sitemap once a guide is published (sitemap.server.ts), as each guide.
  "routes/guides._index": { ...PAGE, cache: { query: ["cat", "page"] }, shows: "no offer" },
  "routes/guides.$slug": PAGE,
  "routes/robots[.]txt": PAGE,
  // Kept by a CDN as a page is; the page cache keeps HTML only: a feed answers its own ETag and 304s.
  "routes/flux.$fichier": PAGE,
  // A shared page's image: its address names what it draws, so it is kept a year by whoever may keep it.
  "routes/partage.$kind.$name.$image": PAGE,
  "routes/sitemap[.]xml": PAGE,
  "routes/sitemap.$file": PAGE,
  "routes/healthz": { ...PAGE, cache: false },
  "routes/$": PAGE,
  "routes/gestion": OWNER_PAGE,
  "routes/gestion_.connexion": OWNER_DOOR,
  "routes/gestion_.deconnexion": OWNER_DOOR,
  "routes/gestion_.offres": OWNER_PAGE,
  "routes/gestion_.offres_.$slug": OWNER_PAGE,
  "routes/gestion_.offres[.]csv": { ...OWNER_PAGE, methods: ["GET", "HEAD"] },
  "routes/gestion_.import": OWNER_PAGE,
  "routes/gestion_.temoignages": OWNER_PAGE,
  "routes/gestion_.guides": { ...OWNER_PAGE, methods: ["GET", "HEAD"] },
  // The one form that takes more than 64 KB: a guide's text, up to 100 000 characters (GUIDE_FORM_BYTES).
  "routes/gestion_.guides_.$id": OWNER_PAGE,
  "routes/gestion_.textes": { ...OWNER_PAGE, methods: ["GET", "HEAD"] },
  "routes/gestion_.textes_.$key": OWNER_PAGE,
  "routes/gestion_.statistiques": { ...OWNER_PAGE, methods: ["GET", "HEAD"] },
  "routes/gestion_.statistiques[.]csv": { ...OWNER_PAGE, methods: ["GET", "HEAD"] },
};

/** The files of public/ and of the build's assets: GET and HEAD only, served as they are, never rendered. */
export const STATIC_FILES: RoutePolicy = { methods: ["GET", "HEAD"], sameOrigin: true, cache: false };

/**
 * The address of a route without parameters, from its id (Remix's file names: `.` between segments, `_index` for a
 * folder's own page, a trailing `_` leaving the parent's layout, `[.]` for a dot).
 */
export function pathOfRoute(id: string): string {
  const name = id.replace(/^routes\//, "");
  if (/[$()]/.test(name)) throw new Error(`La route ${id} a des paramètres : elle n'a pas d'adresse fixe.`);
  const segments = name
    .split(/\.(?![^[]*\])/)
    .filter((segment) => segment !== "_index")
    .map((segment) => segment.replace(/_$/, "").replace(/\[\.\]/g, "."));
  return `/${segments.join("/")}`;
}

/** The pages the sitemap lists besides the brands' and the A–Z index's: those whose row says so. */
export const SITEMAP_PAGES: readonly string[] = Object.entries(ROUTE_POLICIES)
  .filter(([, policy]) => policy.inSitemap)
  .map(([id]) => pathOfRoute(id));
