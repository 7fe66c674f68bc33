/**
 * Field of a rejected request -> the live service's error code. Fields without a live code get
 * `INVALID_REQUEST` (a devnet code: the live service publishes none for plain schema violations).
 */
const codeByField: Readonly<Record<string, string>> = {
  user: "INVALID_ADDRESS",
  refundTo: "INVALID_ADDRESS",
  referrerAddress: "INVALID_ADDRESS",
  recipient: "INVALID_RECIPIENT",
  originCurrency: "INVALID_INPUT_CURRENCY",
  destinationCurrency: "INVALID_OUTPUT_CURRENCY",
  originChainId: "UNSUPPORTED_CHAIN",
  destinationChainId: "UNSUPPORTED_CHAIN",
  chainId: "UNSUPPORTED_CHAIN",
  slippageTolerance: "INVALID_SLIPPAGE_TOLERANCE",
  latePaymentSlippageTolerance: "INVALID_SLIPPAGE_TOLERANCE",
  txs: "INVALID_EXTRA_TXS",
  gasLimitForDepositSpecifiedTxs: "INVALID_GAS_LIMIT_FOR_DEPOSIT_SPECIFIED_TXS",
  // A deposit address outside a native-currency bridge or a Bitcoin origin (`checkDepositAddressRoute`).
  useDepositAddress: "UNSUPPORTED_EXECUTION_TYPE",
};

export type ToInvalidRequestCodeParameters = {
  /** Dot path of the first broken field, as `InvalidRequestError.field` gives it. */
  field: string;
};

/**
 * Picks the error code of a request the shared schemas rejected, from the field that broke.
 *
 * @param parameters - {@link ToInvalidRequestCodeParameters}
 * @returns The code for the 400 body's `errorCode`.
 * @example
 * toInvalidRequestCode({ field: "txs.0.to" }) // "INVALID_EXTRA_TXS"
 */
export function toInvalidRequestCode({ field }: ToInvalidRequestCodeParameters): string {
  const head = field.split(".")[0] ?? "";
  return Object.hasOwn(codeByField, head) ? (codeByField[head] as string) : "INVALID_REQUEST";
}
