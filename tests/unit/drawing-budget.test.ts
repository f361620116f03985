import { describe, expect, it } from "vitest";
import { DrawingBudget } from "~/services/share-image/drawing-budget.server";

describe("the share images' drawing budget", () => {
  const site = { burst: 10, everyMs: 2_000 };
  const network = { burst: 4, everyMs: 15_000 };

  it("lets one network draw its burst, then one every 15 s, however often it asks", () => {
    const budget = new DrawingBudget(site, network, 0);
    const taken = (at: number) => budget.take("réseau", at);
    expect([0, 1, 2, 3, 4, 5].map(() => taken(0))).toEqual([true, true, true, true, false, false]);
    expect(taken(14_000)).toBe(false);
    expect(taken(15_000)).toBe(true);
    expect(taken(15_001)).toBe(false);
    let drawn = 0;
    for (let at = 15_001; at <= 75_001; at += 100) if (taken(at)) drawn += 1;
    expect(drawn).toBe(4);
  });

  it("bounds the whole site's drawings whatever the number of networks, and forgets none it is refused", () => {
    const budget = new DrawingBudget(site, network, 0);
    let drawn = 0;
    for (let client = 0; client < 50; client += 1) if (budget.take(`réseau ${client}`, 0)) drawn += 1;
    expect(drawn).toBe(10);
    // A network refused for the site's budget keeps its own: its next drawing comes with the site's next token.
    expect(budget.take("réseau 40", 1_999)).toBe(false);
    expect(budget.take("réseau 40", 2_000)).toBe(true);
    let later = 0;
    for (let at = 2_000; at <= 62_000; at += 50) if (budget.take(`réseau neuf ${at}`, at)) later += 1;
    expect(later).toBe(30);
  });
});
