import { Link } from "@remix-run/react";
import { brandIndexHref, brandsCount, type BrandLink } from "~/catalogue/brand-links";
import type { ReactNode } from "react";

/** The initials of the A–Z index of brands, each a link to its page: every brand page a few links away. */
export function BrandInitials({ initials, current }: { initials: { key: string; label: string }[]; current?: string }) {
  return (
    <nav aria-label="Marques de A à Z">
      {/* The links' look is set once here: the strip sits on every listing page, whose HTML is a budget. */}
      <ul className="flex flex-wrap gap-1 text-sm font-semibold [&_a:hover]:bg-indigo-50 [&_a:focus-visible]:outline-none [&_a:focus-visible]:ring-2 [&_a:focus-visible]:ring-indigo-600 [&_a[aria-current]]:bg-indigo-700 [&_a[aria-current]]:text-white [&_a]:inline-flex [&_a]:h-9 [&_a]:min-w-9 [&_a]:items-center [&_a]:justify-center [&_a]:rounded-md [&_a]:border [&_a]:border-slate-200 [&_a]:bg-white [&_a]:px-2 [&_a]:text-indigo-800">
        {initials.map((initial) => (
          <li key={initial.key}>
            <Link to={brandIndexHref(initial.key)} aria-current={initial.key === current ? "page" : undefined}>
              {initial.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A tile of the index: an initial, or a part of one, with how many brands it holds. */
export function IndexTile({ to, label, count }: { to: string; label: string; count: number }) {
  return (
    <Link
      to={to}
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 hover:border-indigo-300 hover:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
    >
      <span className="text-xl font-bold text-indigo-800">{label}</span>
      <span className="text-sm text-slate-600">{brandsCount(count)}</span>
    </Link>
  );
}

/** A page of the A–Z index: its title, what it says and where it leads, then its tiles or its brands. */
export function IndexPage({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-8">
      <header className="space-y-4">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {lead}
      </header>
      {children}
    </div>
  );
}

/** The brands of an initial, or of a part of one, each a link to its page. */
export function BrandLinks({ brands }: { brands: BrandLink[] }) {
  const links = brands.map((brand) => (
    <li key={brand.slug}>
      <Link to={`/offres/${brand.slug}`} className="text-indigo-800 underline-offset-2 hover:underline">
        {brand.brand}
      </Link>
    </li>
  ));
  return <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">{links}</ul>;
}
