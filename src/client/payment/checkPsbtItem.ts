import { hex } from "@scure/base";
import { readPsbtPayments } from "../../chains/bitcoin/readPsbtPayments.js";
import { toOutputScript } from "../../chains/bitcoin/toOutputScript.js";
import { type ItemVerdict, refuseItem } from "./itemVerdict.js";
import type { PaymentTerms } from "./types.js";

export type CheckPsbtItemParameters = {
  /** The item's PSBT, hex or base64. */
  psbt: string;
  /** The step's deposit address, when the quote uses one (the PSBT pays it instead of the depository). */
  depositAddress: string | undefined;
  terms: PaymentTerms;
};

/**
 * Checks that a Bitcoin PSBT pays exactly the order before it is signed: the outputs to the payee
 * (the step's deposit address, else the chain's depository) add up to exactly the order's amount,
 * every other output is either the change back to the user or a data output (`OP_RETURN`, which
 * carries no value), and every input's signature hash type commits to the outputs.
 *
 * @param parameters - {@link CheckPsbtItemParameters}
 * @returns The verdict. {@link ItemVerdict}
 * @example
 * const verdict = checkPsbtItem({ psbt: action.data.psbt, depositAddress: step.depositAddress, terms })
 */
export function checkPsbtItem({ psbt, depositAddress, terms }: CheckPsbtItemParameters): ItemVerdict {
  let payments: ReturnType<typeof readPsbtPayments>;
  try {
    payments = readPsbtPayments({ psbt });
  } catch {
    return refuseItem("data.psbt", "invalid-psbt", "a PSBT (BIP174, hex or base64)", `${psbt.slice(0, 20)}…`);
  }
  const payee = depositAddress || terms.depository;
  const scriptOf = (address: string) => {
    try {
      return hex.encode(toOutputScript({ address }));
    } catch {
      return undefined;
    }
  };
  const payeeScript = scriptOf(payee);
  const changeScript = scriptOf(terms.user);
  if (payeeScript === undefined) return refuseItem("depository", "invalid-payee", "a Bitcoin address", payee);
  const [uncommitted] = payments.uncommittedInputs;
  if (uncommitted !== undefined)
    return refuseItem(
      `data.psbt.inputs[${uncommitted}].sighashType`,
      "outputs-not-signed",
      "ALL or DEFAULT",
      "NONE or SINGLE",
    );
  let paid = 0n;
  for (const [i, output] of payments.outputs.entries()) {
    if (output.script === payeeScript) paid += output.amount;
    else if (output.script === changeScript) continue;
    else if (output.script.startsWith("6a")) {
      if (output.amount !== 0n)
        return refuseItem(
          `data.psbt.outputs[${i}].amount`,
          "value-in-data-output",
          "0",
          output.amount.toString(),
        );
    } else
      return refuseItem(
        `data.psbt.outputs[${i}].script`,
        "unknown-payee",
        `${payee} or the change to ${terms.user}`,
        output.script,
      );
  }
  if (paid !== terms.amount)
    return refuseItem(
      "data.psbt.outputs",
      "amount-mismatch",
      `${terms.amount} to ${payee}`,
      `${paid} to ${payee}`,
    );
  return { ok: true, summary: `PSBT paying ${terms.amount} sat to ${payee}` };
}
