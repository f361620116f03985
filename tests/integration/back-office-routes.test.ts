import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { ROUTE_POLICIES } from "~/services/http/route-policy.server";
import { OWNER_PASSWORD, postForm, signIn } from "../support/back-office";
import { siteOnFreshFolder } from "../support/suite-site";

/**
 * Every back-office route of the build, walked with and without the owner's session, and with the back office off:
 * the pipeline answers from the route's row before any loader or action runs (404, then 405, then the sign-in page),
 * and only the sign-in and sign-out pages are open without a session.
 */
const on = siteOnFreshFolder("gestion-on", { OWNER_PASSWORD });
const off = siteOnFreshFolder("gestion-off", {});

/** The routes of the build under /gestion, by id (`routes/gestion_.offres_.$slug`). */
async function backOfficeRoutes(): Promise<string[]> {
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as {
    routes: Record<string, unknown>;
  };
  return Object.keys(build.routes).filter((id) => id.startsWith("routes/gestion"));
}

/**
 * A route's address, its parameters filled: `routes/gestion_.offres_.$slug` → /gestion/offres/binance,
 * `routes/gestion_.guides_.$id` → /gestion/guides/nouveau, `routes/gestion_.textes_.$key` → /gestion/textes/accueil-faq.
 */
const addressOf = (id: string) =>
  `/${id
    .slice("routes/".length)
    .replace("[.]", "\u0000")
    .split(".")
    .map((segment) =>
      segment
        .replace(/_$/, "")
        .replace(/^\$slug$/, "binance")
        .replace(/^\$id$/, "nouveau")
        .replace(/^\$key$/, "accueil-faq"),
    )
    .join("/")
    .replace("\u0000", ".")}`;

const DOORS = ["routes/gestion_.connexion", "routes/gestion_.deconnexion"];

describe("the back office's routes, from their rows", () => {
  it("are all guarded but the sign-in and sign-out pages", async () => {
    const ids = await backOfficeRoutes();
    expect(ids.length).toBeGreaterThan(6);
    for (const id of ids) expect(Boolean(ROUTE_POLICIES[id]?.owner), id).toBe(!DOORS.includes(id));
  });

  it("answer 404 to any method while the back office is off, before the 405 of a method it never takes", async () => {
    for (const id of await backOfficeRoutes()) {
      const address = addressOf(id);
      expect((await fetch(`${off.url}${address}`, { redirect: "manual" })).status, address).toBe(404);
      expect((await postForm(off, address, {})).status, address).toBe(404);
      if (ROUTE_POLICIES[id]?.owner) {
        const put = await fetch(`${off.url}${address}`, { method: "PUT", redirect: "manual" });
        expect(put.status, `PUT ${address}`).toBe(404);
      }
    }
  });

  it("send a visitor without a session to sign in, before any loader or action writes", async () => {
    for (const id of await backOfficeRoutes()) {
      if (DOORS.includes(id)) continue;
      const address = addressOf(id);
      const page = await fetch(`${on.url}${address}`, { redirect: "manual" });
      expect({ status: page.status, location: page.headers.get("location") }, address).toEqual({
        status: 303,
        location: "/gestion/connexion",
      });
      expect(page.headers.get("cache-control"), address).toContain("no-store");
      // Answered by the pipeline itself, not by the route's loader.
      expect(await page.text(), address).toBe("Connexion nécessaire : /gestion/connexion");
      if (ROUTE_POLICIES[id]?.methods.includes("POST")) {
        // A form posted comes back (401) with what it held beside a sign-in form: the action writes nothing.
        const post = await postForm(on, address, { intent: "delete", id: "1" });
        expect(post.status, `POST ${address}`).toBe(401);
        expect(await post.text(), `POST ${address}`).toContain('<form method="post" action="/gestion/connexion"');
      } else {
        expect((await postForm(on, address, {})).status, `POST ${address}`).toBe(405);
      }
      // A forged header of the pipeline's own is dropped: it never stands for a session.
      const forged = await fetch(`${on.url}${address}`, {
        redirect: "manual",
        headers: { "X-Codeparrain-Proprietaire": "1" },
      });
      expect(forged.status, `forged ${address}`).toBe(303);
      // The data of a client-side navigation carries nothing of the back office either.
      const data = await fetch(`${on.url}${address}.data`, { redirect: "manual" });
      expect(data.status, `${address}.data`).not.toBe(200);
      expect(await data.text(), `${address}.data`).not.toContain("Binance");
    }
  });

  it("open every page to the owner's session, read once by the pipeline and handed on", async () => {
    const cookie = await signIn(on);
    for (const id of await backOfficeRoutes()) {
      const address = addressOf(id);
      const answer = await fetch(`${on.url}${address}`, { redirect: "manual", headers: { Cookie: cookie } });
      const expected = id === "routes/gestion_.deconnexion" ? 405 : id === "routes/gestion_.connexion" ? 303 : 200;
      expect(answer.status, address).toBe(expected);
    }
    const sessionData = await fetch(`${on.url}/gestion/offres.data`, { headers: { Cookie: cookie } });
    expect(sessionData.status).toBe(200);
    expect(await sessionData.text()).toContain("Binance");
  });
});
