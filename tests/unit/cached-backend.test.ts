import { describe, expect, it } from "vitest";
import { CachedBackend } from "~/services/backend/cached-backend.server";
import { BackendError, RateLimitedError, VOTES_RATE_LIMITED } from "~/services/backend/errors.server";
import { MISSING_SERVICE_ROLE_KEY } from "~/services/backend/types.server";
import { SiteEventBus } from "~/services/events.server";
import { sleep } from "../support/wait";
import type { OfferSnapshot } from "~/catalogue/history";
import type { BrandRow } from "~/catalogue/types";
import type {
  Backend,
  FeedbackCounts,
  OfferHistoryStore,
  OutgoingVote,
  OwnerAccess,
  OwnerStore,
  SiteChangeListener,
} from "~/services/backend/types.server";

/** What a stand-in backend answers that these tests do not watch: no testimonials, no owner, no alerts. */
const UNWATCHED = {
  submitTestimonial: async () => "stored" as const,
  confirmTestimonialEmail: async () => null,
  reportTestimonial: async () => "missing" as const,
  eraseTestimonial: async () => null,
  listPublishedTestimonials: async () => [],
  audienceSalt: async () => null,
  addAudienceEvents: async () => true,
  listFollowsSince: async () => [],
  queueAlerts: async () => 0,
  owner: (): OwnerAccess => ({ ok: false, missing: MISSING_SERVICE_ROLE_KEY }),
  storageProblem: () => null,
  history: () => null,
  visitorAlerts: () => null,
  readWriting: async () => ({ guides: [], moves: new Map<string, string>(), texts: new Map<string, unknown>() }),
  guideDesk: () => null,
  siteTextDesk: () => null,
};

const rows = (name: string): BrandRow[] => [{ id: 1, name, description: null, logo_url: null }];

/** A backend whose brands answers the test scripts: each call takes the next behaviour. */
function scriptedSource(...behaviours: Array<(signal?: AbortSignal) => Promise<BrandRow[]>>) {
  let calls = 0;
  const source: Backend & { calls: () => number } = {
    warmUp: async () => {},
    listBrands: (signal) => {
      const behaviour = behaviours[Math.min(calls, behaviours.length - 1)] as (
        signal?: AbortSignal,
      ) => Promise<BrandRow[]>;
      calls += 1;
      return behaviour(signal);
    },
    sendMessage: async () => "stored",
    recordVote: async () => "stored",
    listFeedback: async () => [],
    ...UNWATCHED,
    calls: () => calls,
  };
  return source;
}
const answer =
  (name: string, delayMs = 0) =>
  async () => {
    await sleep(delayMs);
    return rows(name);
  };
const fail = () => Promise.reject(new BackendError({ message: "connexion refusée", code: "ECONNREFUSED" }));
const never = () => new Promise<BrandRow[]>(() => {});

describe("the brands cache", () => {
  it("answers from memory while the read is fresh", async () => {
    const source = scriptedSource(answer("A"), answer("B"));
    const cached = new CachedBackend(source, { ttlMs: 10_000, timeoutMs: 1_000 });
    expect(await cached.listBrands()).toEqual(rows("A"));
    expect(await cached.listBrands()).toEqual(rows("A"));
    expect(source.calls()).toBe(1);
  });

  it("shares one backend call between concurrent misses", async () => {
    const source = scriptedSource(answer("A", 30));
    const cached = new CachedBackend(source, { ttlMs: 10_000, timeoutMs: 1_000 });
    const results = await Promise.all(Array.from({ length: 20 }, () => cached.listBrands()));
    expect(results.every((result) => result[0]?.name === "A")).toBe(true);
    expect(source.calls()).toBe(1);
  });

  it("serves the stale copy at once after the fresh period while one background refresh runs", async () => {
    const source = scriptedSource(answer("A"), answer("B", 40));
    const cached = new CachedBackend(source, { ttlMs: 20, timeoutMs: 1_000 });
    await cached.listBrands();
    await sleep(30);
    const during = await Promise.all([cached.listBrands(), cached.listBrands(), cached.listBrands()]);
    expect(during.map((result) => result[0]?.name)).toEqual(["A", "A", "A"]);
    expect(source.calls()).toBe(2);
    await sleep(60);
    expect((await cached.listBrands())[0]?.name).toBe("B");
  });

  it("reads the rows again on a refresh only when the backend's fingerprint of them has changed", async () => {
    let fingerprint = "v1";
    let fingerprintReads = 0;
    const source = Object.assign(scriptedSource(answer("A"), answer("B")), {
      brandsFingerprint: async () => {
        fingerprintReads += 1;
        return fingerprint;
      },
    });
    const cached = new CachedBackend(source, { ttlMs: 10, timeoutMs: 1_000 });
    const first = await cached.listBrands();
    // Refreshes that find the same fingerprint keep the very rows read before: nothing to merge again.
    for (let refresh = 0; refresh < 2; refresh += 1) {
      await sleep(15);
      await cached.listBrands();
      await expect.poll(() => fingerprintReads).toBe(refresh + 2);
      expect(await cached.listBrands()).toBe(first);
    }
    expect(source.calls()).toBe(1);
    fingerprint = "v2";
    await sleep(15);
    await expect.poll(async () => (await cached.listBrands())[0]?.name).toBe("B");
    expect(source.calls()).toBe(2);
  });

  it("keeps serving the last copy while the source fails, and recovers when it answers again", async () => {
    const source = scriptedSource(answer("A"), fail, fail, answer("C"));
    const cached = new CachedBackend(source, { ttlMs: 10, timeoutMs: 1_000 });
    await cached.listBrands();
    for (let round = 0; round < 2; round += 1) {
      await sleep(15);
      expect((await cached.listBrands())[0]?.name).toBe("A");
      await sleep(5);
    }
    await sleep(15);
    await cached.listBrands();
    await sleep(5);
    expect((await cached.listBrands())[0]?.name).toBe("C");
  });

  it("fails with the backend's error when nothing is cached", async () => {
    const cached = new CachedBackend(scriptedSource(fail), { ttlMs: 10_000, timeoutMs: 1_000 });
    await expect(cached.listBrands()).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it("gives up on a source that never answers after the timeout", async () => {
    const cached = new CachedBackend(scriptedSource(never), { ttlMs: 10_000, timeoutMs: 50 });
    await expect(cached.listBrands()).rejects.toMatchObject({ code: "TIMEOUT" });
  });

  it("aborts the read it gave up on, so the backend can drop its request", async () => {
    let signal: AbortSignal | undefined;
    const cached = new CachedBackend(
      scriptedSource((given) => {
        signal = given;
        return never();
      }),
      { ttlMs: 10_000, timeoutMs: 50 },
    );
    await expect(cached.listBrands()).rejects.toMatchObject({ code: "TIMEOUT" });
    expect(signal?.aborted).toBe(true);
  });

  it("pings the backend itself, not the cache, within the timeout", async () => {
    const source = scriptedSource(answer("A"), fail, never);
    const cached = new CachedBackend(source, { ttlMs: 10_000, timeoutMs: 50, pingKeptMs: 0 });
    await cached.ping();
    await expect(cached.ping()).rejects.toMatchObject({ code: "ECONNREFUSED" });
    await expect(cached.ping()).rejects.toMatchObject({ code: "TIMEOUT" });
    expect(source.calls()).toBe(3);
  });

  it("shares one read among concurrent health checks and answers a success again for a few seconds", async () => {
    const source = scriptedSource(answer("A", 20), fail, answer("B"));
    const cached = new CachedBackend(source, { ttlMs: 10_000, timeoutMs: 1_000, pingKeptMs: 60 });
    await Promise.all(Array.from({ length: 20 }, () => cached.ping()));
    await cached.ping();
    expect(source.calls()).toBe(1);
    await sleep(80);
    // A failure is answered at once, and never kept: the next check reads again.
    await expect(cached.ping()).rejects.toMatchObject({ code: "ECONNREFUSED" });
    await cached.ping();
    expect(source.calls()).toBe(3);
  });

  it("reads the source every time when turned off (ttl 0)", async () => {
    const source = scriptedSource(answer("A"), answer("B"));
    const cached = new CachedBackend(source, { ttlMs: 0, timeoutMs: 1_000 });
    expect((await cached.listBrands())[0]?.name).toBe("A");
    expect((await cached.listBrands())[0]?.name).toBe("B");
  });
});

describe("the votes' summary", () => {
  const counts = (yes: number): FeedbackCounts[] => [
    {
      offerSlug: "binance",
      yes,
      no: 0,
      lastVoteOn: "2026-11-21",
      topReason: null,
      weightedYes: yes,
      weightedNo: 0,
      networks: yes,
    },
  ];

  /** A backend whose votes grow by one "Oui" each time one is recorded; it notes every read of them. */
  function votingSource() {
    let stored = 0;
    const reads: number[] = [];
    const source: Backend & { reads: number[] } = {
      warmUp: async () => {},
      listBrands: async () => rows("A"),
      sendMessage: async () => "stored",
      recordVote: async () => {
        stored += 1;
        return "stored";
      },
      listFeedback: async () => {
        reads.push(Date.now());
        return counts(stored);
      },
      ...UNWATCHED,
      reads,
    };
    return source;
  }
  const vote = (offerSlug: string): OutgoingVote => ({
    offerSlug,
    worked: true,
    reason: null,
    clientKey: "a".repeat(64),
    networkKey: "b".repeat(64),
  });

  it("is read once and kept while fresh", async () => {
    const source = votingSource();
    const cached = new CachedBackend(source, { ttlMs: 10_000, timeoutMs: 1_000 });
    expect(await cached.recentFeedback()).toEqual(counts(0));
    expect(await cached.recentFeedback()).toEqual(counts(0));
    await Promise.all(Array.from({ length: 5 }, () => cached.recentFeedback()));
    expect(source.reads).toHaveLength(1);
  });

  it("is read again after a vote is stored, so the next page counts it", async () => {
    const source = votingSource();
    const cached = new CachedBackend(source, { ttlMs: 10_000, timeoutMs: 1_000 });
    expect(await cached.recentFeedback()).toEqual(counts(0));
    expect(await cached.recordVote(vote("binance"))).toBe("stored");
    expect(await cached.recentFeedback()).toEqual(counts(1));
    expect(await cached.recentFeedback()).toEqual(counts(1));
    expect(source.reads).toHaveLength(2);
  });

  it("never hands a reader 'no votes' when votes come while a read is under way: 30 votes, each reader gets counts", async () => {
    const source = votingSource();
    const slowRead = source.listFeedback;
    // Each read takes a while, as a real database's under load.
    source.listFeedback = async () => {
      const read = await slowRead();
      await sleep(5);
      return read;
    };
    const cached = new CachedBackend(source, { ttlMs: 10_000, timeoutMs: 1_000 });
    const readers: Promise<FeedbackCounts[]>[] = [];
    for (let index = 0; index < 30; index += 1) {
      readers.push(cached.recentFeedback());
      void cached.recordVote(vote("binance"));
      readers.push(cached.recentFeedback());
    }
    for (const counted of await Promise.all(readers)) expect(counted).toHaveLength(1);
    // Once the votes are in, a reader sees all of them.
    await sleep(20);
    expect(await cached.recentFeedback()).toEqual(counts(30));
  });

  it("emits vote-stored with the offer of each stored vote, and only once it is stored", async () => {
    const source = votingSource();
    const events = new SiteEventBus();
    const cached = new CachedBackend(source, { ttlMs: 10_000, timeoutMs: 1_000 }, events);
    const voted: string[] = [];
    events.on("vote-stored", ({ offerSlug }) => voted.push(offerSlug));
    await cached.recordVote(vote("binance"));
    await cached.recordVote(vote("crypto-com"));
    expect(voted).toEqual(["binance", "crypto-com"]);

    source.recordVote = () => Promise.reject(new RateLimitedError(3600, VOTES_RATE_LIMITED));
    await expect(cached.recordVote(vote("binance"))).rejects.toBeInstanceOf(RateLimitedError);
    expect(voted).toEqual(["binance", "crypto-com"]);
  });

  it("is read every time when the cache is turned off (ttl 0)", async () => {
    const source = votingSource();
    const cached = new CachedBackend(source, { ttlMs: 0, timeoutMs: 1_000 });
    await cached.recentFeedback();
    await cached.recentFeedback();
    expect(source.reads).toHaveLength(2);
  });
});

describe("a brand written in the back office", () => {
  it("is read again at once, and the pages that show brands are told", async () => {
    let name = "Avant";
    const written: string[] = [];
    const store: OwnerStore = {
      listMessages: async () => ({ messages: [], total: 0 }),
      setHandled: async () => true,
      deleteMessage: async () => true,
      updateBrand: async (_id, changes) => {
        name = changes.name ?? name;
        written.push(name);
        return true;
      },
      upsertBrand: async () => {},
      createBrand: async () => "created",
      importOffers: async () => ({ ok: true, written: 0 }),
      recordSignOut: async () => {},
      isSignedOut: async () => false,
      sessionGeneration: async () => "generation",
      signInLock: async () => 0,
      signInAttempt: async () => 0,
      signedIn: async () => {},
      listTestimonials: async () => ({ testimonials: [], total: 0 }),
      moderateTestimonial: async () => null,
      deleteTestimonial: async () => null,
      offerCountsSince: async () => [],
    };
    const source: Backend = {
      warmUp: async () => {},
      listBrands: async () => rows(name),
      sendMessage: async () => "stored",
      recordVote: async () => "stored",
      listFeedback: async () => [],
      ...UNWATCHED,
      owner: () => ({ ok: true, store }),
    };
    const events = new SiteEventBus();
    const backend = new CachedBackend(source, { ttlMs: 60_000, timeoutMs: 1_000 }, events);
    let told = 0;
    events.on("brands-changed", () => (told += 1));
    expect((await backend.listBrands())[0]?.name).toBe("Avant");
    const access = backend.owner();
    if (!access.ok) throw new Error(access.missing);
    const owner = access.store;
    await owner.setHandled(1, true);
    expect(told).toBe(0);
    await owner.updateBrand("1", { name: "Après" });
    expect(written).toEqual(["Après"]);
    expect(told).toBe(1);
    expect((await backend.listBrands())[0]?.name).toBe("Après");
  });

  it("is refused by a backend without the service role's key, which names it", () => {
    const backend = new CachedBackend(scriptedSource(answer("A")), { ttlMs: 60_000, timeoutMs: 1_000 });
    expect(backend.owner()).toEqual({ ok: false, missing: "SUPABASE_SERVICE_ROLE_KEY" });
  });
});

describe("changes another instance made", () => {
  /** A backend that announces other instances' changes, as a Postgres server's LISTEN does. */
  function announcingSource() {
    const source = scriptedSource(answer("A"), answer("B"), answer("C"));
    let listener: SiteChangeListener | undefined;
    let stopped = false;
    const announcing: Backend = {
      ...source,
      watchChanges: (given) => {
        listener = given;
        return () => (stopped = true);
      },
    };
    return { source: announcing, calls: source.calls, announce: () => listener!, stopped: () => stopped };
  }

  it("drop the brands kept here and tell the pages, as a change made through this instance does", async () => {
    const { source, calls, announce } = announcingSource();
    const events = new SiteEventBus();
    const heard: string[] = [];
    events.on("brands-changed", () => heard.push("brands-changed"));
    events.on("vote-stored", ({ offerSlug }) => heard.push(`vote-stored ${offerSlug}`));
    events.on("testimonials-changed", ({ offerSlug }) => heard.push(`testimonials-changed ${offerSlug}`));
    const cached = new CachedBackend(source, { ttlMs: 60_000, timeoutMs: 1_000 }, events);
    expect(await cached.listBrands()).toEqual(rows("A"));

    announce().changed({ event: "brands-changed" });
    expect(await cached.listBrands()).toEqual(rows("B"));
    announce().changed({ event: "vote-stored", offerSlug: "wise" });
    announce().changed({ event: "testimonials-changed", offerSlug: "bolt" });
    expect(heard).toEqual(["brands-changed", "vote-stored wise", "testimonials-changed bolt"]);
    expect(calls()).toBe(2);
  });

  it("once some may have been missed, drop everything kept, and stop being followed on request", async () => {
    const { source, announce, stopped } = announcingSource();
    const events = new SiteEventBus();
    let forgotten = 0;
    events.on("brands-changed", () => (forgotten += 1));
    const cached = new CachedBackend(source, { ttlMs: 60_000, timeoutMs: 1_000 }, events);
    expect(await cached.listBrands()).toEqual(rows("A"));
    announce().missed();
    expect(await cached.listBrands()).toEqual(rows("B"));
    expect(forgotten).toBe(1);
    cached.stopWatching?.();
    expect(stopped()).toBe(true);
  });
});

describe("an offer's history, as its brand page reads it", () => {
  function historySource() {
    const reads: string[] = [];
    let listener: SiteChangeListener | undefined;
    const snapshot: OfferSnapshot = {
      amount: 15,
      unit: "EUR",
      upTo: false,
      kind: "argent",
      conditions: [],
      code: "CODE",
      link: "https://exemple.fr",
    };
    const history: OfferHistoryStore = {
      snapshots: async () => new Map(),
      record: async () => 0,
      entries: async (slug) => {
        reads.push(slug);
        return [{ recordedAt: `lecture ${reads.length}`, change: "changed", before: snapshot, after: snapshot }];
      },
      newsSince: async () => [],
      newsEntries: async () => [],
    };
    const source: Backend = {
      ...scriptedSource(answer("A")),
      history: () => history,
      watchChanges: (given) => {
        listener = given;
        return () => undefined;
      },
    };
    return { source, reads, announce: () => listener! };
  }

  it("is read once per offer while fresh, and again once a change is announced", async () => {
    const { source, reads, announce } = historySource();
    const cached = new CachedBackend(source, { ttlMs: 60_000, timeoutMs: 1_000 }, new SiteEventBus());
    const entries = (slug: string) => cached.history()!.entries(slug, 10);
    expect((await entries("n26"))[0]?.recordedAt).toBe("lecture 1");
    expect((await entries("n26"))[0]?.recordedAt).toBe("lecture 1");
    expect((await entries("wise"))[0]?.recordedAt).toBe("lecture 2");
    announce().changed({ event: "brands-changed" });
    expect((await entries("n26"))[0]?.recordedAt).toBe("lecture 3");
    expect(reads).toEqual(["n26", "wise", "n26"]);
  });

  it("is read every time when the caches are turned off (ttl 0)", async () => {
    const { source, reads } = historySource();
    const cached = new CachedBackend(source, { ttlMs: 0, timeoutMs: 1_000 }, new SiteEventBus());
    await cached.history()!.entries("n26", 10);
    await cached.history()!.entries("n26", 10);
    expect(reads).toEqual(["n26", "n26"]);
  });
});
