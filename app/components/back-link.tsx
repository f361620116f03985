import { ArrowLeftIcon } from "@heroicons/react/20/solid";
import { Link, useLocation, useNavigate } from "@remix-run/react";

/** Goes back in history when the visitor came from another page of the site; otherwise, and without JavaScript, to `fallback`. */
export function BackLink({ fallback, label = "Retour aux offres" }: { fallback: string; label?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Link
      to={fallback}
      onClick={(event) => {
        if (location.key !== "default") {
          event.preventDefault();
          navigate(-1);
        }
      }}
      className="inline-flex items-center gap-1 rounded-md text-sm font-semibold text-indigo-800 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
    >
      <ArrowLeftIcon className="h-4 w-4" aria-hidden="true" />
      {label}
    </Link>
  );
}
