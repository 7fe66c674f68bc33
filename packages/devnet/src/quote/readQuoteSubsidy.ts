import type { QuoteRequest } from "attestkit/schemas";
import type { FeeComponent } from "./computeQuoteAmounts.js";

/** Every fee component, in the order sponsorship spends on them. */
export const feeComponents: readonly FeeComponent[] = ["execution", "swap", "relay", "app"];

function isFeeComponent(component: string): component is FeeComponent {
  return (feeComponents as readonly string[]).includes(component);
}

/** What a quote asks a sponsor to pay. */
export type QuoteSubsidy = {
  /** `subsidizeFees: true`. */
  subsidized: boolean;
  /** The sponsored components (`sponsoredFeeComponents`, default all); empty without `subsidizeFees`. */
  sponsored: readonly FeeComponent[];
  /** `maxSubsidizationAmount` (micro-USD, decimal) when sponsored, else undefined. */
  maxSubsidizationAmount: string | undefined;
};

/**
 * Reads a quote's sponsorship fields: `subsidizeFees`, then which components
 * (`sponsoredFeeComponents`, every one of {@link feeComponents} when left out) and up to which USD
 * cap (`maxSubsidizationAmount`, micro-USD). The fields mean nothing without `subsidizeFees`.
 *
 * @param body - A body the shared quote (or price) schema accepted.
 * @returns The sponsorship. {@link QuoteSubsidy}
 * @example
 * readQuoteSubsidy({ ...body, subsidizeFees: true }).sponsored // ["execution", "swap", "relay", "app"]
 */
export function readQuoteSubsidy(body: QuoteRequest): QuoteSubsidy {
  const subsidized = "subsidizeFees" in body && body.subsidizeFees === true;
  return {
    subsidized,
    // `rent` (Solana account rent) is no fee of the devnet's chains: there is nothing of it to sponsor.
    sponsored: subsidized ? (body.sponsoredFeeComponents?.filter(isFeeComponent) ?? feeComponents) : [],
    maxSubsidizationAmount: subsidized ? body.maxSubsidizationAmount : undefined,
  };
}
