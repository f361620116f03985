import { faqJsonLd } from "~/components/faq";
import { BRAND_SECTIONS } from "~/content/brand-sections";

/**
 * The FAQPage structured data of a brand's hand-written questions, if it has any: built by the loader, so that the
 * brand page's script carries neither the questions' component nor this function.
 */
export function brandFaqJsonLd(slug: string) {
  const faq = BRAND_SECTIONS[slug]?.faq;
  return faq?.length ? faqJsonLd(faq) : null;
}
