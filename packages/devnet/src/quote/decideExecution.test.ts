import { describe, expect, test } from "vitest";
import type { QuoteRequest } from "../../../attestkit/src/schemas/index.js";
import { decideExecution } from "./decideExecution.js";
import { devnetCurrencies } from "./devnetCurrencies.js";

const token = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const weth = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
const eth = "0x0000000000000000000000000000000000000000";
const currencies = devnetCurrencies({
  chains: [
    { chainId: 31337, token, weth },
    { chainId: 31338, token, weth },
  ],
});
const sameChain = (originCurrency: string, destinationCurrency: string, extra: Partial<QuoteRequest> = {}) =>
  ({
    user: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    originChainId: 31337,
    destinationChainId: 31337,
    originCurrency,
    destinationCurrency,
    amount: "1000000",
    tradeType: "EXACT_INPUT",
    ...extra,
  }) as QuoteRequest;

test("default: a same-chain swap is self-executed", () => {
  expect(decideExecution({ body: sameChain(eth, token), currencies, hasSameChainContracts: true })).toEqual({
    type: "self",
    operation: "swap",
  });
});

describe("the decision's table", () => {
  test.each([
    ["cross-chain", { ...sameChain(eth, eth), destinationChainId: 31338 }, true, "solver", "cross-chain"],
    [
      "forceSolverExecution",
      sameChain(eth, token, { forceSolverExecution: true }),
      true,
      "solver",
      "forceSolverExecution",
    ],
    [
      "forceSolverExecution: false",
      sameChain(eth, token, { forceSolverExecution: false }),
      true,
      "self",
      "swap",
    ],
    ["destination calls", sameChain(eth, eth, { txs: [{ to: token }] }), true, "solver", "txs"],
    ["no destination calls (empty)", sameChain(eth, eth, { txs: [] }), true, "self", "send"],
    ["app fees", sameChain(eth, token, { appFees: [{ fee: "10" }] }), true, "solver", "appFees"],
    ["sponsorship", sameChain(eth, token, { subsidizeFees: true }), true, "solver", "subsidizeFees"],
    ["a gas top-up", sameChain(eth, token, { topupGas: true }), true, "solver", "topupGas"],
    ["a permit", sameChain(token, eth, { usePermit: true }), true, "solver", "usePermit"],
    [
      "a deposit address",
      sameChain(eth, eth, { useDepositAddress: true }),
      true,
      "solver",
      "useDepositAddress",
    ],
    [
      "no WETH and router on the chain",
      sameChain(eth, token),
      false,
      "solver",
      "no same-chain contracts on the chain",
    ],
    [
      "an unknown currency",
      sameChain(eth, "0x000000000000000000000000000000000000dEaD"),
      true,
      "solver",
      "unknown currency",
    ],
    ["the same currency", sameChain(token, token.toLowerCase()), true, "self", "send"],
    ["ETH to WETH", sameChain(eth, weth), true, "self", "wrap"],
    ["WETH to ETH", sameChain(weth, eth), true, "self", "unwrap"],
    ["WETH to USDC", sameChain(weth, token), true, "self", "swap"],
    ["USDC to ETH", sameChain(token, eth), true, "self", "swap"],
    [
      "a swap with disableOriginSwaps",
      sameChain(token, eth, { disableOriginSwaps: true }),
      true,
      "solver",
      "disableOriginSwaps",
    ],
    [
      "a wrap with disableOriginSwaps",
      sameChain(eth, weth, { disableOriginSwaps: true }),
      true,
      "self",
      "wrap",
    ],
  ] as const)("%s", (_, body, hasSameChainContracts, type, what) => {
    const decision = decideExecution({ body, currencies, hasSameChainContracts });
    expect(decision.type).toBe(type);
    expect(decision.type === "self" ? decision.operation : decision.reason).toBe(what);
  });
});
