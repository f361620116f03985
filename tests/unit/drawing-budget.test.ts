import { describe, expect, it } from "vitest";
import { DrawingBudget } from "~/services/share-image/drawing-budget.server";

describe("the share images' drawing budget", () => {
  const site = { burstMs: 150, share: 0.025 };
  const network = { burst: 4, everyMs: 15_000 };

  /** Admits a drawing for `network` at `at` and, when admitted, says it took `tookMs`: whether it was admitted. */
  const drawing = (budget: DrawingBudget, name: string, at: number, tookMs = 50) => {
    const reserved = budget.take(name, at);
    if (reserved === null) return false;
    budget.drawn(reserved, tookMs);
    return true;
  };

  it("lets one network draw its burst, then one every 15 s, however often it asks", () => {
    const budget = new DrawingBudget({ burstMs: 10_000, share: 1 }, network, 0);
    const taken = (at: number) => drawing(budget, "réseau", at);
    expect([0, 1, 2, 3, 4, 5].map(() => taken(0))).toEqual([true, true, true, true, false, false]);
    expect(taken(14_000)).toBe(false);
    expect(taken(15_000)).toBe(true);
    expect(taken(15_001)).toBe(false);
    let drawn = 0;
    for (let at = 15_001; at <= 75_001; at += 100) if (taken(at)) drawn += 1;
    expect(drawn).toBe(4);
  });

  it("spends the site's share of the main thread, whatever the number of networks", () => {
    const budget = new DrawingBudget(site, network, 0);
    // Before any drawing is measured, one is expected to take 125 ms: two fit in 150 ms (the second goes below zero).
    const first = [0, 1, 2, 3].map((client) => budget.take(`réseau ${client}`, 0));
    expect(first).toEqual([125, 125, null, null]);
    // Drawn in 50 ms each: the budget counts what they took, and a third fits, now expected to take 50 ms.
    budget.drawn(125, 50);
    budget.drawn(125, 50);
    expect(budget.take("réseau 9", 0)).toBe(50);
    budget.drawn(50, 50);
    expect(budget.take("réseau 10", 0)).toBeNull();
    // From then on, drawings of 50 ms asked every 50 ms by new networks: 2.5 % of a minute is 30 of them.
    let later = 0;
    for (let at = 50; at <= 60_000; at += 50) if (drawing(budget, `réseau neuf ${at}`, at)) later += 1;
    expect(later).toBe(30);
  });

  it("draws fewer images when each takes longer: the budget is time, not a number of images", () => {
    const slow = new DrawingBudget(site, network, 0);
    const fast = new DrawingBudget(site, network, 0);
    let slowDrawn = 0;
    let fastDrawn = 0;
    for (let at = 0; at <= 60_000; at += 50) {
      if (drawing(slow, `réseau ${at}`, at, 150)) slowDrawn += 1;
      if (drawing(fast, `réseau ${at}`, at, 50)) fastDrawn += 1;
    }
    // 150 ms at once, then 2.5 % of a minute: 1 650 ms of drawing.
    expect(slowDrawn).toBe(1_650 / 150);
    expect(fastDrawn).toBe(1_650 / 50);
  });

  it("keeps a network's own budget when the site's refuses it", () => {
    const budget = new DrawingBudget(site, network, 0);
    drawing(budget, "premier", 0, 200);
    expect(budget.take("second", 0)).toBeNull();
    // The site's budget is back above zero after 2 s (50 ms at 2.5 %): the second network still has its burst.
    for (let at = 2_001; at < 2_001 + 4 * 3_000; at += 3_000) expect(drawing(budget, "second", at)).toBe(true);
    expect(drawing(budget, "second", 14_001)).toBe(false);
  });
});
