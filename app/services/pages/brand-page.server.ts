import { randomUUID } from "node:crypto";
import { data, redirect } from "@remix-run/node";
import { alertFormView } from "~/catalogue/alert-topics";
import { categoryById } from "~/catalogue/categories";
import { formatFrenchDate, isExpired } from "~/catalogue/dates";
import { describeChange, HISTORY_SHOWN } from "~/catalogue/history";
import { takesVotes } from "~/catalogue/offer-rules";
import { parsePageNumber } from "~/catalogue/pagination";
import { warningText } from "~/catalogue/risk-warnings";
import { TESTIMONIAL_PAGE_PARAMETER } from "~/catalogue/site-pages";
import { canonicalSlug } from "~/catalogue/slugs";
import { BRAND_SECTIONS } from "~/content/brand-sections";
import { ASK_REASON_PARAMETER } from "~/forms/feedback-form";
import { messageFormConstraint } from "~/forms/message-action.server";
import { alertFormHtml } from "~/services/alerts/alert-form-html.server";
import { alertStore } from "~/services/alerts/visitor-alerts.server";
import { pathForLog } from "../http/access-log.server";
import { log } from "../log.server";
import { brandFaqJsonLd } from "./brand-faq.server";
import { offerHistory } from "./offer-history.server";
import { findBrandOffer, toCardView, tryLoadCatalogue, UNAVAILABLE } from "./offers.server";
import { brandPageImage } from "./share-images.server";
import { brandTestimonials } from "./testimonials.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * What a brand page (/offres/{slug}) shows, read on the server: its offer as a card view and in full, its
 * testimonials, history, share image and forms' settings. Kept out of the route file so that the page's script
 * carries none of the modules it reads.
 */
export async function loadBrandPage({ params, request }: Pick<LoaderFunctionArgs, "params" | "request">) {
  const requested = params.slug ?? "";
  const slug = canonicalSlug(requested.toLowerCase());
  if (slug !== requested) {
    return redirect(`/offres/${encodeURIComponent(slug)}${new URL(request.url).search}`, 301);
  }
  const catalogue = await tryLoadCatalogue();
  if (!catalogue) return data({ unavailable: true as const, brand: null }, UNAVAILABLE);

  const offer = findBrandOffer(catalogue, slug);
  if (!offer) {
    log.warn(`404 : aucune offre pour ${pathForLog(new URL(request.url).pathname)}`);
    throw new Response("Offre introuvable", { status: 404 });
  }
  const testimonialPage = parsePageNumber(new URL(request.url).searchParams.getAll(TESTIMONIAL_PAGE_PARAMETER));
  // An ended offer asks nothing: neither a vote nor a testimonial would tell a visitor anything now.
  const testimonials =
    testimonialPage === undefined
      ? undefined
      : await brandTestimonials(slug, testimonialPage, takesVotes(offer, catalogue.today));
  if (!testimonials) throw new Response("Page introuvable", { status: 404 });
  // The brand page has room for the longer warning.
  const card = toCardView(offer, catalogue);
  if (card.warning) card.warning = warningText(card.regulated, true);
  const history = await offerHistory(slug, HISTORY_SHOWN);
  return {
    // "Me prévenir", when the site sends alerts.
    alertForm: (await alertStore())
      ? alertFormHtml(alertFormView({ kind: "marque", slug: offer.slug }, offer.brand, offer.category === "betting"))
      : null,
    unavailable: false as const,
    submissionId: randomUUID(),
    ...testimonials,
    questionConstraint: messageFormConstraint("question"),
    askReason: new URL(request.url).searchParams.get(ASK_REASON_PARAMETER) === "non",
    brand: {
      ...card,
      serviceDescription: offer.serviceDescription,
      link: offer.link,
      acceptsVotes: takesVotes(offer, catalogue.today),
      description: offer.description,
      conditions: offer.conditions,
      conditionsCheckedOn: offer.verifiedOn ? formatFrenchDate(offer.verifiedOn) : null,
      referrerReward: offer.referrerReward ?? null,
      details: offer.details ?? [],
      advantages: offer.advantages,
      // Formatted here: the French date format would cost the browser tens of milliseconds to build on load.
      expiredOn: offer.validUntil && isExpired(offer, catalogue.today) ? formatFrenchDate(offer.validUntil) : undefined,
      categoryLabel: offer.category ? categoryById(offer.category).label : null,
      sections: BRAND_SECTIONS[slug] ?? null,
    },
    shareImage: brandPageImage(offer, catalogue),
    faqJsonLd: brandFaqJsonLd(slug),
    history: history.map((entry) => ({
      on: entry.recordedAt.slice(0, 10),
      date: formatFrenchDate(entry.recordedAt),
      change: entry.change,
      lines: describeChange(entry),
    })),
  };
}
