import { createHash } from "node:crypto";
import { TESTIMONIAL_LIMITS, TESTIMONIAL_MESSAGES } from "@contract/testimonial-contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedAt } from "~/services/backend/database.server";
import { openEmbeddedDatabase } from "~/services/backend/embedded-db.server";
import { journalErasures, ledgerErasures, reapplyErasures } from "~/services/backend/erasures.server";
import { RateLimitedError } from "~/services/backend/errors.server";
import { deleteExpiredVisitorData } from "~/services/backend/retentions.server";
import { SqlBackend } from "~/services/backend/sql-backend.server";
import { asRole } from "~/services/backend/sql-roles.server";
import { makeTempDir } from "../support/temp-dir";
import { copyTemplateInto } from "../support/templates";
import type { OutgoingTestimonial } from "~/services/backend/types.server";

/**
 * Testimonials on the real embedded Postgres, through the backend the site uses: stored pending and invisible, the
 * day's limits per visitor and per network, the owner's decisions, the author's e-mail used once then erased, the
 * retention, and erasures that a restored backup does not undo.
 */
const { dir, cleanup } = makeTempDir("temoignages");
let backend: SqlBackend;

beforeAll(async () => {
  await copyTemplateInto(dir);
  backend = new SqlBackend(embeddedAt(dir), { max: 5, windowSeconds: 600 });
  await backend.warmUp();
});
afterAll(async () => {
  (await openEmbeddedDatabase(dir)).close();
  cleanup();
});

const key = (name: string) => createHash("sha256").update(name).digest("hex");
let written = 0;

function testimonial(changes: Partial<OutgoingTestimonial> = {}): OutgoingTestimonial {
  written += 1;
  return {
    offerSlug: "binance",
    name: "Anne",
    text: `Bonus reçu en une semaine, inscription simple (${written}).`,
    experiencedIn: "2026-10",
    email: null,
    emailKey: null,
    confirmTokenHash: null,
    eraseTokenHash: key(`lien ${written}`),
    mail: null,
    alert: null,
    clientKey: key(`visiteur ${written}`),
    networkKey: key(`réseau ${written}`),
    ...changes,
  };
}

const owner = () => {
  const access = backend.owner();
  if (!access.ok) throw new Error("no owner store");
  return access.store;
};

const serviceRows = async <T>(sql: string) =>
  (await asRole(await openEmbeddedDatabase(dir), "service_role", (tx) => tx.query<T>(sql))).rows;

describe("testimonials in the embedded database", () => {
  it("are stored pending, shown to no one until the owner publishes them", async () => {
    const sent = testimonial({ text: "Pas encore modéré, personne ne doit le lire ici." });
    expect(await backend.submitTestimonial(sent)).toBe("stored");
    expect((await backend.listPublishedTestimonials()).map((shown) => shown.text)).not.toContain(sent.text);
    const { testimonials } = await owner().listTestimonials({ offset: 0, limit: 10 });
    const pending = testimonials.find((candidate) => candidate.text === sent.text);
    expect(pending).toMatchObject({ status: "pending", name: "Anne", experiencedIn: "2026-10", hasEmail: false });

    expect(await owner().moderateTestimonial({ id: pending!.id, action: "publish", reason: null, mail: null })).toBe(
      "binance",
    );
    const published = await backend.listPublishedTestimonials();
    expect(published.find((shown) => shown.text === sent.text)).toMatchObject({
      offerSlug: "binance",
      name: "Anne",
      experiencedIn: "2026-10",
      publishedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      featured: false,
    });
  });

  it("take two a day from one visitor and five from one network, whatever the addresses within it", async () => {
    const visitor = key("un visiteur");
    const network = key("un réseau");
    for (let sent = 0; sent < TESTIMONIAL_LIMITS.perVisitorPerDay; sent += 1) {
      await backend.submitTestimonial(testimonial({ clientKey: visitor, networkKey: network }));
    }
    await expect(backend.submitTestimonial(testimonial({ clientKey: visitor, networkKey: network }))).rejects.toEqual(
      new RateLimitedError(24 * 3600, TESTIMONIAL_MESSAGES.rateLimited),
    );
    for (let sent = TESTIMONIAL_LIMITS.perVisitorPerDay; sent < TESTIMONIAL_LIMITS.perNetworkPerDay; sent += 1) {
      await backend.submitTestimonial(testimonial({ clientKey: key(`voisin ${sent}`), networkKey: network }));
    }
    await expect(
      backend.submitTestimonial(testimonial({ clientKey: key("voisin de plus"), networkKey: network })),
    ).rejects.toBeInstanceOf(RateLimitedError);
  });

  it("count what was sent, not what is left: erasing one's testimonials gives no new ones for the day", async () => {
    const visitor = key("un visiteur qui efface");
    const network = key("le réseau de celui qui efface");
    const sent = Array.from({ length: TESTIMONIAL_LIMITS.perVisitorPerDay }, () =>
      testimonial({ clientKey: visitor, networkKey: network }),
    );
    for (const each of sent) {
      await backend.submitTestimonial(each);
      expect(await backend.eraseTestimonial(each.eraseTokenHash)).not.toBeNull();
    }
    await expect(backend.submitTestimonial(testimonial({ clientKey: visitor, networkKey: network }))).rejects.toEqual(
      new RateLimitedError(24 * 3600, TESTIMONIAL_MESSAGES.rateLimited),
    );
    // The owner erasing them does not either.
    const other = key("un autre visiteur");
    const kept = testimonial({ clientKey: other, networkKey: network });
    await backend.submitTestimonial(kept);
    const [row] = await serviceRows<{ id: number }>(
      `select id from public.testimonials where erase_token_hash = '${kept.eraseTokenHash}'`,
    );
    expect(await owner().deleteTestimonial(row!.id)).not.toBeNull();
    await backend.submitTestimonial(testimonial({ clientKey: other, networkKey: network }));
    await expect(
      backend.submitTestimonial(testimonial({ clientKey: other, networkKey: network })),
    ).rejects.toBeInstanceOf(RateLimitedError);
  });

  it("ask an address to confirm once a day, tell only a confirmed one the outcome, then forget it", async () => {
    const db = await openEmbeddedDatabase(dir);
    /** A testimonial naming marc@exemple.fr (its keyed hash: `address`); what submit_testimonial answers. */
    const submit = async (erase: string, confirm: string, address = key("marc@exemple.fr")) =>
      (
        await asRole(db, "service_role", (tx) =>
          tx.query<{ result: string }>(
            `select public.submit_testimonial('binance', 'Marc', 'Un témoignage avec une adresse pour la réponse.',
               '2026-09-01', 'marc@exemple.fr', $1, 'visiteur-marc', $2, 2, 5, 'Confirmez', 'Corps', null, $3, $4, 1)
               as result`,
            [erase, key(`réseau ${erase}`), address, confirm],
          ),
        )
      ).rows[0]?.result;
    const row = (hash: string) =>
      serviceRows<{ id: number; email: string | null; confirmed: boolean }>(
        `select id, email, email_confirmed_at is not null as confirmed from public.testimonials
          where erase_token_hash = '${hash}'`,
      );
    const subjects = async () =>
      (await serviceRows<{ subject: string }>("select subject from public.author_mails order by id")).map(
        (mail) => mail.subject,
      );

    expect(await submit(key("marc 1"), key("confirmer 1"))).toBe("stored");
    expect(await subjects()).toEqual(["Confirmez"]);
    // The same address again the same day, from another network: stored, without the address, and no e-mail.
    expect(await submit(key("marc 2"), key("confirmer 2"))).toBe("stored_unmailed");
    expect(await row(key("marc 2"))).toEqual([expect.objectContaining({ email: null, confirmed: false })]);
    expect(await subjects()).toEqual(["Confirmez"]);

    // Not confirmed: the decision is not e-mailed, and the address is forgotten.
    const [{ id: unconfirmed } = { id: 0 }] = await row(key("marc 1"));
    expect(await owner().listTestimonials({ offset: 0, limit: 50 })).toMatchObject({
      testimonials: expect.arrayContaining([expect.objectContaining({ id: unconfirmed, hasEmail: false })]),
    });
    await owner().moderateTestimonial({
      id: unconfirmed,
      action: "publish",
      reason: null,
      mail: { subject: "Publié", body: "…" },
    });
    expect(await subjects()).toEqual(["Confirmez"]);
    expect(await row(key("marc 1"))).toEqual([expect.objectContaining({ email: null })]);

    // Another address, confirmed by its link's button: it hears the decision, once.
    expect(await submit(key("léa 1"), key("confirmer léa"), key("lea@exemple.fr"))).toBe("stored");
    expect(await backend.confirmTestimonialEmail(key("un lien inconnu"))).toBeNull();
    expect(await backend.confirmTestimonialEmail(key("confirmer léa"))).toBe("binance");
    expect(await backend.confirmTestimonialEmail(key("confirmer léa"))).toBeNull();
    const [{ id } = { id: 0 }] = await row(key("léa 1"));
    await owner().moderateTestimonial({
      id,
      action: "refuse",
      reason: "advertising",
      mail: { subject: "Votre témoignage n'a pas été publié", body: "Raison : publicité" },
    });
    expect(await serviceRows("select email, status, refusal_reason from public.testimonials where id = " + id)).toEqual(
      [{ email: null, status: "refused", refusal_reason: "advertising" }],
    );
    expect(await subjects()).toEqual(["Confirmez", "Confirmez", "Votre témoignage n'a pas été publié"]);
    // Decided again: no address is left to write to.
    await owner().moderateTestimonial({ id, action: "publish", reason: null, mail: { subject: "X", body: "Y" } });
    expect(await subjects()).toHaveLength(3);
    await serviceRows("delete from public.author_mails");
  });

  it("keep notices for the owner, on published testimonials only", async () => {
    const sent = testimonial();
    await backend.submitTestimonial(sent);
    const [{ id } = { id: 0 }] = await serviceRows<{ id: number }>(
      `select id from public.testimonials where erase_token_hash = '${sent.eraseTokenHash}'`,
    );
    const report = {
      testimonialId: id,
      reason: "insult" as const,
      details: "Il insulte le service client.",
      clientKey: "c",
      networkKey: "n",
    };
    expect(await backend.reportTestimonial(report)).toBe("missing");
    await owner().moderateTestimonial({ id, action: "publish", reason: null, mail: null });
    expect(await backend.reportTestimonial(report)).toBe("stored");
    const { testimonials } = await owner().listTestimonials({ offset: 0, limit: 50 });
    expect(testimonials.find((candidate) => candidate.id === id)?.reports).toEqual([
      { reason: "insult", details: "Il insulte le service client.", createdAt: expect.any(String) },
    ]);
    // Pending first, then the published ones with notices.
    const statuses = testimonials.map((candidate) => candidate.status);
    expect(statuses.indexOf("published")).toBeGreaterThan(statuses.lastIndexOf("pending"));
    expect(testimonials.find((candidate) => candidate.status === "published")?.id).toBe(id);
  });

  it("are erased by the author's link, for good: a restored backup loses it again", async () => {
    const sent = testimonial();
    await backend.submitTestimonial(sent);
    const [{ id } = { id: 0 }] = await serviceRows<{ id: number }>(
      `select id from public.testimonials where erase_token_hash = '${sent.eraseTokenHash}'`,
    );
    const before = await serviceRows<Record<string, unknown>>(`select * from public.testimonials where id = ${id}`);
    expect(await backend.eraseTestimonial(key("un lien inconnu"))).toBeNull();
    expect(await backend.eraseTestimonial(sent.eraseTokenHash)).toMatchObject({
      id,
      offerSlug: "binance",
      wasPublic: false,
    });
    expect(await backend.eraseTestimonial(sent.eraseTokenHash)).toBeNull();

    // What a backup taken before held comes back with a restore; both lists of erasures name it, and take it away again.
    const db = await openEmbeddedDatabase(dir);
    const noted = (await ledgerErasures(db)).filter((erasure) => erasure.table === "testimonials" && erasure.id === id);
    expect(noted).toHaveLength(1);
    expect(journalErasures(dir).filter((erasure) => erasure.id === id && erasure.table === "testimonials")).toEqual([
      { ...noted[0], erasedAt: expect.any(String) },
    ]);
    const row = before[0]!;
    await db.query(
      `insert into public.testimonials (id, offer_slug, author_name, body, experienced_in, erase_token_hash, client_key,
         network_key, created_at) overriding system value values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        id,
        row.offer_slug,
        row.author_name,
        row.body,
        row.experienced_in,
        row.erase_token_hash,
        row.client_key,
        row.network_key,
        row.created_at,
      ],
    );
    expect(await reapplyErasures(db, noted)).toBe(1);
    expect(await serviceRows(`select id from public.testimonials where id = ${id}`)).toEqual([]);
  });

  it("keep refused ones 30 days after the decision and pending ones 90 days", async () => {
    const db = await openEmbeddedDatabase(dir);
    const [refused, pending, kept] = [testimonial(), testimonial(), testimonial()];
    for (const sent of [refused, pending, kept]) await backend.submitTestimonial(sent);
    await db.query(
      `update public.testimonials set status = 'refused', refusal_reason = 'other',
         moderated_at = now() - interval '31 days' where erase_token_hash = $1`,
      [refused.eraseTokenHash],
    );
    await db.query(
      "update public.testimonials set created_at = now() - interval '91 days' where erase_token_hash = $1",
      [pending.eraseTokenHash],
    );
    expect((await deleteExpiredVisitorData(db)).testimonials).toBe(2);
    const left = await serviceRows<{ erase_token_hash: string }>("select erase_token_hash from public.testimonials");
    expect(left.map((row) => row.erase_token_hash)).toContain(kept.eraseTokenHash);
    expect(left.map((row) => row.erase_token_hash)).not.toContain(refused.eraseTokenHash);
  });
});
