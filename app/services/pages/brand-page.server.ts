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
import { canonicalSlug, forgivenSlug } from "~/catalogue/slugs";
import { ASK_REASON_PARAMETER } from "~/forms/feedback-form";
import { messageFormConstraint } from "~/forms/message-action.server";
import { alertFormHtml } from "~/services/alerts/alert-form-html.server";
import { alertStore } from "~/services/alerts/visitor-alerts.server";
import { pathForLog } from "../http/access-log.server";
import { log } from "../log.server";
import { guideLinksHtml } from "./guide-links.server";
import { guidesNaming, loadWriting } from "./guides.server";
import { closestBrands } from "./listing.server";
import { offerHistory } from "./offer-history.server";
import { findBrandOffer, toCardView, tryLoadCatalogue, UNAVAILABLE, type Catalogue } from "./offers.server";
import { brandPageImage } from "./share-images.server";
import { similarOffersHtml } from "./similar-offers.server";
import { brandTexts } from "./site-texts.server";
import { brandTestimonials } from "./testimonials.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { OfferCardView } from "~/catalogue/card";
import type { UnknownBrand } from "~/components/not-found";

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
    const forgiven = forgivenSlug(catalogue.offers, slug);
    if (forgiven) return redirect(`/offres/${forgiven}${new URL(request.url).search}`, 301);
    log.warn(`404 : aucune offre pour ${pathForLog(new URL(request.url).pathname)}`);
    throw unknownBrand(catalogue, requested);
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
  const shareText = shareTextOf(card);
  if (card.warning) card.warning = warningText(card.regulated, true);
  const history = await offerHistory(slug, HISTORY_SHOWN);
  const categoryLabel = offer.category ? categoryById(offer.category).label : null;
  const writing = await loadWriting();
  const { sections, faqJsonLd } = brandTexts(writing, slug, offer.brand);
  return {
    // "Me prévenir", when the site sends alerts.
    alertForm: (await alertStore())
      ? alertFormHtml(alertFormView({ kind: "marque", slug: offer.slug }, offer.brand, offer.category === "betting"))
      : null,
    unavailable: false as const,
    // The offers of its category, then the guides naming it: plain links, none of their code in the page's JavaScript.
    relatedHtml:
      [
        similarOffersHtml(catalogue.offers, offer, catalogue.today, categoryLabel),
        guideLinksHtml(`Nos guides sur ${offer.brand}`, guidesNaming(writing, offer.slug)),
      ]
        .filter(Boolean)
        .join("") || null,
    submissionId: randomUUID(),
    ...testimonials,
    questionConstraint: messageFormConstraint("question"),
    askReason: new URL(request.url).searchParams.get(ASK_REASON_PARAMETER) === "non",
    brand: {
      ...card,
      serviceDescription: offer.serviceDescription,
      shareText,
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
      categoryLabel,
      sections,
    },
    shareImage: brandPageImage(offer, catalogue),
    faqJsonLd,
    history: history.map((entry) => ({
      on: entry.recordedAt.slice(0, 10),
      date: formatFrenchDate(entry.recordedAt),
      change: entry.change,
      lines: describeChange(entry),
    })),
  };
}

/** The longest name an unknown brand page repeats (search field, proposal link). */
const TYPED_NAME_LENGTH = 60;

/**
 * The 404 of a brand the site does not list: what the visitor typed, to search it, the closest brands, and a way to
 * propose it (components/not-found.tsx).
 */
function unknownBrand(catalogue: Catalogue, requested: string): Response {
  const typed = requested.replace(/[-_]+/g, " ").trim().slice(0, TYPED_NAME_LENGTH);
  const body: UnknownBrand = { typed, closest: closestBrands(catalogue, typed) };
  return new Response(JSON.stringify(body), { status: 404, headers: { "Content-Type": "application/json" } });
}

/**
 * What a shared brand page says: the offer and its code, "BoursoBank : jusqu'à 200 € avec le code BOURSO…"; the
 * offer alone when it has no code to give (an instruction, expired, or being completed).
 */
export function shareTextOf(card: OfferCardView): string {
  const headline = /^\p{Lu}\p{Ll}/u.test(card.headline)
    ? card.headline.charAt(0).toLowerCase() + card.headline.slice(1)
    : card.headline;
  const code = card.code && !card.codeIsInstruction && !card.expired && !card.awaiting ? card.code : null;
  // The code as the owner wrote it: never typeset.
  return `${card.brand} : ${headline}${code ? ` avec le code ${code}` : ""}`;
}
