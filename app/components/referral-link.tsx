import type { ReactNode } from "react";

/**
 * Where an offer's referral link is followed: through the site, which counts the follow (no cookie, nothing about
 * the visitor kept) and redirects to the offer's own link.
 */
export const followPath = (slug: string) => `/offres/${slug}/lien`;

/**
 * A referral link: a new tab, marked sponsored and not to be followed by search engines, without opener or referrer.
 * A plain link, never prefetched: a follow is counted only when a visitor clicks.
 */
export function ReferralLink({ href, children, className }: { href: string; children: ReactNode; className: string }) {
  return (
    <a href={href} target="_blank" rel="sponsored nofollow noopener noreferrer" className={`${className} external`}>
      {children}
      <span className="sr-only"> (nouvel onglet)</span>
    </a>
  );
}
