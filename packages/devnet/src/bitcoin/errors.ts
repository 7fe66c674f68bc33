import { BaseError, showValue } from "attestkit";

/**
 * Why the chain refuses a transaction: Bitcoin Core's reject reasons (the text `sendrawtransaction`
 * answers), each with Core's JSON-RPC error code and what it means here. One table, both the
 * documentation and the data. `devnet-unsupported-input` is the devnet's own.
 */
export const bitcoinRejectReasons = {
  "TX decode failed": { code: -22, meaning: "the body is not one canonically serialized transaction" },
  "bad-txns-vin-empty": { code: -26, meaning: "the transaction has no input" },
  "bad-txns-vout-empty": { code: -26, meaning: "the transaction has no output" },
  "bad-txns-oversize": { code: -26, meaning: "the transaction without witness exceeds the block weight" },
  "bad-txns-vout-toolarge": { code: -26, meaning: "an output exceeds 21 million BTC" },
  "bad-txns-txouttotal-toolarge": { code: -26, meaning: "the outputs together exceed 21 million BTC" },
  "bad-txns-inputs-duplicate": { code: -26, meaning: "two inputs spend the same output" },
  "bad-txns-prevout-null": {
    code: -26,
    meaning: "an input of a non-coinbase transaction has a null prevout",
  },
  coinbase: { code: -26, meaning: "a coinbase transaction cannot be broadcast" },
  version: { code: -26, meaning: "the transaction version is not standard (1, 2 or 3)" },
  "tx-size": { code: -26, meaning: "the transaction weighs more than 400,000 weight units" },
  "tx-size-small": { code: -26, meaning: "the transaction without witness is smaller than 65 bytes" },
  scriptpubkey: {
    code: -26,
    meaning: "an output script is not P2PKH, P2SH, P2WPKH, P2WSH, P2TR or a standard OP_RETURN",
  },
  "multi-op-return": { code: -26, meaning: "more than one OP_RETURN output" },
  dust: { code: -26, meaning: "an output is below the dust threshold of its script type" },
  "non-final": { code: -26, meaning: "the lock time is not yet reached" },
  "txn-same-nonwitness-data-in-mempool": {
    code: -26,
    meaning: "a transaction with the same txid but another witness is already in the mempool",
  },
  "txn-mempool-conflict": { code: -26, meaning: "an input is already spent by a mempool transaction" },
  "bad-txns-inputs-missingorspent": {
    code: -25,
    meaning: "an input spends an output that does not exist or is already spent in a block",
  },
  "non-BIP68-final": { code: -26, meaning: "the relative lock time (BIP68) of an input is not yet reached" },
  "bad-txns-premature-spend-of-coinbase": {
    code: -26,
    meaning: "a coinbase output is spent before 100 confirmations",
  },
  "bad-txns-in-belowout": { code: -26, meaning: "the outputs exceed the inputs (negative fee)" },
  "min relay fee not met": { code: -26, meaning: "the fee is below the minimum relay fee rate" },
  "bad-witness-nonstandard": { code: -26, meaning: "a witness is not standard (annex)" },
  "mandatory-script-verify-flag-failed": {
    code: -26,
    meaning: "an input's witness fails a consensus rule (signature, key or program mismatch)",
  },
  "non-mandatory-script-verify-flag": {
    code: -26,
    meaning: "an input's witness fails a relay-policy rule (high s, unknown hash type, uncompressed key)",
  },
  "devnet-unsupported-input": {
    code: -26,
    meaning: "the devnet verifies only P2WPKH and P2TR key-path inputs",
  },
  "Transaction outputs already in utxo set": { code: -27, meaning: "the transaction is already in a block" },
} as const satisfies Record<string, { code: number; meaning: string }>;

export type BitcoinRejectReason = keyof typeof bitcoinRejectReasons;

/**
 * The chain refused a transaction, for a reason a Bitcoin node would give. `rpcMessage` is the text
 * `sendrawtransaction` answers (`reason (script error), debug`).
 */
export class BitcoinTransactionRejectedError extends BaseError {
  readonly reason: BitcoinRejectReason;
  /** Bitcoin Core's JSON-RPC error code for the reason. */
  readonly code: number;
  /** The script interpreter's error text, for witness failures. */
  readonly scriptError: string | undefined;
  /** What exactly was wrong (values, indexes). */
  readonly debug: string | undefined;
  readonly inputIndex: number | undefined;
  readonly outputIndex: number | undefined;
  /** The node-style message: `reason (scriptError), debug`. */
  readonly rpcMessage: string;
  constructor({
    reason,
    scriptError,
    debug,
    inputIndex,
    outputIndex,
  }: {
    reason: BitcoinRejectReason;
    scriptError?: string | undefined;
    debug?: string | undefined;
    inputIndex?: number | undefined;
    outputIndex?: number | undefined;
  }) {
    const rpcMessage = `${reason}${scriptError ? ` (${scriptError})` : ""}${debug ? `, ${debug}` : ""}`;
    super(`Transaction rejected: ${rpcMessage}.`, {
      name: "BitcoinTransactionRejectedError",
      metaMessages: [
        `Meaning: ${bitcoinRejectReasons[reason].meaning}.`,
        ...(inputIndex !== undefined ? [`input: ${inputIndex}`] : []),
        ...(outputIndex !== undefined ? [`output: ${outputIndex}`] : []),
      ],
    });
    this.reason = reason;
    this.code = bitcoinRejectReasons[reason].code;
    this.scriptError = scriptError;
    this.debug = debug;
    this.inputIndex = inputIndex;
    this.outputIndex = outputIndex;
    this.rpcMessage = rpcMessage;
  }
}

/** {@link BitcoinTransactionRejectedError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type BitcoinTransactionRejectedErrorType = BitcoinTransactionRejectedError & {
  name: "BitcoinTransactionRejectedError";
};

/** A private key is not 32 bytes (64 hex digits) in the secp256k1 range. */
export class InvalidBitcoinPrivateKeyError extends BaseError {
  constructor({ field = "privateKey" }: { field?: string | undefined } = {}) {
    super(`Field "${field}" is not a secp256k1 private key.`, {
      name: "InvalidBitcoinPrivateKeyError",
      metaMessages: ["Pass 32 bytes, or 64 hex digits (an optional 0x prefix is allowed), in 1..n-1."],
    });
  }
}

/** {@link InvalidBitcoinPrivateKeyError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidBitcoinPrivateKeyErrorType = InvalidBitcoinPrivateKeyError & {
  name: "InvalidBitcoinPrivateKeyError";
};

/** Why a parameter of a chain, a PSBT builder or a signer is refused. */
export type BitcoinParameterInvalidReason =
  | "not-a-positive-integer"
  | "not-a-non-negative-integer"
  | "below-dust"
  | "invalid-request-id"
  | "invalid-txid"
  | "invalid-script"
  | "unsupported-script"
  | "invalid-internal-key"
  | "invalid-redeem-script"
  | "duplicate-utxo"
  | "too-large";

const parameterReasonText: Record<BitcoinParameterInvalidReason, string> = {
  "not-a-positive-integer": "is not a positive integer",
  "not-a-non-negative-integer": "is not a non-negative integer",
  "below-dust": "is below the dust threshold of the output it pays",
  "invalid-request-id": "is not 0x followed by 64 hex digits",
  "invalid-txid": "is not 64 hex digits",
  "invalid-script": "is not a hex output script",
  "unsupported-script": "is not a P2WPKH, P2TR or P2SH-P2WPKH (with its redeem script) output script",
  "invalid-internal-key": "is not the x-only internal key (64 hex digits) of the P2TR output it goes with",
  "invalid-redeem-script": "is not the P2WPKH redeem script (hex) of the P2SH output it goes with",
  "duplicate-utxo": "lists the same output twice",
  "too-large": "is too large",
};

/** A parameter given to the Bitcoin chain or its helpers is not acceptable. */
export class InvalidBitcoinParameterError extends BaseError {
  readonly field: string;
  readonly reason: BitcoinParameterInvalidReason;
  readonly value: unknown;
  constructor({
    field,
    reason,
    value,
    expected,
  }: {
    field: string;
    reason: BitcoinParameterInvalidReason;
    value: unknown;
    expected?: string | undefined;
  }) {
    super(`Field "${field}" ${parameterReasonText[reason]}: ${showValue(value, 100)}.`, {
      name: "InvalidBitcoinParameterError",
      metaMessages: expected ? [`expected: ${expected}`] : [],
    });
    this.field = field;
    this.reason = reason;
    this.value = value;
  }
}

/** {@link InvalidBitcoinParameterError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidBitcoinParameterErrorType = InvalidBitcoinParameterError & {
  name: "InvalidBitcoinParameterError";
};

/** The outputs offered to the PSBT builder do not cover the amount plus the fee. */
export class InsufficientBitcoinFundsError extends BaseError {
  /** Sum of the offered outputs, in satoshis. */
  readonly available: bigint;
  /** Amount plus the fee of a transaction spending all of them, in satoshis. */
  readonly required: bigint;
  constructor({ available, required }: { available: bigint; required: bigint }) {
    super(`Insufficient funds: ${available} satoshis available, ${required} needed.`, {
      name: "InsufficientBitcoinFundsError",
      metaMessages: [
        "The amount, the fee at the devnet's fee rate and no change must fit in the offered outputs.",
      ],
    });
    this.available = available;
    this.required = required;
  }
}

/** {@link InsufficientBitcoinFundsError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InsufficientBitcoinFundsErrorType = InsufficientBitcoinFundsError & {
  name: "InsufficientBitcoinFundsError";
};

/** Why a PSBT cannot be signed or finalized. */
export type BitcoinPsbtErrorReason =
  | "invalid-psbt"
  | "no-owned-input"
  | "sighash-not-allowed"
  | "signing-failed"
  | "not-finalizable";

const psbtReasonText: Record<BitcoinPsbtErrorReason, string> = {
  "invalid-psbt": "is not a valid PSBT (hex or base64)",
  "no-owned-input":
    "has no input the key can sign (a P2WPKH, P2SH-P2WPKH or P2TR key-path input with its witness UTXO)",
  "sighash-not-allowed": "asks for a signature hash type other than ALL (or DEFAULT on taproot)",
  "signing-failed": "could not be signed",
  "not-finalizable": "cannot be finalized: an input is not signed",
};

/** A PSBT cannot be signed or finalized. */
export class BitcoinPsbtError extends BaseError {
  readonly reason: BitcoinPsbtErrorReason;
  readonly inputIndex: number | undefined;
  constructor({
    reason,
    inputIndex,
    cause,
  }: {
    reason: BitcoinPsbtErrorReason;
    inputIndex?: number | undefined;
    cause?: unknown;
  }) {
    super(`The PSBT ${psbtReasonText[reason]}.`, {
      name: "BitcoinPsbtError",
      cause,
      metaMessages: inputIndex !== undefined ? [`input: ${inputIndex}`] : [],
    });
    this.reason = reason;
    this.inputIndex = inputIndex;
  }
}

/** {@link BitcoinPsbtError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type BitcoinPsbtErrorType = BitcoinPsbtError & { name: "BitcoinPsbtError" };

/** A deposit transaction carries more than one request binding, so it binds none unambiguously. */
export class AmbiguousDepositBindingError extends BaseError {
  readonly outputIndexes: readonly number[];
  constructor({ outputIndexes }: { outputIndexes: readonly number[] }) {
    super(`The transaction has ${outputIndexes.length} request-binding outputs; exactly one is allowed.`, {
      name: "AmbiguousDepositBindingError",
      metaMessages: [`outputs: ${outputIndexes.join(", ")}`],
    });
    this.outputIndexes = outputIndexes;
  }
}

/** {@link AmbiguousDepositBindingError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type AmbiguousDepositBindingErrorType = AmbiguousDepositBindingError & {
  name: "AmbiguousDepositBindingError";
};

/** A journal given to `createBitcoinChain` does not replay to the chain it recorded. */
export class BitcoinChainReplayError extends BaseError {
  /** The entry's position in the journal (0 is the genesis entry). */
  readonly entryIndex: number;
  constructor({ entryIndex, reason, cause }: { entryIndex: number; reason: string; cause?: unknown }) {
    super(`Entry ${entryIndex} of the Bitcoin chain's journal does not replay: ${reason}.`, {
      name: "BitcoinChainReplayError",
      cause,
      metaMessages: ["The journal was written by another chain configuration, or changed since."],
    });
    this.entryIndex = entryIndex;
  }
}

/** {@link BitcoinChainReplayError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type BitcoinChainReplayErrorType = BitcoinChainReplayError & { name: "BitcoinChainReplayError" };
