/**
 * The fields of `GET /requests/v3` that match one value each, as the live service names them:
 * usable at the top level of the query and (all but `term`) inside `filters` groups.
 */
export const requestFilterFields = [
  "term",
  "id",
  "orderId",
  "depositTxHash",
  "fillTxHash",
  "refundTxHash",
  "user",
  "depositAddress",
  "recipient",
  "originChainId",
  "destinationChainId",
  "chainId",
  "status",
  "failReason",
  "refundFailReason",
  "apiKey",
  "referrer",
  "requestType",
  "currencyInChainId",
  "currencyOutChainId",
  "currencyInAddress",
  "currencyOutAddress",
  "currencyInSymbol",
  "currencyOutSymbol",
] as const;

/** One of {@link requestFilterFields}. */
export type RequestFilterField = (typeof requestFilterFields)[number];
