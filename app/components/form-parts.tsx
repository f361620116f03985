/** A brand page's forms that load when a visitor opens one, in one file with their form library. */
export { QuestionForm } from "./question-form";
export { TestimonialForm, TestimonialList } from "./testimonials";
