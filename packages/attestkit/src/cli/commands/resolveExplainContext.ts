import type { Hex } from "viem";
import { type DevnetView, readDevnet } from "../readDevnet.js";
import { resolveSolvers } from "../resolveSolvers.js";
import type { ExplainOptions } from "./explainOptions.js";

export type ResolveExplainContextParameters = {
  /** The request id, lower case. */
  requestId: Hex;
  /** `--api`, `--api-key` and `--solver`. */
  options: Pick<ExplainOptions, "api" | "apiKey" | "solver">;
  /** The chains' RPC URLs named by `--rpc`. */
  flagRpcs: Map<number, string>;
};

export type ResolveExplainContextReturnType = {
  /** The solvers whose signatures are valid. */
  solvers: readonly string[];
  /** The devnet's view when `--api` is a devnet, else null. */
  devnet: DevnetView | null;
  /** Each chain's RPC URL: the devnet's own, with `--rpc` over them. */
  rpcs: Map<number, string>;
};

/**
 * What `explain` reads the request with: the same devnet-aware solver as verify (the devnet's own
 * when `--api` is one, the live service's URLs never probed, else the live solver; `--solver` wins),
 * the devnet's record of the request, and the chains' RPC URLs.
 *
 * @param parameters - {@link ResolveExplainContextParameters}
 * @returns The solvers, the devnet's view and the RPC URLs. {@link ResolveExplainContextReturnType}
 * @example
 * const { solvers, devnet, rpcs } = await resolveExplainContext({ requestId, options, flagRpcs })
 */
export async function resolveExplainContext({
  requestId,
  options,
  flagRpcs,
}: ResolveExplainContextParameters): Promise<ResolveExplainContextReturnType> {
  const resolved = await resolveSolvers({
    solver: options.solver,
    api: options.api,
    apiKey: options.apiKey,
  });
  const devnet = resolved.source === "default" ? null : await readDevnet({ api: options.api, requestId });
  const rpcs = new Map<number, string>(
    devnet?.info.chains.map((chain) => [chain.chainId, chain.rpcUrl]) ?? [],
  );
  for (const [chainId, url] of flagRpcs) rpcs.set(chainId, url);
  return { solvers: resolved.solvers, devnet, rpcs };
}
