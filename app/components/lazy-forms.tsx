import * as formsOnServer from "./form-parts.server";
import { deferredFrom } from "./lazy-on-client";
import type * as FormParts from "./form-parts";

let loadingForms: Promise<typeof FormParts> | undefined;

/**
 * A brand page's forms a visitor opens (a question, a testimonial) and the testimonials' notices: they and their form
 * library load in one file, right after the page hydrates, out of its first load; their server HTML is a working
 * form meanwhile. Apart from lazy-on-client, which every page loads.
 */
export function deferredFormPart<N extends keyof typeof FormParts & string>(name: N): (typeof FormParts)[N] {
  return deferredFrom<typeof FormParts>(formsOnServer, () => (loadingForms ??= import("./form-parts")))(name);
}
