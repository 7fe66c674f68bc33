import type { Hex } from "viem";
import type { DevnetRequest } from "../state/types.js";
import type { WebhookDelivery } from "../webhooks/createWebhookOutbox.js";
import type { DevnetContext } from "./types.js";

/** What inspecting a request uses of the devnet: its EVM chains (the order's depository), the solver, the webhook outbox. */
export type InspectRequestDeps = Pick<DevnetContext, "chains" | "solver" | "outbox">;

export type InspectRequestParameters = {
  context: InspectRequestDeps;
  request: DevnetRequest;
  /** Sign the order id with the devnet solver, as a quote with `includeProtocolData` does. Default true. */
  sign?: boolean | undefined;
};

/** A webhook delivery as the inspection endpoints list it (without its body). */
export type InspectedDelivery = Omit<WebhookDelivery, "body">;

/**
 * Everything the devnet knows about one request, for `GET /devnet/requests/{id}`, the dashboard
 * and `attestkit explain`: the request's terms and status, its status history, its order as the
 * quote gave it (`protocol`: `orderId`, `orderData`, `orderSignature` signed by the devnet solver,
 * `paymentDetails` on the origin depository), the indexed deposit, and its webhook deliveries.
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
            amount: request.amountIn.toString(),
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

/** What `inspectRequest` returns, as JSON. */
export type InspectedRequest = {
  requestId: Hex;
  orderId: Hex | null;
  status: string;
  history: { status: string; at: number }[];
  referrer: string | null;
  originChainId: number;
  destinationChainId: number;
  user: Hex;
  recipient: Hex;
  refundTo: Hex;
  originCurrency: Hex;
  destinationCurrency: Hex;
  amountIn: string;
  amountOut: string;
  txs: { to: Hex; data: Hex; value: string }[];
  createdAt: number;
  expiresAt: number | null;
  updatedAt: number;
  inTxHashes: Hex[];
  txHashes: Hex[];
  failReason: string;
  refundFailReason: string;
  details: Record<string, unknown> | null;
  deposit: {
    chainId: number;
    txHash: Hex;
    logIndex: number;
    blockNumber: string;
    from: Hex;
    currency: Hex;
    amount: string;
    id: Hex;
  } | null;
  /** The request's deposit address (`useDepositAddress`), as the status object carries it. */
  depositAddress: {
    address: Hex;
    depositAddressType: "open" | "strict";
    depositor: Hex;
    depositTxHash: Hex | null;
  } | null;
  protocol: {
    orderId: Hex;
    orderData: unknown;
    orderSignature: Hex | null;
    paymentDetails: { chainId: string; depository: Hex; currency: Hex; amount: string };
  } | null;
  webhooks: InspectedDelivery[];
};

/** A deep copy with every bigint as a decimal string. */
function toJson(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_key, item) => (typeof item === "bigint" ? item.toString() : item)),
  );
}
