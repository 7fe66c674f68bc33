import { expect, test } from "vitest";
import { plainPricedQuote } from "./plainPricedQuote.js";

const currency = { address: "0x0000000000000000000000000000000000000000", decimals: 18 } as never;
const base = {
  originChainId: 8253038,
  destinationChainId: 31338,
  currencyIn: currency,
  currencyOut: currency,
  user: "0x0000000000000000000000000000000000000001",
  recipient: "0x0000000000000000000000000000000000000002",
  refundTo: "0x0000000000000000000000000000000000000003",
  amountIn: 1_000_000n,
  amountOut: 990_000n,
  fees: {} as never,
} as const;

test("default: the given fields, no EVM extras, the minimum output less the slippage", () => {
  const priced = plainPricedQuote({ ...base, slippageBps: 50n });
  expect(priced).toMatchObject({ ...base, slippageBps: 50n, minimumOut: 985_050n });
  expect(priced).toMatchObject({
    txs: [],
    appFees: [],
    sponsored: [],
    swapImpact: 0n,
    appFeeBps: 0n,
    usePermit: false,
    depositAddressType: undefined,
    gasTopup: undefined,
  });
});

test("edges: no slippage keeps the whole output; the whole tolerance leaves nothing", () => {
  expect(plainPricedQuote({ ...base, slippageBps: 0n }).minimumOut).toBe(990_000n);
  expect(plainPricedQuote({ ...base, slippageBps: 10_000n }).minimumOut).toBe(0n);
});
