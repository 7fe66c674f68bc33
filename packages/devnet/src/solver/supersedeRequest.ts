import { randomBytes } from "node:crypto";
import { bytesToHex, type Hex } from "viem";
import type { DevnetRequest, RequestDetails } from "../state/types.js";
import type { SolverContext } from "./solverContext.js";

export type SupersedeRequestParameters = {
  /** What the deposit address received, smallest units of the input. */
  amountIn: bigint;
  /** The output re-quoted for it. */
  amountOut: bigint;
  /** The quoted and re-quoted amounts, as `details.requote` records them. */
  requote: NonNullable<RequestDetails["requote"]>;
};

/**
 * Regenerates the request of an open Bitcoin deposit address that received another amount than
 * quoted, as the live service does ("Regenerated requestId that now owns the sweep/fill for a
 * superseded deposit-address request. Currently only set for Bitcoin (BVM) deposit-address requests":
 * the official SDK's `supersededByRequestId`): a new request, `pending`, with a new id, owns the
 * deposit and the fill at the re-quoted amounts (`details.originalRequestId` names the old one); the
 * old request keeps its quote and its order, hands its deposit over and names the new one in
 * `supersededByRequestId`. Both in one transaction of the stored state.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The superseded request (`pending`, holding the deposit).
 * @param parameters - {@link SupersedeRequestParameters}
 * @returns The new request's id.
 * @example
 * const owner = supersedeRequest(context, requestId, { amountIn, amountOut, requote })
 * await fillRequest(context, owner)
 */
export function supersedeRequest(
  context: Pick<SolverContext, "store" | "current" | "now">,
  requestId: Hex,
  { amountIn, amountOut, requote }: SupersedeRequestParameters,
): Hex {
  const { store, current, now } = context;
  const parent = current(requestId);
  const childId = bytesToHex(randomBytes(32));
  const at = now();
  const { history: _history, ...fields } = parent as DevnetRequest & { history?: unknown };
  const child: DevnetRequest = {
    ...fields,
    requestId: childId,
    // The order stays the old request's: a payment naming it still finds that request.
    orderId: undefined,
    orderData: undefined,
    status: "pending",
    amountIn,
    amountOut,
    txHashes: [],
    sent: [],
    failReason: "N/A",
    refundFailReason: "N/A",
    createdAt: at,
    updatedAt: at,
    details: {
      originalRequestId: requestId,
      reason: "superseded: the deposit address received another amount",
      requote,
    },
  };
  store.batch(() => {
    store.create(child);
    // The deposit is the new request's alone (a payment is one request's deposit); the old request
    // keeps its transaction in `inTxHashes`, and a later payment naming it is still a second one.
    store.update(requestId, {
      supersededByRequestId: childId,
      deposit: undefined,
      details: { ...parent.details, requote },
    });
  });
  return childId;
}
