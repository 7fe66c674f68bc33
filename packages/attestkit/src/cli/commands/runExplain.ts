import { type Hex, isAddress } from "viem";
import { getStatus } from "../../client/actions/getStatus.js";
import type { RequestOptions } from "../../client/createBaseClient.js";
import type { createClient } from "../../client/createClient.js";
import { validateRequest } from "../../schemas/validateRequest.js";
import { CliError } from "../cliError.js";
import { createServiceClient } from "../createServiceClient.js";
import { exitCodes } from "../exitCodes.js";
import { buildExplainReport } from "../explain/buildExplainReport.js";
import { checkDeposit } from "../explain/checkDeposit.js";
import { checkFills } from "../explain/checkFills.js";
import { collectDepositIds } from "../explain/collectDepositIds.js";
import { compareSignedChains } from "../explain/compareSignedChains.js";
import { explainAttestations } from "../explain/explainAttestations.js";
import { explainDeposit } from "../explain/explainDeposit.js";
import { explainFills } from "../explain/explainFills.js";
import { explainOrder } from "../explain/explainOrder.js";
import { printExplainReport } from "../explain/printExplainReport.js";
import { readRequestV3 } from "../explain/readRequestV3.js";
import type { Io } from "../io.js";
import { parseRpcFlags } from "../parseRpcFlags.js";
import { reportError } from "../reportError.js";
import type { ExplainOptions } from "./explainOptions.js";
import { resolveExplainContext } from "./resolveExplainContext.js";

/** Runs `explain` and returns its exit code. */
export async function runExplain(requestId: string, options: ExplainOptions, io: Io): Promise<number> {
  try {
    validateRequest({ endpoint: "status", body: { requestId } });
    const id = requestId.toLowerCase() as Hex;
    const flagRpcs = parseRpcFlags(options.rpc ?? []);
    for (const solver of options.solver ?? [])
      if (!isAddress(solver, { strict: false }))
        throw new CliError(`--solver ${JSON.stringify(solver)} is not an EVM address.`, {
          exitCode: exitCodes.badInput,
        });
    const { client, call, explain } = createServiceClient(options);
    try {
      return await explainRequest(id, options, io, client, call, flagRpcs);
    } catch (error) {
      throw explain(error);
    }
  } catch (error) {
    return reportError({ io, error, json: options.json });
  }
}

/** Reads every part of the request, checks them against each other and prints the report. */
async function explainRequest(
  id: Hex,
  options: ExplainOptions,
  io: Io,
  client: ReturnType<typeof createClient>,
  call: RequestOptions,
  flagRpcs: Map<number, string>,
): Promise<number> {
  const status = await getStatus(client, { requestId: id }, call);
  const { solvers, devnet, rpcs } = await resolveExplainContext({ requestId: id, options, flagRpcs });
  const attestation = await explainAttestations(client, call, id, solvers);
  const order = await explainOrder(client, call, devnet, solvers);
  const v1 = attestation.v1.requestData;
  const v2 = attestation.v2.requestData;
  const signed = v1 ?? v2;
  const mismatches = compareSignedChains({ status, signed });
  const originChainId = Number(
    status.originChainId ?? signed?.originChainId ?? devnet?.request?.originChainId,
  );
  const destinationChainId = Number(
    status.destinationChainId ?? signed?.destinationChainId ?? devnet?.request?.destinationChainId,
  );
  // A request born from a second deposit (DOUBLE_SPEND) was paid under the original's id.
  const originalRequestId = (status.details as { originalRequestId?: unknown } | null | undefined)
    ?.originalRequestId;
  const v3 = await readRequestV3({ client, call, requestId: id, apiKey: options.apiKey });
  const v3OrderId = v3.record?.protocol?.orderId;
  const ids = collectDepositIds({
    requestId: id,
    devnetOrderId: devnet?.request?.orderId,
    v3OrderId,
    originalRequestId,
  });

  const deposit = await explainDeposit({
    status,
    rpcUrl: rpcs.get(originChainId),
    chainId: originChainId,
    ids,
    logIndex: devnet?.request?.deposit?.logIndex,
  });
  const depositCheck = checkDeposit({
    deposit,
    ids,
    orderKnown: Boolean(devnet?.request) || typeof v3OrderId === "string",
    v1,
    v2,
    payment: order?.payment,
    inTxHashes: status.inTxHashes,
  });
  mismatches.push(...depositCheck.mismatches);
  if (depositCheck.note !== undefined) deposit.note = depositCheck.note;

  const fills = await explainFills({
    hashes: (status.txHashes ?? []) as Hex[],
    chains: [destinationChainId, originChainId],
    rpcs,
  });
  mismatches.push(...checkFills({ fills, v1, v2, minimumAmount: order?.output?.minimumAmount }));

  const report = buildExplainReport({
    requestId: id,
    api: options.api,
    devnet,
    v3,
    status,
    order,
    attestation,
    deposit,
    fills,
    mismatches,
  });
  if (options.json) io.out(JSON.stringify(report));
  else printExplainReport(io, report);
  return report.consistent ? exitCodes.ok : exitCodes.invalid;
}

export type { ExplainReport, Mismatch } from "../explain/types.js";
