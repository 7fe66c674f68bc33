import { InvalidOrderFieldError, UnknownOrderChainError, UnsupportedOrderVersionError } from "../errors.js";
import type { OrderEncodingOptions, OrderVmType } from "../types.js";
import type { ValueNoble } from "./eip712Noble.js";
import { encodeOrderAddressNoble } from "./encodeOrderAddressNoble.js";
import {
  presentNoble,
  readArrayNoble,
  readEvmAddressNoble,
  readHexBytesNoble,
  readObjectNoble,
  readStringNoble,
  readUintNoble,
} from "./internal/readersNoble.js";

export type NormalizeOrderNobleParameters = OrderEncodingOptions & {
  /** `protocol.v2.orderData` as the quote returned it. */
  orderData: unknown;
};

export type NormalizeOrderNobleReturnType = {
  version: "v1" | "v2";
  /** The typed-data message: addresses and bytes as bytes, integers as bigints. */
  message: { readonly [key: string]: ValueNoble };
  /** The signed payment (`inputs[0].payment` in v1, `input` in v2), if any. */
  payment: { chainId: string; currency: Uint8Array; amount: bigint } | undefined;
};

const vmTypes: ReadonlySet<string> = new Set([
  "ethereum-vm",
  "solana-vm",
  "bitcoin-vm",
  "tron-vm",
  "hyperliquid-vm",
  "lighter-vm",
]);

/**
 * Reads an API `orderData` into the typed data of its version, checking every field in EIP-712
 * order (depth first) and resolving each chain slug when it is read; the same rules and errors as
 * the viem path's `toOrderStruct`.
 *
 * @param parameters - {@link NormalizeOrderNobleParameters}
 * @returns The version, the message and the signed payment. {@link NormalizeOrderNobleReturnType}
 * @throws A typed error naming the first malformed field.
 * @example
 * const { version, message } = normalizeOrderNoble({ orderData, chains })
 */
export function normalizeOrderNoble({
  orderData,
  chains,
  legacyBitcoinEncoding,
}: NormalizeOrderNobleParameters): NormalizeOrderNobleReturnType {
  const order = readObjectNoble("orderData", orderData);
  const version = presentNoble("orderData.version", order.version);
  if (version !== "v1" && version !== "v2") throw new UnsupportedOrderVersionError({ value: version });

  const slug = (object: Record<string, unknown>, field: string): [string, OrderVmType] => {
    const name = readStringNoble(field, object[field.slice(field.lastIndexOf(".") + 1)]);
    if (!Object.hasOwn(chains.vmTypes, name)) throw new UnknownOrderChainError({ field, chainId: name });
    const vmType = chains.vmTypes[name];
    if (typeof vmType !== "string" || !vmTypes.has(vmType))
      throw new InvalidOrderFieldError({
        field: `chains.vmTypes.${name}`,
        value: vmType,
        reason: "not an order VM type",
      });
    return [name, vmType];
  };
  const address = (object: Record<string, unknown>, field: string, vmType: OrderVmType) =>
    encodeOrderAddressNoble({
      value: object[field.slice(field.lastIndexOf(".") + 1)],
      vmType,
      field,
      legacyBitcoinEncoding,
    });
  const uint = (object: Record<string, unknown>, field: string) =>
    readUintNoble(field, object[field.slice(field.lastIndexOf(".") + 1)], 256);
  const deadline = (object: Record<string, unknown>, field: string) =>
    readUintNoble(field, object[field.slice(field.lastIndexOf(".") + 1)], 32, { number: true });
  const bytes = (object: Record<string, unknown>, field: string) =>
    readHexBytesNoble(field, object[field.slice(field.lastIndexOf(".") + 1)]);
  // Each element is read whole (object check, then its fields) before the next one.
  const objects = <T>(
    value: unknown,
    field: string,
    read: (item: Record<string, unknown>, path: string) => T,
  ) =>
    readArrayNoble(field, value).map((item, i) =>
      read(readObjectNoble(`${field}[${i}]`, item), `${field}[${i}]`),
    );
  const byteList = (value: unknown, field: string) =>
    readArrayNoble(field, value).map((item, i) => readHexBytesNoble(`${field}[${i}]`, item));
  const fees = (value: unknown) =>
    objects(value, "orderData.fees", (fee, p) => {
      const [recipientChainId, recipientVm] = slug(fee, `${p}.recipientChainId`);
      const recipient = address(fee, `${p}.recipient`, recipientVm);
      const [currencyChainId, currencyVm] = slug(fee, `${p}.currencyChainId`);
      const currency = address(fee, `${p}.currency`, currencyVm);
      return { recipientChainId, recipient, currencyChainId, currency, amount: uint(fee, `${p}.amount`) };
    });

  if (version === "v1") {
    const solverChainId = readStringNoble("orderData.solverChainId", order.solverChainId);
    const solver = readEvmAddressNoble("orderData.solver", order.solver);
    const salt = readUintNoble("orderData.salt", order.salt, 256, { hex: true });
    const inputs = objects(order.inputs, "orderData.inputs", (input, p) => {
      const payment = readObjectNoble(`${p}.payment`, input.payment);
      const [chainId, vm] = slug(payment, `${p}.payment.chainId`);
      const paid = {
        chainId,
        currency: address(payment, `${p}.payment.currency`, vm),
        amount: uint(payment, `${p}.payment.amount`),
        weight: uint(payment, `${p}.payment.weight`),
      };
      const refunds = objects(input.refunds, `${p}.refunds`, (refund, q) => {
        const [refundChainId, refundVm] = slug(refund, `${q}.chainId`);
        return {
          chainId: refundChainId,
          recipient: address(refund, `${q}.recipient`, refundVm),
          currency: address(refund, `${q}.currency`, refundVm),
          minimumAmount: uint(refund, `${q}.minimumAmount`),
          deadline: deadline(refund, `${q}.deadline`),
          extraData: bytes(refund, `${q}.extraData`),
        };
      });
      return { payment: paid, refunds };
    });
    const out = readObjectNoble("orderData.output", order.output);
    const [outChainId, outVm] = slug(out, "orderData.output.chainId");
    const output = {
      chainId: outChainId,
      payments: objects(out.payments, "orderData.output.payments", (payment, p) => ({
        recipient: address(payment, `${p}.recipient`, outVm),
        currency: address(payment, `${p}.currency`, outVm),
        minimumAmount: uint(payment, `${p}.minimumAmount`),
        expectedAmount: uint(payment, `${p}.expectedAmount`),
      })),
      deadline: deadline(out, "orderData.output.deadline"),
      calls: byteList(out.calls, "orderData.output.calls"),
      extraData: bytes(out, "orderData.output.extraData"),
    };
    const message = { version, solverChainId, solver, salt, inputs, output, fees: fees(order.fees) };
    const first = inputs[0]?.payment;
    return {
      version,
      message,
      payment: first && { chainId: first.chainId, currency: first.currency, amount: first.amount },
    };
  }

  const relayerChainId = readStringNoble("orderData.relayerChainId", order.relayerChainId);
  const relayer = readEvmAddressNoble("orderData.relayer", order.relayer);
  const salt = readUintNoble("orderData.salt", order.salt, 256, { hex: true });
  const orderDeadline = deadline(order, "orderData.deadline");
  const inputObject = readObjectNoble("orderData.input", order.input);
  const [inChainId, inVm] = slug(inputObject, "orderData.input.chainId");
  const input = {
    chainId: inChainId,
    currency: address(inputObject, "orderData.input.currency", inVm),
    amount: uint(inputObject, "orderData.input.amount"),
  };
  const refunds = objects(order.refunds, "orderData.refunds", (refund, p) => {
    const [chainId, vm] = slug(refund, `${p}.chainId`);
    return {
      chainId,
      currency: address(refund, `${p}.currency`, vm),
      minimumAmount: uint(refund, `${p}.minimumAmount`),
      recipient: address(refund, `${p}.recipient`, vm),
    };
  });
  const out = readObjectNoble("orderData.output", order.output);
  const [outChainId, outVm] = slug(out, "orderData.output.chainId");
  const withdrawObject = readObjectNoble("orderData.output.withdraw", out.withdraw);
  const withdraw = {
    currency: address(withdrawObject, "orderData.output.withdraw.currency", outVm),
    minimumAmount: uint(withdrawObject, "orderData.output.withdraw.minimumAmount"),
  };
  const fillObject = readObjectNoble("orderData.output.fill", out.fill);
  const fill = {
    currency: address(fillObject, "orderData.output.fill.currency", outVm),
    minimumAmount: uint(fillObject, "orderData.output.fill.minimumAmount"),
    recipient: address(fillObject, "orderData.output.fill.recipient", outVm),
    calls: byteList(fillObject.calls, "orderData.output.fill.calls"),
  };
  const message = {
    version,
    relayerChainId,
    relayer,
    salt,
    deadline: orderDeadline,
    input,
    refunds,
    output: { chainId: outChainId, withdraw, fill },
    fees: fees(order.fees),
  };
  return { version, message, payment: input };
}
