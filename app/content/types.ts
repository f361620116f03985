export interface TitledText {
  title: string;
  text: string;
}

export interface FaqItem {
  question: string;
  answer: string;
}

/** A visitor's review: real, and published with its author's consent (see HOME_TESTIMONIALS). */
export interface Testimonial {
  name: string;
  city: string;
  text: string;
}

export interface WhySection {
  title: string;
  paragraphs: string[];
  highlights: TitledText[];
}

export interface IntroSection {
  title: string;
  paragraphs: string[];
}

export interface FaqItemWithContact extends FaqItem {
  contactLink?: boolean;
}
