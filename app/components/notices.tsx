/**
 * The notices that go with offers: betting offers carry the 18+ mark and the legally required gambling message,
 * crypto offers the risk of losing capital, and every offer page says the site may be rewarded for a referral.
 */

export const BETTING_MESSAGE =
  "Les jeux d'argent et de hasard peuvent être dangereux : pertes d'argent, conflits familiaux, addiction... Retrouvez nos conseils sur joueurs-info-service.fr (09 74 75 13 13 - appel non surtaxé)";

export function RewardDisclosure({ siteName, className = "" }: { siteName: string; className?: string }) {
  return (
    <p className={`text-sm text-slate-600 ${className}`}>
      Transparence : {siteName} peut recevoir une récompense lorsque vous utilisez un code ou un lien de parrainage
      présenté sur ce site. Cela ne vous coûte rien et n'influence pas le montant de votre avantage.
    </p>
  );
}

export function BettingNotice({ compact = false }: { compact?: boolean }) {
  return (
    <p className={`rounded-md bg-violet-50 text-violet-950 ${compact ? "p-2 text-xs" : "p-3 text-sm"}`}>
      <strong className="mr-1 inline-block rounded bg-violet-800 px-1.5 py-0.5 text-xs font-bold text-white">
        18+
      </strong>
      Interdit aux mineurs. {BETTING_MESSAGE}
    </p>
  );
}

export function CryptoRiskNotice({ compact = false }: { compact?: boolean }) {
  return (
    <p className={compact ? "crypto-notice" : "crypto-notice p-3 text-sm"}>
      Investir dans les crypto-actifs comporte un risque de perte partielle ou totale du capital.
    </p>
  );
}

export function RegulatedNotice({
  regulated,
  compact,
}: {
  regulated?: "betting" | "crypto" | null;
  compact?: boolean;
}) {
  if (regulated === "betting") return <BettingNotice compact={compact} />;
  if (regulated === "crypto") return <CryptoRiskNotice compact={compact} />;
  return null;
}

export function ExpiredBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
      Offre expirée
    </span>
  );
}
