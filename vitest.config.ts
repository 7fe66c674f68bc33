import { defineConfig } from "vitest/config";
import { artifactTests, deferArtifactTestsVariable } from "./test/setup/artifactTests.js";
import LongFirstSequencer from "./test/setup/longFirstSequencer.js";
import { workspacePackages } from "./test/support/workspacePackages.js";

// `attestkit/...` and `@attestkit/devnet/...` as the examples and the devnet import them (like installed
// packages), mapped to the sources; the same map as tsconfig.json's `paths`, read from each package's
// exports.
const alias = workspacePackages.flatMap((pkg) =>
  [...pkg.entries].map(([specifier, { source }]) => ({
    find: new RegExp(`^${specifier}$`),
    replacement: source,
  })),
);

/** Left out while the contracts are still being compiled (`npm test` runs them after the build). */
const deferred = process.env[deferArtifactTestsVariable] === "1" ? artifactTests : [];

/** Test files that need a process of their own (see the "isolated" project). */
const isolatedTests = ["packages/attestkit/src/audit/startAuditWorker.test.ts"];

export default defineConfig({
  resolve: { alias },
  test: {
    globalSetup: ["test/setup/buildContracts.ts"],
    // Hang guards, not margins: tests wait for events, and at load 10 to 16 on two cores the package
    // and devnet tests (npm, solc, forge, Hardhat, whole devnets) take minutes. One bound for all.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Two cores: more workers only contend for them.
    maxWorkers: 2,
    // The long files first, so neither core idles at the end (test/setup/longFirstSequencer.ts).
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: "units",
          // The library's own tests. Each file still runs its own module (and its hooks, timers
          // and servers, all closed by the file), but the library and its dependencies (viem,
          // noble, Hardhat) load once per worker instead of once per file: most of a small file's
          // time was that loading. These files leave no global state behind them (no environment
          // variable, no patched global, fake timers restored after each test).
          include: ["packages/*/src/**/*.test.ts", "packages/*/test/**/*.test.ts", "test/**/*.test.ts"],
          // The audit's tests, which start worker threads, are a project of their own. (The CLI's
          // tests set environment variables only inside a test and restore them in its `finally`,
          // and take their streams as an injected `Io`.)
          exclude: ["packages/attestkit/src/audit/**", ...deferred],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "audit",
          // The audit's tests start worker threads: a file of its own per worker process, as the
          // units have, the library loaded once per process.
          include: ["packages/attestkit/src/audit/**/*.test.ts"],
          exclude: isolatedTests,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "isolated",
          // These look at what the process built once (the noble engine's table of multiples of G,
          // shared with the workers): each needs a process where no other file built it first.
          include: isolatedTests,
        },
      },
    ],
  },
});
