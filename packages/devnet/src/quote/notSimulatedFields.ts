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
  // Canonical+ bridging: its own time estimate (10 minutes) and service fee (5 bps) (`priceEvmRoute`).
  useExternalLiquidity: "behaves",
  useFallbacks: "behaves",
  usePermit: "behaves",
  useDepositAddress: "behaves",
  slippageTolerance: "behaves",
  appFees: "behaves",
  txsGasLimit: "behaves",
  // The fill's first transaction is a type-4 (EIP-7702) transaction carrying them (`planFill`); the
  // chain sets each valid delegation and skips an invalid one. To Bitcoin or the exchange no EVM
  // transaction runs, so they ask for nothing there (`quoteRoutes`).
  authorizationList: "behaves",
  // `userPublicKey`: a P2SH (P2SH-P2WPKH) Bitcoin user's key, which the deposit's PSBT needs (the
  // redeem script) and which must match the address (`readBitcoinUserKey`); no other route reads it.
  additionalData: "behaves",
  // Receives the app fees that name no recipient (`priceEvmRoute`).
  referrerAddress: "behaves",
  topupGas: "behaves",
  topupGasAmount: "behaves",
  // An exact-output swap's surplus: swept to the recipient, or the solver's with true (`exactOutputSurplus`).
  enableTrueExactOutput: "behaves",
  // true: depository calls; false: a direct transfer to the depository, the order id as a native
  // transfer's calldata or a token transfer's trailing 32 bytes (`depositCallOf`).
  explicitDeposit: "behaves",
  permitExpiry: "behaves",
  strict: "behaves",
  // A deposit after the order's deadline is filled within it at the price of fill time (`decideFillPrice`).
  latePaymentSlippageTolerance: "behaves",
  // The deposit item's `gas`; below what the deposit takes, 400 INVALID_GAS_LIMIT_FOR_DEPOSIT_SPECIFIED_TXS.
  gasLimitForDepositSpecifiedTxs: "behaves",
  // Same-chain requests are self-executed unless true (`decideExecution`).
  forceSolverExecution: "behaves",
  subsidizeFees: "behaves",
  // Sponsoring `rent` is Solana-only (as `subsidizeRent`): the devnet has no Solana chain.
  sponsoredFeeComponents: (value) => Array.isArray(value) && value.includes("rent"),
  maxSubsidizationAmount: "behaves",
  // Solana-only (rent): the devnet has no Solana chain.
  subsidizeRent: (value) => value === true,
  // The devnet's named swap sources pick a swap's pool (`chooseSwapSource`).
  includedSwapSources: "behaves",
  excludedSwapSources: "behaves",
  includedOriginSwapSources: "behaves",
  includedDestinationSwapSources: "behaves",
  // A gasless (permit) quote's relayer gas fee adds these gas units at the origin's gas price
  // (`originGasUsdMicros`); without a gasless origin transaction there is nothing to price.
  originGasOverhead: "behaves",
  // Solana-only: the devnet has no Solana chain.
  depositFeePayer: always,
  maxRouteLength: always,
  useSharedAccounts: (value) => value === true,
  includeComputeUnitLimit: (value) => value === true,
  overridePriceImpact: "behaves",
  // A same-chain swap (an origin swap) goes through the solver instead (`decideExecution`).
  disableOriginSwaps: "behaves",
  // The devnet has no preferred swap provider: it always takes the deepest source left (`chooseSwapSource`).
  disableSwapProviderPreference: "behaves",
  // A deposit address's funds go to it when the recipient is blocked (`BLOCKED_WALLET`: `planRefund`,
  // `/wallets/screen/override`).
  recoveryAddress: "behaves",
  // The net input converts at the rate; the fill is at it whatever the market did (`decideFillPrice`).
  fixedRate: "behaves",
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
 * no field is silently ignored. Unknown fields never get here (the schema refuses them). A route may
 * simulate less than the table says (Bitcoin and the exchange price the plain transfer): its own
 * `routeFields` are listed too whenever they ask for something (not `false`, not an empty list).
 *
 * @param body - The validated request body.
 * @param routeFields - Fields the quote's route does not simulate (`QuoteRoute.notSimulated`).
 * @returns The field names, in the body's order.
 * @example
 * listNotSimulatedFields({ ...quote, topupGas: true, useFallbacks: false }) // ["topupGas"]
 */
export function listNotSimulatedFields(
  body: Readonly<Record<string, unknown>>,
  routeFields: readonly string[] = [],
): string[] {
  return Object.entries(body)
    .filter(([field, value]) => {
      if (value === undefined) return false;
      if (routeFields.includes(field))
        return value !== false && !(Array.isArray(value) && value.length === 0);
      const rule = quoteFieldSimulation[field];
      return rule !== undefined && rule !== "behaves" && rule(value);
    })
    .map(([field]) => field);
}
