import { type Address, encodeFunctionData, type Hex, hexToBigInt, isAddressEqual } from "viem";
import { nativeCurrencyAddress } from "../constants.js";
import { devnetTokenAbi } from "../contracts/abis.js";
import type { ChainRequest } from "./createDevnetChains.js";

export type ReadBalanceParameters = {
  request: ChainRequest;
  /** The token; the zero address for the native currency. */
  currency: Address;
  owner: Address;
};

/**
 * Reads a balance on a devnet chain at the latest block: the native balance (`eth_getBalance`) for
 * the zero address, the token's `balanceOf` otherwise.
 *
 * @param parameters - {@link ReadBalanceParameters}
 * @returns The balance in the currency's smallest unit.
 * @example
 * await readBalance({ request: chain.request, currency: usdc, owner: user })
 */
export async function readBalance({ request, currency, owner }: ReadBalanceParameters): Promise<bigint> {
  if (isAddressEqual(currency, nativeCurrencyAddress))
    return hexToBigInt((await request({ method: "eth_getBalance", params: [owner, "latest"] })) as Hex);
  const data = encodeFunctionData({ abi: devnetTokenAbi, functionName: "balanceOf", args: [owner] });
  return hexToBigInt(
    (await request({ method: "eth_call", params: [{ to: currency, data }, "latest"] })) as Hex,
  );
}
