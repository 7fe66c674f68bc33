import { hex } from "@scure/base";
import { toOutputScript } from "attestkit/chains";
import type { BitcoinUtxo } from "../types.js";
import { type BitcoinChainState, type MutableRecord, outpointKey } from "./bitcoinChainState.js";

/**
 * The unspent outputs of an address: paid to it and spent neither in a block nor in the mempool, in
 * the order the chain saw them.
 *
 * @param state - The chain's state. {@link BitcoinChainState}
 * @param address - A mainnet-style address.
 * @returns The outputs. {@link BitcoinUtxo}
 * @throws {InvalidBitcoinAddressError} When the address does not parse.
 * @example
 * const utxos = getAddressUtxos(state, wallet.p2wpkhAddress)
 */
export function getAddressUtxos(
  { scriptIndex, records, spends }: BitcoinChainState,
  address: string,
): BitcoinUtxo[] {
  const scriptHex = hex.encode(toOutputScript({ address }));
  const utxos: BitcoinUtxo[] = [];
  for (const txid of scriptIndex.get(scriptHex) ?? []) {
    const record = records.get(txid) as MutableRecord;
    record.outputScripts.forEach((outputScript, vout) => {
      if (outputScript !== scriptHex || spends.has(outpointKey(txid, vout))) return;
      const output = record.transaction.outputs[vout] as { amount: bigint; script: Uint8Array };
      utxos.push({ txid, vout, value: output.amount, script: output.script, status: record.status });
    });
  }
  return utxos;
}
