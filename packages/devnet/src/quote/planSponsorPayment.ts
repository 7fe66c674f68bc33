import { vmTypeOfChain } from "attestkit/attestation";
import type { Address } from "viem";
import { convertAmount } from "./convertAmount.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";

/** Where and what the fee sponsor pays once a request is filled. */
export type SponsorPayment = {
  /** The EVM chain the sponsor pays on. */
  chainId: number;
  /** The currency it pays (the zero address for the native currency). */
  currency: Address;
  /** Smallest units of `currency`. */
  amount: bigint;
};

export type PlanSponsorPaymentParameters = {
  originChainId: number;
  destinationChainId: number;
  /** The input, with its price at quote time. */
  currencyIn: Pick<DevnetCurrency, "address" | "decimals" | "priceUsdMicros">;
  /** The output, with its price at quote time. */
  currencyOut: Pick<DevnetCurrency, "address" | "decimals" | "priceUsdMicros">;
  /** The sponsored part of the fees (`fees.subsidized`), smallest units of the input. */
  subsidized: bigint;
};

/**
 * Plans the fee sponsor's payment of a request's sponsored fees: on an EVM origin, the sponsored
 * amount in the input currency on the origin chain (as the live sponsor's `sponsorPayment` names the
 * origin); from Bitcoin or the exchange, where no EVM sponsor account can pay, the same value in the
 * output currency on the EVM destination, converted at the quote's prices and rounded up, so the
 * solver that fronted the fees is made whole where it filled.
 *
 * @param parameters - {@link PlanSponsorPaymentParameters}
 * @returns The payment. {@link SponsorPayment}
 * @example
 * planSponsorPayment({ originChainId: 8253038, destinationChainId: 31338, currencyIn, currencyOut, subsidized: 1_200n })
 * // { chainId: 31338, currency: "0x0000…", amount: … } (the fees' worth in ETH)
 */
export function planSponsorPayment({
  originChainId,
  destinationChainId,
  currencyIn,
  currencyOut,
  subsidized,
}: PlanSponsorPaymentParameters): SponsorPayment {
  if (vmTypeOfChain({ chainId: originChainId }) === "evm")
    return { chainId: originChainId, currency: currencyIn.address as Address, amount: subsidized };
  return {
    chainId: destinationChainId,
    currency: currencyOut.address as Address,
    amount: convertAmount({ amount: subsidized, from: currencyIn, to: currencyOut, rounding: "ceil" }),
  };
}
