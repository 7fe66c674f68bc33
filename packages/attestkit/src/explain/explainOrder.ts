import type { GetChainsReturnType } from "../client/actions/getChains.js";
import { toOrderChains } from "../orders/toOrderChains.js";
import { verifyOrder } from "../orders/verifyOrder.js";
import type { DevnetRequestView } from "./parts.js";

export type ExplainOrderParameters = {
  /** The request's order as the devnet keeps it (`protocol`), or null when it is not known. */
  protocol: DevnetRequestView["protocol"] | undefined;
  /** `GET /chains`, whose depositories the order's payment must name. */
  chains: GetChainsReturnType;
  /** The solvers whose signatures are valid. */
  solvers: readonly string[];
};

/** The order as `explain` reports it: its terms, payment and output, and its verification. */
export type OrderPart = {
  orderId: string;
  orderSignature: string | null;
  orderData: unknown;
  paymentDetails: unknown;
  /** The order's first input payment: currency and amount (smallest unit). */
  payment: { currency: string; amount: string } | null;
  /** The order's first output payment: recipient, currency, minimum and expected amounts (smallest unit). */
  output: { recipient: string; currency: string; minimumAmount: string; expectedAmount: string } | null;
  verification: {
    valid: boolean;
    signer: string | null;
    recomputedOrderId: string | null;
    checks: Awaited<ReturnType<typeof verifyOrder>>["checks"];
    reason?: string;
  };
};

type OrderTerms = {
  inputs?: { payment?: { currency: string; amount: string } }[];
  output?: {
    payments?: { recipient: string; currency: string; minimumAmount: string; expectedAmount: string }[];
  };
};

/**
 * The request's order, verified as a client would (id, signature, signer, payment details against
 * the chains' depositories), with its first input and output payments.
 *
 * @param parameters - {@link ExplainOrderParameters}
 * @returns The order part, or null when the order is not known. {@link OrderPart}
 * @example
 * const order = await explainOrder({ protocol: devnet?.request?.protocol, chains, solvers })
 */
export async function explainOrder({
  protocol,
  chains,
  solvers,
}: ExplainOrderParameters): Promise<OrderPart | null> {
  if (!protocol) return null;
  const verification = await verifyOrder({ ...protocol, chains: toOrderChains({ chains }), solvers });
  const data = protocol.orderData as OrderTerms;
  const input = data.inputs?.[0]?.payment;
  const output = data.output?.payments?.[0];
  return {
    orderId: protocol.orderId,
    orderSignature: protocol.orderSignature,
    orderData: protocol.orderData,
    paymentDetails: protocol.paymentDetails,
    payment: input ? { currency: input.currency, amount: String(input.amount) } : null,
    output: output
      ? {
          recipient: output.recipient,
          currency: output.currency,
          minimumAmount: String(output.minimumAmount),
          expectedAmount: String(output.expectedAmount),
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
