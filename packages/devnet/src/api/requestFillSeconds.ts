import type { DevnetRequest } from "../state/types.js";

/**
 * A request's fill time, the `fillTime*` filters of `GET /requests/v3` read: seconds from the deposit
 * being seen (the first status after `waiting` in the request's history; the creation of a request
 * born from a deposit) to `success`. Pure.
 *
 * @param request - The request.
 * @returns Seconds, or undefined when the request has not succeeded or keeps no history.
 * @example
 * requestFillSeconds(request) // 2.5
 */
export function requestFillSeconds(request: DevnetRequest): number | undefined {
  const history = request.history ?? [];
  const filled = history.find((change) => change.status === "success");
  if (!filled) return undefined;
  const deposited = history.find((change) => change.status !== "waiting")?.at ?? request.createdAt;
  return (filled.at - deposited) / 1000;
}
