import { BaseError } from "../errors/BaseError.js";
import { showValue } from "../errors/showValue.js";
import type { OrderVmType } from "./types.js";

/** A field an order (or its quote's `protocol.v2`) needs is absent or null. */
export class MissingOrderFieldError extends BaseError {
  readonly field: string;
  constructor({ field, hint }: { field: string; hint?: string | undefined }) {
    super(`Field "${field}" is missing.`, {
      name: "MissingOrderFieldError",
      metaMessages: [hint ?? "Pass protocol.v2 exactly as the quote returned it."],
    });
    this.field = field;
  }
}

/** {@link MissingOrderFieldError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type MissingOrderFieldErrorType = MissingOrderFieldError & { name: "MissingOrderFieldError" };

/** A field of an order has the wrong type or format (not a string, not an integer, not hex, ...). */
export class InvalidOrderFieldError extends BaseError {
  readonly field: string;
  readonly value: unknown;
  readonly reason: string;
  constructor({ field, value, reason }: { field: string; value: unknown; reason: string }) {
    super(`Field "${field}" is not valid: ${showValue(value)} (${reason}).`, {
      name: "InvalidOrderFieldError",
    });
    this.field = field;
    this.value = value;
    this.reason = reason;
  }
}

/** {@link InvalidOrderFieldError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidOrderFieldErrorType = InvalidOrderFieldError & { name: "InvalidOrderFieldError" };

/** `orderData.version` names no order layout attestkit knows: it never hashes an unknown layout. */
export class UnsupportedOrderVersionError extends BaseError {
  readonly field = "orderData.version";
  readonly value: unknown;
  constructor({ value }: { value: unknown }) {
    super(`Order version ${showValue(value)} is not supported.`, {
      name: "UnsupportedOrderVersionError",
      metaMessages: ['Known versions: "v1" (what the service returns today) and "v2" (the SDK\'s OrderV2).'],
    });
    this.value = value;
  }
}

/** {@link UnsupportedOrderVersionError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type UnsupportedOrderVersionErrorType = UnsupportedOrderVersionError & {
  name: "UnsupportedOrderVersionError";
};

/** An order names a chain slug whose VM type is not known, so its addresses cannot be encoded. */
export class UnknownOrderChainError extends BaseError {
  readonly field: string;
  readonly chainId: string;
  constructor({ field, chainId }: { field: string; chainId: string }) {
    super(`Field "${field}" names chain ${showValue(chainId)}, whose VM type is not known.`, {
      name: "UnknownOrderChainError",
      metaMessages: [
        "Build the chains from a fresh GET /chains answer (toOrderChains); its protocol.v2.chainId is the slug.",
        "attestkit does not guess how a chain it does not know encodes its addresses.",
      ],
    });
    this.field = field;
    this.chainId = chainId;
  }
}

/** {@link UnknownOrderChainError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type UnknownOrderChainErrorType = UnknownOrderChainError & { name: "UnknownOrderChainError" };

/** An address is not valid for the VM of the chain its order field names. */
export class InvalidOrderAddressError extends BaseError {
  readonly field: string;
  readonly value: unknown;
  readonly vmType: OrderVmType;
  readonly reason: string;
  constructor({
    field,
    value,
    vmType,
    reason,
  }: { field: string; value: unknown; vmType: OrderVmType; reason: string }) {
    super(`Field "${field}" is not a valid ${vmType} address: ${showValue(value)} (${reason}).`, {
      name: "InvalidOrderAddressError",
      metaMessages: [addressRules[vmType]],
    });
    this.field = field;
    this.value = value;
    this.vmType = vmType;
    this.reason = reason;
  }
}

/** {@link InvalidOrderAddressError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidOrderAddressErrorType = InvalidOrderAddressError & { name: "InvalidOrderAddressError" };

const addressRules: Record<OrderVmType, string> = {
  "ethereum-vm": "ethereum-vm addresses are 0x followed by 40 hex digits (either case).",
  "hyperliquid-vm": "hyperliquid-vm values are 0x followed by 32 (token id) or 40 (address) hex digits.",
  "solana-vm": "solana-vm addresses are base58 encodings of 32 bytes.",
  "bitcoin-vm":
    "bitcoin-vm addresses are lowercase bc1 bech32 (witness v0) or bech32m (v1-16), or legacy base58check 1.../3...",
  "tron-vm": "tron-vm addresses are base58check T... encodings of 0x41 followed by 20 bytes.",
  "lighter-vm": "lighter-vm ids are decimal integers no larger than 2^53 - 1.",
};

/**
 * A legacy Bitcoin address (`1...` / `3...`) appears in an order, and the caller did not say which
 * of the two published encodings the service used: attestkit does not pick one silently.
 */
export class LegacyBitcoinEncodingRequiredError extends BaseError {
  readonly field: string;
  readonly value: unknown;
  constructor({ field, value }: { field: string; value: unknown }) {
    super(
      `Field "${field}" is a legacy Bitcoin address (${showValue(value)}), whose order encoding is ambiguous.`,
      {
        name: "LegacyBitcoinEncodingRequiredError",
        metaMessages: [
          'Pass legacyBitcoinEncoding: "ff-prefixed" (0xff || version || hash160, 22 bytes; the SDK since 0.0.120)',
          'or "unprefixed" (version || hash160, 21 bytes; older SDKs). Bech32 addresses need no choice.',
        ],
      },
    );
    this.field = field;
    this.value = value;
  }
}

/** {@link LegacyBitcoinEncodingRequiredError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type LegacyBitcoinEncodingRequiredErrorType = LegacyBitcoinEncodingRequiredError & {
  name: "LegacyBitcoinEncodingRequiredError";
};

/** A quote answer carries no `protocol.v2` order to verify. */
export class MissingOrderError extends BaseError {
  readonly field = "protocol.v2";
  constructor() {
    super("The quote carries no protocol.v2 order.", {
      name: "MissingOrderError",
      metaMessages: [
        "Request the quote with includeProtocolData: true; routes not settled through the protocol have none.",
      ],
    });
  }
}

/** {@link MissingOrderError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type MissingOrderErrorType = MissingOrderError & { name: "MissingOrderError" };

/**
 * An order the receiver cannot pay, said before any transaction is sent: the receiver pays orders
 * with exactly one input and (v1) one output payment, whose input currency is an EVM token or the
 * native currency (20 bytes).
 */
export class UnpayableOrderError extends BaseError {
  readonly field: string;
  readonly reason: string;
  constructor({ field, reason }: { field: string; reason: string }) {
    super(`The receiver cannot pay this order: "${field}" ${reason}.`, {
      name: "UnpayableOrderError",
      metaMessages: [
        "AttestedDepositReceiver pays one input on its own EVM chain, to at least one output payment,",
        "with at least one refund (each to the payer or the receiver); pay other orders straight to the",
        "depository with the quote's steps.",
      ],
    });
    this.field = field;
    this.reason = reason;
  }
}

/** {@link UnpayableOrderError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type UnpayableOrderErrorType = UnpayableOrderError & { name: "UnpayableOrderError" };

/** The trust root given to the payment guard (`trustRoot`, `--chains-file`) cannot be used. Nothing was sent. */
export class InvalidTrustRootError extends BaseError {
  /** Where in the trust root, e.g. `chains[3].depository`. */
  readonly field: string;
  constructor({ field, reason }: { field: string; reason: string }) {
    super(`The trust root is invalid at "${field}": ${reason}.`, {
      name: "InvalidTrustRootError",
      metaMessages: [
        "A trust root is { chains: [{ id, slug, vmType, depository?, spenders?, depositAddress?, wrappedNative?, exchangeRouteType? }] }.",
      ],
    });
    this.field = field;
  }
}

/** {@link InvalidTrustRootError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidTrustRootErrorType = InvalidTrustRootError & { name: "InvalidTrustRootError" };
