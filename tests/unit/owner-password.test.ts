import { describe, expect, it } from "vitest";
import { passwordMatches, passwordTag } from "~/services/owner/owner-password.server";

const KEY = "clé-de-test";
const PASSWORD = "une longue phrase secrète";

describe("the back office's password", () => {
  it("matches itself only, whatever the length of the guess (never a shortcut on length)", () => {
    expect(passwordMatches(PASSWORD, PASSWORD, KEY)).toBe(true);
    for (const guess of ["", "u", PASSWORD.slice(0, -1), `${PASSWORD} `, PASSWORD.toUpperCase(), "é".repeat(10_000)]) {
      expect(passwordMatches(guess, PASSWORD, KEY), JSON.stringify(guess.slice(0, 30))).toBe(false);
    }
  });

  it("leaves in a session a fingerprint that changes with the password and reveals neither", () => {
    expect(passwordTag(PASSWORD, KEY)).toBe(passwordTag(PASSWORD, KEY));
    expect(passwordTag(`${PASSWORD}!`, KEY)).not.toBe(passwordTag(PASSWORD, KEY));
    expect(passwordTag(PASSWORD, "autre-clé")).not.toBe(passwordTag(PASSWORD, KEY));
    expect(passwordTag(PASSWORD, KEY)).not.toContain("phrase");
  });
});
