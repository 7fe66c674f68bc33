import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { SolcNotInstalledError } from "./errors.js";
import { offlineSolidityConfig } from "./offlineSolidityConfig.js";

const require = createRequire(import.meta.url);

test("default", () => {
  expect(offlineSolidityConfig()).toEqual({
    version: (require("solc/package.json") as { version: string }).version,
    path: require.resolve("solc/soljson.js"),
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "cancun" },
    npmFilesToBuild: [],
  });
});

test("the contracts of packages to build, and the optimizer runs", () => {
  const config = offlineSolidityConfig({
    npmFilesToBuild: ["attestkit/contracts/AttestedDepositReceiver.sol"],
    optimizerRuns: 1000,
  });
  expect(config.npmFilesToBuild).toEqual(["attestkit/contracts/AttestedDepositReceiver.sol"]);
  expect(config.settings.optimizer).toEqual({ enabled: true, runs: 1000 });
});

test("a project root without solc falls back to the one beside attestkit", () => {
  const root = mkdtempSync(join(tmpdir(), "attestkit-hardhat-"));
  try {
    expect(offlineSolidityConfig({ root }).path).toBe(require.resolve("solc/soljson.js"));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("the error without solc says what to install", () => {
  const error = new SolcNotInstalledError({ root: "/project" });
  expect(error.name).toBe("SolcNotInstalledError");
  expect(error.message).toContain("npm install --save-dev solc@0.8.30");
});
