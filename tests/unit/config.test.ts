import { chmodSync, existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { envSchema } from "~/services/config/env-schema.server";
import { ConfigError, parseConfig } from "~/services/config/env.server";
import { EXAMPLE_IDENTITY } from "~/services/config/values.server";
import { embeddedSessionSecret } from "~/services/storage/data-dir.server";
import { serveArguments } from "../support/server";
import { makeTempDir } from "../support/temp-dir";

const temp = makeTempDir("config");
afterAll(() => temp.cleanup());
const base = { DATA_DIR: temp.dir };

describe("configuration", () => {
  it("lists in .env.example every variable the server reads", () => {
    const example = readFileSync(path.resolve(import.meta.dirname, "../../.env.example"), "utf8");
    const listed = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]));
    const missing = Object.keys(envSchema.shape).filter((name) => name !== "NODE_ENV" && !listed.has(name));
    expect(missing).toEqual([]);
  });

  it("refuses a LOG_LEVEL it does not know, in French, and reads info unless told", () => {
    expect(parseConfig(base).logLevel).toBe("info");
    expect(parseConfig({ ...base, LOG_LEVEL: "debug" }).logLevel).toBe("debug");
    expect(() => parseConfig({ ...base, LOG_LEVEL: "verbose" })).toThrow(
      /LOG_LEVEL: LOG_LEVEL doit valoir debug, info, warn ou error\./,
    );
  });

  it("runs on the embedded database with defaults when nothing is set", () => {
    const config = parseConfig({ ...base });
    expect(config.backend).toEqual({ kind: "embedded", dataDir: path.resolve(temp.dir) });
    expect(config.siteName).toBe("CodeParrain");
    expect(config.siteUrl).toBe("http://localhost:3000");
  });

  it("names the port it listens on in its addresses when SITE_URL is not set", () => {
    expect(parseConfig({ ...base, PORT: "4801" }).siteUrl).toBe("http://localhost:4801");
    expect(parseConfig({ ...base, PORT: "4801", SITE_URL: "https://www.exemple.fr/" }).siteUrl).toBe(
      "https://www.exemple.fr",
    );
  });

  it("uses hosted Supabase when both the URL and the anonymous key are set", () => {
    const config = parseConfig({
      ...base,
      SUPABASE_URL: "https://abc.supabase.co",
      SUPABASE_ANON_KEY: "key",
      SESSION_SECRET: "x".repeat(32),
    });
    expect(config.backend).toEqual({
      kind: "supabase",
      url: "https://abc.supabase.co",
      anonKey: "key",
      serviceRoleKey: undefined,
    });
  });

  it("opens the back office only with an OWNER_PASSWORD of at least 12 characters", () => {
    expect(parseConfig({ ...base }).ownerPassword).toBeUndefined();
    expect(parseConfig({ ...base, OWNER_PASSWORD: "douze-lettres" }).ownerPassword).toBe("douze-lettres");
    expect(() => parseConfig({ ...base, OWNER_PASSWORD: "trop-court" })).toThrow(
      /OWNER_PASSWORD doit comporter au moins 12 caractères/,
    );
  });

  it("keeps the service role's key of hosted Supabase for the back office", () => {
    const config = parseConfig({
      ...base,
      SUPABASE_URL: "https://abc.supabase.co",
      SUPABASE_ANON_KEY: "key",
      SUPABASE_SERVICE_ROLE_KEY: "service",
    });
    expect(config.backend).toMatchObject({ kind: "supabase", serviceRoleKey: "service" });
  });

  it("refuses one Supabase variable without the other, naming the missing one", () => {
    expect(() => parseConfig({ ...base, SUPABASE_URL: "https://abc.supabase.co" })).toThrow(/SUPABASE_ANON_KEY/);
    expect(() => parseConfig({ ...base, SUPABASE_ANON_KEY: "key" })).toThrow(ConfigError);
    expect(() => parseConfig({ ...base, SUPABASE_ANON_KEY: "key" })).toThrow(/SUPABASE_URL/);
  });

  describe("a Postgres server (DATABASE_URL)", () => {
    const secret = { SESSION_SECRET: "s".repeat(32) };

    it("runs on it with a pool of 10 connections unless told, keeping the data folder for this instance's own files", () => {
      const url = "postgres://codeparrain:motdepasse@db.exemple.fr:5432/codeparrain";
      expect(parseConfig({ ...base, ...secret, DATABASE_URL: url }).backend).toEqual({
        kind: "postgres",
        url,
        poolSize: 10,
        dataDir: path.resolve(temp.dir),
      });
      const socket = "postgresql:///codeparrain?host=/run/postgresql";
      expect(parseConfig({ ...base, ...secret, DATABASE_URL: socket, DATABASE_POOL_SIZE: "4" }).backend).toMatchObject({
        url: socket,
        poolSize: 4,
      });
    });

    it("refuses, in French, an address that is not a Postgres server's", () => {
      for (const url of ["mysql://db.exemple.fr/site", "db.exemple.fr:5432", "postgres://"]) {
        expect(() => parseConfig({ ...base, ...secret, DATABASE_URL: url }), url).toThrow(
          /DATABASE_URL doit être l'adresse d'un serveur Postgres/,
        );
      }
    });

    it("refuses Supabase's transaction pooler (port 6543), where session locks and LISTEN do not work", () => {
      const pooler = "postgres://postgres.abc:motdepasse@aws-0-eu-west-3.pooler.supabase.com:6543/postgres";
      expect(() => parseConfig({ ...base, ...secret, DATABASE_URL: pooler })).toThrow(
        /pooler en mode transaction de Supabase \(port 6543\)/,
      );
      expect(parseConfig({ ...base, ...secret, DATABASE_URL: pooler.replace(":6543", ":5432") }).backend.kind).toBe(
        "postgres",
      );
    });

    it("requires SESSION_SECRET, shared by every instance, even outside production", () => {
      expect(() => parseConfig({ ...base, DATABASE_URL: "postgres://db.exemple.fr/site" })).toThrow(
        /SESSION_SECRET est obligatoire avec DATABASE_URL, la même valeur pour toutes les instances/,
      );
    });

    it("refuses DATABASE_URL beside SUPABASE_URL, and a pool size out of bounds", () => {
      const supabase = { SUPABASE_URL: "https://abc.supabase.co", SUPABASE_ANON_KEY: "k" };
      expect(() => parseConfig({ ...base, ...secret, ...supabase, DATABASE_URL: "postgres://db/site" })).toThrow(
        /DATABASE_URL et SUPABASE_URL désignent chacun une base/,
      );
      expect(() =>
        parseConfig({ ...base, ...secret, DATABASE_URL: "postgres://db/site", DATABASE_POOL_SIZE: "0" }),
      ).toThrow(/DATABASE_POOL_SIZE doit être compris entre 1 et 100/);
    });
  });

  it("takes SESSION_SECRET_PREVIOUS only beside the new SESSION_SECRET, 32 characters at least", () => {
    const previous = "p".repeat(32);
    expect(() => parseConfig({ ...base, SESSION_SECRET_PREVIOUS: previous })).toThrow(
      /SESSION_SECRET_PREVIOUS sert à changer de secret\s: il faut aussi le nouveau, SESSION_SECRET/,
    );
    expect(() => parseConfig({ ...base, SESSION_SECRET: "s".repeat(32), SESSION_SECRET_PREVIOUS: "court" })).toThrow(
      /SESSION_SECRET_PREVIOUS doit comporter au moins 32 caractères/,
    );
    const rotating = parseConfig({ ...base, SESSION_SECRET: "s".repeat(32), SESSION_SECRET_PREVIOUS: previous });
    expect(rotating.previousSessionSecret).toBe(previous);
    expect(parseConfig(base).previousSessionSecret).toBeUndefined();
  });

  it("requires SESSION_SECRET in production with Supabase", () => {
    expect(() =>
      parseConfig({ ...base, NODE_ENV: "production", SUPABASE_URL: "https://abc.supabase.co", SUPABASE_ANON_KEY: "k" }),
    ).toThrow(/SESSION_SECRET/);
  });

  it("requires CONTACT_CLIENT_KEY_SECRET in production with Supabase, naming it in French", () => {
    const supabase = {
      ...base,
      NODE_ENV: "production",
      SUPABASE_URL: "https://abc.supabase.co",
      SUPABASE_ANON_KEY: "k",
      SESSION_SECRET: "x".repeat(32),
    };
    expect(() => parseConfig(supabase)).toThrow(ConfigError);
    expect(() => parseConfig(supabase)).toThrow(
      /CONTACT_CLIENT_KEY_SECRET est obligatoire en production avec Supabase/,
    );
    expect(() => parseConfig({ ...supabase, CONTACT_CLIENT_KEY_SECRET: "   " })).toThrow(/CONTACT_CLIENT_KEY_SECRET/);
    expect(() => parseConfig({ ...supabase, CONTACT_CLIENT_KEY_SECRET: "court" })).toThrow(
      /CONTACT_CLIENT_KEY_SECRET doit comporter au moins 32 caractères/,
    );
    const secret = "c".repeat(32);
    expect(parseConfig({ ...supabase, CONTACT_CLIENT_KEY_SECRET: secret }).contactClientKeySecret).toBe(secret);
    // Not needed by the embedded database, nor while developing.
    expect(parseConfig({ ...base, NODE_ENV: "production" }).contactClientKeySecret).toBeUndefined();
    expect(parseConfig({ ...supabase, NODE_ENV: "development" }).backend.kind).toBe("supabase");
  });

  it("reads the environment and touches nothing: no secret file, no lock in the data folder", () => {
    const config = parseConfig({ ...base, DATA_DIR: path.join(temp.dir, "intact") });
    expect(config.sessionSecret).toBeUndefined();
    expect(existsSync(path.join(temp.dir, "intact"))).toBe(false);
    expect(parseConfig({ ...base, SESSION_SECRET: "s".repeat(32) }).sessionSecret).toBe("s".repeat(32));
  });

  it("generates the embedded default's session secret once and keeps it in the data folder", () => {
    const first = embeddedSessionSecret(temp.dir);
    const file = path.join(temp.dir, "session-secret");
    expect(readFileSync(file, "utf8")).toBe(first);
    expect(embeddedSessionSecret(temp.dir)).toBe(first);
  });

  it("keeps the generated session secret readable by its owner only, even a secret written before with a wider mode", () => {
    const sessionSecret = embeddedSessionSecret(temp.dir);
    const file = path.join(temp.dir, "session-secret");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    chmodSync(file, 0o644);
    expect(embeddedSessionSecret(temp.dir)).toBe(sessionSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("rejects a malformed site URL or a short secret with a French message", () => {
    expect(() => parseConfig({ ...base, SITE_URL: "pas une adresse" })).toThrow(/SITE_URL doit être/);
    expect(() => parseConfig({ ...base, SESSION_SECRET: "court" })).toThrow(/au moins 32 caractères/);
  });

  it("reads TRUST_PROXY as Express does and names it when it is wrong", () => {
    const trusts = (value: string | undefined, address: string, hop = 0) =>
      parseConfig({ ...base, TRUST_PROXY: value }).trustProxy.trusts(address, hop);
    expect(parseConfig({ ...base }).trustProxy.any).toBe(false);
    expect(trusts(undefined, "127.0.0.1")).toBe(false);
    expect(trusts("1", "203.0.113.9", 0)).toBe(true);
    expect(trusts("1", "203.0.113.9", 1)).toBe(false);
    expect(trusts("true", "203.0.113.9", 5)).toBe(true);
    expect(trusts("loopback", "127.0.0.1")).toBe(true);
    expect(trusts("loopback", "203.0.113.9")).toBe(false);
    expect(() => parseConfig({ ...base, TRUST_PROXY: "mon-proxy" })).toThrow(
      /TRUST_PROXY: TRUST_PROXY «\smon-proxy\s»/,
    );
  });

  it("reads where server.js listens, and SITE_URL's host only when the variable is set", () => {
    expect(parseConfig({ ...base })).toMatchObject({ port: 3000, host: "0.0.0.0" });
    expect(parseConfig({ ...base, PORT: "8080", HOST: "127.0.0.1" })).toMatchObject({ port: 8080, host: "127.0.0.1" });
    expect(() => parseConfig({ ...base, PORT: "70000" })).toThrow(
      /PORT doit être compris entre 0 \(un port libre\) et 65535/,
    );
    expect(parseConfig({ ...base, SITE_URL: undefined }).publicHost).toBeUndefined();
    expect(parseConfig({ ...base, SITE_URL: "https://www.exemple.fr/" }).publicHost).toBe("www.exemple.fr");
  });

  describe("e-mailing messages (SMTP_URL)", () => {
    const mail = {
      SMTP_URL: "smtps://moi%40exemple.fr:secret@smtp.exemple.fr:465",
      CONTACT_TO_EMAIL: "proprietaire@exemple.fr",
      CONTACT_FROM_EMAIL: "CodeParrain <site@exemple.fr>",
    };

    it("sends nothing when SMTP_URL is not set, even with the two addresses", () => {
      const { SMTP_URL: _unset, ...addresses } = mail;
      expect(parseConfig({ ...base }).mail).toBeUndefined();
      expect(parseConfig({ ...base, ...addresses }).mail).toBeUndefined();
    });

    it("keeps the server's address and the two addresses as given", () => {
      expect(parseConfig({ ...base, ...mail }).mail).toEqual({
        smtpUrl: mail.SMTP_URL,
        to: "proprietaire@exemple.fr",
        from: "CodeParrain <site@exemple.fr>",
        leaseSeconds: 120,
        visitorMailsPerHour: 100,
      });
      expect(parseConfig({ ...base, ...mail, CONTACT_FROM_EMAIL: "site@exemple.fr" }).mail?.from).toBe(
        "site@exemple.fr",
      );
    });

    it("holds a claimed e-mail OUTBOX_LEASE_SECONDS (10 to 3600) before another instance may send it", () => {
      expect(parseConfig({ ...base, ...mail, OUTBOX_LEASE_SECONDS: "45" }).mail?.leaseSeconds).toBe(45);
      for (const OUTBOX_LEASE_SECONDS of ["5", "7200", "deux minutes"]) {
        expect(() => parseConfig({ ...base, ...mail, OUTBOX_LEASE_SECONDS }), OUTBOX_LEASE_SECONDS).toThrow(
          /OUTBOX_LEASE_SECONDS doit être/,
        );
      }
    });

    it("signs with DKIM only when its domain, selector and key are all given", () => {
      const key = "-----BEGIN PRIVATE KEY-----\\nMIIBVQ\\n-----END PRIVATE KEY-----";
      const dkim = { DKIM_DOMAIN: "exemple.fr", DKIM_SELECTOR: "site", DKIM_PRIVATE_KEY: key };
      expect(parseConfig({ ...base, ...mail, ...dkim }).mail?.dkim).toEqual({
        domainName: "exemple.fr",
        keySelector: "site",
        privateKey: "-----BEGIN PRIVATE KEY-----\nMIIBVQ\n-----END PRIVATE KEY-----",
      });
      expect(() => parseConfig({ ...base, ...mail, DKIM_DOMAIN: "exemple.fr" })).toThrow(/vont ensemble/);
      expect(() => parseConfig({ ...base, ...mail, ...dkim, DKIM_PRIVATE_KEY: "secret" })).toThrow(/format PEM/);
    });

    it("waits VISITOR_ALERTS_DELAY_SECONDS (240 by default, 300 at most) before e-mailing an offer's followers", () => {
      expect(parseConfig({ ...base, ...mail }).visitorAlerts.delaySeconds).toBe(240);
      expect(parseConfig({ ...base, VISITOR_ALERTS_DELAY_SECONDS: "60" }).visitorAlerts.delaySeconds).toBe(60);
      expect(() => parseConfig({ ...base, VISITOR_ALERTS_DELAY_SECONDS: "301" })).toThrow(/entre 0 et 300\ssecondes/);
      expect(parseConfig({ ...base, ...mail, VISITOR_MAILS_PER_HOUR: "30" }).mail?.visitorMailsPerHour).toBe(30);
    });

    it("refuses an address that is not an SMTP server's, in French", () => {
      for (const SMTP_URL of ["smtp.exemple.fr", "https://smtp.exemple.fr", "smtp://", "pas une adresse"]) {
        expect(() => parseConfig({ ...base, ...mail, SMTP_URL })).toThrow(
          /SMTP_URL doit être l'adresse d'un serveur d'envoi/,
        );
      }
    });

    it("names each address missing or malformed next to SMTP_URL", () => {
      expect(() => parseConfig({ ...base, SMTP_URL: mail.SMTP_URL })).toThrow(
        /CONTACT_TO_EMAIL est obligatoire avec SMTP_URL[\s\S]*CONTACT_FROM_EMAIL est obligatoire avec SMTP_URL/,
      );
      expect(() => parseConfig({ ...base, ...mail, CONTACT_TO_EMAIL: "proprietaire" })).toThrow(
        /CONTACT_TO_EMAIL doit être une adresse e-mail valide/,
      );
      for (const from of ["CodeParrain", "CodeParrain <site>", "a@b.fr\r\nBcc: c@d.fr"]) {
        expect(() => parseConfig({ ...base, ...mail, CONTACT_FROM_EMAIL: from })).toThrow(
          /CONTACT_FROM_EMAIL doit être une adresse e-mail valide/,
        );
      }
    });
  });

  describe("the publisher's and the host's identity (legal notice)", () => {
    const identity = {
      PUBLISHER_NAME: "Jeanne Martin",
      CONTACT_EMAIL: "contact@exemple.fr",
      HOSTING_PROVIDER: "Hébergeur SAS",
      HOSTING_ADDRESS: "1 rue de l'Hébergeur, 75001 Paris",
      HOSTING_PHONE: "01 00 00 00 00",
    };
    const publicProduction = { ...base, NODE_ENV: "production", SITE_URL: "https://www.exemple.fr" };
    const reasons: Record<keyof typeof identity, string> = {
      PUBLISHER_NAME: "le nom de l'éditeur",
      CONTACT_EMAIL: "l'adresse e-mail",
      HOSTING_PROVIDER: "le nom de l'hébergeur",
      HOSTING_ADDRESS: "l'adresse postale de l'hébergeur",
      HOSTING_PHONE: "le numéro de téléphone de l'hébergeur",
    };

    const failure = (source: Record<string, string | undefined>): string => {
      try {
        parseConfig(source);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error("la configuration a été acceptée");
    };

    it("stops a production start on a public address with nothing set, naming every variable in French", () => {
      const message = failure(publicProduction);
      for (const [variable, reason] of Object.entries(reasons)) {
        expect(message).toContain(`- ${variable}: ${variable} est obligatoire en production : ${reason}`);
      }
      expect(message).toContain(
        "PUBLISHER_NAME est obligatoire en production : le nom de l'éditeur figure dans les mentions légales.",
      );
    });

    for (const variable of Object.keys(identity) as (keyof typeof identity)[]) {
      it(`names ${variable} alone when it is the one missing (unset or blank)`, () => {
        for (const value of [undefined, "   "]) {
          const message = failure({ ...publicProduction, ...identity, [variable]: value });
          expect(message).toContain(`${variable} est obligatoire en production : ${reasons[variable]}`);
          const others = Object.keys(identity).filter((other) => other !== variable);
          for (const other of others) expect(message).not.toContain(`${other} est obligatoire`);
        }
      });
    }

    it("uses the values given, with no example flag, when every one is set", () => {
      const config = parseConfig({ ...publicProduction, ...identity });
      expect(config).toMatchObject({
        publisherName: "Jeanne Martin",
        contactEmail: "contact@exemple.fr",
        hostingProvider: "Hébergeur SAS",
        hostingAddress: "1 rue de l'Hébergeur, 75001 Paris",
        hostingPhone: "01 00 00 00 00",
        identityIsExample: false,
        identityPlaceholders: [],
      });
      expect(parseConfig({ ...base, ...identity }).identityIsExample).toBe(false);
    });

    it("still starts a local production run (localhost, 127.x.x.x, ::1) with placeholders flagged as an example", () => {
      for (const SITE_URL of [undefined, "http://localhost:3000", "http://127.0.0.1:4321", "http://[::1]:3000"]) {
        const config = parseConfig({ ...base, NODE_ENV: "production", SITE_URL });
        expect(config.identityIsExample, SITE_URL).toBe(true);
        expect(config.identityPlaceholders).toEqual([
          "publisherName",
          "contactEmail",
          "hostingProvider",
          "hostingAddress",
          "hostingPhone",
        ]);
        expect(config.publisherName).toBe(EXAMPLE_IDENTITY.publisherName);
        expect(config.hostingPhone).toBe(EXAMPLE_IDENTITY.hostingPhone);
      }
    });

    it("does not require them while developing or testing, even on a public address", () => {
      for (const NODE_ENV of ["development", "test"]) {
        expect(parseConfig({ ...publicProduction, NODE_ENV }).identityIsExample).toBe(true);
      }
    });

    it("flags only the placeholders among values partly set", () => {
      const config = parseConfig({ ...base, PUBLISHER_NAME: "Jeanne Martin", HOSTING_PHONE: "" });
      expect(config.identityIsExample).toBe(true);
      expect(config.publisherName).toBe("Jeanne Martin");
      expect(config.identityPlaceholders).not.toContain("publisherName");
      expect(config.identityPlaceholders).toContain("hostingPhone");
      expect(config.hostingPhone).toBe(EXAMPLE_IDENTITY.hostingPhone);
    });

    it("still checks the contact address's form", () => {
      expect(failure({ ...publicProduction, ...identity, CONTACT_EMAIL: "pas-une-adresse" })).toContain(
        "CONTACT_EMAIL doit être une adresse e-mail valide.",
      );
    });
  });

  it("drops the trailing slash of the site URL", () => {
    expect(parseConfig({ ...base, SITE_URL: "https://www.exemple.fr/" }).siteUrl).toBe("https://www.exemple.fr");
  });
});

describe("the production server's command", () => {
  it("is the same for `npm start` (after its build) and `npm run serve`, which the tests and benchmarks start", () => {
    const { scripts } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toBe(`npm run build --silent && ${scripts.serve}`);
    expect(serveArguments().at(-1)).toBe("server.js");
  });
});
