import { BaseError } from "../../errors/BaseError.js";
import { showValue } from "../../errors/showValue.js";
import type { BitcoinNetwork } from "./types.js";

/** Why a string is not a Bitcoin address of the expected network. */
export type BitcoinAddressInvalidReason =
  | "not-a-string"
  | "mixed-case"
  | "invalid-encoding"
  | "wrong-network"
  | "invalid-payload-length"
  | "unknown-version"
  | "wrong-checksum-variant"
  | "unsupported-witness-version"
  | "invalid-witness-program";

const addressReasonText: Record<BitcoinAddressInvalidReason, string> = {
  "not-a-string": "it is not a string",
  "mixed-case": "bech32 addresses must be all lowercase or all uppercase",
  "invalid-encoding": "neither a base58check nor a bech32 string with a valid checksum",
  "wrong-network": "it belongs to another Bitcoin network",
  "invalid-payload-length": "a base58check address carries 21 bytes",
  "unknown-version": "unknown base58check version byte",
  "wrong-checksum-variant": "witness v0 uses bech32 and v1+ uses bech32m (BIP350)",
  "unsupported-witness-version": "only witness v0 (P2WPKH, P2WSH) and v1 (P2TR) are accepted",
  "invalid-witness-program": "the witness program has the wrong length or padding",
};

/** A string is not a valid Bitcoin address. */
export class InvalidBitcoinAddressError extends BaseError {
  readonly address: unknown;
  readonly reason: BitcoinAddressInvalidReason;
  readonly networks: readonly BitcoinNetwork[];
  readonly field: string | undefined;
  constructor({
    address,
    reason,
    networks,
    field,
  }: {
    address: unknown;
    reason: BitcoinAddressInvalidReason;
    networks: readonly BitcoinNetwork[];
    field?: string | undefined;
  }) {
    super(
      `${field ? `Field "${field}" is` : `${showValue(address, 100)} is`} not a valid Bitcoin ${networks.join("/")} address: ${addressReasonText[reason]}.`,
      {
        name: "InvalidBitcoinAddressError",
        metaMessages: [
          ...(field ? [`value: ${showValue(address, 100)}`] : []),
          "Accepted: P2PKH and P2SH (base58check), P2WPKH and P2WSH (bech32), P2TR (bech32m).",
          "Addresses are passed on exactly as given; their case is never changed.",
        ],
      },
    );
    this.address = address;
    this.reason = reason;
    this.networks = networks;
    this.field = field;
  }
}

/** {@link InvalidBitcoinAddressError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidBitcoinAddressErrorType = InvalidBitcoinAddressError & {
  name: "InvalidBitcoinAddressError";
};

/** An amount given to a route helper is not a non-negative integer. */
export class InvalidRouteAmountError extends BaseError {
  readonly field: string;
  readonly value: unknown;
  constructor({ field, value }: { field: string; value: unknown }) {
    super(`Field "${field}" is not a non-negative integer: ${showValue(value, 100)}.`, {
      name: "InvalidRouteAmountError",
      metaMessages: [
        "Pass a bigint, a safe integer number, or a string of decimal digits, in the smallest unit (satoshis).",
      ],
    });
    this.field = field;
    this.value = value;
  }
}

/** {@link InvalidRouteAmountError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidRouteAmountErrorType = InvalidRouteAmountError & { name: "InvalidRouteAmountError" };

/** A stall check was asked without any measure of elapsed time. */
export class MissingElapsedError extends BaseError {
  constructor() {
    super("Neither blocksSinceBroadcast nor secondsSinceBroadcast was given.", {
      name: "MissingElapsedError",
      metaMessages: ["Pass the blocks mined since the broadcast (preferred) or the seconds elapsed."],
    });
  }
}

/** {@link MissingElapsedError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type MissingElapsedErrorType = MissingElapsedError & { name: "MissingElapsedError" };

/** A string given as a PSBT is not one (BIP174), or one of its outputs has no script or amount. */
export class InvalidPsbtError extends BaseError {
  constructor({ cause, output }: { cause?: unknown; output?: number | undefined }) {
    super(
      output === undefined
        ? "The PSBT cannot be read (expected BIP174 bytes as hex or base64)."
        : `Output ${output} of the PSBT has no script or amount.`,
      { name: "InvalidPsbtError", cause },
    );
  }
}

/** {@link InvalidPsbtError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidPsbtErrorType = InvalidPsbtError & { name: "InvalidPsbtError" };
