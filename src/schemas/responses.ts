import * as z from "zod";
import {
  anyObject,
  knownString,
  numberish,
  requestStatuses,
  responseChainId,
  stepKinds,
  webhookEvents,
} from "./primitives.js";

// Response schemas keep unknown fields (looseObject), accept null for every optional field, and
// accept number-or-string where real traffic varies. They reject only what breaks a caller.

const text = z.string().nullish();
const flag = z.boolean().nullish();

/** A currency inside fees, details and routes. */
export const currencySchema = z.looseObject({
  chainId: responseChainId.nullish(),
  address: text,
  symbol: text,
  name: text,
  decimals: z.number().nullish(),
  groupID: text,
  vmType: text,
  metadata: z.looseObject({ logoURI: text, verified: flag, isNative: flag }).nullish(),
});

/** A currency of the currencies search: chain and address are what a caller keys on. */
export const currencyListItemSchema = currencySchema.extend({
  chainId: responseChainId,
  address: z.string(),
});

/** An Amount object (fees, details, routes, sponsorship). */
export const amountSchema = z.looseObject({
  currency: currencySchema.nullish(),
  amount: numberish.nullish(),
  amountFormatted: numberish.nullish(),
  amountUsd: numberish.nullish(),
  minimumAmount: numberish.nullish(),
});

const usd = z.looseObject({ usd: numberish.nullish() });
const impact = z.looseObject({ usd: numberish.nullish(), percent: numberish.nullish() });
const slippage = z.looseObject({
  usd: numberish.nullish(),
  value: numberish.nullish(),
  percent: numberish.nullish(),
});
const routeLeg = z.looseObject({
  inputCurrency: amountSchema.nullish(),
  outputCurrency: amountSchema.nullish(),
  router: text,
  includedSwapSources: z.array(z.string()).nullish(),
});

/** Fees of a price or quote response. */
export const feesSchema = z.looseObject({
  gas: amountSchema.nullish(),
  relayer: amountSchema.nullish(),
  relayerGas: amountSchema.nullish(),
  relayerService: amountSchema.nullish(),
  app: amountSchema.nullish(),
  subsidized: amountSchema.nullish(),
});

/** `details` of a price or quote response. */
export const detailsSchema = z.looseObject({
  operation: text,
  sender: text,
  recipient: text,
  currencyIn: amountSchema.nullish(),
  currencyOut: amountSchema.nullish(),
  refundCurrency: amountSchema.nullish(),
  currencyGasTopup: amountSchema.nullish(),
  totalImpact: impact.nullish(),
  swapImpact: impact.nullish(),
  expandedPriceImpact: z.record(z.string(), usd.nullish()).nullish(),
  rate: numberish.nullish(),
  slippageTolerance: z.looseObject({ origin: slippage.nullish(), destination: slippage.nullish() }).nullish(),
  timeEstimate: numberish.nullish(),
  userBalance: numberish.nullish(),
  fallbackType: text,
  isFixedRate: flag,
  fixedRateFee: usd.nullish(),
  route: z.looseObject({ origin: routeLeg.nullish(), destination: routeLeg.nullish() }).nullish(),
});

const sponsorship = z.looseObject({
  selectedComponents: z.array(z.string()).nullish(),
  capHit: flag,
  components: z
    .record(
      z.string(),
      z
        .looseObject({
          selected: flag,
          total: amountSchema.nullish(),
          sponsored: amountSchema.nullish(),
          userPays: amountSchema.nullish(),
        })
        .nullish(),
    )
    .nullish(),
  sponsoredTotal: amountSchema.nullish(),
  userPaysTotal: amountSchema.nullish(),
  maxSubsidizationAmount: numberish.nullish(),
  sponsorPayment: z
    .looseObject({ amount: numberish.nullish(), address: text, chainId: responseChainId.nullish() })
    .nullish(),
});

/** `feeSponsorship` of a quote response. */
export const feeSponsorshipSchema = z.looseObject({
  quoted: sponsorship.nullish(),
  actual: sponsorship.nullish(),
});

/** `protocol` of a quote response. */
export const protocolSchema = z.looseObject({
  v2: z
    .looseObject({
      orderId: text,
      orderData: z.unknown().optional(),
      orderSignature: text,
      paymentDetails: z
        .looseObject({
          chainId: numberish.nullish(),
          depository: text,
          currency: text,
          amount: numberish.nullish(),
        })
        .nullish(),
    })
    .nullish(),
});

/** Item data of an EVM transaction step: send it with the wallet on `chainId`. */
export const evmTransactionDataSchema = z.looseObject({
  from: text,
  to: z.string(),
  data: z.string(),
  value: numberish.nullish(),
  chainId: responseChainId,
  gas: numberish.nullish(),
  maxFeePerGas: numberish.nullish(),
  maxPriorityFeePerGas: numberish.nullish(),
});

/** Item data of an EVM approval as the interface shows it (no calldata). */
export const evmApprovalDataSchema = z.looseObject({
  from: text,
  to: z.string(),
  chainId: responseChainId,
});

/** Item data of a Bitcoin-origin step: a hex-encoded PSBT to sign. */
export const psbtDataSchema = z.looseObject({ psbt: z.string() });

/**
 * Item data of an external-exchange withdrawal: the transfer to submit to the exchange. Kept lenient
 * here; `validateExchangeTransfer` checks it before anything is submitted.
 */
export const exchangeActionDataSchema = z.looseObject({
  action: z.looseObject({
    type: z.string(),
    parameters: z.looseObject({
      toAccountIndex: numberish.nullish(),
      assetIndex: numberish.nullish(),
      fromRouteType: numberish.nullish(),
      toRouteType: numberish.nullish(),
      amount: numberish.nullish(),
      usdcFee: numberish.nullish(),
      memo: text,
    }),
  }),
});

/** `sign` of a signature step: EIP-191 (a 0x + 64-hex message is signed as raw bytes) or EIP-712. */
export const signSchema = z.discriminatedUnion("signatureKind", [
  z.looseObject({ signatureKind: z.literal("eip191"), message: z.string() }),
  z.looseObject({
    signatureKind: z.literal("eip712"),
    domain: anyObject,
    types: z.record(z.string(), z.array(z.looseObject({ name: z.string(), type: z.string() }))),
    primaryType: z.string(),
    value: anyObject,
  }),
]);

/** Item data of a signature step: what to sign and where to post the signature (`?signature=`). */
export const signatureDataSchema = z.looseObject({
  sign: signSchema,
  post: z.looseObject({ endpoint: z.string(), method: z.string(), body: z.unknown().optional() }),
});

/** Item `data`: the first variant that fits (signature, PSBT, exchange action, transaction, approval). */
export const stepItemDataSchema = z.union([
  signatureDataSchema,
  psbtDataSchema,
  exchangeActionDataSchema,
  evmTransactionDataSchema,
  evmApprovalDataSchema,
]);

/** One item of a step. */
export const stepItemSchema = z.looseObject({
  status: text,
  data: stepItemDataSchema,
  check: z.looseObject({ endpoint: z.string(), method: text }).nullish(),
});

/** One step of a quote. `kind` other than `transaction`/`signature` is kept as a string. */
export const stepSchema = z.looseObject({
  id: z.string(),
  action: text,
  description: text,
  kind: knownString(stepKinds),
  requestId: text,
  depositAddress: text,
  items: z.array(stepItemSchema),
});

/** `depositAddress` of a status (webhook) payload. */
export const depositAddressSchema = z.looseObject({
  address: z.string(),
  depositAddressType: knownString(["open", "strict"]).nullish(),
  depositor: text,
  depositTxHash: text,
});

/** A request status; an unknown status string is kept, not rejected. */
export const statusSchema = z.looseObject({
  status: knownString(requestStatuses),
  inTxHashes: z.array(z.string()).nullish(),
  txHashes: z.array(z.string()).nullish(),
  updatedAt: numberish.nullish(),
  originChainId: responseChainId.nullish(),
  destinationChainId: responseChainId.nullish(),
  depositAddress: depositAddressSchema.nullish(),
  requestId: text,
  referrer: text,
  details: anyObject.nullish(),
  failReason: text,
  refundFailReason: text,
});

/** Response schemas keyed by endpoint; each is a Standard Schema. */
export const responseSchemas = {
  currencies: z.array(z.array(currencyListItemSchema)),
  chains: z.looseObject({
    chains: z.array(
      z.looseObject({
        id: responseChainId,
        name: z.string(),
        displayName: text,
        httpRpcUrl: text,
        wsRpcUrl: text,
        explorerUrl: text,
        explorerName: text,
        iconUrl: text,
        depositEnabled: flag,
        tokenSupport: text,
        disabled: flag,
        partialDisableLimit: numberish.nullish(),
        blockProductionLagging: flag,
        currency: currencySchema.extend({ id: text, supportsBridging: flag }).nullish(),
        withdrawalFee: numberish.nullish(),
        depositFee: numberish.nullish(),
        surgeEnabled: flag,
        featuredTokens: z.array(currencySchema.extend({ id: text, supportsBridging: flag })).nullish(),
        erc20Currencies: z.array(currencySchema.extend({ id: text, supportsBridging: flag })).nullish(),
        solverCurrencies: z.array(currencySchema.extend({ id: text })).nullish(),
        contracts: z.record(z.string(), z.unknown()).nullish(),
        vmType: text,
        baseChainId: responseChainId.nullish(),
        solverAddresses: z.array(z.string()).nullish(),
        tags: z.array(z.unknown()).nullish(),
        protocol: z
          .looseObject({ v2: z.looseObject({ chainId: text, depository: text }).nullish() })
          .nullish(),
      }),
    ),
  }),
  price: z.looseObject({ fees: feesSchema.nullish(), details: detailsSchema.nullish() }),
  quote: z.looseObject({
    steps: z.array(stepSchema),
    fees: feesSchema.nullish(),
    feeSponsorship: feeSponsorshipSchema.nullish(),
    details: detailsSchema.nullish(),
    protocol: protocolSchema.nullish(),
    requestId: text,
  }),
  status: statusSchema,
  attestation: z.looseObject({
    requestData: z.looseObject({
      originChainId: z.union([z.number(), z.string()]),
      originUser: z.string(),
      originCurrency: z.string(),
      // v1 signs the amount, v2 the destination currency: each is absent from the other version.
      originAmount: z
        .string()
        .nullish()
        .transform((value) => value ?? undefined),
      originTransferDestination: text,
      destinationChainId: z.union([z.number(), z.string()]),
      destinationUser: z.string(),
      destinationCurrency: z
        .string()
        .nullish()
        .transform((value) => value ?? undefined),
    }),
    signature: z.string(),
  }),
  // The interface does not show this body; any object is accepted.
  transactionsIndex: z.looseObject({ message: text }),
  webhook: z.looseObject({
    // The event id (also sent as X-Event-Id): the same on every attempt of one event, so a
    // receiver drops duplicates by it. Not in the interface's table; sent by the devnet.
    id: z.string().min(1).optional(),
    event: knownString(webhookEvents),
    timestamp: numberish.nullish(),
    data: statusSchema.extend({ requestId: z.string() }),
  }),
  error: z.looseObject({
    message: z.string(),
    errorCode: text,
    code: z.union([z.string(), z.number()]).nullish(),
    errorData: z.unknown().optional(),
    requestId: text,
    failedCallData: z.unknown().optional(),
  }),
} as const;
