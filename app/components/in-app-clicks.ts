import { useNavigate } from "@remix-run/react";
import type { MouseEvent } from "react";

/**
 * A click handler for a list of plain anchors: a plain click on a link to a page of the site becomes client-side
 * navigation, as a Remix `<Link>` would do, without the router work each `<Link>` costs every server render.
 */
export function useInAppClicks() {
  const navigate = useNavigate();
  return function navigateInApp(event: MouseEvent<HTMLElement>) {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const anchor = (event.target as Element).closest("a");
    if (!anchor || anchor.target || anchor.hasAttribute("download") || anchor.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`);
  };
}
