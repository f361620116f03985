import { ArrowTopRightOnSquareIcon } from "@heroicons/react/20/solid";
import type { ReactNode } from "react";

/** A referral link: a new tab, marked sponsored, without opener or referrer. */
export function ReferralLink({ href, children, className }: { href: string; children: ReactNode; className: string }) {
  return (
    <a href={href} target="_blank" rel="sponsored noopener noreferrer" className={className}>
      {children}
      <ArrowTopRightOnSquareIcon className="h-4 w-4" aria-hidden="true" />
      <span className="sr-only"> (nouvel onglet)</span>
    </a>
  );
}
