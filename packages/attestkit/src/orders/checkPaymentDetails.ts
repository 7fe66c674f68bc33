import type { Hex } from "viem";
import { evmDepository } from "./constants.js";
import { encodeOrderAddress } from "./encodeOrderAddress.js";
import type {
  InvalidOrderAddressErrorType,
  InvalidOrderFieldErrorType,
  LegacyBitcoinEncodingRequiredErrorType,
  MissingOrderFieldErrorType,
} from "./errors.js";
import { readObject, readString, readUint } from "./internal/readers.js";
import { orderVmTypeOf } from "./orderVmTypeOf.js";
import type { OrderStruct } from "./toOrderStruct.js";
import type { OrderCheck, OrderEncodingOptions } from "./types.js";

export type CheckPaymentDetailsParameters = OrderEncodingOptions & {
  /** The order, as `toOrderStruct` returns it. */
  struct: OrderStruct;
  /** `protocol.v2.paymentDetails`: `{ chainId, depository, currency, amount }`. */
  paymentDetails: unknown;
};

/** The `paymentDetails` check, then the `depository` check. */
export type CheckPaymentDetailsReturnType = [paymentDetails: OrderCheck, depository: OrderCheck];

export type CheckPaymentDetailsErrorType =
  | MissingOrderFieldErrorType
  | InvalidOrderFieldErrorType
  | InvalidOrderAddressErrorType
  | LegacyBitcoinEncodingRequiredErrorType;

/**
 * Checks what a quote tells the payer to pay against what the solver signed. `paymentDetails` is
 * not covered by the order id, so: its `chainId`, `currency` (compared as the bytes of the signed
 * chain's VM) and `amount` must equal the signed payment (`inputs[0].payment` in v1, `input` in
 * v2), and its `depository` must be the chain's known one — `/chains` `protocol.v2.depository`,
 * else, on an `ethereum-vm` chain, the published EVM depository.
 *
 * @param parameters - {@link CheckPaymentDetailsParameters}
 * @returns The two checks. {@link CheckPaymentDetailsReturnType}
 * @throws A typed error naming the `paymentDetails` field that is absent or malformed.
 * @example
 * const [payment, depository] = checkPaymentDetails({ struct, paymentDetails, chains })
 */
export function checkPaymentDetails({
  struct,
  paymentDetails,
  chains,
  legacyBitcoinEncoding,
}: CheckPaymentDetailsParameters): CheckPaymentDetailsReturnType {
  const details = readObject("paymentDetails", paymentDetails);
  const chainId = readString("paymentDetails.chainId", details.chainId);
  const depository = readString("paymentDetails.depository", details.depository);
  const currency = readString("paymentDetails.currency", details.currency);
  const amount = readUint("paymentDetails.amount", details.amount, { bits: 256, number: true });

  const signed = struct.version === "v1" ? struct.inputs[0]?.payment : struct.input;
  let payment: OrderCheck;
  if (signed === undefined) payment = { name: "paymentDetails", ok: false, reason: "no-input" };
  else if (signed.chainId !== chainId) payment = fail("chainId-mismatch", signed.chainId, chainId);
  else {
    const encoded: Hex = encodeOrderAddress({
      value: currency,
      vmType: orderVmTypeOf({ chainId, chains, field: "paymentDetails.chainId" }),
      field: "paymentDetails.currency",
      legacyBitcoinEncoding,
    });
    if (encoded !== signed.currency) payment = fail("currency-mismatch", signed.currency, encoded);
    else if (amount !== signed.amount)
      payment = fail("amount-mismatch", signed.amount.toString(), amount.toString());
    else payment = { name: "paymentDetails", ok: true };
  }

  const listed =
    chains.depositories !== undefined && Object.hasOwn(chains.depositories, chainId)
      ? chains.depositories[chainId]
      : undefined;
  const known =
    typeof listed === "string"
      ? listed
      : Object.hasOwn(chains.vmTypes, chainId) && chains.vmTypes[chainId] === "ethereum-vm"
        ? evmDepository
        : undefined;
  const depositoryCheck: OrderCheck =
    known === undefined
      ? { name: "depository", ok: false, reason: "unknown-depository", actual: depository }
      : sameDepository(known, depository)
        ? { name: "depository", ok: true }
        : {
            name: "depository",
            ok: false,
            reason: "depository-mismatch",
            expected: known,
            actual: depository,
          };
  return [payment, depositoryCheck];
}

function fail(reason: OrderCheck["reason"], expected: string, actual: string): OrderCheck {
  return { name: "paymentDetails", ok: false, reason, expected, actual } as OrderCheck;
}

/** Hex depositories (EVM, HyperEVM) compare case-insensitively; others (exchange ids, base58) exactly. */
function sameDepository(known: string, given: string): boolean {
  const hex = /^0x[0-9a-fA-F]+$/;
  return hex.test(known) && hex.test(given) ? known.toLowerCase() === given.toLowerCase() : known === given;
}
