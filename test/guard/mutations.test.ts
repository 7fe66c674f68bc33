// The payment guard, generalized beyond the named attacks: for a genuine quote of every route the
// devnet serves, every leaf of the quote (and of GET /chains) replaced by an attacker's value, every
// item and step duplicated, dropped and moved, every PSBT output changed. For each mutation the guard
// refuses, or the money the quote moves (its decoded effect) is exactly the genuine quote's.
import { isDeepStrictEqual } from "node:util";
import { encodeFunctionData, erc20Abi, zeroAddress } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bitcoin } from "../../packages/attestkit/src/chains/bitcoin/constants.js";
import { externalExchange } from "../../packages/attestkit/src/chains/exchange/constants.js";
import type { PaymentEffect } from "../../packages/attestkit/src/client/payment/effects/types.js";
import { verifyPayment } from "../../packages/attestkit/src/client/payment/verifyPayment.js";
import type { QuoteRequest } from "../../packages/attestkit/src/schemas/index.js";
import { useDevnet } from "../support/devnetHarness.js";
import { evmIntents, type Json } from "../support/guardAttack.js";
import { chainsMutations, quoteMutations } from "../support/quoteMutations.js";

const { devnet, origin, destination, account, client } = useDevnet({ bitcoinBlockTimeMs: 0 });

type Route = { name: string; intent: () => QuoteRequest };
const { native: evm, token: usdc } = evmIntents({ origin, destination, account });

const routes: Route[] = [
  { name: "native", intent: () => evm(1) },
  { name: "ERC-20 with approval", intent: () => usdc(2) },
  { name: "permit", intent: () => usdc(3, { usePermit: true }) },
  {
    name: "deposit address",
    intent: () => evm(4, { useDepositAddress: true, refundTo: account(4).address }),
  },
  {
    name: "Bitcoin origin",
    intent: () => ({
      user: (devnet().info.bitcoin.testWallets[3] as { p2wpkhAddress: string }).p2wpkhAddress,
      recipient: account(5).address,
      originChainId: bitcoin.chainId,
      destinationChainId: destination().chainId,
      originCurrency: bitcoin.nativeCurrency,
      destinationCurrency: zeroAddress,
      amount: "1000000",
      tradeType: "EXACT_INPUT",
    }),
  },
  {
    name: "exchange origin",
    intent: () => ({
      user: String((devnet().info.exchange.testAccounts[3] as { accountIndex: number }).accountIndex),
      recipient: account(5).address,
      originChainId: externalExchange.chainId,
      destinationChainId: destination().chainId,
      originCurrency: externalExchange.currency,
      destinationCurrency: destination().contracts.token,
      amount: "20000000",
      tradeType: "EXACT_INPUT",
    }),
  },
  {
    name: "same-chain through the solver",
    intent: () =>
      evm(6, {
        destinationChainId: origin().chainId,
        destinationCurrency: origin().contracts.token,
        forceSolverExecution: true,
      }),
  },
  {
    name: "destination calls",
    intent: () =>
      evm(7, {
        txs: [
          {
            to: destination().contracts.token,
            data: encodeFunctionData({
              abi: erc20Abi,
              functionName: "approve",
              args: [account(7).address, 1n],
            }),
            value: "0",
          },
        ],
      }),
  },
  {
    name: "same-chain send the caller runs",
    intent: () => evm(8, { destinationChainId: origin().chainId, recipient: account(9).address }),
  },
];

/** The genuine quotes, asked for once before the mutations run (each route's from its own account). */
const genuine = new Map<string, Json>();
let chainsAnswer: Json;
beforeAll(async () => {
  chainsAnswer = (await (await fetch(`${devnet().url}/chains`)).json()) as Json;
  for (const route of routes)
    genuine.set(route.name, JSON.parse(JSON.stringify(await client().getQuote(route.intent()))) as Json);
});

/**
 * The money a quote moves, for comparison: its payments, allowances and accepted items exactly; of
 * its costs outside the order (a Bitcoin fee) the kind, not the amount. A PSBT whose change is one
 * satoshi more pays one satoshi less fee: the guard bounds the fee by the caller's limit
 * (`maxBitcoinFeeRate`, checked on every mutation it lets through), it cannot know the service's rate.
 */
function moneyOf(effect: PaymentEffect | undefined) {
  return effect && { ...effect, fees: effect.fees.map(({ amount: _, ...fee }) => fee) };
}

/** `npm run test:mutations` (ATTESTKIT_MUTATIONS=full) tries every mutation; `npm test` a quick set. */
const depth = process.env.ATTESTKIT_MUTATIONS === "full" ? "full" : "quick";

const tried: string[] = [];
afterAll(() => {
  // The figures the closing note quotes: mutations per route, refused or moving the same money.
  for (const line of tried) process.stdout.write(`${line}\n`);
});

describe("every mutation is refused or moves exactly the genuine quote's money", () => {
  test.each(routes)("$name", async ({ name, intent }) => {
    const request = intent();
    const quote = genuine.get(name) as Json;
    const settings = {
      intent: request,
      trustRoot: devnet().trustRoot,
      solvers: [devnet().info.solver.address],
    };
    const reference = await verifyPayment({ quote, ...settings });
    expect(reference.checks.filter((check) => !check.ok)).toEqual([]);
    expect(reference.effect?.payments).toHaveLength(1);
    let refused = 0;
    let same = 0;
    const moved: string[] = [];
    const mutations = quoteMutations(quote, depth);
    for (const mutation of mutations) {
      const verdict = await verifyPayment({ quote: mutation.quote, ...settings });
      if (!verdict.valid) refused++;
      else if (isDeepStrictEqual(moneyOf(verdict.effect), moneyOf(reference.effect))) same++;
      else moved.push(mutation.name);
    }
    expect(moved).toEqual([]);
    expect(refused + same).toBe(mutations.length);
    tried.push(
      `mutations (${depth}) ${name}: ${mutations.length} (${refused} refused, ${same} moving the genuine money)`,
    );
  });

  test("GET /chains: no leaf of it reaches the guard", async () => {
    const request = routes[0]?.intent() as QuoteRequest;
    const quote = genuine.get("native") as Json;
    const settings = {
      intent: request,
      trustRoot: devnet().trustRoot,
      solvers: [devnet().info.solver.address],
    };
    const reference = await verifyPayment({ quote, ...settings });
    const mutations = chainsMutations(chainsAnswer, depth);
    for (const mutation of mutations) {
      // The guard has no parameter for the service's chain list: passed anyway, it is ignored.
      const verdict = await verifyPayment({ quote, ...settings, ...({ chains: mutation.quote } as object) });
      expect(verdict.effect, mutation.name).toEqual(reference.effect);
    }
    tried.push(`mutations (${depth}) GET /chains: ${mutations.length} (none reaches the guard)`);
  });
});
