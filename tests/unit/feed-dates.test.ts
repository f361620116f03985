import { describe, expect, it } from "vitest";
import { feedLastModified } from "~/services/pages/feed-dates.server";

describe("a feed's Last-Modified", () => {
  it("is its newest change's date while its content stays the same", () => {
    expect(feedLastModified("a.atom", '"v1"', "2026-11-20T10:00:00.000Z", Date.parse("2026-11-28T08:00:00Z"))).toBe(
      "2026-11-20T10:00:00.000Z",
    );
    expect(feedLastModified("a.atom", '"v1"', "2026-11-20T10:00:00.000Z", Date.parse("2026-11-28T09:00:00Z"))).toBe(
      "2026-11-20T10:00:00.000Z",
    );
  });

  it("moves forward, never back, when an entry leaves with no newer change", () => {
    feedLastModified("b.atom", '"v1"', "2026-11-26T10:00:00.000Z");
    // The newest entry's offer was withdrawn: the content changed, and the newest change shown is older.
    const withdrawn = Date.parse("2026-11-28T08:30:00Z");
    expect(feedLastModified("b.atom", '"v2"', "2026-11-20T10:00:00.000Z", withdrawn)).toBe("2026-11-28T08:30:00.000Z");
    // Asked again later, the same content keeps that date.
    expect(feedLastModified("b.atom", '"v2"', "2026-11-20T10:00:00.000Z", withdrawn + 60_000)).toBe(
      "2026-11-28T08:30:00.000Z",
    );
  });

  it("is a new change's date when one comes", () => {
    feedLastModified("c.atom", '"v1"', "2026-11-26T10:00:00.000Z");
    expect(feedLastModified("c.atom", '"v2"', "2026-11-27T10:00:00.000Z", Date.parse("2026-11-28T08:00:00Z"))).toBe(
      "2026-11-27T10:00:00.000Z",
    );
  });
});
