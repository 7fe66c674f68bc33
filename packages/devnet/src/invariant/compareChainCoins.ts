import { type Address, type Hex, isAddressEqual, zeroAddress } from "viem";
import type { CurrencyTally } from "./tallyRequests.js";
import type { CoinDifference, CoinHolding } from "./types.js";

/** A token transfer into a holder, as the invariant reads it. */
export type InflowTransfer = { txHash: Hex; logIndex: number; from: Address; amount: bigint };

/** What one chain says: the balances at one block, and the tokens that came into its depository. */
export type ChainCoins = {
  chainId: number;
  depository: Address;
  /** The depository's balance per currency (lower-case; the zero address for native). */
  balances: ReadonlyMap<string, bigint>;
  /** Per token (lower-case): the transfers into the depository since `historyFrom`, less the devnet's own money. */
  inflows: ReadonlyMap<string, readonly InflowTransfer[]>;
  /** Each deposit address of a request on the chain, with its request's status and its balances. */
  depositAddresses: readonly {
    requestId: Hex;
    address: Address;
    status: string;
    balances: ReadonlyMap<string, bigint>;
  }[];
};

/** The most requests or transfers a difference names. */
const listed = 20;

/**
 * Compares one chain's coins with what its requests say (`tallyRequests`), rule by rule
 * (`CoinRule`): the depository's native balance equals the native deposits less what was paid back
 * of them; the token transfers into it (less the devnet's own) equal the token deposits taken since
 * the chain's history starts; it holds at least what open requests own, in every currency; a deposit
 * address holds nothing unless its request is `depositing`.
 *
 * @param chain - What the chain says. {@link ChainCoins}
 * @param tallies - What the requests say, by lower-case currency. {@link CurrencyTally}
 * @returns The holdings read and every difference. {@link CoinHolding} {@link CoinDifference}
 * @example
 * compareChainCoins(chain, tallyRequests({ requests, chainId, historyFrom })).differences // []
 */
export function compareChainCoins(
  chain: ChainCoins,
  tallies: ReadonlyMap<string, CurrencyTally>,
): { holdings: CoinHolding[]; differences: CoinDifference[] } {
  const { chainId, depository } = chain;
  const holdings: CoinHolding[] = [];
  const differences: CoinDifference[] = [];
  const differ = (difference: Omit<CoinDifference, "chainId">) =>
    differences.push({ chainId, ...difference });
  const currencies = new Set([...chain.balances.keys(), ...tallies.keys(), ...chain.inflows.keys()]);
  for (const currency of currencies) {
    const tally = tallies.get(currency);
    const actual = chain.balances.get(currency) ?? 0n;
    const open = tally?.open ?? 0n;
    const requests = (tally?.openRequests ?? []).slice(0, listed);
    const base = { holder: depository, currency: currency as Address, requests };
    holdings.push({
      chainId,
      holder: depository,
      role: "depository",
      currency: currency as Address,
      actual: `${actual}`,
      open: `${open}`,
    });
    if (isAddressEqual(currency as Address, zeroAddress)) {
      const expected = (tally?.deposited ?? 0n) - (tally?.paidBack ?? 0n);
      if (actual !== expected)
        differ({ rule: "native-balance", ...base, expected: `${expected}`, actual: `${actual}` });
    } else {
      const transfers = chain.inflows.get(currency) ?? [];
      const came = transfers.reduce((sum, transfer) => sum + transfer.amount, 0n);
      const expected = tally?.depositedSince ?? 0n;
      if (came !== expected)
        differ({
          rule: "token-inflows",
          ...base,
          expected: `${expected}`,
          actual: `${came}`,
          transfers: transfers
            .filter((transfer) => !tally?.depositTxs.has(transfer.txHash.toLowerCase()))
            .slice(0, listed)
            .map((transfer) => ({ ...transfer, amount: `${transfer.amount}` })),
        });
    }
    if (actual < open) differ({ rule: "open-deposits", ...base, expected: `${open}`, actual: `${actual}` });
  }
  for (const { requestId, address, status, balances } of chain.depositAddresses)
    for (const [currency, actual] of balances) {
      if (actual === 0n) continue;
      const holding = { holder: address, currency: currency as Address, actual: `${actual}` };
      const owned = status === "depositing";
      holdings.push({ chainId, role: "depositAddress", ...holding, open: owned ? `${actual}` : "0" });
      if (!owned) differ({ rule: "deposit-address", ...holding, expected: "0", requests: [requestId] });
    }
  return { holdings, differences };
}
