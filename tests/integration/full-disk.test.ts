import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieFrom, OWNER_PASSWORD, postForm, signIn } from "../support/back-office";
import { runScript } from "../support/run-script";
import { startSite, type RunningSite } from "../support/server";
import { mountSmallDisk, type SmallDisk } from "../support/small-disk";
import { withSiteStarts } from "../support/timeouts";
import { ownNetworkAddress } from "../support/visitor-addresses";
import { sleep } from "../support/wait";

/**
 * The embedded database on a disk that fills up: the site says so (/healthz, the back office, its log), an erasure
 * done meanwhile is answered as done and stays done through a restore of an older backup.
 */
let disk: SmallDisk;
let dataDir: string;
let site: RunningSite | undefined;
let owner: string;
let started: string;
let visitors = 0;

const env = () => ({ DATA_DIR: dataDir, TRUST_PROXY: "loopback", OWNER_PASSWORD });
const page = async (path: string, headers: Record<string, string> = {}) =>
  (await fetch(`${site!.url}${path}`, { headers })).text();
const health = async () => {
  const answer = await fetch(`${site!.url}/healthz`);
  return { status: answer.status, text: await answer.text() };
};

/** Sends a testimonial holding `text`, and gives its author's erasure link. */
async function sendTestimonial(text: string): Promise<string> {
  const sent = await postForm(
    site!,
    "/offres/binance/temoignage",
    { text, name: "Anne", month: "10", year: "2026", consent: "oui", debut: started },
    { "X-Forwarded-For": ownNetworkAddress((visitors += 1)) },
  );
  expect(sent.status).toBe(303);
  const thanks = await page("/offres/binance/temoignage", { Cookie: cookieFrom(sent, "__lien_effacement") ?? "" });
  const link = /href="(\/temoignages\/effacer\/[0-9a-f]{64})"/.exec(thanks)?.[1] ?? "";
  expect(link).not.toBe("");
  return link;
}

beforeAll(async () => {
  disk = mountSmallDisk(256);
  dataDir = path.join(disk.dir, "donnees");
  site = await startSite(env());
  owner = await signIn(site);
  const form = await page("/offres/binance/temoignage");
  started = /name="debut" value="([^"]+)"/.exec(form)?.[1] ?? "";
  // A testimonial sent less than 3 s after its form was shown is taken for a script's.
  await sleep(3_100);
});
afterAll(async () => {
  await site?.stop();
  disk?.remove();
});

/** The testimonials of the owner's list that hold one of `texts`. */
const listed = async (...texts: string[]) => {
  const list = await page("/gestion/temoignages", { Cookie: owner });
  return texts.filter((text) => list.includes(text));
};

describe("a full disk under the embedded database", () => {
  const before = "Effacé par son auteur avant que le disque ne soit plein.";
  const during = "Effacé par son auteur alors que le disque était plein.";
  const pending = "En attente de modération quand le disque était plein.";
  let backup = "";
  let duringLink = "";

  it("is said by /healthz, which checks the disk as well as the reads, and in the log, naming the folder", async () => {
    expect(await health()).toEqual({
      status: 200,
      text: "Disponible : les offres sont lues normalement, et le disque a de la place pour enregistrer.\n",
    });
    // Three testimonials, then a backup that holds them all.
    const beforeLink = await sendTestimonial(before);
    duringLink = await sendTestimonial(during);
    await sendTestimonial(pending);
    const made = runScript("scripts/backup.ts", { DATA_DIR: dataDir });
    expect(made.status, made.stderr).toBe(0);
    backup = /: (\S+\.tar\.gz)$/m.exec(made.stdout)?.[1] ?? "";
    expect(backup).not.toBe("");
    expect(await (await postForm(site!, beforeLink, {})).text()).toContain("Votre témoignage est effacé.");

    disk.fill();
    expect(disk.freeBytes()).toBeLessThan(4096);
    expect(await health()).toEqual({
      status: 503,
      text: "Indisponible : les offres sont lues, mais le site ne peut plus rien enregistrer.\n",
    });
    expect(site!.output()).toContain(`Le disque qui porte ${dataDir} est plein`);
  });

  it("answers an erasure with what really happened, and the owner's decision with a French error, not a 500", async () => {
    const erased = await postForm(site!, duringLink, {});
    expect(erased.status).toBe(200);
    expect(await erased.text()).toContain("Votre témoignage est effacé.");
    expect(await listed(during)).toEqual([]);

    const list = await page("/gestion/temoignages", { Cookie: owner });
    const id = /name="id" value="(\d+)"/.exec(list.slice(list.indexOf(pending)))?.[1] ?? "";
    const publish = await postForm(
      site!,
      "/gestion/temoignages",
      { id, offre: "binance", intent: "publish" },
      { Cookie: owner },
    );
    expect(publish.status).toBe(303);
    expect(publish.headers.get("location")).toBe("/gestion/temoignages");
    const back = await page("/gestion/temoignages", { Cookie: `${owner}; ${cookieFrom(publish, "cp_toast") ?? ""}` });
    const toast = /data-toast="error"[\s\S]*?<\/div><\/div>/.exec(back)?.[0].replace(/<[^>]+>/g, " ") ?? "";
    expect(toast).toContain("Rien n&#x27;a été enregistré.");
    expect(toast).toContain(`Le disque qui porte ${dataDir} est plein`);
    expect(back).toContain("En attente de modération");
    expect(site!.output()).toContain("Gestion : écriture impossible");
  });

  it(
    "keeps erased what was erased, through a restore of an older backup, even without the data folder's list",
    async () => {
      await site!.stop();
      site = undefined;
      disk.makeRoom();
      // The database noted both erasures with their deletes: its own ledger is enough.
      rmSync(path.join(dataDir, "effacements.jsonl"), { force: true });
      const restored = runScript("scripts/restore.ts", { DATA_DIR: dataDir }, [backup]);
      expect(restored.stderr).toBe("");
      expect(restored.status).toBe(0);
      expect(restored.stdout).toContain("2 message(s) effacé(s) depuis la sauvegarde de nouveau effacé(s)");
      site = await startSite(env());
      owner = await signIn(site);
      expect(await listed(before, during, pending)).toEqual([pending]);
      expect((await health()).status).toBe(200);
    },
    withSiteStarts(1),
  );

  it("says a full disk when a restore cannot write, not that the backup is unreadable", async () => {
    await site!.stop();
    site = undefined;
    disk.fill();
    const refused = runScript("scripts/restore.ts", { DATA_DIR: dataDir }, [backup]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`Restauration impossible : Le disque qui porte ${dataDir} est plein`);
    expect(refused.stderr).not.toContain("n'est pas une sauvegarde");
    disk.makeRoom();
  });

  it(
    "names the full disk and its folder when the site cannot start on it",
    async () => {
      disk.fill();
      const refused = await startSite(env()).then(
        async (running) => {
          await running.stop();
          return "démarré";
        },
        (error: Error) => error.message,
      );
      expect(refused).toContain(`Démarrage impossible : Le disque qui porte ${dataDir} est plein`);
      disk.makeRoom();
    },
    withSiteStarts(1),
  );
});
