import { toOutputScript } from "attestkit/chains";
import { outputKindOf } from "./classifyOutputScript.js";
import { InvalidBitcoinParameterError } from "./errors.js";
import { toRequestBindingScript } from "./requestBinding.js";

export type ReadDepositOutputsParameters = {
  /** Satoshis to pay the deposit address. */
  amount: bigint;
  /** Satoshis per virtual byte. */
  feeRate: bigint;
  /** The solver's deposit address (any standard mainnet address). */
  depositAddress: string;
  /** 0x and 64 hex digits. */
  requestId: string;
  changeAddress: string;
};

/** The scripts of a deposit's outputs, and the smallest change worth an output. */
export type DepositOutputs = {
  depositScript: Uint8Array;
  /** The OP_RETURN output that binds the request id (`toRequestBindingScript`). */
  bindingScript: Uint8Array;
  changeScript: Uint8Array;
  /** The change address's dust threshold, in satoshis: less change is left to the fee. */
  changeDust: bigint;
};

/**
 * Checks what a deposit pays and where, in this order: the amount and the fee rate are positive
 * integers; the deposit address is valid and the amount not below its dust threshold (Bitcoin Core's
 * relay policy would refuse the output); the request id makes a binding output; the change address
 * is valid.
 *
 * @param parameters - {@link ReadDepositOutputsParameters}
 * @returns The output scripts and the change's dust threshold. {@link DepositOutputs}
 * @throws {InvalidBitcoinParameterError} `not-a-positive-integer`, `below-dust`, or a malformed
 * address or request id.
 * @example
 * const { depositScript, bindingScript } = readDepositOutputs({ amount, feeRate: 2n, depositAddress, requestId, changeAddress })
 */
export function readDepositOutputs({
  amount,
  feeRate,
  depositAddress,
  requestId,
  changeAddress,
}: ReadDepositOutputsParameters): DepositOutputs {
  if (typeof amount !== "bigint" || amount <= 0n)
    throw new InvalidBitcoinParameterError({
      field: "amount",
      reason: "not-a-positive-integer",
      value: amount,
    });
  if (typeof feeRate !== "bigint" || feeRate <= 0n)
    throw new InvalidBitcoinParameterError({
      field: "feeRate",
      reason: "not-a-positive-integer",
      value: feeRate,
    });
  const depositScript = toOutputScript({ address: depositAddress });
  const depositDust = outputKindOf(depositScript).dustThreshold;
  if (amount < depositDust)
    throw new InvalidBitcoinParameterError({
      field: "amount",
      reason: "below-dust",
      value: amount,
      expected: `at least ${depositDust} satoshis for ${depositAddress}`,
    });
  const bindingScript = toRequestBindingScript({ requestId });
  const changeScript = toOutputScript({ address: changeAddress });
  const changeDust = outputKindOf(changeScript).dustThreshold;
  return { depositScript, bindingScript, changeScript, changeDust };
}
