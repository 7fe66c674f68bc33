import type { responseSchemas, stepSchema } from "attestkit/schemas";
import type { Address, Hex } from "viem";
import type * as z from "zod";
import { renderAmount } from "../api/renderAmount.js";
import type { BuildQuoteOrderReturnType } from "./buildQuoteOrder.js";
import type { FeeComponent } from "./computeQuoteAmounts.js";
import type { SponsorPayment } from "./planSponsorPayment.js";
import { feeComponents, type PricedQuote } from "./priceQuote.js";
import { type RenderPriceBodyParameters, renderPriceBody } from "./renderPriceBody.js";
import { renderProtocol } from "./renderProtocol.js";

export type RenderQuoteBodyParameters = RenderPriceBodyParameters & {
  /** The request id: the body's top-level `requestId` (each step carries it too). */
  requestId: Hex;
  /** The steps from `buildQuoteSteps` (or `buildPermitStep`). */
  steps: z.input<typeof stepSchema>[];
  /** `hashOrder` of `orderData`. */
  orderId: Hex;
  /** The order from `buildQuoteOrder`. */
  orderData: BuildQuoteOrderReturnType;
  /** `paymentDetails.depository`: the origin's depository (`PricedRoute.depository`). */
  depository: string;
  /** The solver's signature over the order id, when `includeProtocolData` asked for it. */
  orderSignature?: Hex | undefined;
  /** The devnet's fee sponsor: `feeSponsorship.actual.sponsorPayment.payer` when fees are sponsored. */
  sponsor?: Address | undefined;
  /** Where and what the sponsor pays (`planSponsorPayment`); by default the sponsored part on the origin. */
  sponsorPayment?: SponsorPayment | undefined;
};

/**
 * Renders the `POST /quote/v2` body: the price body, the steps, fee sponsorship and `protocol.v2`
 * (`renderProtocol`). Typed against the quote response schema.
 *
 * @param parameters - {@link RenderQuoteBodyParameters}
 * @returns The quote body.
 * @example
 * const body = renderQuoteBody({ priced, reads, nativeIn, url, requestId, steps, orderId, ... })
 */
export function renderQuoteBody(parameters: RenderQuoteBodyParameters) {
  const { priced, url, requestId, steps, orderId, orderData, depository, orderSignature } = parameters;
  const { fees, details } = renderPriceBody(parameters);
  return {
    requestId,
    steps,
    fees,
    feeSponsorship: sponsorship(priced, url, parameters.sponsor, parameters.sponsorPayment),
    details,
    protocol: renderProtocol({ orderId, orderData, orderSignature, depository }),
  } satisfies z.input<typeof responseSchemas.quote>;
}

/** `feeSponsorship`: the sponsored total spread over the selected components in order, up to each one's total. */
function sponsorship(
  priced: PricedQuote,
  url: string,
  sponsor: Address | undefined,
  payment: SponsorPayment | undefined,
) {
  const { fees, currencyIn, sponsored: selected } = priced;
  const amount = (value: bigint) => renderAmount({ currency: currencyIn, amount: value, url });
  const totals: Record<FeeComponent, bigint> = {
    execution: fees.relayerGas,
    swap: 0n,
    relay: fees.relayerService,
    app: fees.app,
  };
  let left = fees.subsidized;
  const components = Object.fromEntries(
    feeComponents.map((component) => {
      const total = totals[component];
      const sponsored = selected.includes(component) ? (left < total ? left : total) : 0n;
      left -= sponsored;
      return [
        component,
        {
          selected: selected.includes(component),
          total: amount(total),
          sponsored: amount(sponsored),
          userPays: amount(total - sponsored),
        },
      ];
    }),
  );
  const allFees = fees.relayerGas + fees.relayerService + fees.app;
  const subsidized = selected.length > 0;
  const quoted = {
    selectedComponents: [...selected],
    capHit:
      subsidized &&
      priced.maxSubsidizationAmount !== undefined &&
      fees.subsidized < selected.reduce((sum, c) => sum + totals[c], 0n),
    components,
    sponsoredTotal: amount(fees.subsidized),
    userPaysTotal: amount(allFees - fees.subsidized),
    maxSubsidizationAmount: priced.maxSubsidizationAmount ?? "0",
  };
  return {
    quoted,
    actual: {
      ...quoted,
      // What the sponsor is to pay once the request is filled: in the origin currency, or from Bitcoin
      // or the exchange its worth in the output on the destination (the status's
      // `details.feeSponsorship.actual.sponsorPayment` adds the transaction).
      sponsorPayment: {
        amount: (payment?.amount ?? fees.subsidized).toString(),
        address: payment?.currency ?? currencyIn.address,
        chainId: payment?.chainId ?? priced.originChainId,
        ...(sponsor ? { payer: sponsor } : {}),
      },
    },
  };
}
