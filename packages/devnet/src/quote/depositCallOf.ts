import { devnetDepositoryAbi } from "attestkit/contracts";
import { type Address, concat, encodeFunctionData, type Hex } from "viem";
import { devnetTokenAbi } from "../contracts/abis.js";
import type { PricedQuote } from "./priceQuote.js";

export type DepositCallOfParameters = {
  priced: Pick<PricedQuote, "currencyIn" | "amountIn" | "user" | "directDeposit">;
  /** The origin chain's depository. */
  depository: Address;
  /** The order id: the depository `id` the deposit names. */
  orderId: Hex;
};

/** The transaction a deposit sends: its target, calldata and value (wei). */
export type DepositCall = { to: Address; data: Hex; value: bigint };

/**
 * The transaction that pays a quote into the origin depository under the order id, in the form the
 * quote asked for (`protocol-v2-orders.md` §4; live-service-facts.md, "What a quote tells the wallet
 * to send"):
 * - by default (`explicitDeposit` true): `depositNative(user, orderId)` with the value, or
 *   `depositErc20(user, token, amount, orderId)` after an approval;
 * - with `priced.directDeposit` (`explicitDeposit: false`): a native transfer to the depository whose
 *   calldata is the order id (the devnet depository's fallback credits the sender), or the token's
 *   `transfer(depository, amount)` with the order id as the calldata's trailing 32 bytes (the live
 *   docs' "trailing 32 bytes of the ERC20 transfer calldata"; no approval: it spends no allowance).
 *
 * @param parameters - {@link DepositCallOfParameters}
 * @returns The call. {@link DepositCall}
 * @example
 * depositCallOf({ priced, depository, orderId }) // { to: depository, data: "0x49290c1c…", value: amountIn }
 */
export function depositCallOf({ priced, depository, orderId }: DepositCallOfParameters): DepositCall {
  const { currencyIn, amountIn, user } = priced;
  if (currencyIn.isNative)
    return {
      to: depository,
      data:
        priced.directDeposit === true
          ? orderId
          : encodeFunctionData({
              abi: devnetDepositoryAbi,
              functionName: "depositNative",
              args: [user, orderId],
            }),
      value: amountIn,
    };
  if (priced.directDeposit === true)
    return {
      to: currencyIn.address,
      data: concat([
        encodeFunctionData({ abi: devnetTokenAbi, functionName: "transfer", args: [depository, amountIn] }),
        orderId,
      ]),
      value: 0n,
    };
  return {
    to: depository,
    data: encodeFunctionData({
      abi: devnetDepositoryAbi,
      functionName: "depositErc20",
      args: [user, currencyIn.address, amountIn, orderId],
    }),
    value: 0n,
  };
}
