import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "lang",
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
  },
});
