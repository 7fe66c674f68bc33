import type { Address, Hex } from "viem";
import { classifyOutputScript } from "../bitcoin/classifyOutputScript.js";
import type { BitcoinTransactionRecord } from "../bitcoin/types.js";
import type { RequestStore } from "../state/createRequestStore.js";

/**
 * Records who paid a request's Bitcoin deposit address, on the first payment into it: its
 * `depositAddress.depositTxHash` and `depositor` (the address of the output the payment's first input
 * spends), as the EVM deposit-address watcher does. A later payment changes nothing.
 *
 * @param parameters - The store, the request's id and the payment's transaction.
 * @example
 * recordBitcoinDepositor({ store, requestId: observed.payment.id, record })
 */
export function recordBitcoinDepositor({
  store,
  requestId,
  record,
}: {
  store: RequestStore;
  requestId: Hex;
  record: BitcoinTransactionRecord;
}): void {
  const request = store.get(requestId);
  if (!request?.depositAddress || request.depositAddress.depositTxHash !== null) return;
  const payer = record.prevouts[0] && classifyOutputScript(record.prevouts[0].script).address;
  store.update(request.requestId, {
    depositAddress: {
      ...request.depositAddress,
      depositTxHash: record.txid as Hex,
      ...(payer === undefined ? {} : { depositor: payer as Address }),
    },
  });
}
