import { hex } from "@scure/base";
import { bitcoin, toOutputScript } from "attestkit/chains";
import type { Address, Hex } from "viem";
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
  /** The payer of a payment naming a request: a transaction names none, so the quote's user stands for it. */
  payerOf: (id: Hex) => string | undefined;
};

export type ObserveBitcoinPaymentReturnType =
  /** A payment into the solver, with the deposit address it paid, if any. */
  | { type: "payment"; payment: Deposit; depositAddress: string | undefined }
  /** It pays the solver but names no request the devnet can tell: left, and logged. */
  | { type: "ignore"; reason: string }
  /** Not a payment into the solver: none of its outputs pays it, or it is the solver's own. */
  | undefined;

/**
 * The Bitcoin adapter's observation: turns a transaction into the chain-neutral payment the one
 * decision reads. It names its request by its OP_RETURN binding, or by the deposit address it pays;
 * the amount is what it pays the solver's address (or that deposit address), over all its outputs;
 * `logIndex` is the first such output. The solver's own payments (they spend its outputs) are none.
 *
 * @param parameters - {@link ObserveBitcoinPaymentParameters}
 * @returns The payment, or why it is left. {@link ObserveBitcoinPaymentReturnType}
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
  if (record.prevouts.some((prevout) => hex.encode(prevout.script) === solverScript)) return undefined;
  let decoded: ReturnType<typeof decodeBitcoinDeposit>;
  try {
    decoded = decodeBitcoinDeposit({ transaction: record.hex, depositAddress: solverAddress });
  } catch (error) {
    return { type: "ignore", reason: error instanceof Error ? error.message : String(error) };
  }
  let { requestId, amount, depositOutputs } = decoded;
  let depositAddress: string | undefined;
  // A payment to a request's own deposit address names its request by the address alone.
  for (const [address, id] of depositAddresses) {
    const script = scriptOf(address);
    const paying = record.transaction.outputs.flatMap((output, index) =>
      hex.encode(output.script) === script ? [{ index, amount: output.amount }] : [],
    );
    if (paying.length === 0) continue;
    requestId = id;
    amount = paying.reduce((sum, output) => sum + output.amount, 0n);
    depositOutputs = paying.map((output) => output.index);
    depositAddress = address;
    break;
  }
  if (depositOutputs.length === 0) return undefined;
  if (requestId === undefined) return { type: "ignore", reason: "the transaction binds no request id" };
  return {
    type: "payment",
    depositAddress,
    payment: {
      chainId,
      // Bitcoin txids are written as they are (64 hex digits), as the live service shows them.
      txHash: record.txid as Hex,
      logIndex: depositOutputs[0] as number,
      blockNumber: 0n,
      from: (payerOf(requestId) ?? "") as Address,
      currency: bitcoin.nativeCurrency as Address,
      amount,
      id: requestId,
    },
  };
}
