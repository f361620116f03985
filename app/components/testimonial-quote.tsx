import type { TestimonialView } from "~/catalogue/testimonials";

/** One published testimonial: the words, who, the month of the experience, the day of publication. */
export function TestimonialQuote({ testimonial }: { testimonial: TestimonialView }) {
  return (
    <figure className="space-y-2">
      <blockquote className="whitespace-pre-line text-slate-800">« {testimonial.text} »</blockquote>
      <figcaption className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{testimonial.name}</span>, offre utilisée en{" "}
        {testimonial.experience} · publié le {testimonial.publishedOn}
      </figcaption>
    </figure>
  );
}
