import { readFileSync } from "node:fs";
import path from "node:path";
import { FEEDBACK_RULES } from "@contract/feedback-fields";
import { describe, expect, it } from "vitest";
import { KEPT_BYTES, NETWORK_DRAWING_RATE, SITE_DRAWING_SHARE } from "~/services/share-image/share-image.server";

/** The figures the README and docs/ give for rules the code holds: each read from the code, so neither drifts. */
const read = (file: string) => readFileSync(path.resolve(import.meta.dirname, "../..", file), "utf8");

describe("the figures the texts give", () => {
  it("README: a network's votes weigh at most FEEDBACK_RULES.votesPerNetwork", () => {
    expect(read("README.md")).toMatch(new RegExp(`weigh at\\s+most ${FEEDBACK_RULES.votesPerNetwork} in a rate`));
  });

  it("docs/caches.md: the share images' cache size and drawing rates", () => {
    const caches = read("docs/caches.md");
    expect(caches).toContain(`least recently used out past ${KEPT_BYTES / 1024 / 1024} MB`);
    expect(caches).toMatch(
      new RegExp(
        `the whole site may spend\\s+${SITE_DRAWING_SHARE.burstMs} ms of its main thread drawing at once, ` +
          `then ${SITE_DRAWING_SHARE.share * 100} % of the time that passes, ` +
          `and ${NETWORK_DRAWING_RATE.burst} at once per network, then one\\s+every ${NETWORK_DRAWING_RATE.everyMs / 1000} s`,
      ),
    );
  });
});
