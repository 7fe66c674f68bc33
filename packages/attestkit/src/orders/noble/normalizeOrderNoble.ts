import {
  type InvalidOrderAddressErrorType,
  type InvalidOrderFieldErrorType,
  type LegacyBitcoinEncodingRequiredErrorType,
  type MissingOrderFieldErrorType,
  type UnknownOrderChainErrorType,
  UnsupportedOrderVersionError,
  type UnsupportedOrderVersionErrorType,
} from "../errors.js";
import type { OrderEncodingOptions } from "../types.js";
import { presentNoble, readObjectNoble } from "./internal/readersNoble.js";
import type { NormalizeOrderNobleReturnType } from "./normalizedOrderNoble.js";
import { normalizeOrderV1Noble } from "./normalizeOrderV1Noble.js";
import { normalizeOrderV2Noble } from "./normalizeOrderV2Noble.js";

export type { NormalizeOrderNobleReturnType } from "./normalizedOrderNoble.js";

export type NormalizeOrderNobleParameters = OrderEncodingOptions & {
  /** `protocol.v2.orderData` as the quote returned it. */
  orderData: unknown;
};

/** What a malformed order throws, field by field: the same errors as `toOrderStruct`'s. */
export type NormalizeOrderNobleErrorType =
  | MissingOrderFieldErrorType
  | InvalidOrderFieldErrorType
  | UnsupportedOrderVersionErrorType
  | UnknownOrderChainErrorType
  | InvalidOrderAddressErrorType
  | LegacyBitcoinEncodingRequiredErrorType;

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
  const options: OrderEncodingOptions = { chains, legacyBitcoinEncoding };
  return version === "v1" ? normalizeOrderV1Noble(options, order) : normalizeOrderV2Noble(options, order);
}
