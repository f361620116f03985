import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postContactForm } from "../support/contact-form";
import { startSite, type RunningSite } from "../support/server";
import { alertingSiteEnv, startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { makeTempDir } from "../support/temp-dir";
import { copyTemplateInto } from "../support/templates";
import { SITE_SET_UP_MS, SITE_STOP_MS, TEST_MS } from "../support/timeouts";

/**
 * The sent-e-mail journals a data folder may hold when the site starts, as they are: one whose entry has no queue,
 * one whose entry is null, one cut short. None may stop the e-mails or the site.
 */
const folder = makeTempDir("journaux-illisibles");
const LEFT = {
  "envois-a-noter-sans-file.json": "[{}]",
  "envois-a-noter-nulle.json": "[null]",
  "envois-a-noter-coupee.json": '[{"queue":"alerts","id":3,"attem',
};
let site: RunningSite;
let smtp: TestSmtpServer;

beforeAll(async () => {
  await copyTemplateInto(folder.dir);
  for (const [name, text] of Object.entries(LEFT)) writeFileSync(path.join(folder.dir, name), text);
  smtp = await startSmtpServer();
  site = await startSite({ DATA_DIR: folder.dir, ...alertingSiteEnv(smtp) });
}, SITE_SET_UP_MS);

afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
  folder.cleanup();
}, SITE_STOP_MS);

describe("journals of sent e-mails that are not what they should be", () => {
  it(
    "are set aside and named in the log; the pages, /healthz and the e-mails go on",
    async () => {
      expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${site.url}/`)).status).toBe(200);
      const names = readdirSync(folder.dir);
      for (const name of Object.keys(LEFT)) {
        expect(names).not.toContain(name);
        const aside = names.find((candidate) => candidate.startsWith(`${name}.illisible-`));
        expect(aside, name).toBeDefined();
        expect(site.output()).toContain(aside);
      }
      expect((await postContactForm(site, { email: "visiteuse@exemple.fr", name: "Visiteuse" })).status).toBe(303);
      expect(await smtp.mailsTo("proprietaire@exemple.fr", 1)).toHaveLength(1);
      expect(site.output()).not.toContain("unknown queue");
    },
    TEST_MS,
  );
});
