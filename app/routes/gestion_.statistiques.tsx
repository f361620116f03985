import { Link, useLoaderData } from "@remix-run/react";
import { parseTopic, topicLabel } from "~/catalogue/alert-topics";
import {
  bars,
  offerAudiences,
  periodDays,
  PERIODS,
  ratePercent,
  siteAudience,
  SORT_KEYS,
  type Period,
  type SortKey,
} from "~/catalogue/audience";
import { formatFrenchDate, todayInFrance } from "~/catalogue/dates";
import { findOfferBySlug } from "~/catalogue/offers";
import { BackOfficePage, backOfficeMeta, MissingKey } from "~/components/back-office/frame";
import { alertStore } from "~/services/alerts/visitor-alerts.server";
import { backOfficeHeaders } from "~/services/http/headers.server";
import { log } from "~/services/log.server";
import { missingKey, ownerAccessFor } from "~/services/owner/back-office.server";
import { loadOffers } from "~/services/pages/offers.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => backOfficeMeta("Statistiques");

export const headers = backOfficeHeaders;

export { BackOfficeErrorBoundary as ErrorBoundary } from "~/components/back-office/error-boundary";

const PATH = "/gestion/statistiques";
const SORT_LABELS: Record<SortKey, string> = {
  follows: "clics",
  views: "affichages",
  copies: "copies",
  rate: "clics par affichage",
};

/** The period and the order an address asks for; anything else is the default (30 days, by follows). */
export function choices(url: URL): { period: Period; sort: SortKey } {
  const period = PERIODS.find((days) => String(days) === url.searchParams.get("periode")) ?? 30;
  const sort = SORT_KEYS.find((key) => key === url.searchParams.get("tri")) ?? "follows";
  return { period, sort };
}

const href = (period: Period, sort: SortKey) => `${PATH}?periode=${period}&tri=${sort}`;

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await ownerAccessFor(request);
  const url = new URL(request.url);
  const { period, sort } = choices(url);
  const days = periodDays(todayInFrance(), period);
  const alerts = access.ok ? await alertStore() : null;
  const [{ offers }, counts, follows] = await Promise.all([
    loadOffers(),
    access.ok ? access.store.offerCountsSince(days[0] ?? "") : [],
    alerts?.followCounts().catch((error: unknown) => {
      log.error("Lecture des abonnés aux alertes impossible :", error);
      return null;
    }),
  ]);
  return {
    ...statisticsPage(missingKey(access), period, sort, days, offerAudiences(counts, days, offers, sort)),
    // Counts only: the page never shows an address.
    alertFollowers: alerts
      ? ((follows ?? null)?.map(({ topic, followers }) => {
          const parsed = parseTopic(topic);
          const brand = parsed?.kind === "marque" ? findOfferBySlug(offers, parsed.slug)?.brand : undefined;
          return { topic, label: parsed ? topicLabel(parsed, brand) : topic, followers };
        }) ?? null)
      : undefined,
  };
}

/** What the page shows. */
function statisticsPage(
  missing: string | null,
  period: Period,
  sort: SortKey,
  days: string[],
  offers: ReturnType<typeof offerAudiences>,
) {
  return {
    missingKey: missing,
    period,
    sort,
    first: formatFrenchDate(days[0] ?? ""),
    last: formatFrenchDate(days.at(-1) ?? ""),
    site: siteAudience(offers, days),
    offers,
  };
}

/** A bar chart of daily follows, drawn on the server, named by its text alternative. */
function FollowsChart({
  id,
  values,
  width,
  height,
  label,
}: {
  id: string;
  values: number[];
  width: number;
  height: number;
  label: string;
}) {
  return (
    <svg
      role="img"
      aria-labelledby={id}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      className="max-w-full text-indigo-700"
      preserveAspectRatio="none"
    >
      <title id={id}>{label}</title>
      <rect x={0} y={height - 1} width={width} height={1} className="fill-slate-300" />
      {bars(values, width, height).map((bar, position) => (
        <rect key={position} {...bar} fill="currentColor" />
      ))}
    </svg>
  );
}

/** Plain links between the page's choices (its period, its order), the current one marked. */
function ChoiceLinks({
  label,
  intro,
  choices,
}: {
  label: string;
  intro?: string;
  choices: { key: string | number; text: string; to: string; current: boolean }[];
}) {
  const link = "rounded-md px-3 py-2 text-sm font-semibold";
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-2 text-sm">
      {intro ? <span className="text-slate-700">{intro}</span> : null}
      {choices.map(({ key, text, to, current }) => (
        <Link
          key={key}
          reloadDocument
          to={to}
          aria-current={current ? "page" : undefined}
          className={current ? `${link} bg-indigo-700 text-white` : `${link} text-indigo-800 underline`}
        >
          {text}
        </Link>
      ))}
    </nav>
  );
}

/** Named figures: the site's, large, in a row of three; an offer's, small, in two or four columns. */
function Figures({ figures, large = false }: { figures: [string, number | string][]; large?: boolean }) {
  return (
    <dl
      className={
        large ? "grid grid-cols-3 gap-2 text-center" : "grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4"
      }
    >
      {figures.map(([label, value]) => (
        <div key={label} className={large ? "rounded-lg bg-slate-50 p-2" : undefined}>
          <dt className={large ? "text-sm text-slate-700" : "text-slate-700"}>{label}</dt>
          <dd className={large ? "text-2xl font-extrabold text-slate-900" : "font-semibold"}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "12 clics en tout, au plus 4 par jour, sur 30 jours." */
function chartText(values: number[], days: number): string {
  const total = values.reduce((sum, value) => sum + value, 0);
  return `${total} clic${total > 1 ? "s" : ""} en tout, au plus ${Math.max(0, ...values)} par jour, sur ${days} jours, du plus ancien au plus récent.`;
}

/** The confirmed subscribers of each brand and category's alerts: numbers, never addresses. */
function AlertFollowers({ followers }: { followers: { topic: string; label: string; followers: number }[] | null }) {
  return (
    <section aria-labelledby="alertes-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id="alertes-title" className="text-lg font-bold text-slate-900">
        Abonnés aux alertes par e-mail
      </h2>
      {followers === null ? (
        <p role="alert">Les abonnés n'ont pas pu être comptés. Veuillez réessayer.</p>
      ) : followers.length === 0 ? (
        <p className="text-sm text-slate-700">Aucun abonné actif pour l'instant.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col" className="py-1">
                Marque ou catégorie
              </th>
              <th scope="col" className="py-1 text-right">
                Abonnés actifs
              </th>
            </tr>
          </thead>
          <tbody>
            {followers.map(({ topic, label, followers: count }) => (
              <tr key={topic} className="border-t border-slate-200">
                <td className="py-1">{label}</td>
                <td className="py-1 text-right font-semibold">{count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export default function Statistics() {
  const { missingKey, period, sort, first, last, site, offers, alertFollowers } = useLoaderData<typeof loader>();
  return (
    <BackOfficePage title="Statistiques">
      {missingKey ? <MissingKey variable={missingKey} /> : null}
      <p className="text-sm text-slate-700">
        Affichages des pages d'offre, copies de code et clics sur les liens de parrainage, comptés par le site sans
        cookie : une répétition venant d'un même réseau le même jour compte une fois, les robots ne comptent pas. Vos
        propres visites comptent comme celles de tout visiteur : rien ne permet au site de vous reconnaître.
      </p>
      <ChoiceLinks
        label="Période"
        choices={PERIODS.map((days) => ({
          key: days,
          text: `${days} jours`,
          to: href(days, sort),
          current: days === period,
        }))}
      />
      <section aria-labelledby="site-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
        <h2 id="site-title" className="text-lg font-bold text-slate-900">
          Tout le site, du {first} au {last}
        </h2>
        <Figures
          large
          figures={[
            ["Affichages", site.views],
            ["Copies", site.copies],
            ["Clics", site.follows],
          ]}
        />
        <FollowsChart
          id="graphique-site"
          values={site.dailyFollows}
          width={340}
          height={120}
          label={`Clics par jour sur tout le site : ${chartText(site.dailyFollows, period)}`}
        />
        <p>
          <a href={`${PATH}.csv?periode=${period}`} className="font-semibold text-indigo-800 underline">
            Exporter ces {period} jours (CSV)
          </a>
        </p>
      </section>
      {alertFollowers !== undefined ? <AlertFollowers followers={alertFollowers} /> : null}
      <ChoiceLinks
        label="Trier les offres"
        intro="Trier par"
        choices={SORT_KEYS.map((key) => ({
          key,
          text: SORT_LABELS[key],
          to: href(period, key),
          current: key === sort,
        }))}
      />
      <ol className="space-y-3" aria-label={`Offres, par ${SORT_LABELS[sort]}`}>
        {offers.map((offer) => (
          <li key={offer.offerSlug} className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4">
            <h2 className="font-bold text-slate-900">{offer.brand}</h2>
            <Figures
              figures={[
                ["Affichages", offer.views],
                ["Copies", offer.copies],
                ["Clics", offer.follows],
                ["Clics par affichage", ratePercent(offer.rate)],
              ]}
            />
            {offer.follows > 0 ? (
              <FollowsChart
                id={`graphique-${offer.offerSlug}`}
                values={offer.dailyFollows}
                width={180}
                height={32}
                label={`Clics par jour sur ${offer.brand} : ${chartText(offer.dailyFollows, period)}`}
              />
            ) : null}
          </li>
        ))}
      </ol>
    </BackOfficePage>
  );
}
