import { hex } from "@scure/base";
import { bitcoin, toOutputScript } from "attestkit/chains";
import type { Address, Hex } from "viem";
import { classifyOutputScript } from "../bitcoin/classifyOutputScript.js";
import { decodeBitcoinDeposit } from "../bitcoin/decodeBitcoinDeposit.js";
import type { BitcoinTransactionRecord } from "../bitcoin/types.js";
import type { Deposit } from "../state/types.js";

export type ObserveBitcoinPaymentParameters = {
  record: Pick<BitcoinTransactionRecord, "txid" | "hex" | "transaction" | "prevouts">;
  /** The Bitcoin chain's id (8253038). */
  chainId: number;
  /** The solver's P2WPKH address: deposits pay it (bound by OP_RETURN), its own payments spend from it. */
  solverAddress: string;
  /** Deposit addresses of quotes (`useDepositAddress`): address -> request id; payments to them need no binding. */
  depositAddresses: ReadonlyMap<string, Hex>;
  /**
   * The payer of a payment naming a request of this chain: the quote's user stands for it. Without
   * one, the payer is the address the payment's first input spends from (an orphan goes back there).
   */
  payerOf: (id: Hex) => string | undefined;
};

export type ObserveBitcoinPaymentReturnType =
  /** A payment into the solver, with the deposit address it paid, if any. */
  | { type: "payment"; payment: Deposit; depositAddress: string | undefined }
  /** Not a payment into the solver: none of its outputs pays it, or it is the solver's own. */
  | undefined;

/**
 * The Bitcoin adapter's observation: turns a transaction into the chain-neutral payment the one
 * decision reads. It names its request by its OP_RETURN binding, or by the deposit address it pays;
 * the amount is what it pays the solver's address (or that deposit address), over all its outputs;
 * `logIndex` is the first such output. A payment that binds no request, or more than one, names the
 * zero id (an orphan's, `decidePayment`). The solver's own payments (they spend its outputs) and its
 * sweeps of deposit addresses (they spend theirs) are none.
 *
 * @param parameters - {@link ObserveBitcoinPaymentParameters}
 * @returns The payment, if it is one. {@link ObserveBitcoinPaymentReturnType}
 * @example
 * const observed = observeBitcoinPayment({ record, chainId: 8253038, solverAddress, depositAddresses, payerOf })
 */
export function observeBitcoinPayment({
  record,
  chainId,
  solverAddress,
  depositAddresses,
  payerOf,
}: ObserveBitcoinPaymentParameters): ObserveBitcoinPaymentReturnType {
  const scriptOf = (address: string) => hex.encode(toOutputScript({ address }));
  const solverScript = scriptOf(solverAddress);
  // The solver's own payments and its sweeps of deposit addresses into its wallet pay no request.
  const ownScripts = new Set([solverScript, ...[...depositAddresses.keys()].map(scriptOf)]);
  if (record.prevouts.some((prevout) => ownScripts.has(hex.encode(prevout.script)))) return undefined;
  const paying = (script: string) =>
    record.transaction.outputs.flatMap((output, index) =>
      hex.encode(output.script) === script ? [{ index, amount: output.amount }] : [],
    );
  let outputs = paying(solverScript);
  let requestId = bindingOf(record.hex, solverAddress);
  let depositAddress: string | undefined;
  // A payment to a request's own deposit address names its request by the address alone.
  for (const [address, id] of depositAddresses) {
    const toAddress = paying(scriptOf(address));
    if (toAddress.length === 0) continue;
    requestId = id;
    outputs = toAddress;
    depositAddress = address;
    break;
  }
  if (outputs.length === 0) return undefined;
  const payer = record.prevouts[0] && classifyOutputScript(record.prevouts[0].script).address;
  return {
    type: "payment",
    depositAddress,
    payment: {
      chainId,
      // Bitcoin txids are written as they are (64 hex digits), as the live service shows them.
      txHash: record.txid as Hex,
      logIndex: (outputs[0] as { index: number }).index,
      blockNumber: 0n,
      from: (payerOf(requestId) ?? payer ?? "") as Address,
      currency: bitcoin.nativeCurrency as Address,
      amount: outputs.reduce((sum, output) => sum + output.amount, 0n),
      id: requestId,
    },
  };
}

/** The zero id: what a payment binding no request (or more than one) is recorded under. */
const zeroId = `0x${"00".repeat(32)}` as Hex;

/** The request id the transaction binds by OP_RETURN; the zero id when it binds none, or more than one. */
function bindingOf(transaction: string, solverAddress: string): Hex {
  try {
    return decodeBitcoinDeposit({ transaction, depositAddress: solverAddress }).requestId ?? zeroId;
  } catch {
    return zeroId;
  }
}
