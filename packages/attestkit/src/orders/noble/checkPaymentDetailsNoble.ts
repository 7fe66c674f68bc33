import { bytesToHex } from "../../attestation/noble/bytesToHex.js";
import type {
  InvalidOrderAddressErrorType,
  InvalidOrderFieldErrorType,
  LegacyBitcoinEncodingRequiredErrorType,
  MissingOrderFieldErrorType,
} from "../errors.js";
import type { OrderCheck, OrderEncodingOptions, OrderVmType } from "../types.js";
import { encodeOrderAddressNoble } from "./encodeOrderAddressNoble.js";
import { readObjectNoble, readStringNoble, readUintNoble } from "./internal/readersNoble.js";
import type { NormalizeOrderNobleReturnType } from "./normalizeOrderNoble.js";

export type CheckPaymentDetailsNobleParameters = OrderEncodingOptions & {
  /** The signed payment, from `normalizeOrderNoble`. */
  payment: NormalizeOrderNobleReturnType["payment"];
  /** `protocol.v2.paymentDetails`. */
  paymentDetails: unknown;
};

/** The published depository of the EVM chains. */
const publishedEvmDepository = "0x4cd00e387622c35bddb9b4c962c136462338bc31";

const isHexText = (text: string) =>
  text.length > 2 && text.startsWith("0x") && /^[0-9a-fA-F]+$/.test(text.slice(2));

export type CheckPaymentDetailsNobleErrorType =
  | MissingOrderFieldErrorType
  | InvalidOrderFieldErrorType
  | InvalidOrderAddressErrorType
  | LegacyBitcoinEncodingRequiredErrorType;

/**
 * The `paymentDetails` and `depository` checks of the noble path: chain, currency (as the bytes
 * of the signed chain's VM) and amount against the signed payment; the depository against
 * `/chains`, else the published EVM depository on an `ethereum-vm` chain.
 *
 * @param parameters - {@link CheckPaymentDetailsNobleParameters}
 * @returns The two checks.
 * @throws A typed error naming a malformed `paymentDetails` field.
 * @example
 * const [payment, depository] = checkPaymentDetailsNoble({ payment, paymentDetails, chains })
 */
export function checkPaymentDetailsNoble({
  payment,
  paymentDetails,
  chains,
  legacyBitcoinEncoding,
}: CheckPaymentDetailsNobleParameters): [OrderCheck, OrderCheck] {
  const details = readObjectNoble("paymentDetails", paymentDetails);
  const chainId = readStringNoble("paymentDetails.chainId", details.chainId);
  const depository = readStringNoble("paymentDetails.depository", details.depository);
  const currency = readStringNoble("paymentDetails.currency", details.currency);
  const amount = readUintNoble("paymentDetails.amount", details.amount, 256, { number: true });

  let first: OrderCheck = { name: "paymentDetails", ok: true };
  if (payment === undefined) first = { name: "paymentDetails", ok: false, reason: "no-input" };
  else if (payment.chainId !== chainId)
    first = {
      name: "paymentDetails",
      ok: false,
      reason: "chainId-mismatch",
      expected: payment.chainId,
      actual: chainId,
    };
  else {
    const given = bytesToHex(
      encodeOrderAddressNoble({
        value: currency,
        vmType: chains.vmTypes[chainId] as OrderVmType,
        field: "paymentDetails.currency",
        legacyBitcoinEncoding,
      }),
    );
    const signed = bytesToHex(payment.currency);
    if (given !== signed)
      first = {
        name: "paymentDetails",
        ok: false,
        reason: "currency-mismatch",
        expected: signed,
        actual: given,
      };
    else if (amount !== payment.amount)
      first = {
        name: "paymentDetails",
        ok: false,
        reason: "amount-mismatch",
        expected: String(payment.amount),
        actual: String(amount),
      };
  }

  let known: string | undefined;
  if (chains.depositories && Object.hasOwn(chains.depositories, chainId)) {
    const listed: unknown = chains.depositories[chainId];
    if (typeof listed === "string") known = listed;
  }
  if (
    known === undefined &&
    Object.hasOwn(chains.vmTypes, chainId) &&
    chains.vmTypes[chainId] === "ethereum-vm"
  )
    known = publishedEvmDepository;
  let second: OrderCheck;
  if (known === undefined)
    second = { name: "depository", ok: false, reason: "unknown-depository", actual: depository };
  else {
    const same =
      isHexText(known) && isHexText(depository)
        ? known.toLowerCase() === depository.toLowerCase()
        : known === depository;
    second = same
      ? { name: "depository", ok: true }
      : { name: "depository", ok: false, reason: "depository-mismatch", expected: known, actual: depository };
  }
  return [first, second];
}
