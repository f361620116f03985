import type { ReactNode } from "react";

/** A referral link: a new tab, marked sponsored, without opener or referrer. */
export function ReferralLink({ href, children, className }: { href: string; children: ReactNode; className: string }) {
  return (
    <a href={href} target="_blank" rel="sponsored noopener noreferrer" className={`${className} external`}>
      {children}
      <span className="sr-only"> (nouvel onglet)</span>
    </a>
  );
}
