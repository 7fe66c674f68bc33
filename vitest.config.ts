import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/setup/buildContracts.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: more workers only contend for them.
    maxWorkers: 2,
  },
});
