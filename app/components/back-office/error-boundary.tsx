import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { ErrorPage } from "~/components/error-page";
import { NotFound } from "~/components/not-found";
import { keptFormOf } from "~/forms/kept-form";
import { KeptFormPage } from "./kept-form";

/**
 * The back office's pages' error boundary: a form that could not be taken comes back with what it held
 * (KeptFormPage); any other error is shown as on the rest of the site. Kept in the back office's own code, so that
 * the visitors' pages carry none of it.
 */
export function BackOfficeErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  if (isRouteErrorResponse(error)) {
    const kept = keptFormOf(error.data);
    if (kept) return <KeptFormPage kept={kept} />;
    if (error.status === 404) return <NotFound />;
    if (typeof error.data === "string" && (error.status < 500 || error.status === 503)) {
      return <ErrorPage refusal={error.data} pathname={location.pathname} />;
    }
  }
  return <ErrorPage pathname={location.pathname} />;
}
