import type { Hex } from "viem";
import type { OrderStruct } from "../../../orders/toOrderStruct.js";

/** An order read the same way whatever its version, each part with its path in `orderData`. */
export type OrderTerms = {
  /** The one input (v1 `inputs[0].payment`, v2 `input`); `weight` 1 for v2, which has none. */
  input: { path: string; chainId: string; currency: Hex; amount: bigint; weight: bigint } | undefined;
  inputCount: number;
  refunds: { path: string; chainId: string; recipient: Hex; currency: Hex; deadline: number | undefined }[];
  outputChainId: string;
  payments: { path: string; recipient: Hex; currency: Hex; minimumAmount: bigint; expectedAmount: bigint }[];
  /** The destination calls (`output.calls`, v2 `output.fill.calls`), each `abi.encode(to, data, value)`. */
  calls: { path: string; value: readonly Hex[] };
  fees: {
    path: string;
    recipientChainId: string;
    recipient: Hex;
    currencyChainId: string;
    currency: Hex;
    amount: bigint;
  }[];
  /** The fill deadline (`output.deadline`, v2 `deadline`), Unix seconds. */
  deadline: { path: string; value: number };
  /** The order's solver (v2 `relayer`), lowercase. */
  solver: string;
};

/**
 * Reads a signed order (`toOrderStruct`) into the terms the payment guard compares with the intent,
 * the same for v1 and v2 orders.
 *
 * @param struct - The order.
 * @returns Its terms. {@link OrderTerms}
 * @example
 * const terms = readOrderTerms(struct)
 */
export function readOrderTerms(struct: OrderStruct): OrderTerms {
  const fees = struct.fees.map((fee, i) => ({ path: `orderData.fees[${i}]`, ...fee }));
  if (struct.version === "v1") {
    const first = struct.inputs[0];
    return {
      input: first && { path: "orderData.inputs[0].payment", ...first.payment },
      inputCount: struct.inputs.length,
      refunds: struct.inputs.flatMap((input, i) =>
        input.refunds.map((refund, j) => ({ path: `orderData.inputs[${i}].refunds[${j}]`, ...refund })),
      ),
      outputChainId: struct.output.chainId,
      payments: struct.output.payments.map((payment, i) => ({
        path: `orderData.output.payments[${i}]`,
        ...payment,
      })),
      calls: { path: "orderData.output.calls", value: struct.output.calls },
      fees,
      deadline: { path: "orderData.output.deadline", value: struct.output.deadline },
      solver: struct.solver.toLowerCase(),
    };
  }
  const { fill } = struct.output;
  return {
    input: { path: "orderData.input", ...struct.input, weight: 1n },
    inputCount: 1,
    refunds: struct.refunds.map((refund, i) => ({
      path: `orderData.refunds[${i}]`,
      ...refund,
      deadline: undefined,
    })),
    outputChainId: struct.output.chainId,
    payments: [
      {
        path: "orderData.output.fill",
        recipient: fill.recipient,
        currency: fill.currency,
        minimumAmount: fill.minimumAmount,
        expectedAmount: fill.minimumAmount,
      },
    ],
    calls: { path: "orderData.output.fill.calls", value: fill.calls },
    fees,
    deadline: { path: "orderData.deadline", value: struct.deadline },
    solver: struct.relayer.toLowerCase(),
  };
}
