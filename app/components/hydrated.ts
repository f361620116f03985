import { startTransition, useEffect, useState } from "react";

let hydrating = true;

/**
 * False in the server HTML and during hydration, true once JavaScript runs: for controls that need it. The switch
 * after hydration is a transition, so React re-renders a listing's many copy buttons in slices the browser can
 * interrupt rather than in one long task; what mounts later in the browser is true at once.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !hydrating);
  useEffect(() => {
    hydrating = false;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
