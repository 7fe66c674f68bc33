import { type Address, encodeFunctionData, type Hex, hexToBigInt } from "viem";
import { devnetTokenAbi } from "../contracts/abis.js";
import type { ChainRequest } from "./createDevnetChains.js";

export type ReadAllowanceParameters = {
  request: ChainRequest;
  token: Address;
  owner: Address;
  spender: Address;
};

/**
 * Reads a token allowance on a devnet chain at the latest block.
 *
 * @param parameters - {@link ReadAllowanceParameters}
 * @returns What `spender` may still take from `owner`.
 * @example
 * await readAllowance({ request: chain.request, token: usdc, owner: user, spender: depository })
 */
export async function readAllowance({
  request,
  token,
  owner,
  spender,
}: ReadAllowanceParameters): Promise<bigint> {
  const data = encodeFunctionData({ abi: devnetTokenAbi, functionName: "allowance", args: [owner, spender] });
  return hexToBigInt((await request({ method: "eth_call", params: [{ to: token, data }, "latest"] })) as Hex);
}
