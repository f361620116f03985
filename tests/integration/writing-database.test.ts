import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedAt } from "~/services/backend/database.server";
import { openEmbeddedDatabase } from "~/services/backend/embedded-db.server";
import { SqlBackend } from "~/services/backend/sql-backend.server";
import { asRole } from "~/services/backend/sql-roles.server";
import { makeTempDir } from "../support/temp-dir";
import { copyTemplateInto } from "../support/templates";
import type { GuideDesk, GuideFields } from "~/services/backend/guide-store.server";

/**
 * Guides and the site's texts on the real embedded Postgres, through the backend the site uses: drafts hidden from
 * visitors, a save drawn from an older version refused, the last 20 versions kept, a published guide's old address
 * leading to its new one, and a text taken back to the bundled one.
 */
const { dir, cleanup } = makeTempDir("guides");
let backend: SqlBackend;
let desk: GuideDesk;

beforeAll(async () => {
  await copyTemplateInto(dir);
  backend = new SqlBackend(embeddedAt(dir), { max: 5, windowSeconds: 600 });
  await backend.warmUp();
  desk = backend.guideDesk();
});
afterAll(async () => {
  (await openEmbeddedDatabase(dir)).close();
  cleanup();
});

const fields = (changes: Partial<GuideFields> = {}): GuideFields => ({
  slug: "primes-des-banques",
  title: "Les primes des banques en ligne",
  summary: "Ce que chaque banque verse, et à quelles conditions.",
  category: "finance",
  body: "## Les conditions\n\nUn premier paiement suffit souvent.",
  ...changes,
});

describe("guides in the database", () => {
  it("keeps a draft from visitors, then shows it once published", async () => {
    const created = await desk.save(null, null, fields(), "draft");
    if (!created.ok) throw new Error(created.reason);
    expect(created.version).toBe(1);
    expect((await backend.readWriting()).guides).toEqual([]);

    const published = await desk.save(created.id, 1, fields(), "published");
    expect(published).toEqual({ ok: true, id: created.id, slug: "primes-des-banques", version: 2 });
    const [shown] = (await backend.readWriting()).guides;
    expect(shown).toMatchObject({ slug: "primes-des-banques", title: "Les primes des banques en ligne" });
    expect(shown?.publishedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    expect(await desk.list()).toEqual([expect.objectContaining({ id: created.id, status: "published" })]);
  });

  it("refuses a save drawn before another one, and a taken address", async () => {
    const [guide] = await desk.list();
    const id = guide!.id;
    const current = await desk.guide(id, null);
    expect(await desk.save(id, current!.version - 1, fields({ title: "Ancien onglet" }), "published")).toEqual({
      ok: false,
      reason: "changed",
    });
    expect((await desk.guide(id, null))?.title).toBe("Les primes des banques en ligne");

    const other = await desk.save(null, null, fields({ slug: "autre-guide" }), "draft");
    if (!other.ok) throw new Error(other.reason);
    expect(await desk.save(other.id, other.version, fields(), "draft")).toEqual({ ok: false, reason: "taken" });
    expect(await desk.save(999_999, 1, fields({ slug: "perdu" }), "draft")).toEqual({ ok: false, reason: "gone" });
  });

  it("keeps the last 20 versions, each readable as it was", async () => {
    const [guide] = (await desk.list()).filter((row) => row.slug === "autre-guide");
    let version = (await desk.guide(guide!.id, null))!.version;
    for (let edit = 1; edit <= 22; edit += 1) {
      const saved = await desk.save(
        guide!.id,
        version,
        fields({ slug: "autre-guide", title: `Titre ${edit}` }),
        "draft",
      );
      if (!saved.ok) throw new Error(saved.reason);
      version = saved.version;
    }
    const versions = await desk.versions(guide!.id);
    expect(versions).toHaveLength(20);
    expect(versions[0]).toMatchObject({ version, title: "Titre 22", status: "draft" });
    expect(versions.at(-1)?.version).toBe(version - 19);
    const old = await desk.guide(guide!.id, version - 5);
    expect(old).toMatchObject({ title: "Titre 17", version, shownVersion: version - 5 });
    expect(await desk.guide(guide!.id, version - 20)).toBeNull();
  });

  it("leads a published guide's old address to its new one, and gives it back to a guide that takes it", async () => {
    const guide = (await desk.list()).find((row) => row.slug === "primes-des-banques")!;
    const { version } = (await desk.guide(guide.id, null))!;
    const moved = await desk.save(guide.id, version, fields({ slug: "primes-bancaires" }), "published");
    expect(moved).toMatchObject({ ok: true, slug: "primes-bancaires" });
    expect((await backend.readWriting()).moves).toEqual(new Map([["primes-des-banques", "primes-bancaires"]]));

    const other = (await desk.list()).find((row) => row.slug === "autre-guide")!;
    const { version: otherVersion } = (await desk.guide(other.id, null))!;
    await desk.save(other.id, otherVersion, fields({ slug: "primes-des-banques" }), "published");
    expect((await backend.readWriting()).moves).toEqual(new Map());
  });

  it("lets visitors read published guides only, never the table, the versions or the functions", async () => {
    const db = await openEmbeddedDatabase(dir);
    for (const statement of [
      "select * from public.guides",
      "select * from public.guide_versions",
      "select * from public.guide_moves",
      "select * from public.owner_guides()",
      "select * from public.save_guide(null, null, 'x', 'x', '', null, '', 'published')",
    ]) {
      await expect(
        asRole(db, "anon", (tx) => tx.query(statement)),
        statement,
      ).rejects.toThrow(/permission denied/);
    }
    const shown = await asRole(db, "anon", (tx) =>
      tx.query<{ status?: string }>("select * from public.published_guides"),
    );
    expect(shown.rows).toHaveLength(2);
  });
});

describe("the site's texts in the database", () => {
  const faq = (question: string) => ({ faq: [[question, "Une réponse."]] });

  it("are saved only from the version the form was drawn from, each save announced once", async () => {
    const texts = backend.siteTextDesk();
    expect(await texts.text("accueil-faq", null)).toEqual({ value: null, version: 0, shownVersion: 0, savedAt: null });
    const db = await openEmbeddedDatabase(dir);
    const announced = async () =>
      Number(
        (
          await db.query<{ count: number }>(
            "select count(*)::int as count from public.site_changes where event = 'writing-changed'",
          )
        ).rows[0]?.count,
      );
    const before = await announced();
    expect(await texts.save("accueil-faq", 0, faq("Première ?"))).toEqual({ ok: true, version: 1 });
    expect(await announced()).toBe(before + 1);
    expect(await texts.save("accueil-faq", 0, faq("Onglet oublié ?"))).toEqual({ ok: false, reason: "changed" });
    expect(await announced()).toBe(before + 1);
    expect((await backend.readWriting()).texts).toEqual(new Map([["accueil-faq", faq("Première ?")]]));
  });

  it("keep the last 20 versions, going back to the bundled text as one of them", async () => {
    const texts = backend.siteTextDesk();
    for (let version = 1; version <= 21; version++) {
      expect(await texts.save("accueil-faq", version, faq(`Question ${version + 1} ?`))).toEqual({
        ok: true,
        version: version + 1,
      });
    }
    expect(await texts.save("accueil-faq", 22, null)).toEqual({ ok: true, version: 23 });
    const versions = await texts.versions("accueil-faq");
    expect(versions.map((kept) => kept.version)).toEqual(Array.from({ length: 20 }, (_, index) => 23 - index));
    expect(versions[0]?.original).toBe(true);
    expect(await texts.text("accueil-faq", 10)).toMatchObject({
      value: faq("Question 10 ?"),
      version: 23,
      shownVersion: 10,
    });
    expect(await texts.text("accueil-faq", 2)).toBeNull();
    // Back to the bundled text: visitors read no edit of it.
    expect((await backend.readWriting()).texts).toEqual(new Map());
    expect(await texts.list()).toEqual([expect.objectContaining({ key: "accueil-faq", edited: false })]);
  });

  it("are read by visitors through their view only, and written by the service role only", async () => {
    await backend.siteTextDesk().save("offres-faq", 0, faq("Visible ?"));
    const db = await openEmbeddedDatabase(dir);
    for (const statement of [
      "select * from public.site_texts",
      "select * from public.site_text_versions",
      "select * from public.owner_site_texts()",
      "select * from public.save_site_text('accueil-faq', null, null)",
    ]) {
      await expect(
        asRole(db, "anon", (tx) => tx.query(statement)),
        statement,
      ).rejects.toThrow(/permission denied/);
    }
    const shown = await asRole(db, "anon", (tx) =>
      tx.query<{ key: string }>("select key from public.edited_site_texts"),
    );
    expect(shown.rows).toEqual([{ key: "offres-faq" }]);
  });
});
