import type { Address, Hex } from "viem";
import type { CurrencyTally } from "./tallyRequests.js";
import type { CoinDifference, CoinHolding } from "./types.js";

/** A payment into the solver on Bitcoin or the exchange, as the invariant reads it there. */
export type ExternalPayment = {
  /** The Bitcoin txid, or the exchange transfer's hash. */
  txHash: string;
  /** The first output paying the solver (Bitcoin); 0 on the exchange. */
  logIndex: number;
  /** Who paid: the address the first input spends from, or the sending account index. */
  from: string;
  /** Lower-case: Bitcoin's currency identifier, or the exchange's asset index. */
  currency: string;
  /** What came in, smallest units (on Bitcoin: paid to the solver's addresses less what they spent). */
  amount: bigint;
};

/** What Bitcoin or the exchange says of the solver's coins there (`readBitcoinCoins`, `readExchangeCoins`). */
export type ExternalCoins = {
  chainId: number;
  /** The solver's Bitcoin address, or its relayer account index. */
  holder: string;
  /**
   * What the solver holds there, by lower-case currency: on Bitcoin its address and the deposit
   * addresses together, mempool included; on the exchange its relayer account, every route.
   */
  balances: ReadonlyMap<string, bigint>;
  /** Every payment into it, less the devnet's own money (its payments' change, its sweeps). */
  payments: readonly ExternalPayment[];
};

/** The most requests or payments a difference names. */
const listed = 20;

/**
 * Compares what Bitcoin or the exchange says of the solver's coins with what the requests say
 * (`tallyRequests` of that chain), rule by rule (`CoinRule`): every payment into the solver is the
 * deposit of a request, and the payments add up to the deposits taken (`payments-recorded`: a
 * payment no request records is a coin without an owner); the solver holds at least what open
 * requests own (`open-deposits`). Its liquidity and the deposits it filled are its own.
 *
 * @param coins - What the chain says. {@link ExternalCoins}
 * @param tallies - What the requests say, by lower-case currency. {@link CurrencyTally}
 * @returns The holdings read and every difference. {@link CoinHolding} {@link CoinDifference}
 * @example
 * compareExternalCoins(readExchangeCoins({ ledger }), tallyRequests({ requests, chainId: 3586256, historyFrom: 0n })).differences // []
 */
export function compareExternalCoins(
  coins: ExternalCoins,
  tallies: ReadonlyMap<string, CurrencyTally>,
): { holdings: CoinHolding[]; differences: CoinDifference[] } {
  const { chainId } = coins;
  // The report types holders and currencies as EVM addresses; off the EVM they are written as they are.
  const holder = coins.holder as Address;
  const holdings: CoinHolding[] = [];
  const differences: CoinDifference[] = [];
  const payments = coins.payments.map((payment) => ({
    ...payment,
    currency: payment.currency.toLowerCase(),
  }));
  const currencies = new Set([
    ...coins.balances.keys(),
    ...tallies.keys(),
    ...payments.map((p) => p.currency),
  ]);
  for (const currency of currencies) {
    const tally = tallies.get(currency);
    const actual = coins.balances.get(currency) ?? 0n;
    const open = tally?.open ?? 0n;
    const base = { chainId, holder, currency: currency as Address };
    const requests = (tally?.openRequests ?? []).slice(0, listed);
    holdings.push({ ...base, role: "solver", actual: `${actual}`, open: `${open}` });
    const paid = payments.filter((payment) => payment.currency === currency);
    const came = paid.reduce((sum, payment) => sum + payment.amount, 0n);
    const expected = tally?.deposited ?? 0n;
    const unrecorded = paid.filter((payment) => !tally?.depositTxs.has(payment.txHash.toLowerCase()));
    if (came !== expected || unrecorded.length > 0)
      differences.push({
        rule: "payments-recorded",
        ...base,
        expected: `${expected}`,
        actual: `${came}`,
        requests,
        transfers: unrecorded.slice(0, listed).map(({ txHash, logIndex, from, amount }) => ({
          txHash: txHash as Hex,
          logIndex,
          from: from as Address,
          amount: `${amount}`,
        })),
      });
    if (actual < open)
      differences.push({
        rule: "open-deposits",
        ...base,
        expected: `${open}`,
        actual: `${actual}`,
        requests,
      });
  }
  return { holdings, differences };
}
