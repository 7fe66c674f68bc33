import { getChains } from "../../client/actions/getChains.js";
import type { RequestOptions } from "../../client/createBaseClient.js";
import type { createClient } from "../../client/createClient.js";
import { toOrderChains } from "../../orders/toOrderChains.js";
import { verifyOrder } from "../../orders/verifyOrder.js";
import type { DevnetView } from "../readDevnet.js";

/** The devnet's copy of the quote's order, verified (id, signature, signer, payment details). */
export async function explainOrder(
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
