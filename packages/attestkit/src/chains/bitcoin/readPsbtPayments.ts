import { base64, hex } from "@scure/base";
import { SigHash, Transaction } from "@scure/btc-signer";
import { InvalidPsbtError, type InvalidPsbtErrorType } from "./errors.js";

export type ReadPsbtPaymentsParameters = {
  /** A PSBT as a quote step carries it: hex (`70736274ff…`) or base64. */
  psbt: string;
};

/** One output of the transaction a PSBT builds. */
export type PsbtOutput = {
  /** The output script, hex. */
  script: string;
  /** Satoshis. */
  amount: bigint;
};

/** One input of the transaction a PSBT builds: the output it spends, where the PSBT says. */
export type PsbtInput = {
  /** The spent output's script, hex; undefined when the PSBT carries neither `witnessUtxo` nor `nonWitnessUtxo`. */
  script: string | undefined;
  /** The spent output's satoshis; undefined likewise. */
  amount: bigint | undefined;
};

export type ReadPsbtPaymentsReturnType = {
  outputs: PsbtOutput[];
  /** What each input spends: the money that goes in, which outputs and fee share. */
  inputs: PsbtInput[];
  /** The unsigned transaction's size in bytes without witnesses (version, inputs, outputs, lock time). */
  baseSize: number;
  /**
   * Input indexes whose requested signature hash type would leave outputs uncovered (NONE or
   * SINGLE, with or without ANYONECANPAY): a signature of such an input lets anyone change what the
   * transaction pays. DEFAULT, ALL and ALL|ANYONECANPAY commit to every output.
   */
  uncommittedInputs: number[];
};

const committing: ReadonlySet<number> = new Set([SigHash.DEFAULT, SigHash.ALL, SigHash.ALL_ANYONECANPAY]);

export type ReadPsbtPaymentsErrorType = InvalidPsbtErrorType;

/**
 * Reads what a PSBT pays: each output's script and amount, what each input spends (script and
 * amount, from `witnessUtxo` or `nonWitnessUtxo`), the transaction's size without witnesses, and
 * the inputs whose signature hash type would not commit to the outputs. The outputs are what a wallet signs, so checking them before
 * signing checks where the money goes.
 *
 * @param parameters - {@link ReadPsbtPaymentsParameters}
 * @returns The outputs and the inputs that would not commit to them. {@link ReadPsbtPaymentsReturnType}
 * @throws {InvalidPsbtError} When the string is not a PSBT.
 * @example
 * const { outputs } = readPsbtPayments({ psbt: item.data.psbt })
 */
export function readPsbtPayments({ psbt }: ReadPsbtPaymentsParameters): ReadPsbtPaymentsReturnType {
  let transaction: Transaction;
  try {
    const text = psbt.trim();
    const bytes = /^70736274ff([0-9a-fA-F]{2})*$/i.test(text)
      ? hex.decode(text.toLowerCase())
      : base64.decode(text);
    transaction = Transaction.fromPSBT(bytes, { allowUnknownOutputs: true });
  } catch (cause) {
    throw new InvalidPsbtError({ cause });
  }
  const outputs: PsbtOutput[] = [];
  for (let i = 0; i < transaction.outputsLength; i++) {
    const { script, amount } = transaction.getOutput(i);
    if (script === undefined || amount === undefined) throw new InvalidPsbtError({ output: i });
    outputs.push({ script: hex.encode(script), amount });
  }
  const uncommittedInputs: number[] = [];
  const inputs: PsbtInput[] = [];
  for (let i = 0; i < transaction.inputsLength; i++) {
    const input = transaction.getInput(i);
    if (input.sighashType !== undefined && !committing.has(input.sighashType)) uncommittedInputs.push(i);
    const spent =
      input.witnessUtxo ??
      (input.nonWitnessUtxo !== undefined && input.index !== undefined
        ? input.nonWitnessUtxo.outputs[input.index]
        : undefined);
    inputs.push({
      script: spent?.script === undefined ? undefined : hex.encode(spent.script),
      amount: spent?.amount,
    });
  }
  const baseSize = transaction.toBytes(false, false).length;
  return { outputs, inputs, baseSize, uncommittedInputs };
}
