import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { categoryOfPathWord } from "~/catalogue/listing-address";
import { canonicalSlug } from "~/catalogue/slugs";

/**
 * /codes/{slug} is an old address of the brand page: a permanent redirect to /offres/{slug}. /codes/{catégorie}
 * ("crypto", "paris"…) leads to that category's listing.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const slug = (params.slug ?? "").trim().toLowerCase();
  if (!slug) return redirect("/codes", 301);
  const category = categoryOfPathWord(slug);
  if (category) return redirect(category === "all" ? "/codes" : `/codes?cat=${category}`, 301);
  return redirect(`/offres/${encodeURIComponent(canonicalSlug(slug))}`, 301);
}
