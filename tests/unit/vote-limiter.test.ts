import { describe, expect, it } from "vitest";
import { VoteLimiter } from "~/services/http/vote-limiter.server";

const HOUR = 60 * 60 * 1000;

describe("the in-memory vote limit", () => {
  it("admits 30 votes of a visitor in an hour, then says when the oldest leaves the hour", () => {
    const limiter = new VoteLimiter(30, HOUR);
    const start = 1_000_000;
    for (let index = 0; index < 30; index += 1) expect(limiter.admit("anne", start + index * 1000)).toBeUndefined();
    expect(limiter.admit("anne", start + 60_000)).toBe(3600 - 60);
    // A refused vote is not counted: once the first vote is an hour old, one more is admitted, not two.
    expect(limiter.admit("anne", start + HOUR + 1)).toBeUndefined();
    expect(limiter.admit("anne", start + HOUR + 2)).toBe(1);
  });

  it("counts each visitor apart", () => {
    const limiter = new VoteLimiter(2, HOUR);
    expect(limiter.admit("anne", 0)).toBeUndefined();
    expect(limiter.admit("anne", 1)).toBeUndefined();
    expect(limiter.admit("anne", 2)).toBeGreaterThan(0);
    expect(limiter.admit("bruno", 3)).toBeUndefined();
  });

  it("forgets the least recently seen visitors past its size, so a flood of new addresses stays bounded", () => {
    const limiter = new VoteLimiter(1, HOUR, 2);
    limiter.admit("anne", 0);
    limiter.admit("bruno", 1);
    limiter.admit("claire", 2);
    expect(limiter.admit("anne", 3)).toBeUndefined();
    expect(limiter.admit("claire", 4)).toBeGreaterThan(0);
  });
});
