import { bitcoin, externalExchange } from "attestkit/chains";
import type { DevnetContext } from "./types.js";

/** What the chain list reads of the devnet: its EVM chains and whether Bitcoin and the exchange run. */
export type ListDevnetChainIdsDeps = Pick<DevnetContext, "chains" | "bitcoin" | "exchange">;

/**
 * The ids of the chains the devnet runs, as `GET /chains` lists them: its EVM chains, then Bitcoin
 * (8253038) and the external exchange (3586256) when they run.
 *
 * @param context - {@link ListDevnetChainIdsDeps}
 * @returns The chain ids.
 * @example
 * listDevnetChainIds(context) // [31337, 31338, 8253038, 3586256]
 */
export function listDevnetChainIds(context: ListDevnetChainIdsDeps): number[] {
  return [
    ...context.chains.keys(),
    ...(context.bitcoin ? [bitcoin.chainId] : []),
    ...(context.exchange ? [externalExchange.chainId] : []),
  ];
}
