import {
  experienceMonth,
  reportFormSchema,
  testimonialFormSchema,
  TESTIMONIAL_MESSAGES,
} from "@contract/testimonial-contract";
import { describe, expect, it } from "vitest";
import {
  homeTestimonials,
  offerTestimonials,
  outcomeMail,
  toTestimonialView,
  type Testimonial,
} from "~/catalogue/testimonials";

let next = 0;
const testimonial = (changes: Partial<Testimonial> = {}): Testimonial => ({
  id: (next += 1),
  offerSlug: "binance",
  name: "Anne",
  text: "Bonus reçu en une semaine.",
  experiencedIn: "2026-10",
  publishedAt: `2026-11-${String(next).padStart(2, "0")}T10:00:00.000Z`,
  featured: false,
  ...changes,
});

describe("the home page's testimonials", () => {
  it("are the owner's picks first, newest first, topped up with the newest published", () => {
    const [old, picked, newest, pickedLater, other] = [
      testimonial(),
      testimonial({ featured: true }),
      testimonial(),
      testimonial({ featured: true }),
      testimonial(),
    ];
    const shown = homeTestimonials([old!, picked!, newest!, pickedLater!, other!], () => true);
    expect(shown.map((one) => one.id)).toEqual([pickedLater!.id, picked!.id, other!.id]);
  });

  it("leave out offers the site no longer lists, and are none when nothing is published", () => {
    const gone = testimonial({ offerSlug: "disparue", featured: true });
    const kept = testimonial();
    expect(homeTestimonials([gone, kept], (slug) => slug !== "disparue")).toEqual([kept]);
    expect(homeTestimonials([], () => true)).toEqual([]);
  });
});

describe("a brand page's testimonials", () => {
  it("are its offer's only, newest first, five a page; a page past the last is none", () => {
    const all = [...Array.from({ length: 7 }, () => testimonial()), testimonial({ offerSlug: "bolt" })];
    const first = offerTestimonials(all, "binance", 1);
    expect(first?.items.map((one) => one.id)).toEqual([7, 6, 5, 4, 3].map((n) => all[n - 1]!.id));
    expect(first?.count).toBe(2);
    expect(offerTestimonials(all, "binance", 2)?.items).toHaveLength(2);
    expect(offerTestimonials(all, "binance", 3)).toBeUndefined();
    expect(offerTestimonials(all, "inconnue", 1)?.items).toEqual([]);
  });

  it("say the month of the experience and the day of publication in French", () => {
    expect(
      toTestimonialView(testimonial({ experiencedIn: "2026-02", publishedAt: "2026-11-21T23:30:00.000Z" })),
    ).toMatchObject({ experience: "février 2026", publishedOn: "22 novembre 2026", publishedDate: "2026-11-21" });
    expect(experienceMonth("2025-08-01")).toBe("août 2025");
  });
});

describe("the e-mail telling the author the outcome", () => {
  it("names the brand, the page once published, the reason of a refusal", () => {
    expect(outcomeMail("Binance", "publish", null, "https://exemple.fr/offres/binance")).toMatchObject({
      subject: "Votre témoignage sur Binance est publié",
      body: expect.stringContaining("https://exemple.fr/offres/binance"),
    });
    const refused = outcomeMail("Binance", "refuse", "personal-data", "");
    expect(refused.subject).toBe("Votre témoignage sur Binance n'a pas été publié");
    expect(refused.body).toContain("Raison : Données personnelles.");
  });
});

describe("the testimonial form's rules", () => {
  const now = new Date("2026-11-30T23:30:00Z"); // 1 December in Paris
  const valid = { text: "Bonus reçu en une semaine, très simple.", month: "12", year: "2026", consent: "oui" };
  const errors = (values: Record<string, string>) => {
    const parsed = testimonialFormSchema(now).safeParse(values);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  };

  it("take the current month in Paris, not the next, and no name as none", () => {
    const parsed = testimonialFormSchema(now).safeParse({ ...valid, name: "  " });
    expect(parsed.success && parsed.data.name).toBeUndefined();
    expect(errors({ ...valid, month: "01", year: "2027" })).toEqual([TESTIMONIAL_MESSAGES.yearRequired]);
    expect(errors({ ...valid, month: "12", year: "2025" })).toEqual([]);
    const later = new Date("2026-11-15T12:00:00Z");
    expect(
      testimonialFormSchema(later)
        .safeParse(valid)
        .error?.issues.map((issue) => issue.message),
    ).toEqual([TESTIMONIAL_MESSAGES.inFuture]);
  });

  it("refuse a text of spaces, bidi or invisible marks, an address-like name, and no consent", () => {
    expect(errors({ ...valid, text: `Court${" ".repeat(30)}` })).toEqual([TESTIMONIAL_MESSAGES.textTooShort]);
    expect(errors({ ...valid, text: "Super offre \u202e moc.liam@ vraiment top." })).toEqual([
      TESTIMONIAL_MESSAGES.textInvalid,
    ]);
    expect(errors({ ...valid, text: "Super offre\u200b, vraiment top !" })).toEqual([TESTIMONIAL_MESSAGES.textInvalid]);
    expect(errors({ ...valid, name: "Support <aide@binance.com>" })).toHaveLength(1);
    expect(errors({ text: valid.text, month: "12", year: "2026" })).toEqual([TESTIMONIAL_MESSAGES.consentRequired]);
  });
});

describe("a notice's explanation", () => {
  it("keeps its lines, and refuses what is invisible, reordering or controlling, as the testimonial does", () => {
    const details = (text: string) => reportFormSchema.safeParse({ reason: "other", details: text });
    expect(details("Ce témoignage est une publicité.\n\tVoir le lien.").success).toBe(true);
    for (const odd of ["\u202e", "\u2066", "\u200b", "\u200f", "\u00ad", "\u0000", "\u001b[2J"]) {
      const parsed = details(`Ce témoignage ${odd}est faux.`);
      expect(parsed.success, JSON.stringify(odd)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(TESTIMONIAL_MESSAGES.detailsInvalid);
    }
  });
});
