import { createContext, startTransition, useContext, useEffect, useState } from "react";

let hydrating = true;

/**
 * True around parts whose code loads after the page's (deferred parts, a disclosure's late content): they hydrate
 * later than the rest, and must render as the server did then too, whatever the rest of the page has become.
 */
export const LateHydration = createContext(false);

/**
 * False in the server HTML and during hydration, true once JavaScript runs: for controls that need it. The switch
 * after hydration is a transition, so React re-renders a listing's many copy buttons in slices the browser can
 * interrupt rather than in one long task; what mounts later in the browser is true at once.
 */
export function useHydrated(): boolean {
  const late = useContext(LateHydration);
  const [hydrated, setHydrated] = useState(() => !hydrating && !late);
  useEffect(() => {
    hydrating = false;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
