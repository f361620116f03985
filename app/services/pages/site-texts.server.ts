/**
 * The site's texts as pages show them (content/site-texts.ts): the owner's edit, read with the guides
 * (WritingShelf.texts) and set in French spacing once per change, or the bundled text. A page view computes nothing:
 * each text, and each FAQ's structured data, is made once per shelf read.
 */
import { typeset } from "~/catalogue/typography";
import { faqJsonLd } from "~/components/faq";
import {
  BRAND_TEXT_PREFIX,
  brandSectionsOf,
  siteText,
  textValue,
  type Pair,
  type SiteText,
  type TextValue,
} from "~/content/site-texts";
import type { WritingShelf } from "~/services/backend/guide-store.server";

/** What is made once for `owner` (a shelf's texts, a text's value) and `key`. */
const made = new WeakMap<object, Map<string, unknown>>();
function once<T>(owner: object, key: string, make: () => T): T {
  let kept = made.get(owner);
  if (!kept) made.set(owner, (kept = new Map()));
  if (!kept.has(key)) kept.set(key, make());
  return kept.get(key) as T;
}

/** Every text of a value in French spacing (a preview's too). */
export const typesetAll = (value: unknown): unknown =>
  typeof value === "string"
    ? typeset(value)
    : Array.isArray(value)
      ? value.map(typesetAll)
      : Object.fromEntries(Object.entries(value as object).map(([name, field]) => [name, typesetAll(field)]));

/** A text as its page shows it. */
export function shownText(shelf: WritingShelf | null, text: SiteText): TextValue {
  const stored = shelf?.texts.get(text.key);
  if (!shelf || stored === undefined) return text.original;
  return once(shelf.texts, text.key, () => typesetAll(textValue(text, stored)) as TextValue);
}

const pageText = (key: string) => siteText(key) as SiteText;
const questions = (pairs: Pair[]) => pairs.map(([question, answer]) => ({ question, answer }));
const titledTexts = (pairs: Pair[]) => pairs.map(([title, text]) => ({ title, text }));

/** A list of questions and its FAQPage structured data, made once for the text's value. */
const faqWithData = <Item extends { question: string; answer: string }>(value: TextValue, faq: Item[]) => ({
  faq,
  faqJsonLd: once(value, "faq", () => faqJsonLd(faq)),
});

/** The home page's texts: its banner's sentence, "Pourquoi…", the steps and the FAQ. */
export function homeTexts(shelf: WritingShelf | null) {
  const why = shownText(shelf, pageText("accueil-pourquoi"));
  const faq = shownText(shelf, pageText("accueil-faq"));
  return {
    banner: shownText(shelf, pageText("accueil-bandeau")).text as string,
    why: {
      title: why.title as string,
      paragraphs: why.paragraphs as string[],
      highlights: titledTexts(why.highlights as Pair[]),
    },
    steps: titledTexts(shownText(shelf, pageText("accueil-etapes")).steps as Pair[]),
    ...faqWithData(faq, questions(faq.faq as Pair[])),
  };
}

/** The texts under /offres's listing; an answer that speaks of the contact page is followed by a link to it. */
export function offresTexts(shelf: WritingShelf | null) {
  const intro = shownText(shelf, pageText("offres-introduction"));
  const faq = shownText(shelf, pageText("offres-faq"));
  return {
    intro: { title: intro.title as string, paragraphs: intro.paragraphs as string[] },
    howTo: titledTexts(shownText(shelf, pageText("offres-etapes")).steps as Pair[]),
    ...faqWithData(
      faq,
      questions(faq.faq as Pair[]).map((item) => ({ ...item, contactLink: /page de contact/i.test(item.answer) })),
    ),
  };
}

/** Each brand's bundled sections, made once. */
const BUNDLED = {};

/** A brand page's hand-written sections and their questions' structured data, or nulls when it has none. */
export function brandTexts(shelf: WritingShelf | null, slug: string, brand: string) {
  const key = `${BRAND_TEXT_PREFIX}${slug}`;
  const edited = shelf?.texts.has(key) ? shelf.texts : null;
  return once(edited ?? BUNDLED, key, () => {
    const value = shownText(shelf, siteText(key, brand) as SiteText);
    const sections = brandSectionsOf(value);
    return { sections, faqJsonLd: sections?.faq?.length ? faqJsonLd(sections.faq) : null };
  });
}
