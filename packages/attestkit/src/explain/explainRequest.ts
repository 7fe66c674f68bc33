import type { Hex } from "viem";
import type { EncodingOptions, VmType } from "../attestation/types.js";
import { type GetChainsReturnType, getChains } from "../client/actions/getChains.js";
import { type GetStatusErrorType, getStatus } from "../client/actions/getStatus.js";
import type { RequestOptions } from "../client/createBaseClient.js";
import type { createClient } from "../client/createClient.js";
import type { StatusResponse } from "../schemas/index.js";
import { buildExplainReport } from "./buildExplainReport.js";
import { compareSignedChains } from "./compareSignedChains.js";
import { explainAttestations } from "./explainAttestations.js";
import { explainOrder } from "./explainOrder.js";
import { readOnChain } from "./readOnChain.js";
import { readRequestV3 } from "./readRequestV3.js";
import { separateExplained } from "./separateExplained.js";
import type { DevnetRequestView, ExplainReport } from "./types.js";

export type ExplainRequestParameters = {
  /** The request id (0x and 64 hex digits). */
  requestId: Hex;
  /** The solvers whose signatures are valid. */
  solvers: readonly string[];
  /** Each chain's JSON-RPC URL, by chain id (EVM chains only: a chain of another VM is never sent an EVM call). */
  rpcUrls?: ReadonlyMap<number, string> | Readonly<Record<number, string>> | undefined;
  /** The bytes32 encoders for VMs without a published rule, as `verifyAttestation` takes them. */
  encoders?: EncodingOptions["encoders"];
  /** The devnet's record of the request (`GET /devnet/requests/{id}`) when the service is a devnet. */
  devnet?: DevnetRequestView | null | undefined;
  /** Whether to read `GET /requests/v3` (it needs the client's API key). Default: when the client has one. */
  readRequestV3?: boolean | undefined;
  /** fetch implementation for the RPC calls; the global one by default. */
  fetch?: typeof globalThis.fetch | undefined;
};

/** What `explainRequest` throws: the status endpoint's errors (every other part's failure is in the report). */
export type ExplainRequestErrorType = GetStatusErrorType;

/** `GET /chains`, or none when the service does not answer it (the chains are then taken as EVM). */
async function readChains(client: ReturnType<typeof createClient>, call: RequestOptions) {
  try {
    return await getChains(client, call);
  } catch {
    return null;
  }
}

/** Each chain's VM type as `GET /chains` names it. */
function vmTypesOf(chains: GetChainsReturnType | null): Map<number, string> {
  return new Map((chains?.chains ?? []).map((chain) => [Number(chain.id), String(chain.vmType ?? "evm")]));
}

/** The origin and destination chains: the status's, else the signed ones, else the devnet's. */
function chainsOf(
  status: StatusResponse,
  signed: Record<string, unknown> | null,
  devnet: DevnetRequestView | null,
) {
  return {
    origin: Number(status.originChainId ?? signed?.originChainId ?? devnet?.originChainId),
    destination: Number(
      status.destinationChainId ?? signed?.destinationChainId ?? devnet?.destinationChainId,
    ),
  };
}

/**
 * The forensic reading of one request, route by route: its status and reason in words, both
 * attestations recomputed word by word and verified, its order (when the devnet's record or the
 * service names it), the deposit and every fill or refund as the chains show them, and the verdict:
 * `consistent`, `inconsistent` (each mismatch listed) or `incomplete` (each part not judged listed,
 * with why). A part that cannot be judged (another VM, no RPC URL or a failing one, no attestation,
 * no published bytes32 encoding) never takes the report down. `attestkit explain` prints this
 * report; a devnet's dashboard shows its verdict.
 *
 * @param client - The service client (`createClient`).
 * @param parameters - {@link ExplainRequestParameters}
 * @param call - Per-call options (`signal`, `timeoutMs`).
 * @returns The report. {@link ExplainReport}
 * @throws ApiError (the status endpoint's, e.g. 404 for an unknown request), NetworkError, TimeoutError, AbortError (`ExplainRequestErrorType`); the attestation endpoints' errors other than 404.
 * @example
 * const report = await explainRequest(client, { requestId, solvers, rpcUrls: { 8453: "https://..." } })
 * if (report.outcome === "inconsistent") console.log(report.mismatches)
 */
export async function explainRequest(
  client: ReturnType<typeof createClient>,
  parameters: ExplainRequestParameters,
  call: RequestOptions = {},
): Promise<ExplainReport> {
  const { requestId: id, solvers, encoders, fetch } = parameters;
  const requestId = id.toLowerCase() as Hex;
  const devnet = parameters.devnet ?? null;
  const rpcUrls = new Map(
    parameters.rpcUrls instanceof Map
      ? parameters.rpcUrls
      : Object.entries(parameters.rpcUrls ?? {}).map(([chainId, url]) => [Number(chainId), url as string]),
  );
  const status = await getStatus(client, { requestId }, call);
  const chainsResponse = await readChains(client, call);
  const vmTypes = vmTypesOf(chainsResponse);
  const encoding = { vmTypes: Object.fromEntries(vmTypes) as Record<string, VmType>, encoders };
  const attestation = await explainAttestations({ client, call, requestId, solvers, encoding });
  const order = chainsResponse
    ? await explainOrder({ protocol: devnet?.protocol, chains: chainsResponse, solvers })
    : null;
  const v1 = attestation.v1.requestData;
  const v2 = attestation.v2.requestData;
  const mismatches = compareSignedChains({ status, signed: v1 ?? v2 });
  const chains = chainsOf(status, v1 ?? v2, devnet);
  const v3 = await readRequestV3({
    client,
    call,
    requestId,
    enabled: parameters.readRequestV3 ?? client.hasApiKey,
  });
  const v3OrderId = v3.record?.protocol?.orderId;
  const read = { rpcUrls, vmTypes, fetch };
  const onChain = await readOnChain({ requestId, status, v1, v2, order, devnet, v3OrderId, chains, ...read });
  const found = separateExplained({
    mismatches: [...mismatches, ...onChain.mismatches],
    status,
    fills: onChain.fills,
  });
  const { deposit, fills } = onChain;
  return buildExplainReport({
    requestId,
    api: client.baseUrl,
    devnet,
    v3,
    status,
    order,
    attestation,
    deposit,
    fills,
    ...found,
  });
}
