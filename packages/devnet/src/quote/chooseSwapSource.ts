import type { QuoteRequest } from "attestkit/schemas";
import { quoteBadRequest } from "./quoteBadRequest.js";

/** A named source of the devnet's swaps: its pool depth as a share of the swap model's. */
export type DevnetSwapSource = { name: string; liquidityShare: { numerator: bigint; denominator: bigint } };

/**
 * The devnet's swap sources, deepest first: `devnet-router` is the swap model's pool (the default
 * route); `devnet-amm` a pool a tenth as deep (more price impact). Both price at the devnet's prices.
 */
export const devnetSwapSources: readonly DevnetSwapSource[] = [
  { name: "devnet-router", liquidityShare: { numerator: 1n, denominator: 1n } },
  { name: "devnet-amm", liquidityShare: { numerator: 1n, denominator: 10n } },
];

export type ChooseSwapSourceParameters = {
  /** A body the shared quote (or price) schema accepted. */
  body: QuoteRequest;
  /** Whether the quote swaps at all (its currencies differ in kind; a wrap is no swap). */
  swaps: boolean;
  /** The swap model (pool depth, largest impact), when on. */
  model: { liquidityUsdMicros: bigint; maxImpactBps: bigint } | undefined;
};

export type ChooseSwapSourceReturnType = {
  /** The source the route swaps through; undefined when the quote does not swap. */
  source: string | undefined;
  /** Where the swap is made: on the origin (a same-chain swap), else on the destination (the solver's fill). */
  leg: "origin" | "destination";
  /** The swap model with the source's pool depth. */
  model: { liquidityUsdMicros: bigint; maxImpactBps: bigint } | undefined;
};

/**
 * Picks the swap source of a quote, as the swap-source fields ask: `includedSwapSources` keeps only
 * the named ones, `excludedSwapSources` drops the named ones, and the leg's own list
 * (`includedOriginSwapSources` for a same-chain swap, made on the origin; `includedDestinationSwapSources`
 * for a cross-chain one, which the devnet's solver makes on the destination) keeps only those. The
 * deepest source left is taken (the best price); none left is 400 `NO_SWAP_ROUTES_FOUND`. A quote
 * that does not swap needs no source (the lists ask nothing of it).
 *
 * @param parameters - {@link ChooseSwapSourceParameters}
 * @returns The source, its leg and the swap model at its depth. {@link ChooseSwapSourceReturnType}
 * @throws DevnetApiError 400 `NO_SWAP_ROUTES_FOUND` when the lists leave no source.
 * @example
 * chooseSwapSource({ body: { ...swap, excludedSwapSources: ["devnet-router"] }, swaps: true, model }).source // "devnet-amm"
 */
export function chooseSwapSource({
  body,
  swaps,
  model,
}: ChooseSwapSourceParameters): ChooseSwapSourceReturnType {
  const leg = body.originChainId === body.destinationChainId ? "origin" : "destination";
  if (!swaps) return { source: undefined, leg, model };
  const fields: {
    includedSwapSources?: string[] | undefined;
    excludedSwapSources?: string[] | undefined;
    includedOriginSwapSources?: string[] | undefined;
    includedDestinationSwapSources?: string[] | undefined;
  } = body;
  const legList = leg === "origin" ? fields.includedOriginSwapSources : fields.includedDestinationSwapSources;
  const left = devnetSwapSources.filter(
    ({ name }) =>
      (fields.includedSwapSources === undefined || fields.includedSwapSources.includes(name)) &&
      !(fields.excludedSwapSources ?? []).includes(name) &&
      (legList === undefined || legList.includes(name)),
  );
  const chosen = left[0];
  if (!chosen)
    throw quoteBadRequest(
      "NO_SWAP_ROUTES_FOUND",
      `No swap source is left for the ${leg} swap; the devnet's sources: ${devnetSwapSources.map(({ name }) => name).join(", ")}.`,
    );
  const { numerator, denominator } = chosen.liquidityShare;
  return {
    source: chosen.name,
    leg,
    model: model && { ...model, liquidityUsdMicros: (model.liquidityUsdMicros * numerator) / denominator },
  };
}
