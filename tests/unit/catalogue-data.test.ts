import { existsSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CATEGORIES } from "~/catalogue/categories";
import { BRAND_ENTRIES, GENERIC_OFFER } from "~/catalogue/data";
import { isExpired, todayInFrance } from "~/catalogue/dates";
import { selectFeatured } from "~/catalogue/merge";
import { brandKey } from "~/catalogue/names";
import { canCopyCode } from "~/catalogue/offer-rules";
import { BUNDLED_OFFERS } from "~/catalogue/offers";
import { canonicalSlug, logoOf, slugFromName, slugOf } from "~/catalogue/slugs";

/**
 * What every entry of data.ts must satisfy, whatever its content: the owner may change any text, code, amount or
 * link, add or remove a brand, and these still hold.
 */

const BRAND_CATEGORY_IDS: string[] = CATEGORIES.map((category) => category.id).filter((id) => id !== "all");
/** The slug check of the `brands` table (supabase/migrations). */
const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const LOGO_FOLDER = new URL("../../public/logos/", import.meta.url);

describe.each(BRAND_ENTRIES.map((entry) => [entry.name, entry] as const))("entry %s", (_name, entry) => {
  it("has a category, a service description, an offer text and a code field", () => {
    expect(BRAND_CATEGORY_IDS).toContain(entry.category);
    expect(entry.serviceDescription.trim()).not.toBe("");
    expect(entry.offerDescription.trim()).not.toBe("");
    expect(typeof entry.code).toBe("string");
  });

  it("links to an https address of a real host", () => {
    const url = new URL(entry.link);
    expect(url.protocol).toBe("https:");
    expect(url.hostname).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/);
    expect(url.hostname).not.toMatch(/(^|\.)example\.[a-z]+$/);
  });

  it("has a valid slug, written out only where the general rule gives another one", () => {
    expect(slugOf(entry)).toMatch(SLUG_PATTERN);
    if (entry.slug !== undefined) expect(entry.slug).not.toBe(slugFromName(entry.name));
    for (const alias of entry.slugAliases ?? []) {
      expect(alias).toMatch(SLUG_PATTERN);
      expect(canonicalSlug(alias)).toBe(slugOf(entry));
    }
  });

  it("lists other categories only once each, and not its own", () => {
    const others = entry.alsoIn ?? [];
    for (const id of others) expect(BRAND_CATEGORY_IDS).toContain(id);
    expect(others).not.toContain(entry.category);
    expect(new Set(others).size).toBe(others.length);
  });

  it("ends on a real calendar day, if it ends", () => {
    if (entry.validUntil === undefined) return;
    expect(entry.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${entry.validUntil}T00:00:00Z`).toISOString().slice(0, 10)).toBe(entry.validUntil);
  });

  it("has its logo file in public/logos exactly when it does not say it has none", () => {
    const file = new URL(`${slugOf(entry)}.svg`, LOGO_FOLDER);
    expect(existsSync(file)).toBe(entry.logo !== false);
    expect(logoOf(entry)).toBe(entry.logo === false ? undefined : `/logos/${slugOf(entry)}.svg`);
  });
});

describe("the entries together", () => {
  it("give each brand one slug of its own, old addresses included", () => {
    const slugs = BRAND_ENTRIES.flatMap((entry) => [slugOf(entry), ...(entry.slugAliases ?? [])]);
    expect(slugs.filter((slug, index) => slugs.indexOf(slug) !== index)).toEqual([]);
    for (const entry of BRAND_ENTRIES) expect(canonicalSlug(slugOf(entry))).toBe(slugOf(entry));
  });

  it("never give two brands the same name, aliases included (ignoring case, accents and punctuation)", () => {
    const keys = BRAND_ENTRIES.flatMap((entry) => [entry.name, ...(entry.aliases ?? [])].map(brandKey));
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it("leave no logo file that belongs to no brand", () => {
    const expected = new Set(
      BRAND_ENTRIES.filter((entry) => entry.logo !== false).map((entry) => `${slugOf(entry)}.svg`),
    );
    const files = readdirSync(LOGO_FOLDER).filter((file) => file.endsWith(".svg"));
    expect(files.filter((file) => !expected.has(file))).toEqual([]);
  });

  it("provide the home page's fallback: three different bundled offers, all current today", () => {
    const today = todayInFrance();
    const fallback = selectFeatured(null, today);
    expect(fallback).toHaveLength(3);
    expect(new Set(fallback).size).toBe(3);
    for (const offer of fallback) {
      expect(BUNDLED_OFFERS).toContain(offer);
      expect(isExpired(offer, today), offer.brand).toBe(false);
    }
  });
});

describe("the generic offer of a brand data.ts does not know", () => {
  it("is 'Offre de parrainage disponible', with no link and an instruction that is never copied", () => {
    expect(GENERIC_OFFER.description).toBe("Offre de parrainage disponible");
    expect(GENERIC_OFFER.link).toBe("");
    expect(canCopyCode({ code: GENERIC_OFFER.code, copyable: true })).toBe(false);
  });
});
