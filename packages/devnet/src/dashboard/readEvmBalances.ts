import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  numberToHex,
} from "viem";
import type { ChainRequest } from "../chains/createDevnetChains.js";

export type ReadEvmBalancesParameters = {
  /** The chain's EIP-1193 request function. */
  request: ChainRequest;
  /** The block to read at: every balance of one answer comes from the same state. */
  blockNumber: bigint;
  /** The ERC-20 token whose balances are read beside the native ones. */
  token: Address;
  /** The accounts and contracts to read (a handful: the page asks for these every few seconds). */
  addresses: readonly Address[];
};

/** Native and token balance of each address, in smallest units, in the order asked. */
export type ReadEvmBalancesReturnType = { address: Address; native: bigint; token: bigint }[];

/**
 * Reads the native and token balances of a few addresses at one block of a devnet chain
 * (`eth_getBalance` and the token's `balanceOf`), all at once.
 *
 * @param parameters - {@link ReadEvmBalancesParameters}
 * @returns The balances. {@link ReadEvmBalancesReturnType}
 * @example
 * const [solver] = await readEvmBalances({ request, blockNumber: 12n, token, addresses: [solverAddress] })
 */
export async function readEvmBalances({
  request,
  blockNumber,
  token,
  addresses,
}: ReadEvmBalancesParameters): Promise<ReadEvmBalancesReturnType> {
  const block = numberToHex(blockNumber);
  return Promise.all(
    addresses.map(async (address) => {
      const [native, data] = await Promise.all([
        request({ method: "eth_getBalance", params: [address, block] }) as Promise<Hex>,
        request({
          method: "eth_call",
          params: [
            {
              to: token,
              data: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [address] }),
            },
            block,
          ],
        }) as Promise<Hex>,
      ]);
      return {
        address,
        native: BigInt(native),
        token: decodeFunctionResult({ abi: erc20Abi, functionName: "balanceOf", data }),
      };
    }),
  );
}
