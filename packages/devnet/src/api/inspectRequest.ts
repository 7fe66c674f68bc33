import type { InspectedDelivery, InspectedRequest } from "attestkit/schemas";
import type { DevnetRequest } from "../state/types.js";
import { quoteExpiredAt } from "./quoteExpiredAt.js";
import type { DevnetContext } from "./types.js";

/**
 * What inspecting a request uses of the devnet: its EVM chains (the order's depository), the solver
 * and its clock, the webhook outbox.
 */
export type InspectRequestDeps = Pick<DevnetContext, "chains" | "solver" | "outbox" | "now">;

export type InspectRequestParameters = {
  context: InspectRequestDeps;
  request: DevnetRequest;
  /** Sign the order id with the devnet solver, as a quote with `includeProtocolData` does. Default true. */
  sign?: boolean | undefined;
};

export type { InspectedDelivery, InspectedRequest };

/**
 * Everything the devnet knows about one request, for `GET /devnet/requests/{id}`, the dashboard
 * and `attestkit explain`: the request's terms and status, its status history, its order as the
 * quote gave it (`protocol`: `orderId`, `orderData`, `orderSignature` signed by the devnet solver,
 * `paymentDetails` on the origin depository), the indexed deposit, its webhook deliveries, and
 * `expiredAt`, the deadline of an unpaid quote once passed (`quoteExpiredAt`), else null.
 * Integers are decimal strings (JSON has no bigint).
 *
 * @param parameters - {@link InspectRequestParameters}
 * @returns A JSON-ready object.
 * @example
 * c.json(await inspectRequest({ context, request }))
 */
export async function inspectRequest({ context, request, sign = true }: InspectRequestParameters) {
  const origin = context.chains.get(request.originChainId);
  const protocol =
    request.orderId !== undefined && request.orderData !== undefined && origin
      ? {
          orderId: request.orderId,
          orderData: request.orderData,
          orderSignature: sign
            ? await context.solver.signMessage({ message: { raw: request.orderId } })
            : null,
          paymentDetails: {
            chainId: origin.name,
            depository: origin.contracts.depository,
            currency: request.originCurrency,
            // The order's amount as quoted: an open deposit address quoted again keeps its order.
            amount: String(request.details?.requote?.quotedAmountIn ?? request.amountIn),
          },
        }
      : null;
  const key = request.requestId.toLowerCase();
  const webhooks: InspectedDelivery[] = context.outbox
    .deliveries()
    .filter((delivery) => delivery.requestId.toLowerCase() === key)
    .map(({ body: _body, ...delivery }) => ({ ...delivery }));
  return toJson({
    requestId: request.requestId,
    orderId: request.orderId ?? null,
    status: request.status,
    history: request.history ?? [{ status: request.status, at: request.updatedAt }],
    referrer: request.referrer,
    originChainId: request.originChainId,
    destinationChainId: request.destinationChainId,
    user: request.user,
    recipient: request.recipient,
    refundTo: request.refundTo,
    originCurrency: request.originCurrency,
    destinationCurrency: request.destinationCurrency,
    amountIn: request.amountIn,
    amountOut: request.amountOut,
    txs: request.txs,
    createdAt: request.createdAt,
    expiresAt: request.expiresAt,
    expiredAt: quoteExpiredAt({ request, now: (context.now ?? Date.now)() }),
    updatedAt: request.updatedAt,
    inTxHashes: request.inTxHashes,
    txHashes: request.txHashes,
    failReason: request.failReason,
    refundFailReason: request.refundFailReason,
    details: request.details,
    deposit: request.deposit ?? null,
    depositAddress: request.depositAddress ?? null,
    protocol,
    webhooks,
  }) as InspectedRequest;
}

/** A deep copy with every bigint as a decimal string. */
function toJson(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_key, item) => (typeof item === "bigint" ? item.toString() : item)),
  );
}
