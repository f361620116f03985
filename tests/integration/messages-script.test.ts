import { describe, expect, it, vi } from "vitest";
import { embeddedAt } from "~/services/backend/database.server";
import { SqlBackend } from "~/services/backend/sql-backend.server";
import { log } from "~/services/log.server";
import { runScript } from "../support/run-script";
import { seededDataDir } from "../support/seeded-data-dir";

/**
 * `npm run messages` and the server's log print what visitors wrote: whatever a name or a message holds, the
 * terminal it is printed on must obey none of it (ESC sequences clear, recolour or retitle it; CR rewrites a line;
 * BEL rings).
 */
const data = seededDataDir("messages-script", async (db) => {
  // Written as the database owner, past the message contract: rows stored before it refused control characters.
  await db.query(
    `insert into public.contact_messages (name, email, subject, message, brand_name) values
       ($1, 'anne@exemple.fr', 'question', $2, null),
       ('Bruno Petit', 'bruno@exemple.fr', null, 'Une question sur le code.', $3)`,
    [
      "\u001b[2J\u001b[31mAnne\u0007 Martin\rAdmin",
      "Bonjour\u001b]0;titre\u0007,\nune ligne\tet une tabulation.\u009b2J",
      "Bin\u202eecna",
    ],
  );
  await db.query(
    "update public.contact_messages set handled_at = '2026-03-02T09:30:00Z' where email = 'bruno@exemple.fr'",
  );
});

describe("npm run messages", () => {
  it("prints control characters as escapes, keeping the message's lines and tabs", () => {
    const run = runScript("scripts/messages.ts", { DATA_DIR: data.dir });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const out = run.stdout;
    expect(out.replace(/[\n]/g, "")).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(out).toContain("\\x1b[2J\\x1b[31mAnne\\x07 Martin\\x0dAdmin <anne@exemple.fr>");
    expect(out).toContain("Bonjour\\x1b]0;titre\\x07,\n  une ligne\tet une tabulation.\\x9b2J");
    expect(out).toContain("Question sur Bin\\u202eecna");
    expect(out).toContain("2 message(s) enregistré(s)");
  });

  it("says which messages were marked handled in the back office, and when (French time)", () => {
    const out = runScript("scripts/messages.ts", { DATA_DIR: data.dir }).stdout;
    const [anne, bruno] = ["anne@exemple.fr", "bruno@exemple.fr"].map((email) => {
      const start = out.indexOf(`<${email}>`);
      return out.slice(start, out.indexOf("\n—", start) === -1 ? undefined : out.indexOf("\n—", start));
    });
    expect(anne).toContain("\n  À traiter\n");
    expect(anne).not.toContain("Traité le");
    expect(bruno).toContain("\n  Traité le 2026-03-02 10:30\n");
  });
});

describe("the log of the embedded backend", () => {
  it("logs a message with neither the sender's name nor address, and what visitors sent escaped", async () => {
    const info = vi.spyOn(log, "info").mockImplementation(() => undefined);
    try {
      // Past the contract, as a caller of the backend that forgot it would.
      const result = await new SqlBackend(embeddedAt(data.dir), { max: 5, windowSeconds: 600 }).sendMessage({
        payload: {
          name: "\u001b[1AAnne\u0007",
          email: "anne@exemple.fr",
          message: "Un message assez long.",
          brandName: "Bin\u001b[0mance",
        },
        clientKey: "c".repeat(64),
        networkKey: "c".repeat(64),
      });
      expect(result).toBe("stored");
      const logged = info.mock.calls.map((call) => call.join(" ")).join("\n");
      expect(logged).toContain("Message enregistré : question sur Bin\\x1b[0mance, 22 caractères.");
      expect(logged).not.toContain("anne@exemple.fr");
      expect(logged).not.toContain("Anne");
      expect(logged).not.toMatch(/[\u0000-\u001f]/);
    } finally {
      info.mockRestore();
    }
  });
});
