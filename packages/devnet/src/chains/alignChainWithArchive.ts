import { type Hex, hexToNumber, numberToHex } from "viem";
import type { ChainRequest } from "./createDevnetChains.js";

export type AlignChainWithArchiveParameters = {
  /** The chain's own request function. */
  request: ChainRequest;
  /** The archive's newest block: its number and timestamp (seconds). */
  head: { number: number; timestamp: number };
};

/**
 * Brings a rebuilt chain up to its archive's height: when the chain's head is below the archive's
 * (a restart rebuilds no empty block of interval mining), it mines the missing blocks at once, empty
 * (`hardhat_mine`), at the later of the chain's and the archive's head time, so the chain's next
 * block is the one after the archived head and its time does not go back. The blocks it mines are
 * never served (the archive serves every block up to its head).
 *
 * @param parameters - {@link AlignChainWithArchiveParameters}
 * @returns How many blocks it mined.
 * @example
 * await alignChainWithArchive({ request: raw.request, head: { number: 120, timestamp: 1767225600 } })
 */
export async function alignChainWithArchive({
  request,
  head,
}: AlignChainWithArchiveParameters): Promise<number> {
  const latest = (await request({ method: "eth_getBlockByNumber", params: ["latest", false] })) as {
    number: Hex;
    timestamp: Hex;
  };
  const missing = head.number - hexToNumber(latest.number);
  if (missing <= 0) return 0;
  const timestamp = Math.max(head.timestamp, hexToNumber(latest.timestamp));
  await request({ method: "evm_setNextBlockTimestamp", params: [numberToHex(timestamp)] });
  await request({ method: "hardhat_mine", params: [numberToHex(missing), "0x0"] });
  return missing;
}
