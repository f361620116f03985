import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  createMemoryHistory,
  createRouter,
  createStaticHandler,
  matchPath,
  matchRoutes,
  type AgnosticRouteObject,
  type StaticHandlerContext,
} from "@remix-run/router";
import { createStaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";

/**
 * The server matches routes through a patched `@remix-run/router` (patches/, applied by `npm install`): a route tree's
 * ranked branches and each pattern's RegExp are kept rather than rebuilt at every match. These tests hold the
 * matching itself to what it was: the same answers on a second call, for patterns that differ only by their flags,
 * and after a tree is patched in place. Two more patches keep the render's route tree from one request to the next
 * (`@remix-run/react`'s server routes, `react-router-dom`'s static router's data routes), so that the kept branches
 * are found again.
 */

const tree: AgnosticRouteObject[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "offers", path: "offres" },
      { id: "offer", path: "offres/:slug" },
      { id: "offer-votes", path: "offres/:slug/avis" },
      { id: "brands-part", path: "marques/:initial/:part?" },
      { id: "csv", path: "gestion/offres.csv" },
      { id: "not-found", path: "*" },
    ],
  },
];

const leafOf = (pathname: string) => matchRoutes(tree, pathname)?.at(-1);

describe("route matching in the server's router", () => {
  it("is the patched one: `npm install` applied the patches", () => {
    const resolve = createRequire(import.meta.url).resolve;
    expect(readFileSync(resolve("@remix-run/router"), "utf8")).toContain("rankedBranches");
    expect(readFileSync(resolve("@remix-run/react/dist/server.js"), "utf8")).toContain("keptServerRoutes");
    expect(readFileSync(resolve("react-router-dom/server"), "utf8")).toContain("keptDataRoutes");
  });

  it("finds the same route and parameters at every call, the most specific first", () => {
    for (let round = 0; round < 3; round += 1) {
      expect(leafOf("/")?.route.id).toBe("home");
      expect(leafOf("/offres")?.route.id).toBe("offers");
      expect(leafOf("/offres/binance")).toMatchObject({ route: { id: "offer" }, params: { slug: "binance" } });
      expect(leafOf("/offres/binance/avis")?.route.id).toBe("offer-votes");
      expect(leafOf("/OFFRES/N26")).toMatchObject({ route: { id: "offer" }, params: { slug: "N26" } });
      expect(leafOf("/marques/b")).toMatchObject({ route: { id: "brands-part" }, params: { initial: "b" } });
      expect(leafOf("/marques/b/2")?.params).toMatchObject({ initial: "b", part: "2" });
      expect(leafOf("/gestion/offres.csv")?.route.id).toBe("csv");
      expect(leafOf("/gestion/offresXcsv")?.route.id).toBe("not-found");
      expect(leafOf("/nulle/part")).toMatchObject({ route: { id: "not-found" }, params: { "*": "nulle/part" } });
    }
  });

  it("keeps apart the patterns that differ only by their end or case flags", () => {
    for (let round = 0; round < 2; round += 1) {
      expect(matchPath({ path: "/offres", end: false }, "/offres/n26")?.pathnameBase).toBe("/offres");
      expect(matchPath({ path: "/offres", end: true }, "/offres/n26")).toBeNull();
      expect(matchPath({ path: "/offres", caseSensitive: true }, "/Offres")).toBeNull();
      expect(matchPath({ path: "/offres", caseSensitive: false }, "/Offres")?.pathname).toBe("/Offres");
      expect(matchPath("/offres/:slug", "/offres/n26")?.params).toEqual({ slug: "n26" });
      expect(matchPath("/offres/:id", "/offres/n26")?.params).toEqual({ id: "n26" });
    }
  });

  it("matches a route added to a tree in place, as lazy route discovery adds them", () => {
    const router = createRouter({
      routes: [{ id: "root", path: "/", children: [{ id: "offers", path: "offres" }] }],
      history: createMemoryHistory(),
    });
    expect(matchRoutes(router.routes, "/alertes")).toBeNull();
    router.patchRoutes("root", [{ id: "alerts", path: "alertes" }]);
    expect(matchRoutes(router.routes, "/alertes")?.at(-1)?.route.id).toBe("alerts");
    expect(matchRoutes(router.routes, "/offres")?.at(-1)?.route.id).toBe("offers");
    router.dispose();
  });

  it("renders each request with the data routes kept for its tree, and its own matches", async () => {
    const contextOf = async (routes: AgnosticRouteObject[], pathname: string) =>
      (await createStaticHandler(routes).query(new Request(`http://localhost${pathname}`))) as StaticHandlerContext;
    const offer = createStaticRouter(tree, await contextOf(tree, "/offres/binance"));
    const home = createStaticRouter(tree, await contextOf(tree, "/"));
    expect(home.routes).toBe(offer.routes);
    expect(offer.state.matches.at(-1)).toMatchObject({ route: { id: "offer" }, params: { slug: "binance" } });
    expect(home.state.matches.at(-1)?.route.id).toBe("home");
    // The match's route is the kept data route, as the render's hooks expect.
    const offerRoute = offer.routes[0]?.children?.find((route) => route.id === "offer");
    expect(offer.state.matches.at(-1)?.route).toBe(offerRoute);

    const otherTree: AgnosticRouteObject[] = [{ id: "other", path: "/", children: [{ id: "offers", path: "offres" }] }];
    const other = createStaticRouter(otherTree, await contextOf(otherTree, "/offres"));
    expect(other.routes).not.toBe(offer.routes);
    expect(other.state.matches.map((match) => match.route.id)).toEqual(["other", "offers"]);
  });
});
