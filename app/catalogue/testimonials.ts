import { experienceMonth, reasonLabel } from "@contract/testimonial-fields";
import { formatFrenchDate } from "./dates";
import { pageOf, type PageOf } from "./pagination";
import { RETENTIONS } from "./retentions";

/** Testimonials a brand page shows per page, newest first. */
export const TESTIMONIALS_PER_PAGE = 5;
/** The home page's cards. */
export const HOME_TESTIMONIAL_COUNT = 3;

/** A published testimonial, as the pages read it from the backend. */
export interface Testimonial {
  id: number;
  offerSlug: string;
  name: string;
  text: string;
  /** "YYYY-MM". */
  experiencedIn: string;
  /** ISO timestamp. */
  publishedAt: string;
  featured: boolean;
}

/** What a page shows of one: its words, who, when they used the offer and when it was published. */
export interface TestimonialView {
  id: number;
  name: string;
  text: string;
  /** "octobre 2026". */
  experience: string;
  /** "21 novembre 2026". */
  publishedOn: string;
  /** YYYY-MM-DD, for schema.org. */
  publishedDate: string;
}

export function toTestimonialView(testimonial: Testimonial): TestimonialView {
  return {
    id: testimonial.id,
    name: testimonial.name,
    text: testimonial.text,
    experience: experienceMonth(testimonial.experiencedIn),
    publishedOn: formatFrenchDate(testimonial.publishedAt),
    publishedDate: testimonial.publishedAt.slice(0, 10),
  };
}

const newestFirst = (a: Testimonial, b: Testimonial) => b.publishedAt.localeCompare(a.publishedAt) || b.id - a.id;

/** Page `page` of one offer's published testimonials, newest first; undefined past the last page. */
export function offerTestimonials(
  all: readonly Testimonial[],
  offerSlug: string,
  page: number,
): PageOf<Testimonial> | undefined {
  const ofOffer = all.filter((testimonial) => testimonial.offerSlug === offerSlug).sort(newestFirst);
  return pageOf(ofOffer, page, TESTIMONIALS_PER_PAGE);
}

/**
 * The home page's cards: the owner's choices, newest first, topped up with the newest published; of offers the site
 * still lists (`listed`).
 */
export function homeTestimonials(all: readonly Testimonial[], listed: (offerSlug: string) => boolean): Testimonial[] {
  const shown = all.filter((testimonial) => listed(testimonial.offerSlug)).sort(newestFirst);
  const chosen = shown.filter((testimonial) => testimonial.featured);
  return [...chosen, ...shown.filter((testimonial) => !testimonial.featured)].slice(0, HOME_TESTIMONIAL_COUNT);
}

/**
 * The one e-mail an address typed in the form gets until its owner confirms it: it says who asked, what confirming
 * does, and that ignoring it is enough. It carries no erasure link (that is shown on the thank-you page): whoever
 * typed a stranger's address sends them nothing of the testimonial.
 */
export function testimonialConfirmationMail(brand: string, link: string) {
  return {
    subject: `Confirmez votre adresse pour votre témoignage sur ${brand}`,
    body: [
      "Bonjour,",
      "",
      `Cette adresse a été donnée avec un témoignage sur ${brand}, pour apprendre s'il est publié.`,
      "",
      "Si c'est vous, confirmez-la en ouvrant ce lien puis en cliquant sur le bouton de la page :",
      link,
      "",
      "Si ce n'est pas vous, ignorez ce message : rien d'autre ne vous sera envoyé, et l'adresse sera effacée à la " +
        "décision du responsable du site.",
    ].join("\n"),
  };
}

/** The e-mail telling the author what the owner decided, with the reason of a refusal. */
export function outcomeMail(brand: string, decision: "publish" | "refuse", reason: string | null, pageUrl: string) {
  if (decision === "publish") {
    return {
      subject: `Votre témoignage sur ${brand} est publié`,
      body: [
        "Bonjour,",
        "",
        `Votre témoignage sur ${brand} est publié : ${pageUrl}`,
        "",
        "Le lien d'effacement reçu avec votre témoignage reste valable. Votre adresse e-mail est maintenant effacée.",
      ].join("\n"),
    };
  }
  return {
    subject: `Votre témoignage sur ${brand} n'a pas été publié`,
    body: [
      "Bonjour,",
      "",
      `Votre témoignage sur ${brand} n'a pas été publié. Raison : ${reasonLabel(reason ?? "other")}.`,
      "",
      `Il sera effacé dans ${RETENTIONS.refusedTestimonialDays} jours. Votre adresse e-mail est maintenant effacée.`,
    ].join("\n"),
  };
}

/** The line naming a new testimonial in the owner's alert digest. */
export const pendingAlert = (brand: string) => `[Témoignage] Nouveau témoignage à modérer sur ${brand}`;
