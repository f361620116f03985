import { todayInFrance } from "~/catalogue/dates";
import { offersCsv } from "~/forms/offer-csv";
import { ownerStoreFor } from "~/services/owner/back-office.server";
import { loadCatalogue } from "~/services/pages/offers.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * `/gestion/offres.csv`: every offer, scheduled ones included, with the values visitors see (a row over the offer
 * bundled with it), to edit in a spreadsheet and import back (/gestion/import). The byte-order mark makes Excel read
 * it as UTF-8.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await ownerStoreFor(request);
  const { everyOffer } = await loadCatalogue();
  return new Response(`\uFEFF${offersCsv(everyOffer)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="offres-${todayInFrance()}.csv"`,
    },
  });
}
