import { defineConfig } from "vitest/config";

// Each workspace keeps its own vitest config; this file only lists them so `vitest run` at the root runs them all.
export default defineConfig({
  test: {
    projects: ["packages/*/vitest.config.ts", "apps/*/vitest.config.ts"],
  },
});
