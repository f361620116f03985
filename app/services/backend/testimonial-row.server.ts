import type * as types from "./types.server";

/** A row of public.published_testimonials, as both backends read it (JSON: dates are strings). */
export interface PublishedTestimonialRow {
  id: number | string;
  offer_slug: string;
  author_name: string;
  body: string;
  experienced_in: string;
  published_at: string;
  featured: boolean;
}

/** A row of public.owner_testimonials_page. */
export interface OwnerTestimonialRow extends Omit<PublishedTestimonialRow, "published_at"> {
  has_email: boolean;
  status: types.OwnerTestimonial["status"];
  refusal_reason: string | null;
  created_at: string | Date;
  published_at: string | Date | null;
  reports: types.OwnerTestimonial["reports"];
  total: number | string;
}

const isoMonth = (date: string | Date) => (typeof date === "string" ? date : date.toISOString()).slice(0, 7);
const iso = (date: string | Date) => (typeof date === "string" ? new Date(date) : date).toISOString();

export function toPublishedTestimonial(row: PublishedTestimonialRow): types.PublishedTestimonial {
  return {
    id: Number(row.id),
    offerSlug: row.offer_slug,
    name: row.author_name,
    text: row.body,
    experiencedIn: isoMonth(row.experienced_in),
    publishedAt: iso(row.published_at),
    featured: row.featured,
  };
}

export function toOwnerTestimonialPage(rows: OwnerTestimonialRow[]): {
  testimonials: types.OwnerTestimonial[];
  total: number;
} {
  return {
    total: Number(rows[0]?.total ?? 0),
    testimonials: rows.map((row) => ({
      id: Number(row.id),
      offerSlug: row.offer_slug,
      name: row.author_name,
      text: row.body,
      experiencedIn: isoMonth(row.experienced_in),
      featured: row.featured,
      status: row.status,
      refusalReason: row.refusal_reason,
      hasEmail: row.has_email,
      createdAt: iso(row.created_at),
      publishedAt: row.published_at ? iso(row.published_at) : null,
      reports: row.reports ?? [],
    })),
  };
}

/** erase_testimonial_by_token's JSON answer. */
export function toErasedTestimonial(
  value: { id: number | string; offerSlug: string; createdAt: string; wasPublic: boolean } | null | undefined,
): types.ErasedTestimonial | null {
  if (!value) return null;
  return { id: Number(value.id), offerSlug: value.offerSlug, createdAt: value.createdAt, wasPublic: value.wasPublic };
}
