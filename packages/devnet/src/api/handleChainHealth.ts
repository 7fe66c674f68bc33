import type { ChainHealthRequest, responseSchemas } from "attestkit/schemas";
import type * as z from "zod";
import { DevnetApiError } from "../errors.js";
import { isDevnetChainHealthy } from "./isDevnetChainHealthy.js";
import { listDevnetChainIds } from "./listDevnetChainIds.js";
import type { DevnetContext } from "./types.js";

/** What `GET /chains/health` reads of the devnet: its chains and their incidents. */
export type ChainHealthDeps = Pick<DevnetContext, "chains" | "bitcoin" | "exchange" | "incidents">;

export type HandleChainHealthParameters = {
  context: ChainHealthDeps;
  /** The validated query. */
  query: ChainHealthRequest;
};

/**
 * Answers `GET /chains/health` (the official SDK's API types) from the devnet's own chains: with
 * `chainId`, whether that chain is healthy (`isDevnetChainHealthy`: no incident, its node answers);
 * without, whether every chain the devnet runs is.
 *
 * @param parameters - {@link HandleChainHealthParameters}
 * @returns `{ healthy }`.
 * @throws DevnetApiError 400 `{message, code: "UNSUPPORTED_CHAIN"}` for a chain the devnet does not run.
 * @example
 * c.json(await handleChainHealth({ context, query: { chainId: "31337" } }))
 */
export async function handleChainHealth({ context, query }: HandleChainHealthParameters) {
  const chainIds = listDevnetChainIds(context);
  const asked = query.chainId === undefined ? chainIds : [Number(query.chainId)];
  const unknown = asked.find((chainId) => !chainIds.includes(chainId));
  if (unknown !== undefined)
    throw new DevnetApiError({
      status: 400,
      code: "UNSUPPORTED_CHAIN",
      message: `Chain ${unknown} is not running on this devnet (${chainIds.join(", ")}).`,
    });
  const verdicts = await Promise.all(asked.map((chainId) => isDevnetChainHealthy(context, chainId)));
  return { healthy: verdicts.every(Boolean) } satisfies z.input<typeof responseSchemas.chainHealth>;
}
