import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll } from "vitest";
import { giveOwnerCodes } from "./owner-codes";
import { PUBLIC_IDENTITY, startSite, type RunningSite } from "./server";
import { makeTempDir } from "./temp-dir";
import { copyTemplateInto } from "./templates";
import { SITE_SET_UP_MS } from "./timeouts";

/**
 * The two ways the site is run, each on a fresh data folder, started before the suite's tests and stopped after
 * them: `public`, in production on a public address with the publisher's identity; `local`, as `npm start` with
 * nothing set, where the legal notice shows placeholders marked as an example. Read them within tests and hooks.
 * With `addedBrands`, the public site's catalogue also holds that many synthetic brands (scripts/add-brands.ts);
 * `publicEnv` adds variables to the public site's environment; `ownerCodes` names the offers whose code the owner of
 * the public site has set (the others show their bundled example nowhere there).
 */
export function publicAndLocalSites(
  prefix: string,
  {
    addedBrands = 0,
    publicEnv = {},
    ownerCodes = [],
  }: { addedBrands?: number; publicEnv?: Record<string, string>; ownerCodes?: string[] } = {},
): { public: RunningSite; local: RunningSite } {
  const publicTemp = makeTempDir(prefix);
  const localTemp = makeTempDir(`${prefix}-local`);
  const sites = {} as { public: RunningSite; local: RunningSite };
  beforeAll(async () => {
    if (addedBrands > 0) {
      await copyTemplateInto(publicTemp.dir);
      const root = path.resolve(import.meta.dirname, "../..");
      await promisify(execFile)("npx", ["tsx", "scripts/add-brands.ts", publicTemp.dir, String(addedBrands)], {
        cwd: root,
      });
    }
    if (ownerCodes.length > 0) await giveOwnerCodes(publicTemp.dir, ownerCodes);
    [sites.public, sites.local] = await Promise.all([
      startSite({ DATA_DIR: publicTemp.dir, SITE_URL: "https://www.exemple.fr", ...PUBLIC_IDENTITY, ...publicEnv }),
      startSite({ DATA_DIR: localTemp.dir }),
    ]);
  }, SITE_SET_UP_MS);
  afterAll(async () => {
    await Promise.all([sites.public?.stop(), sites.local?.stop()]);
    publicTemp.cleanup();
    localTemp.cleanup();
  });
  return sites;
}
