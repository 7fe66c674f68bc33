import { expect, test } from "vitest";
import { chainIds } from "../attestation/constants.js";
import { bitcoin, bitcoinGuidance } from "./bitcoin/constants.js";
import { externalExchange } from "./exchange/constants.js";

test("default", () => {
  expect(bitcoin.chainId).toBe(8253038);
  expect(bitcoin.nativeCurrency).toBe("bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqmql8k8");
  expect(externalExchange).toMatchObject({ chainId: 3586256, currency: "0", decimals: 6 });
});

test("chain ids agree with the attestation core's table", () => {
  expect(bitcoin.chainId).toBe(chainIds.bitcoin);
  expect(externalExchange.chainId).toBe(chainIds.lighter);
});

test("guidance matches the interface's limits", () => {
  expect(bitcoinGuidance.confirmations).toEqual({ typical: 1, highValue: 2 });
  expect(bitcoinGuidance.stallBlocks).toEqual({ typical: { min: 2, max: 3 }, highValue: { min: 3, max: 4 } });
  expect(bitcoinGuidance.blockTimeSeconds.average).toBe(600);
});
