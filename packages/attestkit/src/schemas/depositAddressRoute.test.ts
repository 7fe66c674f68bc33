import { describe, expect, test } from "vitest";
import { checkDepositAddressRoute, isNativeCurrency } from "./depositAddressRoute.js";

const eth = "0x0000000000000000000000000000000000000000";
const usdc = "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913";
const btc = "bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqmql8k8";
const solanaNative = "11111111111111111111111111111111";

test("default: a native-currency bridge between EVM chains may use a deposit address", () => {
  expect(
    checkDepositAddressRoute({
      originChainId: 8453,
      originCurrency: eth,
      destinationChainId: 10,
      destinationCurrency: eth,
    }),
  ).toEqual({ ok: true });
});

describe("the rule's table", () => {
  test.each([
    ["native bridge", 8453, eth, 10, eth, true],
    ["native bridge, upper-case zero address", 8453, eth.toUpperCase().replace("0X", "0x"), 10, eth, true],
    ["Bitcoin origin to a token", 8253038, btc, 8453, usdc, true],
    ["Bitcoin origin to ETH", 8253038, btc, 8453, eth, true],
    ["a token bridge", 8453, usdc, 10, usdc, false],
    ["native to a token (a swap)", 8453, eth, 10, usdc, false],
    ["a token to native (a swap)", 8453, usdc, 10, eth, false],
    ["ETH to BTC (a swap)", 8453, eth, 8253038, btc, false],
    ["ETH to the exchange", 8453, eth, 3586256, "0", false],
    ["from the exchange", 3586256, "0", 8453, eth, false],
    ["from Solana: left to the service", 792703809, solanaNative, 8453, eth, true],
    ["to Solana: left to the service", 8453, eth, 792703809, solanaNative, true],
  ] as const)("%s", (_, originChainId, originCurrency, destinationChainId, destinationCurrency, ok) => {
    expect(
      checkDepositAddressRoute({ originChainId, originCurrency, destinationChainId, destinationCurrency }).ok,
    ).toBe(ok);
  });
});

test("the reason names the currency that breaks the rule", () => {
  const verdict = checkDepositAddressRoute({
    originChainId: 8453,
    originCurrency: usdc,
    destinationChainId: 10,
    destinationCurrency: usdc,
  });
  expect(verdict).toMatchInlineSnapshot(`
    {
      "ok": false,
      "reason": "needs the origin's native currency (deposit addresses bridge native currencies only; 0x833589fcd6edb6e08f4c7c32d4f71b54bda02913 on chain 8453 is not)",
    }
  `);
});

test("isNativeCurrency: EVM, Bitcoin, the exchange, and what the interface does not say", () => {
  expect(isNativeCurrency({ chainId: 1, currency: eth })).toBe(true);
  expect(isNativeCurrency({ chainId: 1, currency: usdc })).toBe(false);
  expect(isNativeCurrency({ chainId: 8253038, currency: btc })).toBe(true);
  expect(isNativeCurrency({ chainId: 3586256, currency: "0" })).toBe(false);
  expect(isNativeCurrency({ chainId: 792703809, currency: solanaNative })).toBeUndefined();
  // A chain declared non-EVM through vmTypes leaves the EVM rule.
  expect(isNativeCurrency({ chainId: 9092725, currency: eth, vmTypes: { 9092725: "bvm" } })).toBe(false);
});
