import { type Address, type Hex, hexToBigInt, isAddressEqual, numberToHex, pad, zeroAddress } from "viem";
import type { ChainRequest } from "../chains/createDevnetChains.js";
import type { DevnetContracts } from "../chains/deployDevnetContracts.js";
import type { RpcDepositLog } from "../solver/depositIndexerTypes.js";
import { findUnclaimedTransfers } from "../solver/findUnclaimedTransfers.js";
import { toDepositFromLog } from "../solver/toDepositFromLog.js";
import { toTokenTransfer, transferTopic } from "../solver/toTokenTransfer.js";
import type { DevnetRequest } from "../state/types.js";
import type { ChainCoins, InflowTransfer } from "./compareChainCoins.js";
import { readBalances } from "./readBalances.js";
import { readHouseTransfers } from "./readHouseTransfers.js";

export type ReadChainCoinsParameters = {
  chain: { chainId: number; request: ChainRequest; contracts: DevnetContracts };
  /** The devnet's own accounts (`isHouseTransfer`). */
  house: readonly Address[];
  /** The first block whose logs the chain still has. */
  historyFrom: bigint;
  requests: readonly DevnetRequest[];
  /** Senders of transactions already looked up, by lower-case hash (transactions never change). */
  senders: Map<string, Address>;
};

/**
 * Reads what one EVM chain holds, at one block (the latest): the depository's balance of the native
 * currency, the devnet's tokens and every token that came into it or that a request deposited; the
 * token transfers into it since `historyFrom`, less the devnet's own money (`isHouseTransfer`, on the
 * transfers no deposit event takes: `findUnclaimedTransfers`); and each request's deposit address with
 * its balances (native, the devnet's tokens, every token sent to it).
 *
 * @param parameters - {@link ReadChainCoinsParameters}
 * @returns What the chain says ({@link ChainCoins}) and the block it was read at.
 * @throws What the chain's reads throw.
 * @example
 * const { coins, block } = await readChainCoins({ chain, house, historyFrom: 0n, requests, senders: new Map() })
 */
export async function readChainCoins({
  chain,
  house,
  historyFrom,
  requests,
  senders,
}: ReadChainCoinsParameters): Promise<{ coins: ChainCoins; block: bigint }> {
  const { chainId, request, contracts } = chain;
  const { depository } = contracts;
  const block = hexToBigInt((await request({ method: "eth_blockNumber" })) as Hex);
  const tag = numberToHex(block);
  const addresses = requests.flatMap((entry) =>
    entry.originChainId === chainId && entry.depositAddress
      ? [{ requestId: entry.requestId, address: entry.depositAddress.address, status: entry.status }]
      : [],
  );
  const range = { fromBlock: numberToHex(historyFrom), toBlock: tag };
  const holders = [depository, ...addresses.map((entry) => entry.address)];
  const [events, transferLogs] = (await Promise.all([
    request({ method: "eth_getLogs", params: [{ ...range, address: depository }] }),
    request({
      method: "eth_getLogs",
      params: [
        {
          ...range,
          topics: [transferTopic, null, holders.map((holder) => pad(holder.toLowerCase() as Hex))],
        },
      ],
    }),
  ])) as [RpcDepositLog[], RpcDepositLog[]];
  const transfers = transferLogs.flatMap((entry) => toTokenTransfer(entry) ?? []);
  const into = (holder: Address) => transfers.filter((transfer) => isAddressEqual(transfer.to, holder));
  const deposits = events.flatMap((entry) => toDepositFromLog(entry, chainId, depository) ?? []);
  const own = await readHouseTransfers({
    request,
    house,
    transfers: findUnclaimedTransfers(into(depository), deposits),
    senders,
  });
  const inflows = new Map<string, InflowTransfer[]>();
  for (const transfer of into(depository)) {
    if (own.has(transfer)) continue;
    const key = transfer.token.toLowerCase();
    const { txHash, logIndex, from, amount } = transfer;
    inflows.set(key, [...(inflows.get(key) ?? []), { txHash, logIndex, from, amount }]);
  }
  const tokens = [contracts.token, contracts.weth, ...transfers.map((transfer) => transfer.token)];
  const recorded = requests.flatMap((entry) =>
    entry.deposit?.chainId === chainId ? [entry.deposit.currency] : [],
  );
  const balancesOf = (holder: Address, currencies: readonly (Address | undefined)[]) =>
    readBalances(request, holder, tag, [zeroAddress, ...currencies]);
  return {
    block,
    coins: {
      chainId,
      depository,
      balances: await balancesOf(depository, [...tokens, ...recorded]),
      inflows,
      depositAddresses: await Promise.all(
        addresses.map(async (entry) => ({
          ...entry,
          balances: await balancesOf(entry.address, [
            contracts.token,
            contracts.weth,
            ...into(entry.address).map((transfer) => transfer.token),
          ]),
        })),
      ),
    },
  };
}
