import type { ExchangeTransferAction } from "../../chains/exchange/validateExchangeTransfer.js";
import { type ItemVerdict, refuseItem } from "./itemVerdict.js";
import type { PaymentTerms } from "./types.js";

export type CheckExchangeItemParameters = {
  /** The transfer, as `validateExchangeTransfer` checked it (its memo is the request id). */
  transfer: ExchangeTransferAction;
  terms: PaymentTerms;
};

/**
 * Checks that an external-exchange transfer pays exactly the order before it is submitted: to the
 * depository account (`paymentDetails.depository` holds an account index for the exchange), of the
 * asset paid, of exactly the order's amount. Its memo was checked to be the request id already.
 *
 * @param parameters - {@link CheckExchangeItemParameters}
 * @returns The verdict. {@link ItemVerdict}
 * @example
 * const verdict = checkExchangeItem({ transfer: action.transfer, terms })
 */
export function checkExchangeItem({ transfer, terms }: CheckExchangeItemParameters): ItemVerdict {
  const { toAccountIndex, assetIndex, amount } = transfer.parameters;
  if (String(toAccountIndex) !== terms.depository)
    return refuseItem(
      "data.action.parameters.toAccountIndex",
      "payee-mismatch",
      terms.depository,
      String(toAccountIndex),
    );
  if (String(assetIndex) !== terms.currency)
    return refuseItem(
      "data.action.parameters.assetIndex",
      "currency-mismatch",
      terms.currency,
      String(assetIndex),
    );
  if (BigInt(amount) !== terms.amount)
    return refuseItem(
      "data.action.parameters.amount",
      "amount-mismatch",
      terms.amount.toString(),
      String(amount),
    );
  return {
    ok: true,
    summary: `transfer ${terms.amount} of asset ${terms.currency} to account ${terms.depository}`,
  };
}
