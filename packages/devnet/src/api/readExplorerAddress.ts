import { externalExchange } from "attestkit/chains";
import { type Hex, hexToBigInt, isAddress } from "viem";
import type { ExplorerDeps } from "./readExplorerTransaction.js";

export type ReadExplorerAddressParameters = {
  context: ExplorerDeps;
  chainId: number;
  /** An EVM address; on the exchange an account index. */
  address: string;
};

/**
 * What the devnet's explorer shows of an address (`GET /explorer/{chainId}/address/{address}`): on an
 * EVM chain its native balance (wei), its nonce and whether code lives there, at the latest block; on
 * the exchange the account's balances.
 *
 * @param parameters - {@link ReadExplorerAddressParameters}
 * @returns `{chainId, address, balance, nonce, isContract}` or `{chainId, accountIndex, balances}`;
 * undefined when the chain or the account is unknown, or the address malformed.
 * @example
 * await readExplorerAddress({ context, chainId: 31337, address: user })
 */
export async function readExplorerAddress({ context, chainId, address }: ReadExplorerAddressParameters) {
  if (chainId === externalExchange.chainId && context.exchange) {
    if (!/^(0|[1-9][0-9]{0,15})$/.test(address)) return undefined;
    const balances = context.exchange.ledger.balances(Number(address));
    return balances
      ? {
          chainId,
          accountIndex: Number(address),
          balances: balances.map(({ assetIndex, routeType, balance }) => ({
            assetIndex,
            routeType,
            balance: balance.toString(),
          })),
        }
      : undefined;
  }
  const chain = context.chains.get(chainId);
  if (!chain || !isAddress(address, { strict: false })) return undefined;
  const [balance, nonce, code] = (await Promise.all([
    chain.request({ method: "eth_getBalance", params: [address, "latest"] }),
    chain.request({ method: "eth_getTransactionCount", params: [address, "latest"] }),
    chain.request({ method: "eth_getCode", params: [address, "latest"] }),
  ])) as [Hex, Hex, Hex];
  return {
    chainId,
    address,
    balance: hexToBigInt(balance).toString(),
    nonce: Number(hexToBigInt(nonce)),
    isContract: code !== "0x" && code !== "0x0",
  };
}
