import { Link, useNavigate } from "@remix-run/react";
import { Icon } from "./icon";
import type { MouseEvent } from "react";

/**
 * Whether the previous history entry is a page of this site visited in this document. The router numbers
 * its entries in `history.state.idx`: 0 for the page the visitor landed on, then 1, 2… for each
 * client-side navigation. (`location.key` cannot tell: Remix's ScrollRestoration gives even the landing
 * entry a key, so a visitor arriving from a search engine would be sent back to it.)
 */
function cameFromThisSite(): boolean {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === "number" && state.idx > 0;
}

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** Goes back in history when the visitor came from another page of the site; otherwise, and without JavaScript, to `fallback`. */
export function BackLink({ fallback, label = "Retour aux offres" }: { fallback: string; label?: string }) {
  const navigate = useNavigate();
  return (
    <Link
      to={fallback}
      onClick={(event) => {
        if (isPlainClick(event) && cameFromThisSite()) {
          event.preventDefault();
          navigate(-1);
        }
      }}
      className="inline-flex items-center gap-1 rounded-md text-sm font-semibold text-indigo-800 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
    >
      <Icon name="back" className="h-4 w-4" />
      {label}
    </Link>
  );
}
