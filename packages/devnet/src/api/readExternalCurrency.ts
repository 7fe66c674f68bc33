import { type Address, decodeFunctionResult, encodeFunctionData, erc20Abi, type Hex } from "viem";
import type { ChainRequest } from "../chains/createDevnetChains.js";

/** An ERC-20 the devnet does not list, as its contract describes itself. */
export type ExternalCurrency = {
  chainId: number;
  address: Address;
  symbol: string;
  name: string;
  decimals: number;
};

export type ReadExternalCurrencyParameters = {
  chainId: number;
  /** The chain's JSON-RPC. */
  request: ChainRequest;
  address: Address;
};

/**
 * Reads an ERC-20's `symbol()`, `name()` and `decimals()` from its chain, the devnet's counterpart
 * of the third-party token search the live service asks with `useExternalSearch` (the chain itself
 * is the index). An address that answers none of the three (no contract, not a token) is no currency.
 *
 * @param parameters - {@link ReadExternalCurrencyParameters}
 * @returns The currency, or undefined when the address is no ERC-20.
 * @example
 * await readExternalCurrency({ chainId: 31337, request: chain.request, address }) // { symbol: "GLD", ... }
 */
export async function readExternalCurrency({
  chainId,
  request,
  address,
}: ReadExternalCurrencyParameters): Promise<ExternalCurrency | undefined> {
  const call = async (functionName: "symbol" | "name" | "decimals") =>
    (await request({
      method: "eth_call",
      params: [{ to: address, data: encodeFunctionData({ abi: erc20Abi, functionName }) }, "latest"],
    })) as Hex;
  try {
    const [symbol, name, decimals] = await Promise.all([call("symbol"), call("name"), call("decimals")]);
    return {
      chainId,
      address,
      symbol: decodeFunctionResult({ abi: erc20Abi, functionName: "symbol", data: symbol }),
      name: decodeFunctionResult({ abi: erc20Abi, functionName: "name", data: name }),
      decimals: decodeFunctionResult({ abi: erc20Abi, functionName: "decimals", data: decimals }),
    };
  } catch {
    return undefined;
  }
}
