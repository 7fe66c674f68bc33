import type { Hono } from "hono";
import { DevnetApiError } from "../errors.js";
import { buildChainsResponse, type ChainsResponseDeps } from "./buildChainsResponse.js";
import type { ChainIncident, DevnetContext } from "./types.js";

/** What the incident routes use of the devnet: its chains (as `GET /chains` lists them) and their incidents. */
export type IncidentRoutesDeps = ChainsResponseDeps & Pick<DevnetContext, "incidents">;

/**
 * Adds the devnet's incident switches (what `attestkit devnet trigger chain-disabled|block-lagging`
 * calls), which `GET /chains` then reports as the live service reports its incidents:
 * - `GET /devnet/incidents`: `{incidents: [{chainId, disabled, blockProductionLagging,
 *   partialDisableLimit}]}`, one per chain;
 * - `POST /devnet/incidents` `{chainId, disabled?, blockProductionLagging?, partialDisableLimit?}`: sets
 *   the chain's incident (a field left out keeps its value) and answers the chain's new state. A
 *   disabled chain's quotes and prices are refused (400 `CHAIN_DISABLED`); a partially disabled one's
 *   above its limit (400 `ROUTE_TEMPORARILY_RESTRICTED`, `checkPartialDisableLimit`; 0 lifts it); a
 *   lagging one is only reported. 400 `INVALID_REQUEST`
 *   for a body of another shape, 404 `CHAIN_NOT_FOUND` for a chain the devnet does not run. Not kept in
 *   `--state`: a restart starts with every chain up.
 *
 * @param app - The devnet's app.
 * @param context - {@link IncidentRoutesDeps}
 * @example
 * registerIncidentRoutes(app, context)
 */
export function registerIncidentRoutes(app: Hono, context: IncidentRoutesDeps): void {
  const incidents = context.incidents;
  const chainIds = () => buildChainsResponse(context).chains.map((chain) => chain.id);
  const stateOf = (chainId: number) => ({
    chainId,
    disabled: incidents?.get(chainId)?.disabled ?? false,
    blockProductionLagging: incidents?.get(chainId)?.blockProductionLagging ?? false,
    partialDisableLimit: incidents?.get(chainId)?.partialDisableLimit ?? 0,
  });
  app.get("/devnet/incidents", (c) => c.json({ incidents: chainIds().map(stateOf) }));
  app.post("/devnet/incidents", async (c) => {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      body = undefined;
    }
    const { chainId, disabled, blockProductionLagging, partialDisableLimit } = (body ?? {}) as Record<
      string,
      unknown
    >;
    const flag = (value: unknown) => value === undefined || typeof value === "boolean";
    if (
      body === null ||
      typeof body !== "object" ||
      typeof chainId !== "number" ||
      !flag(disabled) ||
      !flag(blockProductionLagging) ||
      !(
        partialDisableLimit === undefined ||
        (Number.isInteger(partialDisableLimit) && (partialDisableLimit as number) >= 0)
      )
    )
      throw new DevnetApiError({
        status: 400,
        errorCode: "INVALID_REQUEST",
        message:
          "The body must be {chainId: number, disabled?: boolean, blockProductionLagging?: boolean, partialDisableLimit?: non-negative integer}.",
      });
    if (!incidents || !chainIds().includes(chainId))
      throw new DevnetApiError({
        status: 404,
        code: "CHAIN_NOT_FOUND",
        message: `Chain ${chainId} is not a chain of this devnet (${chainIds().join(", ")}).`,
      });
    const next: ChainIncident = {
      ...stateOf(chainId),
      ...(disabled !== undefined ? { disabled: disabled as boolean } : {}),
      ...(blockProductionLagging !== undefined
        ? { blockProductionLagging: blockProductionLagging as boolean }
        : {}),
      ...(partialDisableLimit !== undefined ? { partialDisableLimit: partialDisableLimit as number } : {}),
    };
    incidents.set(chainId, {
      disabled: next.disabled,
      blockProductionLagging: next.blockProductionLagging,
      partialDisableLimit: next.partialDisableLimit,
    });
    return c.json(stateOf(chainId));
  });
}
