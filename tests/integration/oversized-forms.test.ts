import { MESSAGE_MAX } from "@contract/contact-contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_DRAINED_BYTES } from "~/services/form-request.server";
import { ENCODINGS, FORM_PATHS, mainText, oversizedInit, OVERSIZED_BYTES } from "../support/oversized-forms";
import { startSite, type RunningSite } from "../support/server";
import { makeTempDir } from "../support/temp-dir";

/**
 * A form body over the limit gets its French 413 page, and the client, still sending when the server decides,
 * reads it: no connection reset. Under server.js here; remix-serve.test.ts does the same under remix-serve.
 */
const temp = makeTempDir("oversized");
let site: RunningSite;
beforeAll(async () => {
  site = await startSite({ DATA_DIR: temp.dir });
});
afterAll(async () => {
  await site?.stop();
  temp.cleanup();
});

describe("an oversized form under server.js", () => {
  for (const path of FORM_PATHS) {
    for (const encoding of ENCODINGS) {
      it(`answers a ${OVERSIZED_BYTES / 1024 / 1024} MB ${encoding} post to ${path} with the French 413 page`, async () => {
        const response = await fetch(`${site.url}${path}`, oversizedInit(encoding));
        expect(response.status).toBe(413);
        expect(response.headers.get("content-type")).toContain("text/html");
        const html = await response.text();
        expect(html).toContain('<html lang="fr"');
        expect(mainText(html)).toContain("Votre demande n'a pas pu aboutir");
        expect(mainText(html)).toContain("Le formulaire envoyé est trop volumineux. Raccourcissez votre message");
        expect(mainText(html)).not.toContain("Unexpected Application Error!");
      });
    }
  }

  it("takes a message of the longest length allowed even when every character takes 3 bytes", async () => {
    const message = "你".repeat(MESSAGE_MAX); // 9 bytes each once urlencoded
    const response = await fetch(`${site.url}/contact`, {
      method: "POST",
      body: new URLSearchParams({ name: "Anne Martin", email: "anne@exemple.fr", subject: "question", message }),
      redirect: "manual",
    });
    expect(response.status).toBe(303);
  });

  it("keeps the connection usable after a drained body, and stays up after one past the drain bound", async () => {
    await (await fetch(`${site.url}/contact`, oversizedInit("urlencoded"))).arrayBuffer();
    expect((await fetch(`${site.url}/contact`)).status).toBe(200);

    // Past the bound the rest is not read: the client gets the 413 or, at worst, a closed connection, before the 413
    // or while it reads it (its upload, still under way, then fails with EPIPE and ends the read: "terminated").
    const past = await fetch(`${site.url}/contact`, oversizedInit("chunked", MAX_DRAINED_BYTES * 2)).then(
      async (response) => ({ status: response.status, text: await response.text().catch(String) }),
      (error: unknown) => ({ status: 0, text: String(error) }),
    );
    expect([0, 413]).toContain(past.status);
    expect(site.alive()).toBe(true);
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
  });
});
