import { lazy, Suspense, type FunctionComponent } from "react";
import * as onServer from "./deferred-parts.server";
import type * as Parts from "./deferred-parts";

type PartName = keyof typeof Parts;

/** The deferred parts' file, loaded once, when the first of them shows. */
let loading: Promise<typeof Parts> | undefined;
const loadParts = () => (loading ??= import("./deferred-parts"));

/**
 * A part of a page shown only in some states (a toast, a page that does not exist, more pages of a listing, a
 * listing that cannot load): the server renders it at once (a `.server` module holds the parts on the server, and is
 * empty in the browser's build), and the browser loads its code only when the part shows. A part already in the
 * server HTML stays as it is while its code loads, then hydrates: React keeps the HTML of a Suspense boundary whose
 * code is not there yet. The parts share one file, so that loading them splits no code the pages share.
 */
export function deferredPart<N extends PartName>(name: N): (typeof Parts)[N] {
  type Props = Parameters<(typeof Parts)[N]>[0];
  const Component = ((onServer as Partial<typeof Parts>)[name] ??
    lazy(async () => ({ default: (await loadParts())[name] as FunctionComponent<Props> }))) as FunctionComponent<Props>;
  const Deferred = (props: Props) => (
    <Suspense fallback={null}>
      <Component {...props} />
    </Suspense>
  );
  return Deferred as unknown as (typeof Parts)[N];
}
