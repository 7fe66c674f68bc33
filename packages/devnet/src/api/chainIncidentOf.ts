import type { DevnetContext } from "./types.js";

/**
 * A chain's incident as `GET /chains` reports it (`devnet trigger chain-disabled|block-lagging`,
 * `POST /devnet/incidents`).
 *
 * @param context - The devnet's incidents, if it keeps any.
 * @param chainId - The chain.
 * @returns `disabled` and `blockProductionLagging`, both false without an incident, and
 * `partialDisableLimit`, 0 without one.
 * @example
 * chainIncidentOf(context, 8253038).disabled // false
 */
export function chainIncidentOf(context: Pick<DevnetContext, "incidents">, chainId: number) {
  const incident = context.incidents?.get(chainId);
  return {
    disabled: incident?.disabled ?? false,
    blockProductionLagging: incident?.blockProductionLagging ?? false,
    partialDisableLimit: incident?.partialDisableLimit ?? 0,
  };
}
