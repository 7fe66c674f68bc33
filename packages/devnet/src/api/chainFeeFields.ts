import { serviceFeeBps } from "../quote/computeQuoteAmounts.js";

/**
 * The fee fields of a chain (and of each of its ERC-20s) in `GET /chains`, as the devnet charges: the
 * service fee, 10 bps of the input (`serviceFeeBps`, the quote's `fees.relayerService`), is charged on
 * what leaves the origin chain, so it is every chain's `withdrawalFee`; nothing is charged for arriving
 * on a chain (`depositFee` 0); and the fees never rise with demand (`surgeEnabled` false). Basis points.
 *
 * @returns `{ withdrawalFee, depositFee, surgeEnabled }`.
 * @example
 * chainFeeFields().withdrawalFee // 10
 */
export function chainFeeFields() {
  return { withdrawalFee: Number(serviceFeeBps), depositFee: 0, surgeEnabled: false };
}
