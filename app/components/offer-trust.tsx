import { HOW_VOTES_WORK } from "~/catalogue/how-votes-work";
import type { OfferTrust } from "~/catalogue/feedback";

/** The visitors' warning, when enough of them say the code no longer works. */
export function ReportedNotWorking({ trust }: { trust: OfferTrust }) {
  if (!trust.warning) return null;
  return <p className="rounded-md bg-amber-50 p-2 text-sm font-semibold text-amber-950">{trust.warning}</p>;
}

/**
 * What visitors' votes say, since the owner's last check: a link to how they are taken and weighed, named by what it
 * shows and where it leads.
 */
export function VotesSummary({ trust }: { trust: Pick<OfferTrust, "summary" | "since"> }) {
  const text = trust.since ? `${trust.summary} ${trust.since}` : trust.summary;
  return (
    <a
      href={HOW_VOTES_WORK.path}
      aria-label={`${text} : ${HOW_VOTES_WORK.label.toLowerCase()}`}
      className="underline decoration-dotted underline-offset-2 hover:text-indigo-800"
    >
      {text}
    </a>
  );
}

/** How fresh the offer is: the owner's last check, then what visitors' votes say. */
export function TrustLine({ trust }: { trust: OfferTrust }) {
  return (
    <p className="text-xs text-slate-700">
      {trust.verification} · <VotesSummary trust={trust} />
    </p>
  );
}
