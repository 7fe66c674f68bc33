import { requestTypeOf } from "./renderRequestRecord.js";
import { requestAddresses } from "./requestAddresses.js";
import type { RequestFilterField } from "./requestFilterFields.js";
import { sameIgnoringCase } from "./sameIgnoringCase.js";
import type { RequestEntry } from "./toRequestEntry.js";

/**
 * Whether one field of a request matches one value of `GET /requests/v3`, as the live service
 * matches them (the official SDK's `GET /requests/v3` parameters): addresses and hashes without
 * regard to case, chain ids as decimal text, `term` any id, hash or address of the request
 * ("request ID, wallet, deposit address, and all transaction hashes": every address of
 * `requestAddresses`, the refund address included), `user` "the sender or the deposit-address
 * depositor" (the quote's user, the depositor the deposit credits, the deposit address's depositor),
 * `apiKey` any of a comma-separated list, `requestType` without regard to case.
 *
 * @param entry - The request and what is read of it. {@link RequestEntry}
 * @param field - The field. {@link RequestFilterField}
 * @param value - One queried value, as text.
 * @returns True when the field matches.
 * @example
 * matchesRequestField(entry, "status", "success")
 */
export function matchesRequestField(entry: RequestEntry, field: RequestFilterField, value: string): boolean {
  const { request, currencyIn, currencyOut, transactions } = entry;
  const deposits: string[] = transactions.deposits.map((tx) => tx.txHash);
  const fills: string[] = transactions.fills.map((tx) => tx.txHash);
  const refunds: string[] = transactions.refunds.map((tx) => tx.txHash);
  const same = (candidate: string | null | undefined) => sameIgnoringCase(candidate, value);
  switch (field) {
    case "term":
      return [
        request.requestId,
        request.orderId,
        ...requestAddresses(request),
        ...deposits,
        ...fills,
        ...refunds,
      ].some(same);
    case "id":
      return same(request.requestId);
    case "orderId":
      return same(request.orderId);
    case "depositTxHash":
      return deposits.some(same);
    case "fillTxHash":
      return fills.some(same);
    case "refundTxHash":
      return refunds.some(same);
    case "user":
      return [request.user, request.deposit?.from, request.depositAddress?.depositor].some(same);
    case "depositAddress":
      return same(request.depositAddress?.address);
    case "recipient":
      return same(request.recipient);
    case "originChainId":
    case "currencyInChainId":
      return String(request.originChainId) === value;
    case "destinationChainId":
    case "currencyOutChainId":
      return String(request.destinationChainId) === value;
    case "chainId":
      return String(request.originChainId) === value || String(request.destinationChainId) === value;
    case "status":
      return request.status === value;
    case "failReason":
      return request.failReason === value;
    case "refundFailReason":
      return request.refundFailReason === value;
    case "apiKey":
      return value.split(",").some((key) => key !== "" && request.apiKey === key);
    case "referrer":
      return request.referrer === value;
    case "requestType":
      return requestTypeOf({ request, currencyIn, currencyOut }).toLowerCase() === value.toLowerCase();
    case "currencyInAddress":
      return same(request.originCurrency);
    case "currencyOutAddress":
      return same(request.destinationCurrency);
    case "currencyInSymbol":
      return same(currencyIn?.symbol);
    case "currencyOutSymbol":
      return same(currencyOut?.symbol);
  }
}
