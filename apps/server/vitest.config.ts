import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "server",
    environment: "node",
    include: ["test/**/*.test.ts"],
    // PGlite takes seconds to start on 2 cores and scrypt is deliberately slow: be generous.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: 2,
    // A group of its own: its worker count differs from the light unit-test projects.
    sequence: { groupOrder: 1 },
  },
});
