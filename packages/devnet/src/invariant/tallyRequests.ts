import type { Hex } from "viem";
import type { DevnetRequest } from "../state/types.js";

/** What the requests say of one currency on one chain's depository (smallest units). */
export type CurrencyTally = {
  /** Every deposit the requests took on the chain in the currency. */
  deposited: bigint;
  /** Of those, the ones in blocks from `historyFrom` on (whose logs the chain still has). */
  depositedSince: bigint;
  /** The transactions of those deposits, lower-case. */
  depositTxs: Set<string>;
  /** What the depository paid back of them: refunds and excess refunds recorded as made. */
  paidBack: bigint;
  /** What requests not yet filled or refunded own: a deposit not yet settled, an excess not yet sent back. */
  open: bigint;
  /** Those requests. */
  openRequests: Hex[];
};

export type TallyRequestsParameters = {
  requests: readonly DevnetRequest[];
  chainId: number;
  /** The first block whose logs the chain still has (0 unless it was restored from a snapshot). */
  historyFrom: bigint;
};

/**
 * Adds up, per currency (lower-case address), what the requests say one EVM chain's depository took
 * and gave back: every deposit on the chain; the refunds and excess refunds paid out of it
 * (`details.refund`, `details.excessRefund`); and what is still owned by requests not yet filled or
 * refunded: the whole deposit of a `pending`, `submitted` or `failure` request (a failed refund
 * leaves it there), the excess of a filled request not yet sent back. A filled deposit is the
 * solver's from then on.
 *
 * @param parameters - {@link TallyRequestsParameters}
 * @returns The tallies, by lower-case currency. {@link CurrencyTally}
 * @example
 * tallyRequests({ requests: store.all(), chainId: 31337, historyFrom: 0n }).get(zeroAddress)?.open // 2000000000000000n
 */
export function tallyRequests({
  requests,
  chainId,
  historyFrom,
}: TallyRequestsParameters): Map<string, CurrencyTally> {
  const tallies = new Map<string, CurrencyTally>();
  const tallyOf = (currency: string): CurrencyTally => {
    const key = currency.toLowerCase();
    const found = tallies.get(key);
    if (found) return found;
    const created = {
      deposited: 0n,
      depositedSince: 0n,
      depositTxs: new Set<string>(),
      paidBack: 0n,
      open: 0n,
      openRequests: [],
    };
    tallies.set(key, created);
    return created;
  };
  for (const request of requests) {
    const { deposit, details, decision, status } = request;
    if (!deposit || deposit.chainId !== chainId) continue;
    const tally = tallyOf(deposit.currency);
    tally.deposited += deposit.amount;
    if (deposit.blockNumber >= historyFrom) {
      tally.depositedSince += deposit.amount;
      tally.depositTxs.add(deposit.txHash.toLowerCase());
    }
    if (details?.refund && details.refund.chainId === chainId)
      tallyOf(details.refund.currency).paidBack += BigInt(details.refund.amount);
    if (details?.excessRefund && details.excessRefund.chainId === chainId)
      tally.paidBack += BigInt(details.excessRefund.amount);
    const unsettled = status === "pending" || status === "submitted" || status === "failure";
    const excess = decision?.type === "fill" && !details?.excessRefund ? decision.excess : 0n;
    const held = unsettled ? deposit.amount : status === "success" || status === "fallback" ? excess : 0n;
    if (held > 0n) {
      tally.open += held;
      tally.openRequests.push(request.requestId);
    }
  }
  return tallies;
}
