import type { OfferTrust } from "~/catalogue/feedback";

/** The visitors' warning, when enough of them say the code no longer works. */
export function ReportedNotWorking({ trust }: { trust: OfferTrust }) {
  if (!trust.warning) return null;
  return <p className="rounded-md bg-amber-50 p-2 text-sm font-semibold text-amber-950">{trust.warning}</p>;
}

/** How fresh the offer is: the owner's last check, then what visitors' votes say. */
export function TrustLine({ trust }: { trust: OfferTrust }) {
  return (
    <p className="text-xs text-slate-700">
      {trust.verification} · {trust.summary}
    </p>
  );
}
