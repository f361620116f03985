import { FEEDBACK_RULES } from "@contract/feedback-fields";
import { describe, expect, it } from "vitest";
import { DISPLAY_THRESHOLDS, NOT_VERIFIED } from "~/catalogue/feedback";
import { HOME_FAQ } from "~/content/home";

describe("the home page's FAQ (also sent as FAQPage structured data)", () => {
  const answer = HOME_FAQ.find((item) => item.question === "Les codes fonctionnent-ils vraiment ?")?.answer ?? "";

  it("promises no check the data does not show, and says how offers are checked", () => {
    expect(answer).not.toMatch(/régulièrement|nous vérifions/i);
    expect(answer).toContain("« Vérifié le … »");
    expect(answer).toContain(`« ${NOT_VERIFIED} »`);
    expect(answer).toContain(`dès ${DISPLAY_THRESHOLDS.minVotesForRate} avis sur ${FEEDBACK_RULES.windowDays} jours`);
  });
});
