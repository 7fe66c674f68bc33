import { expect, test } from "vitest";
import { isPublicRpcMethod } from "./isPublicRpcMethod.js";

test("default: what a wallet calls is public", () => {
  expect(isPublicRpcMethod("eth_chainId")).toBe(true);
});

test.each([
  "eth_sendRawTransaction",
  "eth_call",
  "eth_getLogs",
  "net_version",
  "web3_clientVersion",
  "debug_traceTransaction",
  "debug_traceCall",
  "hardhat_metadata",
  "hardhat_getAutomine",
])("%s is public", (method) => {
  expect(isPublicRpcMethod(method)).toBe(true);
});

test.each([
  // Sends without a signature, and every chain-admin method.
  "eth_sendUnsignedTransaction",
  "hardhat_setBalance",
  "hardhat_impersonateAccount",
  "hardhat_mine",
  "evm_mine",
  "evm_increaseTime",
  "anvil_setBalance",
  "debug_setHead",
  // Only the namespace at the start counts, and it is case-sensitive.
  "ETH_chainId",
  "xeth_chainId",
  "eth",
  "",
])("%j is not public", (method) => {
  expect(isPublicRpcMethod(method)).toBe(false);
});
