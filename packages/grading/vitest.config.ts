import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "grading",
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
  },
});
