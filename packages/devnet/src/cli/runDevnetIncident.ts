import { CliError, exitCodes, readResponseJson } from "attestkit/cli";
import { ApiError, createClient, getQuote } from "attestkit/client";
import type { DevnetInfo } from "../start/createDevnetInfo.js";

/** The incidents `devnet trigger` can set, and the `/chains` flag each one raises. */
export const devnetIncidents = {
  "chain-disabled": "disabled",
  "block-lagging": "blockProductionLagging",
} as const;

export type DevnetIncidentName = keyof typeof devnetIncidents;

export type RunDevnetIncidentParameters = {
  /** Base URL of a running devnet. */
  devnet: string;
  /** Added to the error when the devnet cannot be reached or is not one. */
  devnetHint?: string | undefined;
  incident: DevnetIncidentName;
  /** The chain the incident hits; default the devnet's destination chain. */
  chainId?: number | undefined;
  /** End the incident instead of starting it. */
  clear?: boolean | undefined;
  /** `x-api-key` of the probe quote. */
  apiKey?: string | undefined;
};

export type RunDevnetIncidentReturnType = {
  chainId: number;
  /** The chain's flags as `GET /chains` reports them afterwards. */
  disabled: boolean;
  blockProductionLagging: boolean;
  /** The probe quote across the chain: its request id, or the error code it was refused with. */
  quote: { requestId: string } | { errorCode: string; status: number };
  /** Whether the devnet answered as the live service does in that state. */
  reached: boolean;
};

/**
 * Sets (or with `clear`, ends) an incident on one chain of a running devnet (`POST /devnet/incidents`),
 * reads the chain back from `GET /chains` as a client sees it, and probes a quote across it with the
 * devnet's first test account: during `chain-disabled` the live service refuses quotes naming the chain
 * (400 `CHAIN_DISABLED`); during `block-lagging`, and once an incident is cleared, it quotes. The
 * incident stays until it is cleared (or the devnet restarts).
 *
 * @param parameters - {@link RunDevnetIncidentParameters}
 * @returns The chain's state and the probe. {@link RunDevnetIncidentReturnType}
 * @example
 * const { disabled, quote } = await runDevnetIncident({ devnet: url, incident: "chain-disabled" })
 */
export async function runDevnetIncident(
  parameters: RunDevnetIncidentParameters,
): Promise<RunDevnetIncidentReturnType> {
  const { devnet, incident, clear = false, apiKey } = parameters;
  const info = (await fetchJson(devnet, "/devnet/info", undefined, parameters.devnetHint)) as DevnetInfo;
  const evm = info.chains ?? [];
  const origin = evm.find((chain) => chain.role === "origin");
  const destination = evm.find((chain) => chain.role === "destination");
  const account = info.testAccounts?.[0];
  if (!origin || !destination || !account)
    throw new CliError(`${devnet} is not an attestkit devnet (GET /devnet/info).`, {
      exitCode: exitCodes.badInput,
    });
  const chainId = parameters.chainId ?? destination.chainId;
  if (chainId !== origin.chainId && chainId !== destination.chainId)
    throw new CliError(
      `--chain must be one of the devnet's EVM chains (${origin.chainId}, ${destination.chainId}), got ${chainId}.`,
      { exitCode: exitCodes.badInput },
    );
  const flag = devnetIncidents[incident];
  await fetchJson(devnet, "/devnet/incidents", { chainId, [flag]: !clear });
  const { chains } = (await fetchJson(devnet, "/chains")) as {
    chains: { id: number; disabled?: boolean; blockProductionLagging?: boolean }[];
  };
  const chain = chains.find((entry) => entry.id === chainId);
  const client = createClient({ network: { baseUrl: devnet }, ...(apiKey ? { apiKey } : {}) });
  const native = "0x0000000000000000000000000000000000000000";
  let quote: RunDevnetIncidentReturnType["quote"];
  try {
    const answer = await getQuote(client, {
      user: account.address,
      originChainId: origin.chainId,
      destinationChainId: destination.chainId,
      originCurrency: native,
      destinationCurrency: native,
      amount: "10000000000000000",
      tradeType: "EXACT_INPUT",
    });
    quote = { requestId: String(answer.requestId) };
  } catch (error) {
    if (!(error instanceof ApiError) || error.code === undefined) throw error;
    quote = { errorCode: error.code, status: error.status };
  }
  const refused = "errorCode" in quote && quote.errorCode === "CHAIN_DISABLED" && quote.status === 400;
  const expectRefusal = incident === "chain-disabled" && !clear;
  return {
    chainId,
    disabled: chain?.disabled === true,
    blockProductionLagging: chain?.blockProductionLagging === true,
    quote,
    reached: chain?.[flag] === !clear && refused === expectRefusal,
  };
}

/** GETs (or with a body, POSTs) a devnet path; a refused connection or a non-2xx answer is a CliError. */
async function fetchJson(devnet: string, path: string, body?: unknown, hint?: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(new URL(path, devnet), {
      method: body === undefined ? "GET" : "POST",
      ...(body === undefined
        ? {}
        : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (cause) {
    throw new CliError(`The devnet at ${devnet} did not answer ${path}.`, {
      exitCode: exitCodes.network,
      cause,
      metaMessages: hint ? [hint] : [],
    });
  }
  if (!response.ok)
    throw new CliError(`The devnet answered HTTP ${response.status} for ${path}: ${await response.text()}`, {
      exitCode:
        response.status === 404 && path === "/devnet/incidents" ? exitCodes.badInput : exitCodes.network,
    });
  return readResponseJson(response);
}
