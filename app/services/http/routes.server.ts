import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { LRUCache } from "lru-cache";
import { ROUTE_POLICIES, type RoutePolicy } from "./route-policy.server";

/** What the resolver reads of a route of the Remix build (`build.routes`). */
export interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

export interface ResolvedRoute {
  /** The route that answers: its loader renders the page, its action takes the form. */
  id: string;
  policy: RoutePolicy;
  params: Record<string, string | undefined>;
}

/**
 * Resolves request paths to routes as Remix does: the same matcher (@remix-run/router, the version Remix 2.17
 * runs) over the same route tree, so that a path reaches in the pipeline the route Remix will run, however it is
 * spelled (percent-escapes, case, a trailing slash are all the matcher's own business). Throws at creation when a
 * route of the build has no row in ROUTE_POLICIES.
 */
export class RouteResolver {
  private readonly tree: AgnosticRouteObject[];
  /** Paths already resolved: a page's address is resolved once, not on each of its requests. */
  private readonly resolved = new LRUCache<string, ResolvedRoute>({ max: 5_000 });

  constructor(routes: Readonly<Record<string, BuildRoute | undefined>>) {
    const missing = Object.keys(routes).filter((id) => !ROUTE_POLICIES[id]);
    if (missing.length > 0) {
      throw new Error(`Routes sans politique HTTP (route-policy.server.ts) : ${missing.join(", ")}.`);
    }
    this.tree = nest(Object.values(routes).filter((route): route is BuildRoute => route !== undefined));
  }

  /**
   * The route a request to `pathname` reaches: for a form (`action`), Remix's target (an index route only with a
   * bare `?index` in the query, else the deepest route with a path of its own); for a page, the deepest route.
   */
  resolve(pathname: string, { action, indexQuery }: { action: boolean; indexQuery: boolean }): ResolvedRoute {
    const key = `${action ? "A" : "L"}${indexQuery ? "I" : "-"}${pathname}`;
    let route = this.resolved.get(key);
    if (!route) {
      route = this.match(pathname, action, indexQuery);
      this.resolved.set(key, route);
    }
    return route;
  }

  private match(pathname: string, action: boolean, indexQuery: boolean): ResolvedRoute {
    const matches = matchRoutes(this.tree, pathname) ?? [];
    const last = matches[matches.length - 1];
    let target = last;
    // A form sent to an index route (`?index`) where none matched reaches no action (Remix would run another's).
    if (action && indexQuery && !last?.route.index) target = undefined;
    else if (action && !(last?.route.index && indexQuery)) {
      target = matches.filter((match, index) => index === 0 || Boolean(match.route.path)).pop();
    }
    const id = target?.route.id ?? "root";
    return { id, policy: ROUTE_POLICIES[id] ?? ROUTE_POLICIES.root!, params: last?.params ?? {} };
  }
}

/** The build's flat list of routes as the nested tree the matcher walks (as Remix's own createRoutes does). */
function nest(routes: BuildRoute[], parentId: string | undefined = undefined): AgnosticRouteObject[] {
  return routes
    .filter((route) => (route.parentId ?? undefined) === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: nest(routes, route.id) },
    );
}

/** Whether a query holds a bare `index` parameter (`?index`), which sends a form to the index route. */
export const hasIndexQuery = (search: URLSearchParams) => search.getAll("index").includes("");

/** The path Remix routes a request to: a single-fetch data request's (`/a.data`, `/_root.data`) is its page's. */
export function handlerPath(pathname: string): string {
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") : pathname;
}
