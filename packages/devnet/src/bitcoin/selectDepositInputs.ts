import { InsufficientBitcoinFundsError } from "./errors.js";
import { estimateDepositFee } from "./estimateDepositFee.js";
import type { DepositOutputs } from "./readDepositOutputs.js";
import type { DepositPsbtCandidate } from "./readDepositUtxo.js";

export type SelectDepositInputsParameters = {
  /** The spendable outputs, in selection order (`orderDepositUtxos`). */
  candidates: readonly DepositPsbtCandidate[];
  /** Satoshis to pay the deposit address. */
  amount: bigint;
  /** Satoshis per virtual byte. */
  feeRate: bigint;
  outputs: DepositOutputs;
};

/** The inputs chosen, the transaction's estimated virtual size, its fee and its change (satoshis). */
export type DepositSelection = {
  inputs: DepositPsbtCandidate[];
  vsize: number;
  fee: bigint;
  /** 0n when no change output is made. */
  change: bigint;
};

/**
 * Coin selection of a deposit: takes the candidates in order until they cover the amount and the
 * fee. With change of at least its dust threshold the transaction gets a change output; otherwise,
 * once the inputs cover the amount and the fee of a transaction without change, the rest goes to the
 * fee (the way wallets avoid dust change).
 *
 * @param parameters - {@link SelectDepositInputsParameters}
 * @returns The selection. {@link DepositSelection}
 * @throws {InsufficientBitcoinFundsError} When all candidates together do not cover the amount and the
 * fee, with what is available and what is needed (satoshis).
 * @example
 * const { inputs, fee, change } = selectDepositInputs({ candidates, amount, feeRate: 2n, outputs })
 */
export function selectDepositInputs({
  candidates,
  amount,
  feeRate,
  outputs,
}: SelectDepositInputsParameters): DepositSelection {
  const { depositScript, bindingScript, changeScript, changeDust } = outputs;
  const withChangeScripts = [depositScript, bindingScript, changeScript];
  const withoutChangeScripts = [depositScript, bindingScript];
  const selected: DepositPsbtCandidate[] = [];
  let total = 0n;
  for (const candidate of candidates) {
    selected.push(candidate);
    total += candidate.value;
    const withChange = estimateDepositFee({ inputs: selected, outputs: withChangeScripts, feeRate });
    const change = total - amount - withChange.fee;
    if (change >= changeDust)
      return { inputs: selected, vsize: withChange.vsize, fee: withChange.fee, change };
    const withoutChange = estimateDepositFee({ inputs: selected, outputs: withoutChangeScripts, feeRate });
    if (total >= amount + withoutChange.fee)
      return { inputs: selected, vsize: withoutChange.vsize, fee: total - amount, change: 0n };
  }
  throw new InsufficientBitcoinFundsError({
    available: total,
    required: amount + estimateDepositFee({ inputs: candidates, outputs: withoutChangeScripts, feeRate }).fee,
  });
}
