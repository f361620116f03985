import { lazy, Suspense, type FunctionComponent } from "react";
import * as onServer from "./deferred-parts.server";
import { LateHydration } from "./hydrated";
import type * as Parts from "./deferred-parts";

type AnyParts = Record<string, unknown>;

/**
 * Parts of a page whose code the browser loads apart from the page's own: the server renders them at once (a
 * `.server` module holds them on the server, and is empty in the browser's build), and the browser loads their file
 * only when one of them shows. A part already in the server HTML stays as it is while its code loads, then hydrates:
 * React keeps the HTML of a Suspense boundary whose code is not there yet.
 */
export function deferredFrom<P extends AnyParts>(server: Partial<P>, load: () => Promise<P>) {
  return function deferred<N extends keyof P & string>(name: N): P[N] {
    type Props = Record<string, unknown>;
    const Component = ((server as AnyParts)[name] ??
      lazy(async () => ({ default: (await load())[name] as FunctionComponent<Props> }))) as FunctionComponent<Props>;
    const Deferred = (props: Props) => (
      <LateHydration.Provider value>
        <Suspense fallback={null}>
          <Component {...props} />
        </Suspense>
      </LateHydration.Provider>
    );
    return Deferred as unknown as P[N];
  };
}

let loadingParts: Promise<typeof Parts> | undefined;

/**
 * A part shown only in some states (a toast, a page that does not exist, more pages of a listing, a listing that
 * cannot load). The parts share one file, so that loading them splits no code the pages share.
 */
export function deferredPart<N extends keyof typeof Parts & string>(name: N): (typeof Parts)[N] {
  // A function declaration, not a constant: modules in an import circle with this one call it while it loads.
  return deferredFrom<typeof Parts>(onServer, () => (loadingParts ??= import("./deferred-parts")))(name);
}
