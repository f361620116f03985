import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { canonicalSlug } from "~/catalogue/slugs";

/** /codes/{slug} is an old address of the brand page: a permanent redirect to /offres/{slug}. */
export function loader({ params }: LoaderFunctionArgs) {
  const slug = (params.slug ?? "").trim().toLowerCase();
  if (!slug) return redirect("/codes", 301);
  return redirect(`/offres/${encodeURIComponent(canonicalSlug(slug))}`, 301);
}
