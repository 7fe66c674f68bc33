import type { Address, Hex } from "viem";

/**
 * The rule of "no coin without an owner" a difference breaks (`readCoinOwnership`):
 *
 * | rule | holder | checks |
 * |------|--------|--------|
 * | `native-balance` | the depository | its native balance equals the native deposits taken less the native refunds (and excesses) paid: the devnet keeps no native money of its own there |
 * | `token-inflows` | the depository | the tokens that came in (every `Transfer` into it, less the devnet's own money) equal the token deposits the requests took |
 * | `open-deposits` | the depository | it holds at least the deposits of requests not yet filled or refunded (the rest is the solver's) |
 * | `deposit-address` | a request's deposit address | it holds nothing once swept (while its request is `depositing`, what it holds is that request's) |
 * | `payments-recorded` | the solver's Bitcoin address (with the deposit addresses), its exchange relayer account | every payment into it is the deposit of a request, and the payments add up to the deposits taken |
 * | `open-deposits` | the same, on Bitcoin and the exchange | it holds at least the deposits of requests not yet filled or refunded |
 */
export type CoinRule =
  | "native-balance"
  | "token-inflows"
  | "open-deposits"
  | "deposit-address"
  | "payments-recorded";

/** One way a chain and the requests disagree. Amounts in the currency's smallest units, decimal strings. */
export type CoinDifference = {
  rule: CoinRule;
  chainId: number;
  /** The depository, or a deposit address; off the EVM the solver's Bitcoin address or relayer account index. */
  holder: Address;
  /** The token, or the zero address for the native currency; off the EVM Bitcoin's currency identifier or the asset index. */
  currency: Address;
  /** What the requests say it should be (`open-deposits`: at least this). */
  expected: string;
  /** What the chain says. */
  actual: string;
  /** The requests whose coins are at stake (capped at 20): the open deposits, the deposit address's request. */
  requests: Hex[];
  /** `token-inflows`, `payments-recorded`: the transfers in (Bitcoin transactions, exchange transfers) that no request's deposit names. */
  transfers?: { txHash: Hex; logIndex: number; from: Address; amount: string }[] | undefined;
};

/** What one holder holds of one currency, and how much of it open requests own. */
export type CoinHolding = {
  chainId: number;
  holder: Address;
  /** `solver`: the solver's Bitcoin address with the deposit addresses, or its exchange relayer account. */
  role: "depository" | "depositAddress" | "solver";
  currency: Address;
  /** The balance, at `block`. */
  actual: string;
  /** What requests not yet filled or refunded own of it. */
  open: string;
};

/** The answer of `GET /devnet/invariant`. */
export type CoinOwnershipReport = {
  /** True when there is no difference. */
  ok: boolean;
  /** Per chain, the block the balances were read at (decimal string; Bitcoin: its height, mempool included; the exchange: its last transfer id). */
  blocks: Record<string, string>;
  /** Every currency of every depository, every deposit address that holds something, the solver's on Bitcoin and the exchange. */
  holdings: CoinHolding[];
  differences: CoinDifference[];
};
