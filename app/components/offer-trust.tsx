import { HOW_VOTES_WORK } from "~/catalogue/site-pages";
import type { OfferTrust } from "~/catalogue/feedback";

/** The visitors' warning, when enough of them say the code no longer works. */
export function ReportedNotWorking({ trust }: { trust: OfferTrust }) {
  if (!trust.warning) return null;
  return <p className="reported">{trust.warning}</p>;
}

/**
 * What visitors' votes say, since the owner's last check: a link to how they are taken and weighed, named by what it
 * shows, described by where it leads (one hidden text in the layout, rather than the same words on every card).
 */
export function VotesSummary({ trust }: { trust: Pick<OfferTrust, "summary" | "since"> }) {
  return (
    <a href={HOW_VOTES_WORK.path} aria-describedby={HOW_VOTES_WORK.descriptionId} className="dotted">
      {trust.since ? `${trust.summary} ${trust.since}` : trust.summary}
    </a>
  );
}

/** How fresh the offer is: the owner's last check, then what visitors' votes say. */
export function TrustLine({ trust }: { trust: OfferTrust }) {
  return (
    <p className="trust">
      {`${trust.verification} · `}
      <VotesSummary trust={trust} />
    </p>
  );
}
