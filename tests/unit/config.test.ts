import { chmodSync, existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/services/env.server";
import { makeTempDir } from "../support/temp-dir";

const temp = makeTempDir("config");
afterAll(() => temp.cleanup());
const base = { DATA_DIR: temp.dir };

describe("configuration", () => {
  it("runs on the embedded database with defaults when nothing is set", () => {
    const config = parseConfig({ ...base });
    expect(config.backend).toEqual({ kind: "embedded", dataDir: path.resolve(temp.dir) });
    expect(config.siteName).toBe("CodeParrain");
    expect(config.siteUrl).toBe("http://localhost:3000");
  });

  it("uses hosted Supabase when both the URL and the anonymous key are set", () => {
    const config = parseConfig({
      ...base,
      SUPABASE_URL: "https://abc.supabase.co",
      SUPABASE_ANON_KEY: "key",
      SESSION_SECRET: "x".repeat(32),
    });
    expect(config.backend).toEqual({ kind: "supabase", url: "https://abc.supabase.co", anonKey: "key" });
  });

  it("refuses one Supabase variable without the other, naming the missing one", () => {
    expect(() => parseConfig({ ...base, SUPABASE_URL: "https://abc.supabase.co" })).toThrow(/SUPABASE_ANON_KEY/);
    expect(() => parseConfig({ ...base, SUPABASE_ANON_KEY: "key" })).toThrow(ConfigError);
    expect(() => parseConfig({ ...base, SUPABASE_ANON_KEY: "key" })).toThrow(/SUPABASE_URL/);
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
    expect(() => parseConfig(supabase)).toThrow(/CONTACT_CLIENT_KEY_SECRET est obligatoire en production avec Supabase/);
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

  it("generates the embedded default's session secret once and keeps it in the data folder", () => {
    const first = parseConfig({ ...base, NODE_ENV: "production" });
    const file = path.join(temp.dir, "session-secret");
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, "utf8")).toBe(first.sessionSecret);
    expect(parseConfig({ ...base, NODE_ENV: "production" }).sessionSecret).toBe(first.sessionSecret);
  });

  it("keeps the generated session secret readable by its owner only, even a secret written before with a wider mode", () => {
    const { sessionSecret } = parseConfig({ ...base });
    const file = path.join(temp.dir, "session-secret");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    chmodSync(file, 0o644);
    expect(parseConfig({ ...base }).sessionSecret).toBe(sessionSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("rejects a malformed site URL or a short secret with a French message", () => {
    expect(() => parseConfig({ ...base, SITE_URL: "pas une adresse" })).toThrow(/SITE_URL doit être/);
    expect(() => parseConfig({ ...base, SESSION_SECRET: "court" })).toThrow(/au moins 32 caractères/);
  });

  it("reads TRUST_PROXY as Express does and names it when it is wrong", () => {
    expect(parseConfig({ ...base }).trustProxy).toEqual({ kind: "none" });
    expect(parseConfig({ ...base, TRUST_PROXY: "1" }).trustProxy).toEqual({ kind: "hops", count: 1 });
    expect(parseConfig({ ...base, TRUST_PROXY: "true" }).trustProxy).toEqual({ kind: "all" });
    expect(parseConfig({ ...base, TRUST_PROXY: "loopback" }).trustProxy.kind).toBe("addresses");
    expect(() => parseConfig({ ...base, TRUST_PROXY: "mon-proxy" })).toThrow(/TRUST_PROXY: « mon-proxy »/);
  });

  it("drops the trailing slash of the site URL", () => {
    expect(parseConfig({ ...base, SITE_URL: "https://www.exemple.fr/" }).siteUrl).toBe("https://www.exemple.fr");
  });
});
