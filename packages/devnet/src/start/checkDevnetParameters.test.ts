import { existsSync, readdirSync } from "node:fs";
import { expect, test } from "vitest";
import { makeTempDir } from "../../../../test/support/tempDir.js";
import { createDevnet } from "../createDevnet.js";
import { InvalidDevnetParameterError } from "../errors.js";
import { checkDevnetParameters } from "./checkDevnetParameters.js";

const good = {
  host: "127.0.0.1",
  originChainId: 31337,
  destinationChainId: 31338,
  bitcoinBlockTimeMs: 1000,
  bitcoinHighValueThreshold: 100_000_000n,
  maxBodyBytes: 1 << 20,
  orphanRefundDelayMs: 30_000,
};

test("default: good settings pass", () => {
  expect(() => checkDevnetParameters(good)).not.toThrow();
  expect(() =>
    checkDevnetParameters({ ...good, webhookUrl: "http://127.0.0.1:1/h", apiKey: "k" }),
  ).not.toThrow();
});

test.each([
  [{ host: "0.0.0.0" }, "127.0.0.1 only"],
  [{ destinationChainId: 31337 }, "must differ"],
  [{ webhookUrl: "http://127.0.0.1:1/h" }, "go together"],
  [{ blockTimeMs: 0 }, "blockTimeMs must be a positive integer"],
  [{ blockTimeMs: 1.5 }, "blockTimeMs must be a positive integer"],
  [{ bitcoinBlockTimeMs: -1 }, "bitcoinBlockTimeMs must be a non-negative integer"],
  [{ orphanRefundDelayMs: -1 }, "orphanRefundDelayMs must be a non-negative integer"],
  [{ bitcoinHighValueThreshold: -1n }, "bitcoinHighValueThreshold must be a non-negative bigint"],
  [{ webhookHeaders: { "x-a": "b" } }, "webhookHeaders go with webhookUrl"],
  [{ maxBodyBytes: 0 }, "maxBodyBytes must be a positive integer"],
  [{ maxBodyBytes: Number.NaN }, "maxBodyBytes must be a positive integer"],
  [{ maxBodyBytes: 2 ** 53 }, "maxBodyBytes must be a positive integer"],
  [{ rateLimit: { anonymous: 0 } }, "rateLimit.anonymous must be a positive integer"],
  [{ rateLimit: { windowMs: 1.5 } }, "rateLimit.windowMs must be a positive integer"],
  [{ webhookRetry: { retries: -1 } }, "webhookRetry.retries must be a non-negative integer"],
  [{ webhookRetry: { baseDelayMs: Number.NaN } }, "webhookRetry.baseDelayMs must be a non-negative integer"],
  [
    { webhookRetry: { baseDelayMs: 10, maxDelayMs: 5 } },
    "webhookRetry.maxDelayMs must be at least baseDelayMs",
  ],
])("refused: %o", (change, message) => {
  expect(() => checkDevnetParameters({ ...good, ...change })).toThrow(message);
});

test("a refusal is an InvalidDevnetParameterError naming the setting as the options do", () => {
  for (const [change, parameter] of [
    [{ blockTimeMs: 0 }, "blockTimeMs"],
    [{ rateLimit: { windowMs: 1.5 } }, "rateLimit.windowMs"],
    [{ webhookRetry: { baseDelayMs: 10, maxDelayMs: 5 } }, "webhookRetry.maxDelayMs"],
  ] as const) {
    const error = (() => {
      try {
        checkDevnetParameters({ ...good, ...change });
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(InvalidDevnetParameterError);
    expect(error).toMatchObject({ name: "InvalidDevnetParameterError", parameter });
  }
});

test("a bad setting with --state is refused before the state directory is opened", async () => {
  const dir = makeTempDir("devnet-bad-setting");
  await expect(createDevnet({ port: 0, stateDir: dir, maxBodyBytes: 0, log: () => {} })).rejects.toThrow(
    "maxBodyBytes must be a positive integer",
  );
  expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
});
