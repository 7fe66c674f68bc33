import { type Address, encodeFunctionData, getAddress, type Hex, hashStruct, zeroAddress } from "viem";
import { attestedDepositReceiverAbi } from "../contracts/abis.js";
import { orderTypesV1, orderTypesV2 } from "./constants.js";
import {
  type InvalidOrderFieldErrorType,
  type MissingOrderFieldErrorType,
  UnpayableOrderError,
  type UnpayableOrderErrorType,
} from "./errors.js";
import { readHexBytes } from "./internal/readers.js";
import {
  type OrderStructV1,
  type OrderStructV2,
  type ToOrderStructErrorType,
  type ToOrderStructParameters,
  toOrderStruct,
} from "./toOrderStruct.js";

export type ToOrderPaymentParameters = ToOrderStructParameters & {
  /** `protocol.v2.orderSignature`: the solver's 65-byte signature over the order id. */
  orderSignature: unknown;
};

/**
 * The receiver call that pays the order, by name (narrow on `functionName` to pass it to viem's
 * typed `writeContract` / `simulateContract`; `data` is the same call encoded).
 */
export type OrderPaymentCall =
  | { functionName: "payOrderNative"; args: readonly [order: OrderStructV1, signature: Hex]; value: bigint }
  | { functionName: "payOrderErc20"; args: readonly [token: Address, order: OrderStructV1, signature: Hex] }
  | { functionName: "payOrderV2Native"; args: readonly [order: OrderStructV2, signature: Hex]; value: bigint }
  | {
      functionName: "payOrderV2Erc20";
      args: readonly [token: Address, order: OrderStructV2, signature: Hex];
    };

export type ToOrderPaymentReturnType = {
  /** `functionName`, `args` and (native) `value` of the `AttestedDepositReceiver` call. */
  call: OrderPaymentCall;
  /** The call's calldata: send it to the receiver with `value` (`sendTransaction({ to, data, value })`). */
  data: Hex;
  /** The native value to send: the signed amount for a native payment, 0 for a token payment. */
  value: bigint;
  /** The order id the receiver will recompute: the depository `id` and `OrderPaid`'s `orderId`. */
  orderId: Hex;
  /** The signed input currency: the token (EIP-55) to approve the receiver for, or the zero address. */
  currency: Address;
  /** The signed input amount: `value` for native, the allowance the receiver needs for a token. */
  amount: bigint;
  /** The solver-signed deadline the receiver enforces (v1 `output.deadline`, v2 `deadline`). */
  deadline: number;
};

export type ToOrderPaymentErrorType =
  | ToOrderStructErrorType
  | MissingOrderFieldErrorType
  | InvalidOrderFieldErrorType
  | UnpayableOrderErrorType;

/**
 * Turns a quote's `protocol.v2` into the `AttestedDepositReceiver` call that pays it: the order
 * struct (addresses encoded for their chain's VM), the signature and, for the native currency, the
 * value. The entry point follows `orderData.version` and the signed input currency (the zero
 * address: native; otherwise an ERC-20 token, which the payer approves to the receiver for
 * `amount` first).
 *
 * Orders the receiver cannot pay throw `UnpayableOrderError` here instead of reverting onchain:
 * more or fewer than one input, (v1) no output payment, no refund (an order that names neither its
 * payer nor the receiver, which the receiver refuses), or an input currency that is not 20 bytes. The helper checks the shape, not the content: verify the quote first (`verifyQuote`);
 * the receiver re-checks every signed field onchain (chain slug, amount, deadline, destination,
 * solver).
 *
 * @param parameters - {@link ToOrderPaymentParameters}
 * @returns The call and what it pays. {@link ToOrderPaymentReturnType}
 * @throws The errors of `toOrderStruct`, InvalidOrderFieldError for a signature that is not hex,
 * UnpayableOrderError.
 * @example
 * const payment = toOrderPayment({ ...quote.protocol.v2, chains })
 * // A token payment first approves the receiver: approve(receiver, payment.amount) on payment.currency.
 * await walletClient.sendTransaction({ to: receiver, data: payment.data, value: payment.value })
 */
export function toOrderPayment(parameters: ToOrderPaymentParameters): ToOrderPaymentReturnType {
  const struct = toOrderStruct(parameters);
  const signature = readHexBytes("orderSignature", parameters.orderSignature);

  if (struct.version === "v1") {
    if (struct.inputs.length !== 1)
      throw new UnpayableOrderError({
        field: "orderData.inputs",
        reason: `has ${struct.inputs.length} inputs, not exactly one`,
      });
    // The receiver pays several output payments (each recipient checked), never none.
    if (struct.output.payments.length === 0)
      throw new UnpayableOrderError({ field: "orderData.output.payments", reason: "has no payment" });
    const input = struct.inputs[0] as OrderStructV1["inputs"][number];
    if (input.refunds.length === 0) throw noRefund("orderData.inputs[0].refunds");
    const payment = input.payment;
    const currency = evmCurrency("orderData.inputs[0].payment.currency", payment.currency);
    const orderId = hashStruct({ types: orderTypesV1, primaryType: "Order", data: struct });
    const call: OrderPaymentCall =
      currency === zeroAddress
        ? { functionName: "payOrderNative", args: [struct, signature], value: payment.amount }
        : { functionName: "payOrderErc20", args: [currency, struct, signature] };
    return finish(call, orderId, currency, payment.amount, struct.output.deadline);
  }

  if (struct.refunds.length === 0) throw noRefund("orderData.refunds");
  const currency = evmCurrency("orderData.input.currency", struct.input.currency);
  const orderId = hashStruct({ types: orderTypesV2, primaryType: "Order", data: struct });
  const call: OrderPaymentCall =
    currency === zeroAddress
      ? { functionName: "payOrderV2Native", args: [struct, signature], value: struct.input.amount }
      : { functionName: "payOrderV2Erc20", args: [currency, struct, signature] };
  return finish(call, orderId, currency, struct.input.amount, struct.deadline);
}

/** Adds the encoded calldata and the value to send. */
function finish(
  call: OrderPaymentCall,
  orderId: Hex,
  currency: Address,
  amount: bigint,
  deadline: number,
): ToOrderPaymentReturnType {
  const data = encodeFunctionData({
    abi: attestedDepositReceiverAbi,
    functionName: call.functionName,
    args: call.args,
  } as Parameters<typeof encodeFunctionData>[0]);
  return { call, data, value: "value" in call ? call.value : 0n, orderId, currency, amount, deadline };
}

/** The receiver pays an order only for the payer or itself, which only a refund names. */
function noRefund(field: string): UnpayableOrderError {
  return new UnpayableOrderError({
    field,
    reason: "has no refund, so it names neither the payer nor the receiver",
  });
}

/** The signed currency bytes as an EVM address: exactly 20 bytes, as the receiver requires. */
function evmCurrency(field: string, bytes: Hex): Address {
  if (bytes.length !== 42)
    throw new UnpayableOrderError({
      field,
      reason: `is ${(bytes.length - 2) / 2} bytes, not an EVM currency (20 bytes)`,
    });
  return getAddress(bytes);
}
