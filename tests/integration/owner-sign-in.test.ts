import { describe, expect, it } from "vitest";
import { cookieFrom, OWNER_PASSWORD, postForm, wrongPasswords } from "../support/back-office";
import { siteOnFreshFolder } from "../support/suite-site";
import { newVisitors } from "../support/visitor-addresses";
import { sleep } from "../support/wait";

/**
 * Signing in to the back office against someone with many addresses, on a site of its own (its strangers end up
 * locked out): the owner's browser keeps a device cookie that strangers' failures never lock, and the session cookie
 * is Secure whenever the request came over https. The site believes X-Forwarded-* from loopback (TRUST_PROXY).
 */
const site = siteOnFreshFolder("owner-sign-in", {
  SITE_URL: "http://localhost:4100",
  TRUST_PROXY: "loopback",
  OWNER_PASSWORD,
});

const nextAddress = newVisitors();
const newVisitor = () => ({ "X-Forwarded-For": nextAddress() });

describe("signing in to the back office", () => {
  it("sets a Secure session cookie when the trusted proxy says the request came over https, and only then", async () => {
    const overHttps = await postForm(
      site,
      "/gestion/connexion",
      { password: OWNER_PASSWORD },
      { ...newVisitor(), "X-Forwarded-Proto": "https" },
    );
    expect(overHttps.status).toBe(303);
    const cookies = overHttps.headers.getSetCookie();
    expect(cookies.find((line) => line.startsWith("cp_gestion="))).toMatch(/; Secure/);
    expect(cookies.find((line) => line.startsWith("cp_appareil="))).toMatch(/; Secure/);

    const plain = await postForm(site, "/gestion/connexion", { password: OWNER_PASSWORD }, newVisitor());
    expect(plain.status).toBe(303);
    expect(plain.headers.getSetCookie().find((line) => line.startsWith("cp_gestion="))).not.toMatch(/Secure/);
  });

  it("makes every cookie of the site Secure when the request came over https, whatever SITE_URL says", async () => {
    const form = await (await fetch(`${site.url}/offres/binance/temoignage`)).text();
    const debut = /name="debut" value="([^"]+)"/.exec(form)?.[1] ?? "";
    // A testimonial sent less than 3 s after its form was shown is taken for a script's.
    await sleep(3_100);
    const overHttps = () => ({ ...newVisitor(), "X-Forwarded-Proto": "https" });
    const cookie = (answer: Response, name: string) =>
      answer.headers.getSetCookie().find((line) => line.startsWith(`${name}=`)) ?? "";

    const vote = await postForm(site, "/offres/bolt/avis", { worked: "oui" }, overHttps());
    expect(vote.status).toBe(303);
    expect(cookie(vote, "cp_toast")).toMatch(/; Secure/);
    const testimonial = { text: "Compte ouvert en cinq minutes, prime reçue le mois suivant.", name: "Anne" };
    const sent = await postForm(
      site,
      "/offres/binance/temoignage",
      { ...testimonial, month: "10", year: "2026", consent: "oui", debut },
      overHttps(),
    );
    expect(sent.status).toBe(303);
    expect(cookie(sent, "__lien_effacement")).toMatch(/; Secure/);

    const plainVote = await postForm(site, "/offres/wise/avis", { worked: "oui" }, newVisitor());
    expect(cookie(plainVote, "cp_toast")).not.toBe("");
    expect(cookie(plainVote, "cp_toast")).not.toMatch(/Secure/);
  });

  it("never lets strangers lock out a browser that signed in before: its device cookie counts its own failures", async () => {
    // The owner's browser signs in once and keeps its device cookie.
    const owner = newVisitor();
    const first = await postForm(site, "/gestion/connexion", { password: OWNER_PASSWORD }, owner);
    const device = cookieFrom(first, "cp_appareil");
    expect(device).toBeDefined();
    expect(first.headers.getSetCookie().find((line) => line.startsWith("cp_appareil="))).toMatch(
      /Path=\/gestion; .*HttpOnly; .*SameSite=Strict/,
    );

    // Strangers of the owner's own network, then of 60 networks, send wrong passwords until all strangers are locked.
    await wrongPasswords(site, owner);
    for (let stranger = 0; stranger < 60; stranger += 1) {
      await postForm(site, "/gestion/connexion", { password: "devine" }, newVisitor());
    }
    const strangerNow = await postForm(site, "/gestion/connexion", { password: OWNER_PASSWORD }, newVisitor());
    expect(strangerNow.status, "every stranger is locked now").toBe(429);
    const sameNetwork = await postForm(site, "/gestion/connexion", { password: OWNER_PASSWORD }, owner);
    expect(sameNetwork.status).toBe(429);

    // The owner's browser still signs in.
    const withDevice = { ...owner, Cookie: device! };
    const signedIn = await postForm(site, "/gestion/connexion", { password: OWNER_PASSWORD }, withDevice);
    expect(signedIn.status).toBe(303);
    expect(cookieFrom(signedIn, "cp_gestion")).toMatch(/^cp_gestion=/);

    // Its own wrong passwords lock it, and say so.
    expect(await wrongPasswords(site, withDevice)).toEqual([400, 400, 400, 400, 429]);
    const locked = await postForm(site, "/gestion/connexion", { password: OWNER_PASSWORD }, withDevice);
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain("la connexion depuis ce navigateur est bloquée");
  });
});
