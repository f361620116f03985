/**
 * Every time limit of the tests' own helpers, in one place. They are generous on purpose: the same suite runs on
 * machines three times slower than others, and beside other work. A limit here says how long something may take at
 * worst before the test gives up, never how fast it should be (benchmarks say that).
 */

/** A site's process, from its start to "Site en ligne": a fresh data folder is created and migrated meanwhile. */
export const SITE_START_MS = 120_000;

/**
 * A started site's warm-up: its database answers, and a first page is rendered (the first render loads the catalogue
 * and compiles what the later ones reuse). Tests then meet a warm site.
 */
export const SITE_WARM_UP_MS = 120_000;

/**
 * The limit of a set-up hook that starts sites (several at once, and a catalogue written before them), warm-up
 * included: what a hook of the integration project may take by default.
 */
export const SITE_SET_UP_MS = SITE_START_MS + SITE_WARM_UP_MS + 60_000;

/** A test's own limit, once its sites are up and warm. */
export const TEST_MS = 60_000;

/** A test that starts (or restarts) a site itself: its own limit plus one site's start and warm-up. */
export const TEST_WITH_SITE_START_MS = TEST_MS + SITE_START_MS + SITE_WARM_UP_MS;

/** One request to a warm site, sent over a raw socket, before the helper says it got no answer. */
export const RAW_REQUEST_MS = 30_000;

/** Waiting for e-mails to reach the test's SMTP server. */
export const SMTP_WAIT_MS = 30_000;

/** Waiting for a hundred e-mails, each sent in turn: about 10 s quiet here, past 30 s with both cores busy. */
export const SMTP_BULK_WAIT_MS = 4 * SMTP_WAIT_MS;

/** Polling until something the site does in the background (an outbox pass, an alert) is seen. */
export const POLL_MS = 30_000;

/** A site's stop: it finishes its requests (5 s at most) and closes its database; then it is killed. */
export const SITE_STOP_MS = 15_000;

/** A project script run by a test (`npm run backup`, `restore`, `messages`...), before it is killed. */
export const SCRIPT_MS = 120_000;

/** The limit of a test that starts `sites` sites itself (a restart, a second server): its own, plus their starts. */
export const withSiteStarts = (sites: number): number => TEST_MS + sites * (SITE_START_MS + SITE_WARM_UP_MS);

/** `npm run build`, which the first browser-test server runs before it starts. */
export const BUILD_MS = 300_000;

/** A browser test's own limit; its servers were started and warmed before it (Playwright's webServer, fixtures). */
export const BROWSER_TEST_MS = 60_000;

/**
 * A journey of many pages, forms and axe audits in one test (a testimonial from its form to its erasure; a listing
 * grown three times, audited at each step). Quiet, such a journey takes a minute here; with both cores busy, nearly
 * three.
 */
export const BROWSER_JOURNEY_MS = 4 * BROWSER_TEST_MS;

/** How long a browser test's assertion waits for the page to show what it expects. */
export const BROWSER_EXPECT_MS = 15_000;

/** An embedded database created on a fresh folder and migrated, as a site's first start does. */
export const DATABASE_START_MS = 120_000;

/** The limit of a test that creates `databases` embedded databases itself: its own, plus their creation. */
export const withDatabaseStarts = (databases: number): number => TEST_MS + databases * DATABASE_START_MS;
