import { describe, expect, it } from "vitest";
import { pathForLog, withoutSecret } from "~/services/http/access-log.server";
import { sendFailureText } from "~/services/mail/outbox-mails.server";

const TOKEN = "0123456789abcdef".repeat(4);

describe("what the log shows of an address", () => {
  it("writes every segment that looks like a private link's token as …, whatever follows it", () => {
    expect(pathForLog(`/alertes/gerer/${TOKEN}/x`)).toBe("/alertes/gerer/…/x");
    expect(pathForLog(`/temoignages/effacer/${TOKEN.toUpperCase()}`)).toBe("/temoignages/effacer/…");
    expect(pathForLog(`/partage/offres/n26/${TOKEN.slice(0, 12)}.png`)).toBe(
      `/partage/offres/n26/${TOKEN.slice(0, 12)}.png`,
    );
    expect(pathForLog("/offres/la-premiere-brique")).toBe("/offres/la-premiere-brique");
  });

  it("says when a path must be logged otherwise, and how", () => {
    expect(withoutSecret(`/x/${TOKEN}/y`, undefined)).toBe("/x/…/y");
    expect(withoutSecret("/offres/n26", undefined)).toBeUndefined();
  });
});

describe("what the log keeps of a failed send", () => {
  it("keeps a mail server's codes, never its text, which may quote the address in any spelling", () => {
    const refusal = Object.assign(new Error("Can't send mail - all recipients were rejected"), {
      responseCode: 550,
      response: "550 5.1.1 jean.dupont... User unknown (jean.dupont%40exemple.fr)",
      command: "RCPT TO",
      code: "EENVELOPE",
    });
    const text = sendFailureText(refusal);
    expect(text).toBe("Réponse du serveur de messagerie 550 5.1.1 à RCPT TO (EENVELOPE)");
    expect(text).not.toMatch(/jean|dupont|exemple/);
  });

  it("keeps a connection's failure, without any address it holds", () => {
    expect(sendFailureText(new Error("connect ECONNREFUSED 127.0.0.1:2525"))).toBe(
      "connect ECONNREFUSED 127.0.0.1:2525",
    );
    expect(sendFailureText(new Error("Relay <anne@exemple.fr> lost"))).toBe("Relay <<adresse>> lost");
  });
});
