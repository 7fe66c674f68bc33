import type { Deposit } from "../state/types.js";
import { decidePayment, type TakenPaymentDecision } from "./decidePayment.js";
import { isOrphanRecord } from "./isOrphanRecord.js";
import { leaveRestoredRequest } from "./leaveRestoredRequest.js";
import type { ExternalChain, SolverContext } from "./solverContext.js";
import { takePayment } from "./takePayment.js";

/** A payment a chain kept across a restart, with the time (ms) the chain first saw it. */
export type KeptPayment = { payment: Deposit; seenAt: number };

/** A restored payment to carry out; `resumed` when its request took it before the restart. */
export type RestoredPayment = { payment: Deposit; decision: TakenPaymentDecision; resumed: boolean };

/**
 * After a restart on a kept Bitcoin chain or exchange ledger: decides again, as at the time the chain
 * first saw it, every payment it kept. One no request holds yet (the process ended between the two
 * writes) is taken now, quietly. One held by a `pending` request that has sent nothing is decided
 * against the store as it was then (its request rewound to before it) and answered `resumed`: the
 * caller takes it up from what the request had done (`settlePayment` with `resumed`: `resumeRequest`).
 * Any other is done, or taken up by `resumeRestoredRequests`. A `pending` request of the chain whose payment the chain does not hold is left and logged.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param chain - The chain's id and adapter.
 * @param kept - The chain's payments, oldest first. {@link KeptPayment}
 * @returns What to carry out, in order. {@link RestoredPayment}
 * @example
 * for (const { payment, decision, resumed } of restorePayments(context, { chainId, adapter }, kept)) ...
 */
export function restorePayments(
  context: SolverContext,
  { chainId, adapter }: { chainId: number; adapter: ExternalChain },
  kept: readonly KeptPayment[],
): RestoredPayment[] {
  const { store } = context;
  const key = (payment: Deposit) => `${payment.txHash.toLowerCase()}:${payment.logIndex}`;
  const holders = new Map(
    store
      .all()
      .flatMap((request) =>
        request.deposit?.chainId === chainId ? [[key(request.deposit), request] as const] : [],
      ),
  );
  const restored: RestoredPayment[] = [];
  for (const { payment, seenAt } of kept) {
    const holder = holders.get(key(payment));
    holders.delete(key(payment));
    if (holder && (holder.status !== "pending" || holder.txHashes.length > 0)) continue;
    const named = store.findByDepositId(payment.id);
    const decision = decidePayment({
      payment,
      // Decided as it was then: the request that took the payment, rewound to before it (an orphan
      // that took it under the id it named was no request before it).
      request:
        holder && named?.requestId === holder.requestId
          ? isOrphanRecord(holder)
            ? undefined
            : { ...named, status: "waiting", deposit: undefined }
          : named,
      rules: adapter.rules,
      now: seenAt,
    });
    if (holder) restored.push({ payment, decision, resumed: true });
    else if (takePayment(context, payment, decision)) restored.push({ payment, decision, resumed: false });
  }
  for (const request of holders.values())
    if (request.status === "pending" && request.txHashes.length === 0)
      leaveRestoredRequest(
        context,
        request.requestId,
        `its payment ${request.deposit?.txHash} is not on chain ${chainId}`,
      );
  return restored;
}
