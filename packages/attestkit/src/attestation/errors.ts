import type { Hex } from "viem";
import { BaseError } from "../errors/BaseError.js";
import { showValue } from "../errors/showValue.js";
import type { AttestationInvalidReason, VmType } from "./types.js";

/** A field the signed tuple needs is absent. */
export class MissingFieldError extends BaseError {
  readonly field: string;
  constructor({ field }: { field: string }) {
    super(`Field "${field}" is missing.`, {
      name: "MissingFieldError",
      metaMessages: [
        `The signed tuple needs "${field}"; the signature endpoint's requestData always has it.`,
      ],
    });
    this.field = field;
  }
}

/** {@link MissingFieldError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type MissingFieldErrorType = MissingFieldError & { name: "MissingFieldError" };

/** The request id is not 32 bytes of 0x-prefixed hex. */
export class InvalidRequestIdError extends BaseError {
  readonly field = "requestId";
  readonly value: unknown;
  constructor({ value }: { value: unknown }) {
    super(`Field "requestId" is not 32 bytes of hex: ${showValue(value)}.`, {
      name: "InvalidRequestIdError",
      metaMessages: ["Expected 0x followed by exactly 64 hex digits, as in a quote's steps[].requestId."],
    });
    this.value = value;
  }
}

/** {@link InvalidRequestIdError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidRequestIdErrorType = InvalidRequestIdError & { name: "InvalidRequestIdError" };

/** An amount is not a decimal integer string below 2^256. */
export class InvalidAmountError extends BaseError {
  readonly field: string;
  readonly value: unknown;
  constructor({ field, value, reason }: { field: string; value: unknown; reason: string }) {
    super(`Field "${field}" is not a valid amount: ${showValue(value)} (${reason}).`, {
      name: "InvalidAmountError",
      metaMessages: ["Amounts are integers in the currency's smallest unit, as decimal digits, below 2^256."],
    });
    this.field = field;
    this.value = value;
  }
}

/** {@link InvalidAmountError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidAmountErrorType = InvalidAmountError & { name: "InvalidAmountError" };

/**
 * A chain id is not a non-negative integer of at most 2^53 - 1. The bound is also half of the
 * layout rule that keeps a v1 and a v2 tuple from ever sharing a signature (see
 * {@link AccountWordOutOfRangeError}); Solidity reports it as `AttestationChainIdOutOfRange`.
 */
export class InvalidChainIdError extends BaseError {
  readonly field: string;
  readonly value: unknown;
  constructor({ field, value }: { field: string; value: unknown }) {
    super(`Field "${field}" is not a valid chain id: ${showValue(value)}.`, {
      name: "InvalidChainIdError",
      metaMessages: [
        "Chain ids are non-negative integers no larger than 2^53 - 1 (the layout rule: a larger word is",
        "an account, so a tuple carrying one here was signed in the other layout, v1 read as v2 or back).",
      ],
    });
    this.field = field;
    this.value = value;
  }
}

/** {@link InvalidChainIdError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidChainIdErrorType = InvalidChainIdError & { name: "InvalidChainIdError" };

/**
 * An account field (`originUser`, `destinationUser`) encodes to a word of at most 2^53 - 1: a
 * small integer, which no real account is. This is the other half of the layout rule: the v1 and
 * v2 tuples are seven words under the same prefix, and word 5 is a chain id in v1 but an account
 * in v2, so with this rule no signature verifies under both layouts. Solidity reports it as
 * `AttestationAccountOutOfRange`.
 */
export class AccountWordOutOfRangeError extends BaseError {
  readonly field: string;
  readonly value: unknown;
  readonly word: Hex;
  constructor({ field, value, word }: { field: string; value: unknown; word: Hex }) {
    super(`Field "${field}" is not an account: ${showValue(value)} encodes to the integer ${BigInt(word)}.`, {
      name: "AccountWordOutOfRangeError",
      metaMessages: [
        "Account words must be above 2^53 - 1 (the layout rule). A small integer here usually means a",
        "v1 attestation read as v2 (its destinationChainId lands in destinationUser), or the reverse.",
      ],
    });
    this.field = field;
    this.value = value;
    this.word = word;
  }
}

/** {@link AccountWordOutOfRangeError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type AccountWordOutOfRangeErrorType = AccountWordOutOfRangeError & {
  name: "AccountWordOutOfRangeError";
};

/** An address is not valid for the VM of its chain. */
export class InvalidAddressError extends BaseError {
  readonly field: string;
  readonly value: unknown;
  readonly vmType: VmType;
  constructor({
    field,
    value,
    vmType,
    reason,
  }: { field: string; value: unknown; vmType: VmType; reason: string }) {
    super(`Field "${field}" is not a valid ${vmType} address: ${showValue(value)} (${reason}).`, {
      name: "InvalidAddressError",
      metaMessages:
        vmType === "evm"
          ? ["EVM addresses are 0x followed by 40 hex digits; mixed case must be a correct EIP-55 checksum."]
          : vmType === "svm"
            ? ["Solana addresses are base58 encodings of 32 bytes."]
            : [],
    });
    this.field = field;
    this.value = value;
    this.vmType = vmType;
  }
}

/** {@link InvalidAddressError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidAddressErrorType = InvalidAddressError & { name: "InvalidAddressError" };

/** No published bytes32 rule exists for this VM and the caller gave no encoder. */
export class UnsupportedVmTypeError extends BaseError {
  readonly field: string;
  readonly vmType: VmType;
  readonly chainId: bigint;
  constructor({ field, vmType, chainId }: { field: string; vmType: VmType; chainId: bigint }) {
    super(`Field "${field}" is on chain ${chainId} (${vmType}), which has no published bytes32 encoding.`, {
      name: "UnsupportedVmTypeError",
      metaMessages: [
        `Pass an explicit encoder: { encoders: { ${vmType}: (value) => "0x..." } }.`,
        "attestkit does not guess how the service turns non-EVM, non-Solana addresses into bytes32.",
      ],
    });
    this.field = field;
    this.vmType = vmType;
    this.chainId = chainId;
  }
}

/** {@link UnsupportedVmTypeError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type UnsupportedVmTypeErrorType = UnsupportedVmTypeError & { name: "UnsupportedVmTypeError" };

/** A caller-supplied encoder returned something other than 32 bytes of hex. */
export class InvalidEncoderOutputError extends BaseError {
  readonly field: string;
  constructor({ field, value }: { field: string; value: unknown }) {
    super(`The encoder for field "${field}" returned ${showValue(value)}, not 32 bytes of hex.`, {
      name: "InvalidEncoderOutputError",
    });
    this.field = field;
  }
}

/** {@link InvalidEncoderOutputError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidEncoderOutputErrorType = InvalidEncoderOutputError & { name: "InvalidEncoderOutputError" };

/** The signature is not hex. */
export class InvalidSignatureHexError extends BaseError {
  readonly field = "signature";
  constructor({ value }: { value: unknown }) {
    super(`Field "signature" is not 0x-prefixed hex: ${showValue(value)}.`, {
      name: "InvalidSignatureHexError",
    });
  }
}

/** {@link InvalidSignatureHexError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidSignatureHexErrorType = InvalidSignatureHexError & { name: "InvalidSignatureHexError" };

/**
 * The signature is not 65 bytes. 64-byte EIP-2098 compact signatures are rejected on purpose:
 * the service never emits them, and accepting them would give every signature a second encoding.
 */
export class InvalidSignatureLengthError extends BaseError {
  readonly field = "signature";
  readonly length: number;
  constructor({ length }: { length: number }) {
    super(`Field "signature" is ${length} bytes long; expected 65 (r || s || v).`, {
      name: "InvalidSignatureLengthError",
      metaMessages:
        length === 64
          ? ["64-byte EIP-2098 compact signatures are not accepted: the solver signs 65-byte r || s || v."]
          : ["Expected 0x followed by 130 hex digits."],
    });
    this.length = length;
  }
}

/** {@link InvalidSignatureLengthError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidSignatureLengthErrorType = InvalidSignatureLengthError & {
  name: "InvalidSignatureLengthError";
};

/**
 * A well-formed signature that no verifier of attestkit accepts: bad `v`, high or zero `s`,
 * zero or out-of-range `r`, or a point that does not recover.
 */
export class InvalidSignatureError extends BaseError {
  readonly field = "signature";
  readonly reason: Exclude<AttestationInvalidReason, "signer-not-allowed">;
  readonly value: Hex | number | undefined;
  constructor({
    reason,
    value,
    cause,
  }: {
    reason: Exclude<AttestationInvalidReason, "signer-not-allowed">;
    value?: Hex | number | undefined;
    cause?: unknown;
  }) {
    const text = {
      "invalid-v": `v is ${value}; expected 27 or 28 (0 and 1 are read as 27 and 28)`,
      "high-s": `s is ${value}, above n/2: a malleable signature`,
      "invalid-r": `r is ${value}: zero or not below the curve order`,
      "invalid-s": "s is zero",
      unrecoverable: "no public key recovers from it",
    }[reason];
    super(`Field "signature" is not acceptable: ${text}.`, { name: "InvalidSignatureError", cause });
    this.reason = reason;
    this.value = value;
  }
}

/** {@link InvalidSignatureError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidSignatureErrorType = InvalidSignatureError & { name: "InvalidSignatureError" };
