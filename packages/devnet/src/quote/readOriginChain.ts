import { type Address, type Hex, hexToBigInt } from "viem";
import type { ApiChain } from "../api/types.js";
import { readAllowance } from "../chains/readAllowance.js";
import { readBalance } from "../chains/readBalance.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";
import type { QuoteChainReads } from "./renderPriceBody.js";

export type ReadOriginChainParameters = {
  /** The EVM origin chain. */
  origin: ApiChain;
  currencyIn: DevnetCurrency;
  user: Address;
  /** The input: a token allowance short of it needs an approval first. */
  amountIn: bigint;
};

/**
 * Reads what a quote from an EVM chain shows of it, at once: the gas price, the user's balance of the
 * input currency and, for a token, whether the allowance to the depository is short of the input.
 *
 * @param parameters - {@link ReadOriginChainParameters}
 * @returns The reads. {@link QuoteChainReads}
 * @example
 * const reads = await readOriginChain({ origin, currencyIn, user, amountIn })
 */
export async function readOriginChain({
  origin,
  currencyIn,
  user,
  amountIn,
}: ReadOriginChainParameters): Promise<QuoteChainReads> {
  const [allowance, userBalance, gasPrice] = await Promise.all([
    currencyIn.isNative
      ? undefined
      : readAllowance({
          request: origin.request,
          token: currencyIn.address,
          owner: user,
          spender: origin.contracts.depository,
        }),
    readBalance({ request: origin.request, currency: currencyIn.address, owner: user }),
    origin.request({ method: "eth_gasPrice" }).then((price) => hexToBigInt(price as Hex)),
  ]);
  return { gasPrice, userBalance, needsApproval: allowance !== undefined && allowance < amountIn };
}
