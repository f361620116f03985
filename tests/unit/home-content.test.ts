import { FEEDBACK_RULES } from "@contract/feedback-fields";
import { describe, expect, it } from "vitest";
import { DISPLAY_THRESHOLDS, NOT_VERIFIED } from "~/catalogue/feedback";
import { typeset } from "~/catalogue/typography";
import { HOME_FAQ, HOME_WHY } from "~/content/home";

describe("the home page's FAQ (also sent as FAQPage structured data)", () => {
  const answer = HOME_FAQ.find((item) => item.question === "Les codes fonctionnent-ils vraiment ?")?.answer ?? "";

  it("promises no check the data does not show, and says how offers are checked", () => {
    expect(answer).not.toMatch(/régulièrement|nous vérifions/i);
    expect(answer).toContain("« Vérifié le … »");
    expect(answer).toContain(`« ${NOT_VERIFIED} »`);
    expect(answer).toContain(
      typeset(`dès ${DISPLAY_THRESHOLDS.minVotesForRate} avis sur ${FEEDBACK_RULES.windowDays} jours`),
    );
  });
});

describe("the home page's texts state no amount the offers do not back", () => {
  const texts = [
    ...HOME_WHY.paragraphs,
    ...HOME_WHY.highlights.flatMap((highlight) => [highlight.title, highlight.text]),
    ...HOME_FAQ.flatMap((item) => [item.question, item.answer]),
  ];

  it("adds up no savings: no euro figure, no 'plus de …'", () => {
    for (const text of texts) {
      expect(text).not.toMatch(/\d[\d\s\u202f\u00a0]*(€|euros?)/i);
      expect(text).not.toMatch(/plus de \d|dépasser \d/i);
    }
  });

  it("says a betting credit or a crypto bonus is no saving", () => {
    const answer = HOME_FAQ.find((item) => item.question === "Combien peut-on économiser ?")?.answer ?? "";
    expect(answer).toContain("Un crédit de paris ou un bonus en crypto-actifs n'est pas une économie");
  });
});
