import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createMemoryHistory, createRouter, matchPath, matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

/**
 * The server matches routes through a patched `@remix-run/router` (patches/, applied by `npm install`): a route tree's
 * ranked branches and each pattern's RegExp are kept rather than rebuilt at every match. These tests hold the
 * matching itself to what it was: the same answers on a second call, for patterns that differ only by their flags,
 * and after a tree is patched in place.
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
  it("is the patched one: `npm install` applied the patch", () => {
    const file = createRequire(import.meta.url).resolve("@remix-run/router");
    expect(readFileSync(file, "utf8")).toContain("rankedBranches");
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
});
