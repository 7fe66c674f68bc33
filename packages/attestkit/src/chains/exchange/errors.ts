import { BaseError } from "../../errors/BaseError.js";
import { showValue } from "../../errors/showValue.js";

/** Why exchange transfer parameters are not acceptable. */
export type ExchangeTransferInvalidReason =
  | "not-an-object"
  | "wrong-type"
  | "not-an-integer"
  | "not-positive"
  | "not-a-string"
  | "memo-malformed"
  | "memo-mismatch"
  | "invalid-id";

/** The transfer parameters of an external-exchange withdrawal step are not safe to submit. */
export class InvalidExchangeTransferError extends BaseError {
  readonly field: string;
  readonly reason: ExchangeTransferInvalidReason;
  readonly value: unknown;
  constructor({
    field,
    reason,
    value,
    expected,
  }: {
    field: string;
    reason: ExchangeTransferInvalidReason;
    value: unknown;
    expected?: string | undefined;
  }) {
    const text: Record<ExchangeTransferInvalidReason, string> = {
      "not-an-object": "is not an object",
      "wrong-type": 'is not "transfer"',
      "not-an-integer": "is not a non-negative integer",
      "not-positive": "is not greater than zero",
      "not-a-string": "is not a string",
      "memo-malformed": "is not 32 bytes of hex",
      "memo-mismatch": "is not the hex of the id it must carry",
      "invalid-id": "is not 0x followed by 64 hex digits",
    };
    super(`Field "${field}" ${text[reason]}: ${showValue(value, 100)}.`, {
      name: "InvalidExchangeTransferError",
      metaMessages: [
        ...(expected ? [`expected: ${expected}`] : []),
        "Do not submit this transfer: its parameters do not match the order.",
      ],
    });
    this.field = field;
    this.reason = reason;
    this.value = value;
  }
}

/** {@link InvalidExchangeTransferError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidExchangeTransferErrorType = InvalidExchangeTransferError & {
  name: "InvalidExchangeTransferError";
};
