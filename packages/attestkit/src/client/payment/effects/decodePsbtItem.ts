import { hex } from "@scure/base";
import { type PsbtInput, readPsbtPayments } from "../../../chains/bitcoin/readPsbtPayments.js";
import { toOutputScript } from "../../../chains/bitcoin/toOutputScript.js";
import { refuse } from "./refuse.js";
import type { DecodedItem, EffectContext, Move } from "./types.js";

export type DecodePsbtItemParameters = {
  /** The item's PSBT, hex or base64. */
  psbt: string;
  context: EffectContext;
};

const psbtFields = {
  payee: "data.psbt.outputs",
  currency: "data.psbt",
  amount: "data.psbt.outputs",
  binding: "data.psbt.outputs",
  depositor: "data.psbt.inputs",
};

/**
 * Weight a signature adds to a spend, counted at its largest: P2WPKH's witness `[73-byte signature,
 * 33-byte key]`; P2SH-P2WPKH's the same plus its scriptSig, the 23-byte push of the redeem script
 * (4 weight units a byte, absent from the unsigned transaction); P2TR's witness `[65-byte signature]`.
 */
const spendWeight = {
  p2wpkh: 1 + 1 + 73 + 1 + 33,
  "p2sh-p2wpkh": 23 * 4 + 1 + 1 + 73 + 1 + 33,
  p2tr: 1 + 1 + 65,
} as const;

/**
 * Decodes a Bitcoin PSBT into the money it moves before the payer signs it: every input must spend
 * one of the payer's own outputs (its amount known), every input's signature must commit to the
 * outputs; the outputs to the payee (the request's derived deposit address with `useDepositAddress`,
 * else the trusted depository) are the payment, the outputs to the payer are its change, and at most
 * one `OP_RETURN` of 32 bytes, paid nothing, binds the payment (it must carry the order id, checked
 * with every payment). Inputs minus outputs is the fee, at most the caller's fee rate
 * (`maxBitcoinFeeRate`) times the transaction's virtual size. Any other output is refused.
 *
 * @param parameters - {@link DecodePsbtItemParameters}
 * @returns The payment and the fee, or why the PSBT is refused. {@link DecodedItem}
 * @example
 * const decoded = decodePsbtItem({ psbt: action.data.psbt, context })
 */
export function decodePsbtItem({ psbt, context }: DecodePsbtItemParameters): DecodedItem {
  let read: ReturnType<typeof readPsbtPayments>;
  try {
    read = readPsbtPayments({ psbt });
  } catch {
    return refuse("data.psbt", "invalid-psbt", "a PSBT (BIP174, hex or base64)", `${psbt.slice(0, 20)}…`);
  }
  const payee =
    context.intent.useDepositAddress === true ? context.depositAddress : context.origin.depository;
  const payeeScript = payee === undefined ? undefined : scriptOf(payee);
  const changeScript = scriptOf(context.user);
  if (payee === undefined || payeeScript === undefined)
    return refuse(
      "data.psbt",
      "no-trusted-payee",
      "a depository or deposit-address rule in the trust root",
      "none",
    );
  if (changeScript === undefined)
    return refuse("intent.user", "not-a-bitcoin-address", "a Bitcoin address", context.user);
  const [uncommitted] = read.uncommittedInputs;
  if (uncommitted !== undefined)
    return refuse(
      `data.psbt.inputs[${uncommitted}].sighashType`,
      "outputs-not-signed",
      "ALL or DEFAULT",
      "NONE or SINGLE",
    );
  const spent = readInputs(read.inputs, changeScript);
  if ("refused" in spent) return spent.refused;
  const outputs = readOutputs(read.outputs, { payee, payeeScript, changeScript, user: context.user });
  if ("refused" in outputs) return outputs.refused;
  const { paid, out, binding } = outputs;
  const fee = spent.total - out;
  const vsize = BigInt(Math.ceil((read.baseSize * 4 + 2 + spent.signatureWeight) / 4));
  const cap = context.limits.maxBitcoinFeeRate * vsize;
  if (fee < 0n) return refuse("data.psbt", "outputs-above-inputs", `at most ${spent.total}`, out.toString());
  if (fee > cap)
    return refuse(
      "data.psbt.fee",
      "fee-above-limit",
      `at most ${cap} sat (${context.limits.maxBitcoinFeeRate} sat/vB x ${vsize} vB)`,
      `${fee} sat`,
    );
  const moves: Move[] = [
    {
      type: "pay",
      via: context.intent.useDepositAddress === true ? "depositAddress" : "psbt",
      chainId: context.origin.id,
      payee,
      currency: context.currency,
      amount: paid,
      binding,
      depositor: context.user,
      fields: psbtFields,
    },
    { type: "fee", chainId: context.origin.id, kind: "bitcoin-fee", currency: context.currency, amount: fee },
  ];
  return { ok: true, moves, summary: `PSBT paying ${paid} sat to ${payee}, fee ${fee} sat` };
}

/**
 * What the outputs pay: to the payee, in all, and the one binding (`OP_RETURN` of 32 bytes, paid
 * nothing); the change to the payer passes; any other output is refused.
 */
function readOutputs(
  outputs: readonly { script: string; amount: bigint }[],
  where: { payee: string; payeeScript: string; changeScript: string; user: string },
): { paid: bigint; out: bigint; binding: string | undefined } | { refused: DecodedItem } {
  let paid = 0n;
  let out = 0n;
  const bindings: string[] = [];
  for (const [i, output] of outputs.entries()) {
    out += output.amount;
    if (output.script === where.payeeScript) paid += output.amount;
    else if (output.script === where.changeScript) continue;
    else if (!output.script.startsWith("6a"))
      return {
        refused: refuse(
          `data.psbt.outputs[${i}].script`,
          "unknown-payee",
          `${where.payee} or the change to ${where.user}`,
          output.script,
        ),
      };
    else if (output.amount !== 0n)
      return {
        refused: refuse(
          `data.psbt.outputs[${i}].amount`,
          "value-in-data-output",
          "0",
          output.amount.toString(),
        ),
      };
    else if (!/^6a20[0-9a-f]{64}$/.test(output.script))
      return {
        refused: refuse(
          `data.psbt.outputs[${i}].script`,
          "unknown-data-output",
          "OP_RETURN of the 32-byte order id",
          output.script,
        ),
      };
    else bindings.push(`0x${output.script.slice(4)}`);
  }
  if (bindings.length > 1)
    return {
      refused: refuse(
        "data.psbt.outputs",
        "ambiguous-binding",
        "at most one OP_RETURN",
        `${bindings.length} OP_RETURN outputs`,
      ),
    };
  return { paid, out, binding: bindings[0] };
}

/**
 * The inputs' total and the weight their signatures add; every input must spend the payer's own
 * P2WPKH, P2SH-P2WPKH or P2TR output.
 */
function readInputs(
  inputs: readonly PsbtInput[],
  payerScript: string,
): { total: bigint; signatureWeight: number } | { refused: DecodedItem } {
  let total = 0n;
  let weight = 0;
  for (const [i, input] of inputs.entries()) {
    if (input.amount === undefined || input.script === undefined)
      return {
        refused: refuse(
          `data.psbt.inputs[${i}]`,
          "unknown-input-amount",
          "witnessUtxo or nonWitnessUtxo",
          "none",
        ),
      };
    if (input.script !== payerScript)
      return {
        refused: refuse(`data.psbt.inputs[${i}].script`, "input-not-payer", payerScript, input.script),
      };
    // A payer's P2SH output is a P2WPKH nested in it (what `3…` wallet addresses are): the signer
    // holds the key its script hashes, so a redeem script that is not the payer's cannot be signed.
    const kind =
      input.script.startsWith("0014") && input.script.length === 44
        ? "p2wpkh"
        : input.script.startsWith("a914") && input.script.endsWith("87") && input.script.length === 46
          ? "p2sh-p2wpkh"
          : input.script.startsWith("5120") && input.script.length === 68
            ? "p2tr"
            : undefined;
    if (kind === undefined)
      return {
        refused: refuse(
          `data.psbt.inputs[${i}].script`,
          "unsupported-input",
          "a P2WPKH, P2SH-P2WPKH or P2TR output",
          input.script,
        ),
      };
    total += input.amount;
    weight += spendWeight[kind];
  }
  if (inputs.length === 0)
    return { refused: refuse("data.psbt.inputs", "no-inputs", "at least one input", "none") };
  return { total, signatureWeight: weight };
}

function scriptOf(address: string): string | undefined {
  try {
    return hex.encode(toOutputScript({ address }));
  } catch {
    return undefined;
  }
}
