import { getAddress, type Hex, isAddress, isAddressEqual } from "viem";
import { getStatus } from "../../client/actions/getStatus.js";
import type { RequestOptions } from "../../client/createBaseClient.js";
import type { createClient } from "../../client/createClient.js";
import { validateRequest } from "../../schemas/validateRequest.js";
import { CliError } from "../cliError.js";
import { createServiceClient } from "../createServiceClient.js";
import { describeReason } from "../describeReason.js";
import { exitCodes } from "../exitCodes.js";
import { explainAttestations } from "../explain/explainAttestations.js";
import { explainDeposit } from "../explain/explainDeposit.js";
import { explainFills } from "../explain/explainFills.js";
import { explainOrder } from "../explain/explainOrder.js";
import { type ExplainReport, type Mismatch, printExplainReport } from "../explain/printExplainReport.js";
import { readRequestV3 } from "../explain/readRequestV3.js";
import type { Io } from "../io.js";
import { parseRpcFlags } from "../parseRpcFlags.js";
import { type DevnetView, readDevnet } from "../readDevnet.js";
import type { GlobalOptions } from "../readGlobalOptions.js";
import { reportError } from "../reportError.js";
import { resolveSolvers } from "../resolveSolvers.js";

export type ExplainOptions = GlobalOptions & {
  rpc?: string[];
  solver?: string[];
  json?: boolean;
};

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

async function explainRequest(
  id: Hex,
  options: ExplainOptions,
  io: Io,
  client: ReturnType<typeof createClient>,
  call: RequestOptions,
  flagRpcs: Map<number, string>,
): Promise<number> {
  const status = await getStatus(client, { requestId: id }, call);
  // The same devnet-aware solver as verify: the devnet's own when --api is one (the live service's
  // URLs are never probed), else the live solver; --solver wins.
  const resolved = await resolveSolvers({
    solver: options.solver,
    api: options.api,
    apiKey: options.apiKey,
  });
  const solvers = resolved.solvers;
  const devnet = resolved.source === "default" ? null : await readDevnet({ api: options.api, requestId: id });
  const rpcs = new Map<number, string>(
    devnet?.info.chains.map((chain) => [chain.chainId, chain.rpcUrl]) ?? [],
  );
  for (const [chainId, url] of flagRpcs) rpcs.set(chainId, url);

  const attestation = await explainAttestations(client, call, id, solvers);
  const order = await explainOrder(client, call, devnet, solvers);
  const mismatches: Mismatch[] = [];
  const v1 = attestation.v1.requestData;
  const v2 = attestation.v2.requestData;
  const signed = v1 ?? v2;
  if (signed) {
    if (status.originChainId != null && String(signed.originChainId) !== String(status.originChainId))
      mismatches.push({
        field: "originChainId",
        against: "status",
        expected: String(signed.originChainId),
        actual: String(status.originChainId),
      });
    if (
      status.destinationChainId != null &&
      String(signed.destinationChainId) !== String(status.destinationChainId)
    )
      mismatches.push({
        field: "destinationChainId",
        against: "status",
        expected: String(signed.destinationChainId),
        actual: String(status.destinationChainId),
      });
  }
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
  const ids = new Set([
    id,
    ...(devnet?.request?.orderId ? [devnet.request.orderId.toLowerCase()] : []),
    ...(typeof v3OrderId === "string" ? [v3OrderId.toLowerCase()] : []),
    ...(typeof originalRequestId === "string" ? [originalRequestId.toLowerCase()] : []),
  ]);

  const deposit = await explainDeposit({
    status,
    rpcUrl: rpcs.get(originChainId),
    chainId: originChainId,
    ids,
    logIndex: devnet?.request?.deposit?.logIndex,
  });
  if (deposit.decoded) {
    const d = deposit.decoded;
    // With the order known, a deposit under neither id is a mismatch; without it (a service whose
    // request record is not read) it is most likely the order id, which only the order names.
    if (!ids.has(d.id.toLowerCase())) {
      if (devnet?.request || typeof v3OrderId === "string")
        mismatches.push({
          field: "deposit id",
          against: "request",
          expected: [...ids].join(" or "),
          actual: d.id,
        });
      else
        deposit.note = `the deposit's id ${d.id} is not the request id: an order id is not checked, the request's order is not read from this service`;
    }
    if (v1) {
      compare(mismatches, "deposit amount", "attestation v1 originAmount", String(v1.originAmount), d.amount);
      compareAddress(
        mismatches,
        "deposit currency",
        "attestation v1 originCurrency",
        v1.originCurrency,
        d.currency,
      );
      compareAddress(mismatches, "depositor", "attestation v1 originUser", v1.originUser, d.depositor);
    } else if (v2) {
      compareAddress(
        mismatches,
        "deposit currency",
        "attestation v2 originCurrency",
        v2.originCurrency,
        d.currency,
      );
      compareAddress(mismatches, "depositor", "attestation v2 originUser", v2.originUser, d.depositor);
    }
    const payment = order?.payment;
    if (payment) {
      compare(mismatches, "deposit amount", "order input payment amount", payment.amount, d.amount);
      compareAddress(
        mismatches,
        "deposit currency",
        "order input payment currency",
        payment.currency,
        d.currency,
      );
    }
  } else if (deposit.fetched && status.inTxHashes?.length)
    mismatches.push({
      field: "deposit",
      against: "status inTxHashes",
      expected: "a depository deposit event",
      actual: deposit.found
        ? "no deposit event in the transaction"
        : "the chain does not have the transaction",
    });

  const fills = await explainFills({
    hashes: (status.txHashes ?? []) as Hex[],
    chains: [destinationChainId, originChainId],
    rpcs,
  });
  for (const fill of fills)
    for (const event of fill.events.filter((e) => e.name === "DevnetFill")) {
      if (v1)
        compareAddress(
          mismatches,
          "fill recipient",
          "attestation v1 destinationUser",
          v1.destinationUser,
          event.args.recipient,
        );
      if (v2)
        compareAddress(
          mismatches,
          "fill currency",
          "attestation v2 destinationCurrency",
          v2.destinationCurrency,
          event.args.token,
        );
      const minimum = order?.output?.minimumAmount;
      if (minimum !== undefined && BigInt(event.args.amount ?? "0") < BigInt(minimum))
        mismatches.push({
          field: "fill amount",
          against: "order output minimumAmount",
          expected: `>= ${minimum}`,
          actual: String(event.args.amount),
        });
    }

  const reason = describeReason({
    failReason: status.failReason,
    refundFailReason: status.refundFailReason,
    status: String(status.status),
  });
  const verdictsValid = attestation.valid && (order === null || order.verification.valid);
  const consistent = verdictsValid && mismatches.length === 0;
  const report: ExplainReport = {
    requestId: id,
    api: options.api,
    devnet: devnet !== null,
    sources: {
      status: "GET /intents/status/v3",
      attestation: "GET /requests/{id}/signature and /signature/v2",
      request: devnet?.request ? "GET /devnet/requests/{id}" : null,
      requestV3: v3.record ? "GET /requests/v3?id=" : null,
      note: devnet?.request
        ? "the request, its order and history as the devnet keeps them"
        : v3.record
          ? "the request and its order id from GET /requests/v3 (it carries no orderData to verify)"
          : `the order is not known: ${v3.note ?? "GET /requests/v3 does not list this request"}`,
    },
    requestV3: v3.record,
    status,
    history: devnet?.request?.history ?? null,
    reason,
    request: devnet?.request ? requestTerms(devnet.request) : null,
    order,
    attestation,
    deposit,
    fills,
    webhooks: devnet?.request?.webhooks ?? null,
    mismatches,
    consistent,
  };
  if (options.json) io.out(JSON.stringify(report));
  else printExplainReport(io, report);
  return consistent ? exitCodes.ok : exitCodes.invalid;
}

function compare(mismatches: Mismatch[], field: string, against: string, expected: string, actual: string) {
  if (expected !== actual) mismatches.push({ field, against, expected, actual });
}

function compareAddress(
  mismatches: Mismatch[],
  field: string,
  against: string,
  expected: string | undefined,
  actual: string | undefined,
) {
  if (expected === undefined || actual === undefined) return;
  const same =
    isAddress(expected, { strict: false }) && isAddress(actual, { strict: false })
      ? isAddressEqual(expected as Hex, actual as Hex)
      : expected.toLowerCase() === actual.toLowerCase();
  if (!same)
    mismatches.push({
      field,
      against,
      expected: isAddress(expected, { strict: false }) ? getAddress(expected) : expected,
      actual: isAddress(actual, { strict: false }) ? getAddress(actual) : actual,
    });
}

function requestTerms(request: NonNullable<DevnetView["request"]>) {
  const {
    protocol: _protocol,
    webhooks: _webhooks,
    history: _history,
    verdicts: _verdicts,
    ...terms
  } = request;
  return terms;
}

export type { ExplainReport, Mismatch };
