import { InvalidBitcoinParameterError } from "./errors.js";
import { type DepositPsbtCandidate, type DepositPsbtUtxo, readDepositUtxo } from "./readDepositUtxo.js";

/**
 * The outputs a deposit may spend, checked (`readDepositUtxo`), each at most once, in the order coin
 * selection takes them: largest value first, ties by txid then vout, so that the same outputs always
 * give the same PSBT.
 *
 * @param utxos - The outputs as given. {@link DepositPsbtUtxo}
 * @returns The outputs, normalized and ordered. {@link DepositPsbtCandidate}
 * @throws {InvalidBitcoinParameterError} What `readDepositUtxo` throws, or `duplicate-utxo`.
 * @example
 * const candidates = orderDepositUtxos(utxos)
 */
export function orderDepositUtxos(utxos: readonly DepositPsbtUtxo[]): DepositPsbtCandidate[] {
  const candidates = utxos.map((utxo, i) => readDepositUtxo(utxo, i));
  const seen = new Set<string>();
  candidates.forEach((candidate, i) => {
    const key = `${candidate.txid}:${candidate.vout}`;
    if (seen.has(key))
      throw new InvalidBitcoinParameterError({ field: `utxos[${i}]`, reason: "duplicate-utxo", value: key });
    seen.add(key);
  });
  return candidates.sort(
    (a, b) =>
      (a.value === b.value ? 0 : a.value > b.value ? -1 : 1) ||
      a.txid.localeCompare(b.txid) ||
      a.vout - b.vout,
  );
}
