import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStandIn, type StandIn } from "../support/stand-in";
import { ANON_KEY, SERVICE_ROLE_KEY, serviceRoleBackendAt, supabaseBackendAt } from "../support/supabase-stand-in";

/**
 * Guides and the site's texts with hosted Supabase, against a stand-in of its REST API that answers by path: visitors read the two views
 * with the public key; the back office calls the migration's functions with the service role's key, and a save drawn
 * from an older version (40001) or to a taken address (23505) comes back as the desk's refusal, not an error.
 */
const GUIDE_ROW = {
  id: 4,
  slug: "primes-banques",
  title: "Les primes des banques",
  summary: "Ce qu'elles versent.",
  category: "finance",
  body: "## Une section",
  published_at: "2026-12-01T10:00:00+00:00",
  updated_at: "2026-12-02T10:00:00+00:00",
  version: 3,
};

interface Seen {
  method: string;
  path: string;
  apikey: string | undefined;
  body: string;
}
const seen: Seen[] = [];
/** The answer to an RPC, by function name: status and JSON body. */
const rpcAnswers = new Map<string, { status: number; body: unknown }>();
let standIn: StandIn;

beforeAll(async () => {
  standIn = await startStandIn((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk));
    request.on("end", () => {
      const path = new URL(request.url ?? "/", "http://stand-in").pathname;
      seen.push({ method: request.method ?? "", path, apikey: request.headers.apikey as string | undefined, body });
      const rpc = /^\/rest\/v1\/rpc\/(\w+)$/.exec(path)?.[1];
      const answer = rpc
        ? (rpcAnswers.get(rpc) ?? { status: 404, body: { message: "unknown" } })
        : path === "/rest/v1/published_guides"
          ? { status: 200, body: [GUIDE_ROW] }
          : path === "/rest/v1/published_guide_moves"
            ? { status: 200, body: [{ old_slug: "ancienne-adresse", slug: "primes-banques" }] }
            : path === "/rest/v1/edited_site_texts"
              ? { status: 200, body: [{ key: "accueil-faq", value: { faq: [["Q ?", "R."]] } }] }
              : { status: 404, body: { message: "unknown" } };
      response.writeHead(answer.status, { "content-type": "application/json; charset=utf-8" });
      response.end(JSON.stringify(answer.body));
    });
  });
});
afterAll(() => standIn?.close());

describe("guides with hosted Supabase", () => {
  it("are read by visitors with the site's edited texts, through three views, with the public key", async () => {
    seen.length = 0;
    const shelf = await supabaseBackendAt(standIn.url).readWriting();
    expect(shelf.guides).toEqual([
      {
        id: 4,
        slug: "primes-banques",
        title: "Les primes des banques",
        summary: "Ce qu'elles versent.",
        category: "finance",
        body: "## Une section",
        publishedAt: "2026-12-01T10:00:00+00:00",
        updatedAt: "2026-12-02T10:00:00+00:00",
        version: 3,
      },
    ]);
    expect(shelf.moves).toEqual(new Map([["ancienne-adresse", "primes-banques"]]));
    expect(shelf.texts).toEqual(new Map([["accueil-faq", { faq: [["Q ?", "R."]] }]]));
    expect(seen.map(({ method, path, apikey }) => ({ method, path, apikey }))).toEqual(
      expect.arrayContaining([
        { method: "GET", path: "/rest/v1/published_guides", apikey: ANON_KEY },
        { method: "GET", path: "/rest/v1/published_guide_moves", apikey: ANON_KEY },
        { method: "GET", path: "/rest/v1/edited_site_texts", apikey: ANON_KEY },
      ]),
    );
  });

  it("are not written without the service role's key", () => {
    expect(supabaseBackendAt(standIn.url).guideDesk()).toBeNull();
  });

  it("are saved through save_guide with the service role's key, the version checked there", async () => {
    const desk = serviceRoleBackendAt(standIn.url).guideDesk();
    if (!desk) throw new Error("no desk");
    seen.length = 0;
    rpcAnswers.set("save_guide", { status: 200, body: [{ id: 4, slug: "primes-banques", version: 4 }] });
    const fields = { slug: "primes-banques", title: "T", summary: "", category: null, body: "Texte" };
    expect(await desk.save(4, 3, fields, "published")).toEqual({ ok: true, id: 4, slug: "primes-banques", version: 4 });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: "POST", path: "/rest/v1/rpc/save_guide", apikey: SERVICE_ROLE_KEY });
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual({
      p_id: 4,
      p_version: 3,
      p_slug: "primes-banques",
      p_title: "T",
      p_summary: "",
      p_category: null,
      p_body: "Texte",
      p_status: "published",
    });

    rpcAnswers.set("save_guide", {
      status: 400,
      body: { code: "40001", message: "changed", details: null, hint: null },
    });
    expect(await desk.save(4, 2, fields, "published")).toEqual({ ok: false, reason: "changed" });
    rpcAnswers.set("save_guide", { status: 409, body: { code: "23505", message: "taken", details: null, hint: null } });
    expect(await desk.save(4, 3, fields, "published")).toEqual({ ok: false, reason: "taken" });
  });

  it("are listed, read and versioned through their functions", async () => {
    const desk = serviceRoleBackendAt(standIn.url).guideDesk();
    if (!desk) throw new Error("no desk");
    rpcAnswers.set("owner_guides", {
      status: 200,
      body: [
        {
          id: 4,
          slug: "primes-banques",
          title: "T",
          status: "draft",
          published_at: null,
          updated_at: "2026-12-02T10:00:00+00:00",
        },
      ],
    });
    expect(await desk.list()).toEqual([
      {
        id: 4,
        slug: "primes-banques",
        title: "T",
        status: "draft",
        publishedAt: null,
        updatedAt: "2026-12-02T10:00:00.000Z",
      },
    ]);
    rpcAnswers.set("owner_guide_versions", {
      status: 200,
      body: [{ version: 2, saved_at: "2026-12-02T10:00:00+00:00", title: "T", status: "draft" }],
    });
    expect(await desk.versions(4)).toEqual([
      { version: 2, savedAt: "2026-12-02T10:00:00.000Z", title: "T", status: "draft" },
    ]);
    rpcAnswers.set("owner_guide", { status: 200, body: [] });
    expect(await desk.guide(4, 1)).toBeNull();
  });
});

describe("the site's texts with hosted Supabase", () => {
  it("are not written without the service role's key", () => {
    expect(supabaseBackendAt(standIn.url).siteTextDesk()).toBeNull();
  });

  it("are saved through save_site_text with the service role's key, the value sent as JSON", async () => {
    const desk = serviceRoleBackendAt(standIn.url).siteTextDesk();
    if (!desk) throw new Error("no desk");
    seen.length = 0;
    rpcAnswers.set("save_site_text", { status: 200, body: [{ version: 3 }] });
    const value = { faq: [["Une question ?", "Sa réponse."]] };
    expect(await desk.save("accueil-faq", 2, value)).toEqual({ ok: true, version: 3 });
    expect(seen[0]).toMatchObject({ method: "POST", path: "/rest/v1/rpc/save_site_text", apikey: SERVICE_ROLE_KEY });
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual({ p_key: "accueil-faq", p_version: 2, p_value: value });
    seen.length = 0;
    expect(await desk.save("accueil-faq", 3, null)).toEqual({ ok: true, version: 3 });
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual({ p_key: "accueil-faq", p_version: 3, p_value: null });
    rpcAnswers.set("save_site_text", {
      status: 400,
      body: { code: "40001", message: "changed", details: null, hint: null },
    });
    expect(await desk.save("accueil-faq", 1, value)).toEqual({ ok: false, reason: "changed" });
  });

  it("are listed, read and versioned through their functions", async () => {
    const desk = serviceRoleBackendAt(standIn.url).siteTextDesk();
    if (!desk) throw new Error("no desk");
    rpcAnswers.set("owner_site_texts", {
      status: 200,
      body: [{ key: "accueil-faq", edited: true, updated_at: "2026-12-02T10:00:00+00:00", version: 2 }],
    });
    expect(await desk.list()).toEqual([{ key: "accueil-faq", edited: true, updatedAt: "2026-12-02T10:00:00.000Z" }]);
    rpcAnswers.set("owner_site_text", { status: 200, body: [] });
    expect(await desk.text("offres-faq", null)).toEqual({ value: null, version: 0, shownVersion: 0, savedAt: null });
    expect(await desk.text("offres-faq", 4)).toBeNull();
    rpcAnswers.set("owner_site_text", {
      status: 200,
      body: [{ value: null, version: 5, shown_version: 4, saved_at: "2026-12-02T10:00:00+00:00" }],
    });
    expect(await desk.text("accueil-faq", 4)).toEqual({
      value: null,
      version: 5,
      shownVersion: 4,
      savedAt: "2026-12-02T10:00:00.000Z",
    });
    rpcAnswers.set("owner_site_text_versions", {
      status: 200,
      body: [{ version: 5, saved_at: "2026-12-02T10:00:00+00:00", original: true }],
    });
    expect(await desk.versions("accueil-faq")).toEqual([
      { version: 5, savedAt: "2026-12-02T10:00:00.000Z", original: true },
    ]);
  });
});
