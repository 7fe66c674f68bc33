import type { Hex } from "viem";
import type { DevnetRequestView } from "../explain/types.js";
import type { DevnetInfoResponse } from "../schemas/index.js";
import { readResponseJson } from "./readResponseJson.js";

export type ReadDevnetParameters = {
  /** The service base URL given to the command. */
  api: string;
  /** Also read this request's record (`GET /devnet/requests/{id}`). */
  requestId?: Hex | undefined;
  /** Limit of each call, in ms. Default 5 000. */
  timeoutMs?: number | undefined;
};

/** What a devnet says about itself and, when asked, about one request. */
export type DevnetView = {
  info: DevnetInfoResponse;
  /** The request with its history, order, deposit, deliveries and verdicts; null when the devnet does not know it. */
  request: DevnetRequestView | null;
};

/**
 * Tells whether `api` is an attestkit devnet (`GET /devnet/info` answers with its solver) and, if
 * so, reads its info and the request's record. Anything else (the live service, which has no such
 * endpoint, or a devnet that cannot be reached) is null: the caller falls back to the service's
 * own endpoints, whose errors it reports.
 *
 * @param parameters - {@link ReadDevnetParameters}
 * @returns The devnet's view, or null when `api` is not a devnet. {@link DevnetView}
 * @example
 * const devnet = await readDevnet({ api: "http://127.0.0.1:8787", requestId })
 * const solvers = devnet ? [devnet.info.solver.address] : defaultSolvers
 */
export async function readDevnet({
  api,
  requestId,
  timeoutMs = 5_000,
}: ReadDevnetParameters): Promise<DevnetView | null> {
  const get = async (path: string): Promise<unknown> => {
    try {
      const response = await fetch(new URL(path, api), { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) return null;
      return await readResponseJson(response);
    } catch {
      return null;
    }
  };
  const info = (await get("/devnet/info")) as DevnetInfoResponse | null;
  if (
    !info ||
    typeof info !== "object" ||
    typeof info.solver?.address !== "string" ||
    !Array.isArray(info.chains)
  )
    return null;
  const request =
    requestId === undefined
      ? null
      : ((await get(`/devnet/requests/${requestId}?reading=false`)) as DevnetView["request"]);
  return { info, request: request && typeof request === "object" ? request : null };
}
