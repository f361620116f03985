import type { ReactNode } from "react";

/**
 * Where an offer's referral link is followed: through the site, which counts the follow (no cookie, nothing about
 * the visitor kept) and redirects to the offer's own link.
 */
export const followPath = (slug: string) => `/offres/${slug}/lien`;

/**
 * A referral link: a new tab, marked sponsored and not to be followed by search engines, without opener or referrer.
 * A plain link, never prefetched: a follow is counted only when a visitor clicks. Its name for screen readers ends
 * with the brand, so that the links of a listing ("Accéder à l'offre BoursoBank") can be told apart. `noreferrer`
 * implies `noopener`.
 */
export function ReferralLink({
  href,
  brand,
  children,
  className,
  example,
}: {
  href: string;
  /** Said after the visible text, unless the text names the brand already. */
  brand?: string;
  children: ReactNode;
  className: string;
  /** The bundle's example link, which no one has checked: marked "exemple" (by the stylesheet, see `.example`). */
  example?: boolean;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="sponsored nofollow noreferrer"
      className={`${className} external${example ? " example" : ""}`}
    >
      {children}
      <span className="sr-only">{brand ? ` ${brand} (nouvel onglet)` : " (nouvel onglet)"}</span>
    </a>
  );
}
