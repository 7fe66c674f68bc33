import { formatUnits } from "viem";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import type { DevnetRequest, QuotedFees } from "../state/types.js";
import { actualFeesOf } from "./actualFeesOf.js";
import { renderCurrency, toUsd } from "./renderAmount.js";

export type RenderRequestFeeSponsorshipParameters = {
  request: DevnetRequest;
  currencyIn: DevnetCurrency | undefined;
  currencyOut: DevnetCurrency | undefined;
  /** Base URL for logos. */
  url: string;
};

/** The five sponsorable buckets of the official SDK's `/requests/v3` types, and the devnet's component of each. */
const buckets = [
  ["execution", "execution"],
  ["swap", "swap"],
  ["platform", "relay"],
  ["app", "app"],
  ["rent", undefined],
] as const;

/**
 * `data.feeSponsorship` of a `GET /requests/v3` entry, in the official SDK's shape: `quoted` and,
 * once the output was delivered, `actual` (with `sponsorPayment`, the sponsor's payment, once made:
 * `details.feeSponsorship`), each with the selected components (the devnet's `relay` is the live
 * `platform`; `rent` is Solana's and never selected), `capHit`, per bucket its `total`, `sponsored`
 * and `userPays` (the sponsored total spread over the selected buckets in order, as the quote does),
 * `sponsoredTotal`, `userPaysTotal` and `maxSubsidizationAmount`; amounts in the origin currency
 * (`currency`). Null for a request quoted without `subsidizeFees`, without a quote, or in a currency
 * the devnet does not list.
 *
 * @param parameters - {@link RenderRequestFeeSponsorshipParameters}
 * @returns `{quoted, actual, currency}`, or null.
 * @example
 * renderRequestFeeSponsorship({ request, currencyIn, currencyOut, url })?.quoted.sponsoredTotal.amount
 */
export function renderRequestFeeSponsorship({
  request,
  currencyIn,
  currencyOut,
  url,
}: RenderRequestFeeSponsorshipParameters) {
  const quoted = request.quotedFees;
  if (!quoted || quoted.sponsored.length === 0 || !currencyIn) return null;
  const amount = (value: bigint) => ({
    amount: value.toString(),
    amountFormatted: formatUnits(value, currencyIn.decimals),
    amountUsd: toUsd({ currency: currencyIn, amount: value }),
    minimumAmount: value.toString(),
  });
  const phase = (fees: QuotedFees) => {
    const totals = { execution: fees.relayerGas, swap: 0n, relay: fees.relayerService, app: fees.app };
    let left = fees.subsidized;
    const components = Object.fromEntries(
      buckets.map(([bucket, component]) => {
        const selected = component !== undefined && fees.sponsored.includes(component);
        const total = component === undefined ? 0n : totals[component];
        const sponsored = selected ? (left < total ? left : total) : 0n;
        left -= sponsored;
        return [
          bucket,
          {
            selected,
            total: amount(total),
            sponsored: amount(sponsored),
            userPays: amount(total - sponsored),
          },
        ];
      }),
    );
    const selectedTotal = fees.sponsored.reduce((sum, component) => sum + totals[component], 0n);
    return {
      selectedComponents: buckets.flatMap(([bucket, component]) =>
        component !== undefined && fees.sponsored.includes(component) ? [bucket] : [],
      ),
      ...(fees.maxSubsidizationAmount !== undefined
        ? { maxSubsidizationAmount: fees.maxSubsidizationAmount }
        : {}),
      capHit: fees.maxSubsidizationAmount !== undefined && fees.subsidized < selectedTotal,
      components,
      sponsoredTotal: amount(fees.subsidized),
      userPaysTotal: amount(fees.relayerGas + fees.relayerService + fees.app - fees.subsidized),
    };
  };
  const actual = actualFeesOf({ request, currencyIn, currencyOut });
  const payment = request.details?.feeSponsorship?.actual.sponsorPayment;
  return {
    quoted: phase(quoted),
    actual: actual
      ? {
          ...phase(actual),
          ...(payment && payment.status === "success"
            ? {
                sponsorPayment: {
                  amount: payment.amount,
                  address: payment.address,
                  chainId: payment.chainId,
                },
              }
            : {}),
        }
      : null,
    currency: renderCurrency({ currency: currencyIn, url }),
  };
}
