import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import type { DevnetRequest } from "../state/types.js";
import { quotedRate } from "./quotedRate.js";
import { renderOptionalAmount } from "./renderOptionalAmount.js";
import { renderQuotedRoute } from "./renderQuotedRoute.js";
import { renderRequestAppFees } from "./renderRequestAppFees.js";
import { renderRequestFeeSponsorship } from "./renderRequestFeeSponsorship.js";
import { renderRequestFees } from "./renderRequestFees.js";
import { renderRequestTransaction } from "./renderRequestTransaction.js";
import { requestRefundAmount } from "./requestRefundAmount.js";
import type { RequestTransactions } from "./types.js";

export type RenderRequestDataParameters = {
  request: DevnetRequest;
  currencyIn: DevnetCurrency | undefined;
  currencyOut: DevnetCurrency | undefined;
  /** The request's transactions by role (`requestTransactions`). */
  transactions: RequestTransactions;
  /** Adds `referrer` (the caller asked for authenticated data and quoted this request). */
  authenticated: boolean;
  /** Base URL for logos. */
  url: string;
};

/**
 * The `data` of a `GET /requests/v3` entry, in the live service's v3 shape: fail reasons null
 * instead of `N/A`, the reverted transaction, `inTxs` (deposits) and `outTxs` (fills, then refunds),
 * the quoted route and, once filled, the actual one (fills are exact: what executed is what was
 * quoted, with its rate), the refunded amount, and what the quote charged and the fill took:
 * `fees` (`renderRequestFees`), `appFees` (`renderRequestAppFees`) and `feeSponsorship`
 * (`renderRequestFeeSponsorship`), each null when it does not apply.
 *
 * @param parameters - {@link RenderRequestDataParameters}
 * @returns The entry's `data`.
 * @example
 * renderRequestData({ request, currencyIn, currencyOut, transactions, authenticated: false, url }).inTxs
 */
export function renderRequestData({
  request,
  currencyIn,
  currencyOut,
  transactions: { deposits, fills, refunds },
  authenticated,
  url,
}: RenderRequestDataParameters) {
  const quoted = renderQuotedRoute({ request, currencyIn, currencyOut, url });
  return {
    failReason: request.failReason === "N/A" ? null : request.failReason,
    refundFailReason: request.refundFailReason === "N/A" ? null : request.refundFailReason,
    failedTxHash: request.details?.revert?.txHash ?? null,
    usesExternalLiquidity: false,
    triggeredByFastFill: null,
    inTxs: deposits.map(renderRequestTransaction),
    outTxs: [...fills, ...refunds].map(renderRequestTransaction),
    appFees: renderRequestAppFees({ request, currencyIn, url }),
    fees: renderRequestFees({ request, currencyIn, currencyOut, url }),
    feeSponsorship: renderRequestFeeSponsorship({ request, currencyIn, currencyOut, url }),
    route: {
      includedSwapSources: [],
      includedOriginSwapSources: [],
      includedDestinationSwapSources: [],
      quoted,
      actual:
        request.status === "success"
          ? { ...quoted, rate: quotedRate(request, currencyIn, currencyOut) }
          : null,
    },
    platformFee: null,
    quoteOraclePrice: null,
    ...(authenticated ? { referrer: request.referrer } : {}),
    refundCurrencyData:
      refunds.length > 0 ? renderOptionalAmount(currencyIn, requestRefundAmount(request), url) : null,
    externalMetadata: { moonpayId: null },
  };
}
