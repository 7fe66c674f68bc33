import * as z from "zod";
import { integratorResponseSchemas } from "./integratorResponses.js";
import {
  knownString,
  numberish,
  optionalFlag,
  optionalText,
  responseChainId,
  webhookEvents,
} from "./primitives.js";
import { requestStatuses, statusSchema } from "./statuses.js";
import { stepSchema } from "./steps.js";

// Response schemas keep unknown fields (looseObject), accept null for every optional field, and
// accept number-or-string where real traffic varies. They reject only what breaks a caller.

const text = optionalText;
const flag = optionalFlag;

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

/** The fields of a request's on-chain transaction besides its hash, alike in `/requests/v3` and `/requests/v2`. */
const requestTransactionFields = {
  chainId: responseChainId.nullish(),
  block: numberish.nullish(),
  timestamp: numberish.nullish(),
  type: text,
  status: text,
  fee: text,
};

/** `protocol` of a request record, alike in `/requests/v3` and `/requests/v2`. */
const requestProtocol = z.looseObject({
  orderId: text,
  hubType: text,
  solver: z.looseObject({ address: text }).nullish(),
});

/** An on-chain transaction of a request (`inTxs` / `outTxs` of `GET /requests/v3`). */
export const requestTransactionSchema = z.looseObject({ txHash: text, ...requestTransactionFields });

/** One request of `GET /requests/v3`: the request, its transactions, route and protocol data. */
export const requestRecordSchema = z.looseObject({
  id: z.string(),
  status: knownString(requestStatuses),
  user: text,
  sender: text,
  recipient: text,
  refundTo: text,
  supersededByRequestId: text,
  depositAddress: z
    .looseObject({
      address: z.string(),
      type: knownString(["open", "strict"]).nullish(),
      depositor: text,
      depositTxHash: text,
      recoveryAddress: text,
    })
    .nullish(),
  requestType: text,
  data: z
    .looseObject({
      failReason: text,
      refundFailReason: text,
      inTxs: z.array(requestTransactionSchema).nullish(),
      outTxs: z.array(requestTransactionSchema).nullish(),
      referrer: text,
    })
    .nullish(),
  protocol: requestProtocol.nullish(),
  features: z.array(z.string()).nullish(),
  createdAt: text,
  updatedAt: text,
});

/** An on-chain transaction of a request as `GET /requests/v2` names it (`hash`, not `txHash`). */
export const requestV2TransactionSchema = z.looseObject({ hash: text, ...requestTransactionFields });

/** One request of `GET /requests/v2` (the official SDK's types): the v3 record's older shape. */
export const requestV2RecordSchema = z.looseObject({
  id: z.string(),
  status: knownString(requestStatuses),
  user: text,
  recipient: text,
  depositAddress: z
    .looseObject({
      address: z.string(),
      depositAddressType: knownString(["open", "strict"]).nullish(),
      depositor: text,
      depositTxHash: text,
    })
    .nullish(),
  data: z
    .looseObject({
      failReason: text,
      refundFailReason: text,
      inTxs: z.array(requestV2TransactionSchema).nullish(),
      outTxs: z.array(requestV2TransactionSchema).nullish(),
      currency: text,
      currencyObject: currencySchema.nullish(),
      timeEstimate: numberish.nullish(),
    })
    .nullish(),
  protocol: requestProtocol.nullish(),
  orderData: z.unknown().optional(),
  referrer: text,
  createdAt: text,
  updatedAt: text,
});

/** A hex string typed as viem's `0x${string}` (addresses, keys, hashes of a devnet's info). */
const hexText = z
  .string()
  .refine((value) => /^0x[0-9a-fA-F]*$/.test(value), "is not hex")
  .transform((value) => value as `0x${string}`);

/**
 * What an attestkit devnet says about itself (`GET /devnet/info`): its URLs, its EVM chains with their
 * contracts, its solver, its funded test accounts (public test keys) and, when it runs them, its
 * Bitcoin chain and external exchange. Not part of the service's interface: only a devnet answers it.
 */
const devnetInfoSchema = z.looseObject({
  url: z.string(),
  webSocketUrl: text,
  originChainId: z.number(),
  destinationChainId: z.number(),
  chains: z.array(
    z.looseObject({
      chainId: z.number(),
      name: z.string(),
      role: z.string(),
      rpcUrl: z.string(),
      contracts: z.looseObject({
        depository: hexText,
        token: hexText,
        depositAddressFactory: hexText.nullish(),
        attestationVerifier: hexText.nullish(),
        attestedDepositReceiver: hexText.nullish(),
        orderVerifier: hexText.nullish(),
        receiver: hexText.nullish(),
      }),
    }),
  ),
  solver: z.looseObject({ address: hexText }),
  /** The relayer of gasless executions (`POST /execute`). */
  relayer: z.looseObject({ address: hexText }).nullish(),
  /** The owner of each chain's `contracts.receiver`: one of `testAccounts`. */
  receiverOwner: hexText.nullish(),
  testAccounts: z.array(
    z.looseObject({ address: hexText, privateKey: hexText, nativeBalance: text, tokenBalance: text }),
  ),
  bitcoin: z
    .looseObject({
      chainId: z.number(),
      esploraUrl: z.string(),
      solver: z.looseObject({ address: z.string() }),
      testWallets: z.array(
        z.looseObject({ p2wpkhAddress: z.string(), p2trAddress: text, privateKey: z.string(), wif: text }),
      ),
    })
    .nullish(),
  exchange: z
    .looseObject({
      chainId: z.number(),
      apiUrl: z.string(),
      relayerAccountIndex: z.number(),
      testAccounts: z.array(z.looseObject({ accountIndex: z.number(), apiKey: z.string() })),
    })
    .nullish(),
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
  devnetInfo: devnetInfoSchema,
  requests: z.looseObject({
    requests: z.array(requestRecordSchema),
    // The cursor of the next page; absent or null on the last page.
    continuation: text,
    total: numberish.nullish(),
  }),
  requestsV2: z.looseObject({
    requests: z.array(requestV2RecordSchema),
    continuation: text,
  }),
  /** `POST /currencies/v2`: one flat list (v1 groups them). */
  currenciesV2: z.array(currencyListItemSchema),
  /** `GET /config/v2`: whether a pair of chains is enabled, the user's balance, the solver's capacity. */
  config: z.looseObject({
    enabled: flag,
    user: z.looseObject({ balance: numberish.nullish(), maxBridgeAmount: numberish.nullish() }).nullish(),
    fee: numberish.nullish(),
    solver: z
      .looseObject({ address: text, balance: numberish.nullish(), capacityPerRequest: numberish.nullish() })
      .nullish(),
    supportsExternalLiquidity: flag,
  }),
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
  // `POST /transactions/single`: `{message}` (the devnet: `Transaction confirmed`, `... noted`, ...).
  transactionsSingle: z.looseObject({ message: text }),
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
  ...integratorResponseSchemas,
} as const;
