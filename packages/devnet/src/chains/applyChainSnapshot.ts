import { type Hex, hexToNumber, numberToHex } from "viem";
import type { ChainSnapshot } from "../state/openStateDatabase.js";
import type { ChainRequest } from "./createDevnetChains.js";

/**
 * Restores a chain snapshot on a chain started from the same genesis: empty blocks up to the one
 * before the snapshot's (mined at once, `hardhat_mine`, at the genesis time), every account of the
 * snapshot set (`hardhat_setBalance`, `hardhat_setNonce`, `hardhat_setCode`, `hardhat_setStorageAt`),
 * then the snapshot's block mined with its timestamp and base fee. The chain then has the same
 * height, accounts and time as when the snapshot was read; its older blocks are empty and their hashes
 * differ (clients never see them: the devnet's JSON-RPC serves the archived blocks, `withChainArchive`). Chain time never goes back: when the
 * restarted chain already holds a later block (its clock ran past the snapshot's time while it
 * started, under load or with interval mining), the snapshot's block takes that block's time.
 *
 * @param parameters - The chain's request function and the snapshot.
 * @returns The timestamp of the block mined, in seconds.
 * @example
 * const timestamp = await applyChainSnapshot({ request: chain.request, snapshot })
 */
export async function applyChainSnapshot({
  request,
  snapshot,
}: {
  request: ChainRequest;
  snapshot: ChainSnapshot;
}): Promise<number> {
  const height = hexToNumber((await request({ method: "eth_blockNumber" })) as Hex);
  if (snapshot.block.number - 1 > height)
    await request({
      method: "hardhat_mine",
      params: [numberToHex(snapshot.block.number - 1 - height), "0x0"],
    });
  for (const [address, account] of Object.entries(snapshot.accounts)) {
    await request({ method: "hardhat_setBalance", params: [address, account.balance] });
    await request({ method: "hardhat_setNonce", params: [address, account.nonce] });
    await request({ method: "hardhat_setCode", params: [address, account.code] });
    for (const [slot, value] of Object.entries(account.storage))
      await request({ method: "hardhat_setStorageAt", params: [address, slot, value] });
  }
  const latest = (await request({ method: "eth_getBlockByNumber", params: ["latest", false] })) as {
    timestamp: Hex;
  };
  const timestamp = Math.max(snapshot.block.timestamp, hexToNumber(latest.timestamp));
  await request({ method: "evm_setNextBlockTimestamp", params: [numberToHex(timestamp)] });
  if (snapshot.block.baseFeePerGas)
    await request({ method: "hardhat_setNextBlockBaseFeePerGas", params: [snapshot.block.baseFeePerGas] });
  await request({ method: "evm_mine", params: [] });
  return timestamp;
}
