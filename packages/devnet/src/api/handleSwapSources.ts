import type { responseSchemas, SwapSourcesRequest } from "attestkit/schemas";
import type * as z from "zod";
import { DevnetApiError } from "../errors.js";
import { devnetSwapSources } from "../quote/chooseSwapSource.js";
import { listDevnetChainIds } from "./listDevnetChainIds.js";
import type { DevnetContext } from "./types.js";

/** What `GET /swap-sources` reads of the devnet: the chains it runs. */
export type SwapSourcesDeps = Pick<DevnetContext, "chains" | "bitcoin" | "exchange">;

export type HandleSwapSourcesParameters = {
  context: SwapSourcesDeps;
  /** The validated query. */
  query: SwapSourcesRequest;
};

/**
 * Answers `GET /swap-sources` (the official SDK's API types) with the sources the devnet's quotes
 * swap through (`devnetSwapSources`, the names `chooseSwapSource` takes in the swap-source fields):
 * every one on an EVM chain (same-chain swaps on the origin, the solver's on the destination), none
 * on Bitcoin or the exchange, which swap nothing; without `chainId`, every one.
 *
 * @param parameters - {@link HandleSwapSourcesParameters}
 * @returns `{ sources }`.
 * @throws DevnetApiError 400 `UNSUPPORTED_CHAIN` for a chain the devnet does not run.
 * @example
 * handleSwapSources({ context, query: {} }) // { sources: ["devnet-router", "devnet-amm"] }
 */
export function handleSwapSources({ context, query }: HandleSwapSourcesParameters) {
  const names = devnetSwapSources.map(({ name }) => name);
  if (query.chainId === undefined) return { sources: names };
  const chainId = Number(query.chainId);
  if (!listDevnetChainIds(context).includes(chainId))
    throw new DevnetApiError({
      status: 400,
      errorCode: "UNSUPPORTED_CHAIN",
      message: `Chain ${chainId} is not running on this devnet.`,
    });
  return {
    sources: context.chains.has(chainId) ? names : [],
  } satisfies z.input<typeof responseSchemas.swapSources>;
}
