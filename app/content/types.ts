export interface TitledText {
  title: string;
  text: string;
}

export interface FaqItem {
  question: string;
  answer: string;
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
