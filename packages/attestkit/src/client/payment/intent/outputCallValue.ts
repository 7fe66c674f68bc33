import { zeroAddress } from "viem";
import { bitcoin } from "../../../chains/bitcoin/constants.js";
import { intentCallValue } from "./intentCallValue.js";
import type { IntentContext } from "./intentContext.js";

/**
 * The native value of the intent's destination calls (`txs[].value`) that counts toward the output:
 * all of it when the destination currency is the destination chain's native one (by the trust
 * root's VM: the zero address on an EVM chain, Bitcoin's identifier on Bitcoin), else 0. The calls
 * carry wei: added to a token's minimum they would let a signed token minimum fall by as many
 * token units as the calls carry wei.
 *
 * @param context - {@link IntentContext}
 * @returns The value, in the output currency's smallest unit; 0 for a token output.
 * @example
 * const signed = payment.minimumAmount + outputCallValue(context)
 */
export function outputCallValue(context: IntentContext): bigint {
  const { intent, root } = context;
  const vmType = root.byId.get(intent.destinationChainId)?.vmType;
  const currency = intent.destinationCurrency;
  const native =
    (vmType === "ethereum-vm" && currency.toLowerCase() === zeroAddress) ||
    (vmType === "bitcoin-vm" && currency === bitcoin.nativeCurrency);
  return native ? intentCallValue(intent) : 0n;
}
