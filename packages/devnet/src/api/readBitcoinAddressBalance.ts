import { bitcoinBalance } from "attestkit/chains";
import type { BitcoinChain } from "../bitcoin/createBitcoinChain.js";

/**
 * Satoshis an address of the devnet's Bitcoin chain holds by the interface's balance rule
 * (`bitcoinBalance`: funded − spent − spent in the mempool, at least zero; coins arriving in the
 * mempool are not counted until mined).
 *
 * @param chain - The Bitcoin chain.
 * @param address - Any address of the chain.
 * @returns The balance, satoshis.
 * @example
 * readBitcoinAddressBalance(chain, wallet.p2wpkhAddress) // 100000000n
 */
export function readBitcoinAddressBalance(chain: BitcoinChain, address: string): bigint {
  const { chain: confirmed, mempool } = chain.getAddressStats(address);
  return bitcoinBalance({
    funded: confirmed.fundedTxoSum,
    spent: confirmed.spentTxoSum,
    pendingSpent: mempool.spentTxoSum,
  });
}
