import { BETTING_MESSAGE } from "~/catalogue/risk-notes";
import { HOW_OFFERS_ARE_RANKED, REWARD_ANCHOR } from "~/catalogue/site-pages";
import type { OfferCardView } from "~/catalogue/card";
import type { RiskNote } from "~/catalogue/risk-note-choices";

/**
 * The notices that go with offers: betting offers carry the 18+ mark and the legally required gambling message,
 * crypto and investment offers the risk of losing capital (risk-notes.ts), and every offer says, beside its link,
 * that the site may be rewarded for a referral.
 */

export function RewardDisclosure({ siteName, className = "" }: { siteName: string; className?: string }) {
  return (
    <p className={`text-sm text-slate-600 ${className}`}>
      Transparence : {siteName} peut recevoir une récompense quand vous utilisez un code ou un lien de parrainage de ce
      site. Cela ne vous coûte rien et ne change pas votre avantage.
    </p>
  );
}

/**
 * Beside an offer's link or code: that using it may reward the site, linking to where the site says how. Nothing for
 * an offer that shows neither (an ended one, or one with only an instruction and no link).
 */
export function PaidNote({
  offer,
  link = offer.showLink,
  className = "paid",
}: {
  offer: Pick<OfferCardView, "showLink" | "codeIsInstruction" | "expired">;
  link?: boolean;
  className?: string;
}) {
  const code = !offer.codeIsInstruction && !offer.expired;
  if (!code && !link) return null;
  return (
    <p className={className}>
      {`${code && link ? "Code et lien" : code ? "Code" : "Lien"} de parrainage : `}
      <a href={`${HOW_OFFERS_ARE_RANKED.path}#${REWARD_ANCHOR}`}>le site peut être récompensé</a>
    </p>
  );
}

export function BettingNotice({ compact = false }: { compact?: boolean }) {
  return (
    <p className={compact ? "betting-notice" : "betting-notice p-3 text-sm"}>
      <strong>18+</strong>
      Interdit aux mineurs. {BETTING_MESSAGE}
    </p>
  );
}

/** The warning of an offer: betting's own notice, or `text`, the crypto or investment one the server wrote out. */
export function RegulatedNotice({
  regulated,
  text,
  compact,
}: {
  regulated?: RiskNote;
  text?: string;
  compact?: boolean;
}) {
  if (regulated === "betting") return <BettingNotice compact={compact} />;
  if (!text) return null;
  return <p className={compact ? "risk-notice" : "risk-notice p-3 text-sm"}>{text}</p>;
}
