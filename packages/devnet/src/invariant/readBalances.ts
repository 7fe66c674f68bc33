import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  hexToBigInt,
  isAddressEqual,
  zeroAddress,
} from "viem";
import type { ChainRequest } from "../chains/createDevnetChains.js";

/**
 * Reads a holder's balances at one block: the native currency (the zero address, wei) with
 * `eth_getBalance`, each token with its `balanceOf`. A currency named twice is read once; a token
 * whose `balanceOf` fails or answers no number is left out (it is no ERC-20 the holder can hold).
 *
 * @param request - The chain's JSON-RPC.
 * @param holder - Whose balances.
 * @param tag - The block, as a hex quantity.
 * @param currencies - The zero address and the tokens (undefined entries are skipped).
 * @returns The balances, by lower-case currency, smallest units.
 * @example
 * const balances = await readBalances(request, depository, "0x2a", [zeroAddress, usdc])
 */
export async function readBalances(
  request: ChainRequest,
  holder: Address,
  tag: Hex,
  currencies: readonly (Address | undefined)[],
): Promise<Map<string, bigint>> {
  const balances = new Map<string, bigint>();
  for (const currency of currencies) {
    if (currency === undefined || balances.has(currency.toLowerCase())) continue;
    if (isAddressEqual(currency, zeroAddress)) {
      balances.set(
        zeroAddress,
        hexToBigInt((await request({ method: "eth_getBalance", params: [holder, tag] })) as Hex),
      );
      continue;
    }
    try {
      const data = encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [holder] });
      const answer = (await request({ method: "eth_call", params: [{ to: currency, data }, tag] })) as Hex;
      balances.set(
        currency.toLowerCase(),
        decodeFunctionResult({ abi: erc20Abi, functionName: "balanceOf", data: answer }),
      );
    } catch {
      // Not an ERC-20 this holder can hold: nothing to count.
    }
  }
  return balances;
}
