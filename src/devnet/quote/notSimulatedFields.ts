/**
 * What the devnet does with each field of a quote (and price) request. Every field of the request
 * schema is a key here (a test holds the two together): `behaves` when the devnet acts on it the way
 * the live service would, else a predicate telling when a sent value is not simulated (a value that
 * asks for nothing, such as `false` for a flag that is off by default, is not listed).
 */
export const quoteFieldSimulation: Readonly<Record<string, "behaves" | ((value: unknown) => boolean)>> = {
  user: "behaves",
  originChainId: "behaves",
  destinationChainId: "behaves",
  originCurrency: "behaves",
  destinationCurrency: "behaves",
  amount: "behaves",
  tradeType: "behaves",
  recipient: "behaves",
  txs: "behaves",
  referrer: "behaves",
  refundTo: "behaves",
  // Deprecated: the live service always refunds on the origin, as the devnet does.
  refundOnOrigin: "behaves",
  useExternalLiquidity: (value) => value === true,
  useFallbacks: "behaves",
  usePermit: "behaves",
  useDepositAddress: "behaves",
  slippageTolerance: "behaves",
  appFees: "behaves",
  txsGasLimit: "behaves",
  authorizationList: always,
  additionalData: always,
  referrerAddress: always,
  topupGas: "behaves",
  topupGasAmount: "behaves",
  enableTrueExactOutput: (value) => value === true,
  // The devnet's deposits are always explicit depository calls (the live default, true).
  explicitDeposit: (value) => value === false,
  permitExpiry: "behaves",
  strict: "behaves",
  latePaymentSlippageTolerance: always,
  gasLimitForDepositSpecifiedTxs: always,
  forceSolverExecution: (value) => value === true,
  subsidizeFees: "behaves",
  sponsoredFeeComponents: "behaves",
  maxSubsidizationAmount: "behaves",
  subsidizeRent: (value) => value === true,
  includedSwapSources: always,
  excludedSwapSources: always,
  includedOriginSwapSources: always,
  includedDestinationSwapSources: always,
  originGasOverhead: always,
  depositFeePayer: always,
  maxRouteLength: always,
  useSharedAccounts: (value) => value === true,
  includeComputeUnitLimit: (value) => value === true,
  overridePriceImpact: "behaves",
  disableOriginSwaps: (value) => value === true,
  fixedRate: always,
  ttl: "behaves",
  includeProtocolData: "behaves",
};

function always(): boolean {
  return true;
}

/** The response header that lists the request fields the devnet did not simulate. */
export const notSimulatedHeader = "x-devnet-not-simulated";

/**
 * The fields of a quote or price body that the devnet accepted but does not simulate: the
 * `x-devnet-not-simulated` header and `details.devnetNotSimulated` of the answer list them, so that
 * no field is silently ignored. Unknown fields never get here (the schema refuses them).
 *
 * @param body - The validated request body.
 * @returns The field names, in the body's order.
 * @example
 * listNotSimulatedFields({ ...quote, topupGas: true, useFallbacks: false }) // ["topupGas"]
 */
export function listNotSimulatedFields(body: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(body)
    .filter(([field, value]) => {
      if (value === undefined) return false;
      const rule = quoteFieldSimulation[field];
      return rule !== undefined && rule !== "behaves" && rule(value);
    })
    .map(([field]) => field);
}
