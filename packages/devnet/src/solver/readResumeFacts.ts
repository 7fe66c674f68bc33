import { devnetDepositoryAbi } from "attestkit/contracts";
import { getAbiItem, type Hex, toEventSelector } from "viem";
import type { DepositDecision, DevnetRequest } from "../state/types.js";
import { decidePayment, type PaymentRules, paymentRules } from "./decidePayment.js";
import { planFill } from "./planFill.js";
import type { ResumeFacts } from "./planResume.js";
import type { SolverContext } from "./solverContext.js";
import { sponsorPaymentOf } from "./sponsorPaymentOf.js";
import { toDepositDecision } from "./toDepositDecision.js";

/** Topic of `DevnetFill(bytes32 indexed id, ...)`: a payout for a request id. */
const devnetFillTopic = toEventSelector(getAbiItem({ abi: devnetDepositoryAbi, name: "DevnetFill" }));

/**
 * Reads what the chains say about a restored request, for `planResume`: the receipt of each EVM
 * payment written down with it (`sent`, and its `txHashes`), the payments bound to it on Bitcoin or
 * the exchange (`ExternalChain.find`), how many transactions its fill has, and its deposit's decision
 * (kept with the request; for a record of an older devnet decided again as at the time the deposit
 * was taken, or `fallback`). Only for such a record, the `DevnetFill` logs of its id.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param request - The restored request.
 * @param fallback - The decision a watcher restored for the deposit, if any.
 * @returns The facts. {@link ResumeFacts}
 * @throws {DevnetChainNotFoundError} When its EVM destination is not one of the solver's chains.
 * @example
 * const action = planResume(request, await readResumeFacts(context, request))
 */
export async function readResumeFacts(
  context: SolverContext,
  request: DevnetRequest,
  fallback?: DepositDecision | undefined,
): Promise<ResumeFacts> {
  const { chains, externalChains, chainOf, sponsors } = context;
  const origin = externalChains.get(request.originChainId);
  const destination = externalChains.get(request.destinationChainId);
  const fillChain = destination ? undefined : chainOf(request.destinationChainId);

  const outcomes = new Map<string, "success" | "reverted">();
  const payments = [
    ...(request.sent ?? []),
    ...request.txHashes.map((txHash) => ({ chainId: request.destinationChainId, txHash })),
  ];
  for (const { chainId, txHash } of payments) {
    const chain = chains.get(chainId);
    if (!chain || txHash === undefined || outcomes.has(txHash.toLowerCase())) continue;
    const receipt = (await chain.request({ method: "eth_getTransactionReceipt", params: [txHash] })) as {
      status: Hex;
    } | null;
    if (receipt) outcomes.set(txHash.toLowerCase(), receipt.status === "0x1" ? "success" : "reverted");
  }

  const legacy = request.sent === undefined && request.decision === undefined;
  let fillLogs: Hex[] = [];
  if (legacy && fillChain && request.status === "pending")
    fillLogs = (
      (await fillChain.request({
        method: "eth_getLogs",
        params: [
          {
            address: fillChain.contracts.depository,
            fromBlock: "0x0",
            toBlock: "latest",
            topics: [devnetFillTopic, request.requestId.toLowerCase()],
          },
        ],
      })) as { transactionHash: Hex }[]
    ).map((log) => log.transactionHash);

  return {
    decision: request.decision ?? fallback ?? decideAgain(request, origin?.rules ?? paymentRules.evm),
    outcomes,
    externalOrigin: origin !== undefined,
    externalDestination: destination !== undefined,
    boundOnOrigin: origin?.find(request.requestId),
    boundOnDestination: destination?.find(request.requestId),
    fillLength: fillChain ? planFill({ request, depository: fillChain.contracts.depository }).length : 1,
    fallbackLength: fillChain
      ? planFill({ request: { ...request, txs: [] }, depository: fillChain.contracts.depository }).length
      : 1,
    fillLogs,
    sponsored: sponsors.has(sponsorPaymentOf(request).chainId),
  };
}

/** A record of an older devnet: its deposit decided again against the quote, as at the time it was taken. */
const decideAgain = (request: DevnetRequest, rules: PaymentRules): DepositDecision | undefined => {
  if (!request.deposit) return undefined;
  const decision = decidePayment({
    payment: request.deposit,
    request: { ...request, status: "waiting", deposit: undefined },
    rules,
    now: request.updatedAt,
  });
  return toDepositDecision(decision);
};
