import { useEffect, useRef, type ReactNode } from "react";

/**
 * A form or block a visitor opens when they want it: a native `<details>`, so it opens without JavaScript. It is
 * rendered open when `open` says so (a form answered with an error or a thank-you), and it opens when the address
 * points at `anchor`, the block around its content: browsers that reveal a fragment's target in a closed `<details>`
 * do it themselves, the effect does it for the others and for a link followed within the page.
 */
export function Disclosure({
  summary,
  open = false,
  anchor,
  className = "",
  children,
}: {
  summary: string;
  open?: boolean;
  anchor?: string;
  className?: string;
  children: ReactNode;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const element = details.current;
    if (!element) return;
    function revealTarget() {
      const id = decodeURIComponent(window.location.hash.slice(1));
      const target = id ? document.getElementById(id) : null;
      if (!target || !element?.contains(target) || element.open) return;
      element.open = true;
      target.scrollIntoView({ block: "start" });
    }
    revealTarget();
    window.addEventListener("hashchange", revealTarget);
    return () => window.removeEventListener("hashchange", revealTarget);
  }, []);
  return (
    <details ref={details} open={open} className={`group ${className}`}>
      <summary className="disclosure-summary">
        <span aria-hidden="true" className="inline-block transition group-open:rotate-90">
          ›
        </span>
        {summary}
      </summary>
      <div id={anchor} className="scroll-mt-24">
        {children}
      </div>
    </details>
  );
}
