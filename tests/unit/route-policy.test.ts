import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HOW_OFFERS_ARE_RANKED, HOW_VOTES_WORK } from "~/catalogue/site-pages";
import { pathOfRoute, ROUTE_POLICIES, SITEMAP_PAGES } from "~/services/http/route-policy.server";

/** The route ids Remix gives the files of app/routes/ (their names), and the root's. */
const routeIds = [
  "root",
  ...readdirSync(path.resolve(import.meta.dirname, "../../app/routes"))
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => `routes/${file.replace(/\.tsx?$/, "")}`),
];

describe("the routes' table (route-policy.server.ts)", () => {
  it("has a row for each route file, and no row without its file", () => {
    expect(routeIds.filter((id) => !ROUTE_POLICIES[id])).toEqual([]);
    expect(Object.keys(ROUTE_POLICIES).filter((id) => !routeIds.includes(id))).toEqual([]);
  });

  it("lists in the sitemap the pages whose row says so, at their files' addresses", () => {
    expect(SITEMAP_PAGES).toEqual([
      "/",
      "/offres",
      "/codes",
      HOW_VOTES_WORK.path,
      HOW_OFFERS_ARE_RANKED.path,
      "/contact",
    ]);
  });

  it("reads a route's address from its file name, and refuses one with parameters", () => {
    expect(pathOfRoute("routes/_index")).toBe("/");
    expect(pathOfRoute("routes/marques._index")).toBe("/marques");
    expect(pathOfRoute("routes/gestion_.offres[.]csv")).toBe("/gestion/offres.csv");
    expect(pathOfRoute("routes/robots[.]txt")).toBe("/robots.txt");
    expect(() => pathOfRoute("routes/offres.$slug")).toThrow("paramètres");
    expect(() => pathOfRoute("routes/marques.$initial.($part)")).toThrow("paramètres");
  });

  it("says which pages show no offer, and that a brand's pages show their own", () => {
    const showing = (shows: string) =>
      Object.entries(ROUTE_POLICIES)
        .filter(([, policy]) => policy.shows === shows)
        .map(([id]) => id);
    expect(showing("its offer")).toEqual(["routes/offres.$slug", "routes/offres.$slug_.avis"]);
    expect(showing("no offer")).toContain("routes/contact");
    expect(showing("no offer")).toContain("routes/mentions-legales");
  });
});
