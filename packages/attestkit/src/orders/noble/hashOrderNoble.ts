import { bytesToHex } from "../../attestation/noble/bytesToHex.js";
import type { OrderStructHash } from "../types.js";
import { hashStructNoble, parseTypesNoble, type TypesNoble } from "./eip712Noble.js";
import type { NormalizeOrderNobleErrorType } from "./normalizeOrderNoble.js";
import {
  type NormalizeOrderNobleParameters,
  type NormalizeOrderNobleReturnType,
  normalizeOrderNoble,
} from "./normalizeOrderNoble.js";
import { orderTypeStringsNoble } from "./orderTypesNoble.js";

export type HashOrderNobleParameters = NormalizeOrderNobleParameters;

export type HashOrderNobleReturnType = {
  version: "v1" | "v2";
  /** The order id (lowercase hex). */
  orderId: `0x${string}`;
  /** Every struct hash, children before their parent, the order last. */
  structHashes: OrderStructHash[];
  /** The signed payment (`inputs[0].payment` in v1, `input` in v2), if any. */
  payment: NormalizeOrderNobleReturnType["payment"];
};

const layouts: Record<"v1" | "v2", TypesNoble> = {
  v1: parseTypesNoble(orderTypeStringsNoble.v1),
  v2: parseTypesNoble(orderTypeStringsNoble.v2),
};

export type HashOrderNobleErrorType = NormalizeOrderNobleErrorType;

/**
 * Computes an order id with the hand-written EIP-712 encoder: the `hashStruct` of `orderData`
 * under its version's types, no domain; also every struct hash on the way.
 *
 * @param parameters - {@link HashOrderNobleParameters}
 * @returns The version, the id, the struct hashes and the signed payment. {@link HashOrderNobleReturnType}
 * @throws The errors of {@link normalizeOrderNoble}.
 * @example
 * hashOrderNoble({ orderData, chains }).orderId === quote.protocol.v2.orderId
 */
export function hashOrderNoble(parameters: HashOrderNobleParameters): HashOrderNobleReturnType {
  const { version, message, payment } = normalizeOrderNoble(parameters);
  const structHashes: OrderStructHash[] = [];
  const hash = hashStructNoble({
    types: layouts[version],
    primaryType: "Order",
    data: message,
    path: "orderData",
    onStruct: (path, type, digest) => structHashes.push({ path, type, hash: bytesToHex(digest) }),
  });
  return { version, orderId: bytesToHex(hash), structHashes, payment };
}
