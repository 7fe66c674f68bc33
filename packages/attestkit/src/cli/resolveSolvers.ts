import { isAddress } from "viem";
import { defaultSolvers } from "../attestation/constants.js";
import { isLoopbackUrl } from "./isLoopbackUrl.js";
import { readResponseJson } from "./readResponseJson.js";

/** Where the accepted solver set of a verification came from. */
export type SolverSource = "flag" | "devnet" | "default";

export type ResolveSolversParameters = {
  /** The `--solver` addresses, if any were given. */
  solver?: readonly string[] | undefined;
  /** The service the record comes from (`--api`); undefined when nothing is read from a service. */
  api?: string | undefined;
  /** `--api-key`, sent with the probe as with every request to the service. */
  apiKey?: string | undefined;
  /** Limit for the devnet probe, in ms. */
  timeoutMs?: number | undefined;
  /** fetch implementation; the global one by default. */
  fetch?: typeof globalThis.fetch | undefined;
};

export type ResolveSolversReturnType = {
  solvers: string[];
  source: SolverSource;
  /** With `source: "devnet"`, the URL the devnet's solver was read from. */
  from?: string;
};

/**
 * The solver set a verification accepts: the `--solver` addresses when given; else, when the record
 * comes from a devnet on this machine (its `--api` is a loopback address and answers
 * `GET /devnet/info`), the devnet's own solver; else the live solver. Only a loopback service is asked
 * which solver to trust (a devnet listens on loopback only): a remote service that called itself a
 * devnet would otherwise name its own key, so a remote test service's solver is named with `--solver`.
 *
 * @param parameters - {@link ResolveSolversParameters}
 * @returns The solvers and where they came from. {@link ResolveSolversReturnType}
 * @example
 * await resolveSolvers({ api: "http://127.0.0.1:8787" }) // { solvers: ["0xA889…"], source: "devnet", from: ".../devnet/info" }
 */
export async function resolveSolvers({
  solver,
  api,
  apiKey,
  timeoutMs = 5_000,
  fetch = globalThis.fetch,
}: ResolveSolversParameters): Promise<ResolveSolversReturnType> {
  if (solver?.length) return givenSolvers(solver);
  if (api !== undefined && isLoopbackUrl(api)) {
    const from = `${api.replace(/\/+$/, "")}/devnet/info`;
    const address = await readDevnetSolver({ url: from, apiKey, timeoutMs, fetch });
    if (address) return { solvers: [address], source: "devnet", from };
  }
  return givenSolvers(undefined);
}

/**
 * The solver set before any service is asked: the `--solver` addresses, else the live solver.
 *
 * @param solver - The `--solver` addresses, if any.
 * @returns The solvers and where they came from.
 */
export function givenSolvers(solver: readonly string[] | undefined): ResolveSolversReturnType {
  return solver?.length
    ? { solvers: [...solver], source: "flag" }
    : { solvers: [...defaultSolvers], source: "default" };
}

/** The `solver.address` of a devnet's info, or undefined when the URL is not a devnet's. */
async function readDevnetSolver({
  url,
  apiKey,
  timeoutMs,
  fetch,
}: {
  url: string;
  apiKey: string | undefined;
  timeoutMs: number;
  fetch: typeof globalThis.fetch;
}): Promise<string | undefined> {
  try {
    const response = await fetch(url, {
      headers: { accept: "application/json", ...(apiKey ? { "x-api-key": apiKey } : {}) },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return undefined;
    const info = (await readResponseJson(response)) as { solver?: { address?: unknown } } | null;
    const address = info?.solver?.address;
    return typeof address === "string" && isAddress(address, { strict: false }) ? address : undefined;
  } catch {
    // Not reachable, not JSON: not a devnet. The verification's own request reports a network error.
    return undefined;
  }
}

/** Where the expected solvers came from, for the human output. */
export function describeSource({ source, from }: ResolveSolversReturnType): string {
  if (source === "devnet") return `(the devnet's solver, from ${from})`;
  if (source === "flag") return "(--solver)";
  return "(the live solver; --solver to change)";
}
