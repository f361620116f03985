import path from "node:path";
import { defineConfig } from "vitest/config";
import { SITE_SET_UP_MS, TEST_MS } from "./tests/support/timeouts";

const alias = {
  "~": path.resolve(import.meta.dirname, "app"),
  // The message contract shared with the Supabase function (Deno), which cannot import from app/.
  "@contract": path.resolve(import.meta.dirname, "supabase/functions/_shared"),
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          setupFiles: ["tests/support/fresh-connections.ts"],
          // The migrated templates and the Postgres cluster the files share, made once per run.
          globalSetup: ["tests/support/global-setup.ts"],
          // Files run side by side: their sites are processes of their own, which wait on each other more than on
          // the cores (docs/testing.md has the figures for 1, 2 and 3 workers). INTEGRATION_WORKERS overrides it.
          maxWorkers: Number(process.env.INTEGRATION_WORKERS ?? 3),
          environment: "node",
          // A test's own limit never includes a site's start: the set-up hooks that start sites have theirs.
          testTimeout: TEST_MS,
          hookTimeout: SITE_SET_UP_MS,
        },
      },
    ],
  },
});
