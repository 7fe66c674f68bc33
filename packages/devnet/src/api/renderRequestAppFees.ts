import { formatUnits } from "viem";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import type { DevnetRequest } from "../state/types.js";
import { renderCurrency, toUsd } from "./renderAmount.js";

export type RenderRequestAppFeesParameters = {
  request: DevnetRequest;
  currencyIn: DevnetCurrency | undefined;
  /** Base URL for logos. */
  url: string;
};

/**
 * `data.appFees` of a `GET /requests/v3` entry, in the official SDK's shape: each `appFees` recipient
 * of the quote with its `bps` and its share of the input (rounded up, in the origin currency,
 * `currency`), `quoted` on the quoted input and, once the output was delivered (`success` or
 * `fallback`), `actual` on the input taken (with `amountUsd`): the share the app fee ledger credits
 * (`accrueAppFees`). Null without app fees or in a currency the devnet does not list.
 *
 * @param parameters - {@link RenderRequestAppFeesParameters}
 * @returns `{quoted, actual, currency}`, or null.
 * @example
 * renderRequestAppFees({ request, currencyIn, url })?.actual[0].amount // "5000"
 */
export function renderRequestAppFees({ request, currencyIn, url }: RenderRequestAppFeesParameters) {
  const recipients = request.appFees ?? [];
  if (recipients.length === 0 || !currencyIn) return null;
  const quotedIn = BigInt(request.details?.requote?.quotedAmountIn ?? request.amountIn);
  const share = (amountIn: bigint, bps: bigint) => (amountIn * bps + 9_999n) / 10_000n;
  const entry = (amountIn: bigint, recipient: string, bps: bigint) => ({
    recipient,
    bps: bps.toString(),
    amount: share(amountIn, bps).toString(),
    amountFormatted: formatUnits(share(amountIn, bps), currencyIn.decimals),
  });
  const delivered = request.status === "success" || request.status === "fallback";
  return {
    quoted: recipients.map(({ recipient, bps }) => entry(quotedIn, recipient, bps)),
    actual: delivered
      ? recipients.map(({ recipient, bps }) => ({
          ...entry(request.amountIn, recipient, bps),
          amountUsd: toUsd({ currency: currencyIn, amount: share(request.amountIn, bps) }),
        }))
      : [],
    currency: renderCurrency({ currency: currencyIn, url }),
  };
}
