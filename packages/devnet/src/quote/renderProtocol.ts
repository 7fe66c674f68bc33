import type { Hex } from "viem";
import type { BuildQuoteOrderReturnType } from "./buildQuoteOrder.js";

export type RenderProtocolParameters = {
  orderId: Hex;
  orderData: BuildQuoteOrderReturnType;
  /** Present when the quote asked for it (`includeProtocolData`). */
  orderSignature?: Hex | undefined;
  /**
   * The origin chain's depository, `paymentDetails.depository`: a contract on an EVM chain, the
   * solver's deposit address on Bitcoin, the relayer's account index on the exchange.
   */
  depository: string;
};

/**
 * A quote's `protocol` as the live service writes it: `v2.orderId`, `orderData`, the
 * `orderSignature` when asked, `paymentDetails` (the signed input's chain, currency and amount, and
 * the depository, which the order does not cover) and `hubType` `onchain`.
 *
 * @param parameters - {@link RenderProtocolParameters}
 * @returns `{ v2 }`.
 * @example
 * const body = { requestId, steps, fees, details, protocol: renderProtocol({ orderId, orderData, depository }) }
 */
export function renderProtocol({ orderId, orderData, orderSignature, depository }: RenderProtocolParameters) {
  const { chainId, currency, amount } = orderData.inputs[0].payment;
  return {
    v2: {
      orderId,
      orderData,
      ...(orderSignature ? { orderSignature } : {}),
      paymentDetails: { chainId, depository: depository.toLowerCase(), currency, amount },
      hubType: "onchain",
    },
  };
}
