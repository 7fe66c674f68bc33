import { hex } from "@scure/base";
import { toOutputScript } from "attestkit/chains";
import type { BitcoinChain } from "./createBitcoinChain.js";
import type { BitcoinWallet } from "./deriveBitcoinWallet.js";
import { readRequestBinding } from "./requestBinding.js";
import type { BitcoinTransactionRecord } from "./types.js";

/**
 * The wallet's payment bound to a request (spending the wallet's own outputs, with the request id
 * in an OP_RETURN output), or undefined: how the solver tells a Bitcoin payout it already made.
 */
export function findBoundPayment(
  chain: BitcoinChain,
  wallet: BitcoinWallet,
  requestId: string,
): BitcoinTransactionRecord | undefined {
  const script = hex.encode(toOutputScript({ address: wallet.p2wpkhAddress }));
  const id = requestId.toLowerCase();
  return chain
    .getAddressTransactions(wallet.p2wpkhAddress)
    .find(
      (record) =>
        record.prevouts.some((prevout) => hex.encode(prevout.script) === script) &&
        record.transaction.outputs.some((output) => readRequestBinding(output.script) === id),
    );
}
