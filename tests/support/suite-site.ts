import { afterAll, beforeAll } from "vitest";
import { giveOwnerCodes } from "./owner-codes";
import { startSite, type RunningSite } from "./server";
import { makeTempDir } from "./temp-dir";
import { SITE_SET_UP_MS } from "./timeouts";

/**
 * The production build on a fresh data folder for the tests of the surrounding `describe`: started before them,
 * stopped after them, its folder then removed. Read its fields within tests and hooks, once it has started.
 */
export function siteOnFreshFolder(
  prefix: string,
  env: Record<string, string>,
  { ownerCodes = [], ...options }: Parameters<typeof startSite>[1] & { ownerCodes?: string[] } = {},
): RunningSite & { dataDir: string } {
  const temp = makeTempDir(prefix);
  let running: RunningSite | undefined;
  beforeAll(async () => {
    if (ownerCodes.length > 0) await giveOwnerCodes(temp.dir, ownerCodes);
    running = await startSite({ DATA_DIR: temp.dir, ...env }, options);
  }, SITE_SET_UP_MS);
  afterAll(async () => {
    await running?.stop();
    temp.cleanup();
  });
  const started = () => {
    if (!running) throw new Error(`The site of ${prefix} has not started.`);
    return running;
  };
  return {
    dataDir: temp.dir,
    get url() {
      return started().url;
    },
    get origin() {
      return started().origin;
    },
    get process() {
      return started().process;
    },
    output: () => started().output(),
    alive: () => started().alive(),
    stop: () => started().stop(),
  };
}
