import { audienceCsv, periodDays } from "~/catalogue/audience";
import { todayInFrance } from "~/catalogue/dates";
import { findOfferBySlug } from "~/catalogue/offers";
import { ownerStoreFor } from "~/services/owner/back-office.server";
import { loadOffers } from "~/services/pages/offers.server";
import { choices } from "./gestion_.statistiques";
import type { LoaderFunctionArgs } from "@remix-run/node";

/** `/gestion/statistiques.csv?periode=N`: the period's daily totals per offer, for a spreadsheet. */
export async function loader({ request }: LoaderFunctionArgs) {
  const store = await ownerStoreFor(request);
  const days = periodDays(todayInFrance(), choices(new URL(request.url)).period);
  const [{ offers }, counts] = await Promise.all([loadOffers(), store.offerCountsSince(days[0] ?? "")]);
  return new Response(
    audienceCsv(counts, (slug) => findOfferBySlug(offers, slug)?.brand ?? slug),
    {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="audience-${days[0]}-${days.at(-1)}.csv"`,
      },
    },
  );
}
