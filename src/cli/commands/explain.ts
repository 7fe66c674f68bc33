import type { Command } from "commander";
import { getAddress, type Hex, isAddress, isAddressEqual } from "viem";
import { toAttestationWords } from "../../attestation/toAttestationWords.js";
import type { AttestationVersion } from "../../attestation/types.js";
import { verifyAttestation } from "../../attestation/verifyAttestation.js";
import { getAttestation } from "../../client/actions/getAttestation.js";
import { getChains } from "../../client/actions/getChains.js";
import { type GetRequestsReturnType, getRequests } from "../../client/actions/getRequests.js";
import { getStatus } from "../../client/actions/getStatus.js";
import type { RequestOptions } from "../../client/createBaseClient.js";
import type { createClient } from "../../client/createClient.js";
import { ApiError } from "../../client/errors/request.js";
import { toOrderChains } from "../../orders/toOrderChains.js";
import { verifyOrder } from "../../orders/verifyOrder.js";
import type { StatusResponse } from "../../schemas/index.js";
import { validateRequest } from "../../schemas/validateRequest.js";
import { CliError } from "../cliError.js";
import { createServiceClient } from "../createServiceClient.js";
import { describeReason } from "../describeReason.js";
import { exitCodes } from "../exitCodes.js";
import type { Io } from "../io.js";
import { parseRpcFlags, rpcOption } from "../parseRpcFlags.js";
import {
  type ChainEvent,
  type ReadChainTransactionReturnType,
  readChainTransaction,
} from "../readChainTransaction.js";
import { type DevnetView, readDevnet } from "../readDevnet.js";
import { type GlobalOptions, readGlobalOptions } from "../readGlobalOptions.js";
import { reportError } from "../reportError.js";
import { resolveSolvers } from "../resolveSolvers.js";
import { solverOption } from "../solverOption.js";

export type ExplainOptions = GlobalOptions & {
  rpc?: string[];
  solver?: string[];
  json?: boolean;
};

/** One disagreement between what the chain shows and what was signed or ordered. */
export type Mismatch = { field: string; against: string; expected: string; actual: string };

/** Registers `attestkit explain`. */
export function registerExplain(program: Command, io: Io): void {
  program
    .command("explain")
    .description(
      "Everything about one request: status and history, order, attestations recomputed, the deposit and fills decoded from the chains, mismatches and the reason in words",
    )
    .argument("<REQUEST_ID>", "the request id (0x and 64 hex digits)")
    .addOption(
      rpcOption(
        "JSON-RPC URL of a chain as CHAIN_ID=URL; repeat for several (a devnet's chains are read from GET /devnet/info)",
      ),
    )
    .addOption(solverOption("the devnet's when --api is a devnet, else the live solver"))
    .option("--json", "print one JSON object with every part")
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  $ attestkit --api http://127.0.0.1:8787 explain 0x<requestId>",
        "  $ attestkit explain 0x<requestId> --rpc 8453=https://base.example --rpc 10=https://op.example --json",
        "",
        "Exit codes: 0 everything consistent, 1 a verdict is invalid or the chain disagrees with what",
        "was signed or ordered (each mismatch is listed), 2 bad input, 3 network or API error.",
      ].join("\n"),
    )
    .action(async (requestId: string, options: ExplainOptions, command: Command) => {
      try {
        io.exit(await runExplain(requestId, { ...options, ...readGlobalOptions({ command }) }, io));
      } catch (error) {
        io.exit(reportError({ io, error, json: options.json }));
      }
    });
}

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
  else printReport(io, report);
  return consistent ? exitCodes.ok : exitCodes.invalid;
}

type SignedFields = Record<string, unknown> & {
  originChainId: unknown;
  originUser: string;
  originCurrency: string;
  originAmount?: unknown;
  destinationChainId: unknown;
  destinationUser: string;
  destinationCurrency?: string;
};

type AttestationPart = {
  available: boolean;
  valid: boolean;
  requestData: SignedFields | null;
  signature: Hex | null;
  signer: string | null;
  words: { name: string; word: Hex }[];
  encoded: Hex | null;
  hash: Hex | null;
  digest: Hex | null;
  reason?: string;
  error?: string;
};

/** Both attestations fetched and recomputed word by word; `valid` when every available one is. */
async function explainAttestations(
  client: ReturnType<typeof createClient>,
  call: RequestOptions,
  requestId: Hex,
  solvers: readonly string[],
) {
  const one = async (version: AttestationVersion): Promise<AttestationPart> => {
    let record: { requestData: Record<string, unknown>; signature: string };
    try {
      record = (await getAttestation(client, { requestId, version }, call)) as typeof record;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404)
        return {
          available: false,
          valid: false,
          requestData: null,
          signature: null,
          signer: null,
          words: [],
          encoded: null,
          hash: null,
          digest: null,
          error: "the service has no attestation for this request (yet)",
        };
      throw error;
    }
    const words = toAttestationWords({ requestId, requestData: record.requestData, version }).words.map(
      ([name, word]) => ({ name, word }),
    );
    const result = await verifyAttestation({ requestId, ...record, version, solvers });
    return {
      available: true,
      valid: result.valid,
      requestData: record.requestData as SignedFields,
      signature: record.signature as Hex,
      signer: result.signer,
      words,
      encoded: result.encoded,
      hash: result.hash,
      digest: result.digest,
      ...(result.reason ? { reason: result.reason } : {}),
    };
  };
  const [v1, v2] = await Promise.all([one("v1"), one("v2")]);
  const available = [v1, v2].filter((part) => part.available);
  return { valid: available.length > 0 && available.every((part) => part.valid), solvers, v1, v2 };
}

/** The devnet's copy of the quote's order, verified (id, signature, signer, payment details). */
async function explainOrder(
  client: ReturnType<typeof createClient>,
  call: RequestOptions,
  devnet: DevnetView | null,
  solvers: readonly string[],
) {
  const protocol = devnet?.request?.protocol;
  if (!protocol) return null;
  const chains = toOrderChains({ chains: await getChains(client, call) });
  const verification = await verifyOrder({ ...protocol, chains, solvers });
  const data = protocol.orderData as {
    inputs?: { payment?: { currency: string; amount: string } }[];
    output?: {
      payments?: { recipient: string; currency: string; minimumAmount: string; expectedAmount: string }[];
    };
  };
  return {
    orderId: protocol.orderId,
    orderSignature: protocol.orderSignature,
    orderData: protocol.orderData,
    paymentDetails: protocol.paymentDetails,
    payment: data.inputs?.[0]?.payment
      ? { currency: data.inputs[0].payment.currency, amount: String(data.inputs[0].payment.amount) }
      : null,
    output: data.output?.payments?.[0]
      ? {
          recipient: data.output.payments[0].recipient,
          currency: data.output.payments[0].currency,
          minimumAmount: String(data.output.payments[0].minimumAmount),
          expectedAmount: String(data.output.payments[0].expectedAmount),
        }
      : null,
    verification: {
      valid: verification.valid,
      signer: verification.signer,
      recomputedOrderId: verification.orderId,
      checks: verification.checks,
      ...(verification.reason ? { reason: verification.reason } : {}),
    },
  };
}

type DepositPart = {
  chainId: number;
  txHash: Hex | null;
  /** False when there is no deposit hash or no RPC URL for the chain. */
  fetched: boolean;
  found: boolean;
  note?: string;
  transaction?: ReadChainTransactionReturnType;
  /** The deposit as decoded from the depository (and receiver) events. */
  decoded: {
    event: string;
    id: Hex;
    amount: string;
    currency: Hex;
    depositor: Hex;
    viaReceiver: boolean;
  } | null;
};

const zeroAddress = "0x0000000000000000000000000000000000000000";

async function explainDeposit({
  status,
  rpcUrl,
  chainId,
  ids,
  logIndex,
}: {
  status: StatusResponse;
  rpcUrl: string | undefined;
  chainId: number;
  ids: Set<string>;
  logIndex: number | undefined;
}): Promise<DepositPart> {
  const txHash = (status.inTxHashes?.[0] as Hex | undefined) ?? null;
  const base = { chainId, txHash, fetched: false, found: false, decoded: null };
  if (!txHash) return { ...base, note: "no deposit yet (inTxHashes is empty)" };
  if (!rpcUrl) return { ...base, note: `no RPC URL for chain ${chainId}: pass --rpc ${chainId}=URL` };
  const transaction = await readChainTransaction({ rpcUrl, hash: txHash });
  if (!transaction.found) return { ...base, fetched: true, note: "the chain does not have this transaction" };
  const deposits = transaction.events.filter(
    (e) => e.name === "RelayNativeDeposit" || e.name === "RelayErc20Deposit",
  );
  const chosen =
    deposits.find((e) => e.logIndex === logIndex) ??
    deposits.find((e) => ids.has(String(e.args.id).toLowerCase())) ??
    deposits[0];
  if (!chosen)
    return { ...base, fetched: true, found: true, transaction, note: "no depository deposit event" };
  // A deposit through the receiver: the depository credits the receiver; the payer is in its event.
  const receiverEvent = transaction.events.find(
    (e: ChainEvent) =>
      (e.name === "AttestedDeposit" &&
        String(e.args.requestId).toLowerCase() === String(chosen.args.id).toLowerCase()) ||
      (e.name === "OrderPaid" &&
        String(e.args.orderId).toLowerCase() === String(chosen.args.id).toLowerCase()),
  );
  return {
    ...base,
    fetched: true,
    found: true,
    transaction,
    decoded: {
      event: chosen.name,
      id: chosen.args.id as Hex,
      amount: String(chosen.args.amount),
      currency: (chosen.name === "RelayErc20Deposit" ? chosen.args.token : zeroAddress) as Hex,
      depositor: (receiverEvent?.args.payer ?? chosen.args.from) as Hex,
      viaReceiver: receiverEvent !== undefined,
    },
  };
}

/** Each fill or refund transaction, read from the first chain (destination, then origin) that has it. */
async function explainFills({
  hashes,
  chains,
  rpcs,
}: {
  hashes: Hex[];
  chains: number[];
  rpcs: Map<number, string>;
}) {
  const fills: {
    txHash: Hex;
    chainId: number | null;
    kind: string;
    status: string | null;
    events: ChainEvent[];
    note?: string;
  }[] = [];
  for (const hash of hashes) {
    let entry: (typeof fills)[number] = {
      txHash: hash,
      chainId: null,
      kind: "unknown",
      status: null,
      events: [],
      note: "not found on any chain with an RPC URL",
    };
    for (const chainId of [...new Set(chains)]) {
      const rpcUrl = rpcs.get(chainId);
      if (!rpcUrl) continue;
      const transaction = await readChainTransaction({ rpcUrl, hash });
      if (!transaction.found) continue;
      const kind = transaction.events.some((e) => e.name === "DevnetFill")
        ? "fill"
        : chainId === chains[1]
          ? "refund"
          : "fill";
      entry = { txHash: hash, chainId, kind, status: transaction.status, events: transaction.events };
      break;
    }
    fills.push(entry);
  }
  return fills;
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

/** What `explain --json` prints. */
export type ExplainReport = {
  requestId: Hex;
  api: string;
  devnet: boolean;
  sources: {
    status: string;
    attestation: string;
    request: string | null;
    requestV3: string | null;
    note: string;
  };
  /** The request as `GET /requests/v3` lists it (with an API key), or null. */
  requestV3: RequestRecord | null;
  status: StatusResponse;
  history: { status: string; at: number }[] | null;
  reason: ReturnType<typeof describeReason>;
  request: ReturnType<typeof requestTerms> | null;
  order: Awaited<ReturnType<typeof explainOrder>>;
  attestation: Awaited<ReturnType<typeof explainAttestations>>;
  deposit: DepositPart;
  fills: Awaited<ReturnType<typeof explainFills>>;
  webhooks: NonNullable<DevnetView["request"]>["webhooks"] | null;
  mismatches: Mismatch[];
  consistent: boolean;
};

function printReport(io: Io, report: ExplainReport): void {
  const line = (label: string, value: unknown) => io.out(`  ${label.padEnd(22)}${String(value)}`);
  const heading = (text: string) => {
    io.out("");
    io.out(text);
  };
  const time = (ms: number) => new Date(ms).toISOString();
  const { status } = report;
  io.out(`request ${report.requestId}`);
  line("status", status.status);
  line("updated", status.updatedAt != null ? time(Number(status.updatedAt)) : "-");
  line("origin -> destination", `${status.originChainId ?? "?"} -> ${status.destinationChainId ?? "?"}`);
  if (report.history) {
    heading("history");
    for (const entry of report.history) line(entry.status, time(entry.at));
  }
  if (report.reason.failReason || report.reason.refundFailReason || report.reason.failReasonText) {
    heading("why");
    if (report.reason.failReasonText) {
      io.out(`  ${report.reason.failReason ?? "failure"}`);
      io.out(`    ${report.reason.failReasonText}`);
    }
    if (report.reason.refundFailReason) {
      io.out(`  refund: ${report.reason.refundFailReason}`);
      io.out(`    ${report.reason.refundFailReasonText}`);
    }
  }
  if (report.request) {
    heading("request (as the devnet keeps it)");
    const r = report.request;
    line("user", r.user);
    line("recipient", r.recipient);
    line("refund to", r.refundTo);
    line("in", `${r.amountIn} ${r.originCurrency} on ${r.originChainId}`);
    line("out", `${r.amountOut} ${r.destinationCurrency} on ${r.destinationChainId}`);
    if (r.expiresAt) line("deadline", time(r.expiresAt));
  }
  if (report.requestV3) {
    heading("request (GET /requests/v3)");
    const r = report.requestV3;
    line("user", r.user ?? "-");
    line("recipient", r.recipient ?? "-");
    line("refund to", r.refundTo ?? "-");
    line("created", r.createdAt ?? "-");
    line("updated", r.updatedAt ?? "-");
    line("order id", r.protocol?.orderId ?? "-");
    line("solver", r.protocol?.solver?.address ?? "-");
  }
  heading("order");
  if (!report.order) io.out(`  (none: ${report.sources.note})`);
  else {
    line("orderId", report.order.orderId);
    line("recomputed", report.order.verification.recomputedOrderId);
    for (const check of report.order.verification.checks)
      line(check.name, check.ok ? "ok" : `FAILED (${check.reason ?? ""})`);
    line("recovered signer", report.order.verification.signer ?? "(none)");
    line(
      "verdict",
      report.order.verification.valid ? "VALID" : `INVALID (${report.order.verification.reason})`,
    );
  }
  for (const version of ["v1", "v2"] as const) {
    const part = report.attestation[version];
    heading(`attestation ${version}`);
    if (!part.available) {
      io.out(`  (${part.error})`);
      continue;
    }
    for (const { name, word } of part.words) {
      const given = name === "requestId" ? report.requestId : part.requestData?.[name];
      line(name, String(given));
      line("", `-> ${word}`);
    }
    line("hash", part.hash);
    line("digest", part.digest);
    line("signer", part.signer ?? "(none)");
    line("expected", report.attestation.solvers.join(", "));
    line("verdict", part.valid ? "VALID" : `INVALID (${part.reason})`);
  }
  heading("deposit");
  const { deposit } = report;
  line("transaction", deposit.txHash ?? "(none)");
  if (deposit.note) line("note", deposit.note);
  if (deposit.decoded) {
    line("event", deposit.decoded.event + (deposit.decoded.viaReceiver ? " (through the receiver)" : ""));
    line("id", deposit.decoded.id);
    line("amount", deposit.decoded.amount);
    line(
      "currency",
      deposit.decoded.currency === zeroAddress ? `${zeroAddress} (native)` : deposit.decoded.currency,
    );
    line("depositor", deposit.decoded.depositor);
  }
  for (const m of report.mismatches.filter((m) => m.field.startsWith("deposit")))
    io.out(`  !! ${m.field} ${m.actual}, but ${m.against} is ${m.expected}`);
  heading("fill and refund transactions");
  if (report.fills.length === 0) io.out("  (none)");
  for (const fill of report.fills) {
    line(fill.kind, `${fill.txHash} on ${fill.chainId ?? "?"} ${fill.status ?? ""}`.trimEnd());
    if (fill.note) line("", fill.note);
    for (const event of fill.events) line("", `${event.name} ${JSON.stringify(event.args)}`);
  }
  if (report.webhooks) {
    heading("webhook deliveries");
    if (report.webhooks.length === 0) io.out("  (none)");
    for (const w of report.webhooks)
      line(w.id, `${w.state} after ${w.attempts} attempts (${w.lastResult ?? "-"})`);
  }
  heading("verdict");
  for (const m of report.mismatches)
    io.out(`  !! MISMATCH ${m.field}: ${m.actual} on chain, ${m.expected} in ${m.against}`);
  io.out(report.consistent ? "  CONSISTENT" : "  INCONSISTENT (see the verdicts and mismatches above)");
}

/** One record of `GET /requests/v3`. */
type RequestRecord = GetRequestsReturnType["requests"][number];

/**
 * The request as `GET /requests/v3` lists it. The service needs an API key for it: without one, or
 * when the service answers with an error, the record is null and `note` says why (explain goes on).
 */
async function readRequestV3({
  client,
  call,
  requestId,
  apiKey,
}: {
  client: ReturnType<typeof createClient>;
  call: RequestOptions;
  requestId: Hex;
  apiKey: string | undefined;
}): Promise<{ record: RequestRecord | null; note?: string }> {
  if (!apiKey)
    return { record: null, note: "GET /requests/v3 needs an API key (--api-key or $ATTESTKIT_API_KEY)" };
  try {
    const page = await getRequests(client, { id: requestId }, { ...call, retry: false });
    const record = page.requests.find((r) => r.id.toLowerCase() === requestId) ?? null;
    return record ? { record } : { record: null, note: "GET /requests/v3 does not list this request" };
  } catch (error) {
    if (error instanceof ApiError)
      return {
        record: null,
        note: `GET /requests/v3 answered HTTP ${error.status}: ${error.serviceMessage}`,
      };
    throw error;
  }
}
