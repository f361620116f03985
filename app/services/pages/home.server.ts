import { HOME_FAQ, HOME_STEPS, HOME_WHY } from "~/content/home";

/**
 * The home page's texts, sent as the page's data rather than in its script: they are shown once, on this page only,
 * and the first-load JavaScript budget is better spent on code.
 */
export const homeContent = () => ({ why: HOME_WHY, steps: HOME_STEPS, faq: HOME_FAQ });
