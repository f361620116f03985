import { randomUUID } from "node:crypto";
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useHydrated } from "./components/hydrated";
import { JsonLd } from "./components/json-ld";
import { deferredPart } from "./components/lazy-on-client";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { ToastProvider } from "./components/toast";
import { useNonce } from "./nonce";
import { getConfig } from "./services/config/env.server";
import { MENU_CATEGORIES, navLinks } from "./services/pages/menu.server";
import { readFlashToast } from "./services/toast.server";
import stylesheet from "./tailwind.css";
import type { ToastMessage } from "./components/toast-context";

const NotFound = deferredPart("NotFound");
const ErrorPage = deferredPart("ErrorPage");

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const config = getConfig();
  const flash = await readFlashToast(request);
  const toast: ToastMessage | null = flash.toast
    ? {
        id: randomUUID(),
        title: flash.toast.message,
        description: flash.toast.description,
        variant: flash.toast.type === "error" ? "error" : flash.toast.type === "success" ? "success" : "info",
        duration: flash.toast.duration ?? 5_000,
      }
    : null;
  return data(
    {
      siteName: config.siteName,
      siteUrl: config.siteUrl,
      year: new Date().getFullYear(),
      toast,
      // The phone menu's categories, as data: their code would weigh on every page's first load.
      menuCategories: MENU_CATEGORIES,
      // "Guides" once one is published, from the guides kept in memory: no read of the database per page.
      navLinks: await navLinks(),
    },
    { headers: flash.headers },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return [{ title: "Page introuvable - 404" }, { name: "robots", content: "noindex, follow" }];
  }
  if (isRouteErrorResponse(error) && error.status === 413) {
    return [{ title: "Formulaire trop volumineux" }, { name: "robots", content: "noindex, follow" }];
  }
  if (error) return [{ title: "Erreur" }, { name: "robots", content: "noindex, follow" }];
  return [{ title: data?.siteName ?? "CodeParrain" }];
};

function PendingBar() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-indigo-100"
      role="progressbar"
      aria-label="Chargement de la page"
    >
      <div className="h-full w-1/3 animate-pulse bg-indigo-700" />
    </div>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const siteName = data?.siteName ?? "CodeParrain";
  const hydrated = useHydrated();
  // Lets automated checks know that the page is now interactive, its controls included (error pages too).
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "true";
  }, [hydrated]);
  return (
    <html lang="fr" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4338ca" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col bg-slate-50 text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-indigo-800 focus:shadow"
        >
          Aller au contenu principal
        </a>
        <ToastProvider serverToast={data?.toast ?? null}>
          <PendingBar />
          <SiteHeader siteName={siteName} categories={data?.menuCategories ?? []} links={data?.navLinks} />
          <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none">
            {children}
          </main>
          <SiteFooter siteName={siteName} year={data?.year ?? new Date().getFullYear()} links={data?.navLinks} />
        </ToastProvider>
        <JsonLd
          data={{
            "@context": "https://schema.org",
            "@type": "WebSite",
            name: siteName,
            url: data?.siteUrl,
            inLanguage: "fr-FR",
            potentialAction: {
              "@type": "SearchAction",
              target: { "@type": "EntryPoint", urlTemplate: `${data?.siteUrl ?? ""}/offres?q={search_term_string}` },
              "query-input": "required name=search_term_string",
            },
          }}
        />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound data={error.data} />;
  }
  // Requests the site refuses (form too large, wrong content type) carry a French sentence for the visitor; anything
  // else is the site's fault.
  const refusal =
    isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string" ? error.data : undefined;
  return <ErrorPage refusal={refusal || undefined} pathname={location.pathname} />;
}
