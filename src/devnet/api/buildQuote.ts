import { randomBytes } from "node:crypto";
import {
  type Address,
  bytesToHex,
  encodeFunctionData,
  formatUnits,
  getAddress,
  type Hex,
  hexToBigInt,
  isAddress,
  isAddressEqual,
  isHex,
} from "viem";
import { devnetDepositoryAbi, devnetTokenAbi } from "../../contracts/index.js";
import type { QuoteRequest } from "../../schemas/index.js";
import { nativeCurrencyAddress } from "../constants.js";
import {
  AmountTooLowError,
  computeQuoteAmounts,
  type FeeComponent,
  type QuoteFees,
} from "../pricing/computeQuoteAmounts.js";
import type { DevnetCurrency } from "../pricing/devnetCurrencies.js";
import type { DestinationCall, DevnetRequest } from "../state/types.js";
import { DevnetApiError } from "./DevnetApiError.js";
import { renderAmount, toUsd } from "./renderAmount.js";
import type { ApiChain, DevnetContext } from "./types.js";

export type BuildQuoteParameters = {
  context: DevnetContext;
  /** A body the shared quote (or price) schema accepted. */
  body: QuoteRequest;
  /** The caller's API key: its webhook endpoint gets the request's events. */
  apiKey: string | undefined;
  /** True for `POST /quote/v2` (steps, a stored request); false for `POST /price`. */
  executable: boolean;
};

/** Gas the origin transactions take, for `fees.gas` (an estimate the wallet refines). */
const depositGas = { native: 35_000n, erc20: 70_000n, approve: 50_000n };

/**
 * Prices a route and, for a quote, stores a `waiting` request and returns its steps: `approve` when
 * the user's allowance to the depository is short (ERC-20 origin), then `deposit`, which calls the
 * origin depository with the request id. Amounts follow the fee model of `computeQuoteAmounts`.
 *
 * @param parameters - {@link BuildQuoteParameters}
 * @returns The quote (or price) response body.
 * @example
 * const body = await buildQuote({ context, body: validated, apiKey, executable: true })
 */
export async function buildQuote({ context, body, apiKey, executable }: BuildQuoteParameters) {
  const { url } = context;
  const origin = chainOrThrow(context, body.originChainId);
  const destination = chainOrThrow(context, body.destinationChainId);
  const currencyIn = currencyOrThrow(context, origin.chainId, body.originCurrency, "INVALID_INPUT_CURRENCY");
  const currencyOut = currencyOrThrow(
    context,
    destination.chainId,
    body.destinationCurrency,
    "INVALID_OUTPUT_CURRENCY",
  );
  if (body.useDepositAddress === true)
    throw badRequest("UNSUPPORTED_EXECUTION_TYPE", "Deposit addresses are not supported by the devnet.");

  const user = getAddress(body.user);
  const recipient = getAddress(body.recipient ?? body.user);
  const refundTo = body.refundTo ?? body.recipient ?? body.user;
  if (!isAddress(refundTo)) throw badRequest("INVALID_ADDRESS", "refundTo must be an EVM address.");
  const txs = parseTxs(body.txs);
  const appFeeBps = parseAppFees(body.appFees);
  const subsidy =
    "subsidizeFees" in body && body.subsidizeFees === true
      ? {
          components: (body.sponsoredFeeComponents ?? [
            "execution",
            "swap",
            "relay",
            "app",
          ]) as FeeComponent[],
          maxUsdMicros:
            body.maxSubsidizationAmount === undefined ? undefined : BigInt(body.maxSubsidizationAmount),
        }
      : undefined;

  let amounts: ReturnType<typeof computeQuoteAmounts>;
  try {
    amounts = computeQuoteAmounts({
      tradeType: body.tradeType,
      amount: BigInt(body.amount),
      currencyIn,
      currencyOut,
      appFeeBps,
      subsidy,
    });
  } catch (error) {
    if (error instanceof AmountTooLowError) throw badRequest("AMOUNT_TOO_LOW", error.shortMessage);
    throw error;
  }
  const { amountIn, amountOut, fees } = amounts;
  const callValue = txs.reduce((sum, call) => sum + call.value, 0n);
  if (callValue > 0n && (!currencyOut.isNative || callValue > amountOut))
    throw badRequest("INVALID_EXTRA_TXS", "The value of the txs must come out of a native output amount.");

  const requestId = bytesToHex(randomBytes(32));
  const slippageBps = BigInt(body.slippageTolerance ?? "0");
  const minimumOut = (amountOut * (10_000n - slippageBps)) / 10_000n;
  const [allowance, userBalance, gasPrice] = await Promise.all([
    currencyIn.isNative ? Promise.resolve(undefined) : readAllowance(origin, currencyIn.address, user),
    readBalance(origin, currencyIn, user),
    origin.request({ method: "eth_gasPrice" }).then((price) => hexToBigInt(price as Hex)),
  ]);
  const needsApproval = allowance !== undefined && allowance < amountIn;
  const gasUnits =
    (currencyIn.isNative ? depositGas.native : depositGas.erc20) + (needsApproval ? depositGas.approve : 0n);
  const nativeIn = context.currencies.find(
    (c) => c.chainId === origin.chainId && c.isNative,
  ) as DevnetCurrency;

  const amount = (currency: DevnetCurrency, value: bigint, minimum?: bigint) =>
    renderAmount({ currency, amount: value, minimumAmount: minimum, url });
  const userFees = fees.relayerService + fees.relayerGas + fees.app - fees.subsidized;
  const inUsd = Number(toUsd({ currency: currencyIn, amount: amountIn }));
  const feeUsd = (value: bigint) => toUsd({ currency: currencyIn, amount: value });
  const negative = (usd: string) => (usd === "0" ? "0" : `-${usd}`);
  const feesBody = {
    gas: amount(nativeIn, gasUnits * gasPrice),
    relayer: amount(currencyIn, fees.relayerService + fees.relayerGas),
    relayerGas: amount(currencyIn, fees.relayerGas),
    relayerService: amount(currencyIn, fees.relayerService),
    app: amount(currencyIn, fees.app),
    subsidized: amount(currencyIn, fees.subsidized),
  };
  const details = {
    operation: currencyIn.groupID === currencyOut.groupID ? "bridge" : "swap",
    sender: user,
    recipient,
    currencyIn: amount(currencyIn, amountIn),
    currencyOut: amount(currencyOut, amountOut, minimumOut),
    refundCurrency: amount(currencyIn, amountIn),
    totalImpact: {
      usd: negative(feeUsd(userFees)),
      percent: inUsd === 0 ? "0" : (-(Number(feeUsd(userFees)) / inUsd) * 100).toFixed(4),
    },
    swapImpact: { usd: "0", percent: "0" },
    expandedPriceImpact: {
      swap: { usd: "0" },
      execution: { usd: negative(feeUsd(fees.relayerGas)) },
      relay: { usd: negative(feeUsd(fees.relayerService)) },
      app: { usd: negative(feeUsd(fees.app)) },
      sponsored: { usd: feeUsd(fees.subsidized) },
    },
    rate: rate(amountIn, currencyIn, amountOut, currencyOut),
    slippageTolerance: {
      origin: { usd: "0", value: "0", percent: "0" },
      destination: {
        usd: toUsd({ currency: currencyOut, amount: amountOut - minimumOut }),
        value: (amountOut - minimumOut).toString(),
        percent: (Number(slippageBps) / 100).toString(),
      },
    },
    timeEstimate: 1,
    userBalance: userBalance.toString(),
    fallbackType: "none",
    isFixedRate: false,
    fixedRateFee: { usd: "0" },
    route: {
      origin: {
        inputCurrency: amount(currencyIn, amountIn),
        outputCurrency: amount(currencyIn, amountIn),
        router: "devnet-depository",
        includedSwapSources: [],
      },
      destination: {
        inputCurrency: amount(currencyOut, amountOut),
        outputCurrency: amount(currencyOut, amountOut, minimumOut),
        router: "devnet-solver",
        includedSwapSources: [],
      },
    },
  };
  if (!executable) return { fees: feesBody, details };

  const now = Date.now();
  const request: DevnetRequest = {
    requestId,
    status: "waiting",
    apiKey,
    referrer: body.referrer ?? null,
    originChainId: origin.chainId,
    destinationChainId: destination.chainId,
    user,
    recipient,
    refundTo: getAddress(refundTo),
    originCurrency: currencyIn.address,
    destinationCurrency: currencyOut.address,
    amountIn,
    amountOut,
    txs,
    createdAt: now,
    expiresAt: body.ttl === undefined ? null : now + body.ttl * 1000,
    inTxHashes: [],
    txHashes: [],
    updatedAt: now,
    failReason: "N/A",
    refundFailReason: "N/A",
    details: null,
    deposit: undefined,
  };
  context.store.create(request);

  const depository = origin.contracts.depository;
  const steps = [];
  if (needsApproval)
    steps.push({
      id: "approve",
      action: "Confirm transaction in your wallet",
      description: `Sign an approval for ${currencyIn.symbol}`,
      kind: "transaction",
      requestId,
      depositAddress: "",
      // No check: the approval says nothing about the request's status.
      items: [
        {
          status: "incomplete",
          data: {
            from: user,
            to: currencyIn.address,
            data: encodeFunctionData({
              abi: devnetTokenAbi,
              functionName: "approve",
              args: [depository, amountIn],
            }),
            value: "0",
            chainId: origin.chainId,
          },
        },
      ],
    });
  steps.push({
    id: "deposit",
    action: "Confirm transaction in your wallet",
    description: `Depositing ${formatUnits(amountIn, currencyIn.decimals)} ${currencyIn.symbol}`,
    kind: "transaction",
    requestId,
    depositAddress: "",
    items: [
      {
        status: "incomplete",
        data: {
          from: user,
          to: depository,
          data: currencyIn.isNative
            ? encodeFunctionData({
                abi: devnetDepositoryAbi,
                functionName: "depositNative",
                args: [user, requestId],
              })
            : encodeFunctionData({
                abi: devnetDepositoryAbi,
                functionName: "depositErc20",
                args: [user, currencyIn.address, amountIn, requestId],
              }),
          value: currencyIn.isNative ? amountIn.toString() : "0",
          chainId: origin.chainId,
        },
        check: { endpoint: `/intents/status/v3?requestId=${requestId}`, method: "GET" },
      },
    ],
  });

  const orderSignature =
    body.includeProtocolData === true
      ? await context.solver.signMessage({ message: { raw: requestId } })
      : undefined;
  return {
    requestId,
    steps,
    fees: feesBody,
    feeSponsorship: sponsorship({
      fees,
      currencyIn,
      amount,
      subsidized: subsidy !== undefined,
      originChainId: origin.chainId,
      body,
    }),
    details,
    protocol: {
      v2: {
        orderId: requestId,
        orderData: {
          version: "v1",
          originChainId: origin.chainId,
          destinationChainId: destination.chainId,
          originCurrency: currencyIn.address,
          destinationCurrency: currencyOut.address,
          inputAmount: amountIn.toString(),
          outputAmount: amountOut.toString(),
          recipient,
          refundTo: getAddress(refundTo),
          deadline: request.expiresAt === null ? null : Math.floor(request.expiresAt / 1000),
        },
        ...(orderSignature ? { orderSignature } : {}),
        paymentDetails: {
          chainId: origin.name,
          depository,
          currency: currencyIn.address,
          amount: amountIn.toString(),
        },
      },
    },
  };
}

function badRequest(errorCode: string, message: string) {
  return new DevnetApiError({ status: 400, errorCode, message });
}

function chainOrThrow(context: DevnetContext, chainId: number): ApiChain {
  const chain = context.chains.get(chainId);
  if (!chain)
    throw badRequest(
      "UNSUPPORTED_CHAIN",
      `Chain ${chainId} is not a devnet chain (${[...context.chains.keys()].join(", ")}).`,
    );
  return chain;
}

function currencyOrThrow(
  context: DevnetContext,
  chainId: number,
  address: string,
  invalidCode: string,
): DevnetCurrency {
  if (!isAddress(address, { strict: false }))
    throw badRequest(invalidCode, `Currency ${address} is not an address.`);
  const currency = context.currencies.find(
    (c) => c.chainId === chainId && isAddressEqual(c.address, address),
  );
  if (!currency)
    throw badRequest("UNSUPPORTED_CURRENCY", `Currency ${address} is not supported on chain ${chainId}.`);
  return currency;
}

/** `txs` items: `{to, data?, value?}` (the live shape); anything else is INVALID_EXTRA_TXS. */
function parseTxs(txs: readonly Record<string, unknown>[] | undefined): DestinationCall[] {
  return (txs ?? []).map((tx, index) => {
    const { to, data = "0x", value = "0" } = tx;
    const valid =
      typeof to === "string" &&
      isAddress(to, { strict: false }) &&
      typeof data === "string" &&
      isHex(data) &&
      (typeof value === "string" || typeof value === "number") &&
      /^[0-9]+$/.test(String(value));
    if (!valid)
      throw badRequest(
        "INVALID_EXTRA_TXS",
        `txs[${index}] must be {to: address, data?: hex, value?: integer string}.`,
      );
    return { to: getAddress(to), data: data as Hex, value: BigInt(value as string) };
  });
}

/** `appFees` items: `{recipient?, fee}` with `fee` in basis points. */
function parseAppFees(appFees: readonly Record<string, unknown>[] | undefined): bigint {
  return (appFees ?? []).reduce<bigint>((sum, item, index) => {
    const fee = item.fee;
    if ((typeof fee !== "string" && typeof fee !== "number") || !/^[0-9]{1,4}$/.test(String(fee)))
      throw badRequest("INVALID_REQUEST", `appFees[${index}].fee must be basis points (0 to 9999).`);
    return sum + BigInt(fee);
  }, 0n);
}

async function readAllowance(chain: ApiChain, token: Address, owner: Address): Promise<bigint> {
  const data = encodeFunctionData({
    abi: devnetTokenAbi,
    functionName: "allowance",
    args: [owner, chain.contracts.depository],
  });
  return hexToBigInt(
    (await chain.request({ method: "eth_call", params: [{ to: token, data }, "latest"] })) as Hex,
  );
}

async function readBalance(chain: ApiChain, currency: DevnetCurrency, owner: Address): Promise<bigint> {
  if (currency.isNative)
    return hexToBigInt((await chain.request({ method: "eth_getBalance", params: [owner, "latest"] })) as Hex);
  const data = encodeFunctionData({ abi: devnetTokenAbi, functionName: "balanceOf", args: [owner] });
  return hexToBigInt(
    (await chain.request({ method: "eth_call", params: [{ to: currency.address, data }, "latest"] })) as Hex,
  );
}

/** Whole units of output per whole unit of input. */
function rate(
  amountIn: bigint,
  currencyIn: DevnetCurrency,
  amountOut: bigint,
  currencyOut: DevnetCurrency,
): string {
  const input = Number(formatUnits(amountIn, currencyIn.decimals));
  return input === 0 ? "0" : String(Number(formatUnits(amountOut, currencyOut.decimals)) / input);
}

function sponsorship({
  fees,
  currencyIn,
  amount,
  subsidized,
  originChainId,
  body,
}: {
  fees: QuoteFees;
  currencyIn: DevnetCurrency;
  amount: (currency: DevnetCurrency, value: bigint) => ReturnType<typeof renderAmount>;
  subsidized: boolean;
  originChainId: number;
  body: QuoteRequest;
}) {
  const selected: FeeComponent[] = subsidized
    ? (body.sponsoredFeeComponents ?? ["execution", "swap", "relay", "app"])
    : [];
  const totals: Record<FeeComponent, bigint> = {
    execution: fees.relayerGas,
    swap: 0n,
    relay: fees.relayerService,
    app: fees.app,
  };
  // The sponsored total is spread over the selected components in order, up to each one's total.
  let left = fees.subsidized;
  const components = Object.fromEntries(
    (Object.keys(totals) as FeeComponent[]).map((component) => {
      const total = totals[component];
      const sponsored = selected.includes(component) ? (left < total ? left : total) : 0n;
      left -= sponsored;
      return [
        component,
        {
          selected: selected.includes(component),
          total: amount(currencyIn, total),
          sponsored: amount(currencyIn, sponsored),
          userPays: amount(currencyIn, total - sponsored),
        },
      ];
    }),
  );
  const allFees = fees.relayerGas + fees.relayerService + fees.app;
  const quoted = {
    selectedComponents: selected,
    capHit:
      subsidized &&
      body.maxSubsidizationAmount !== undefined &&
      fees.subsidized < selected.reduce((sum, c) => sum + totals[c], 0n),
    components,
    sponsoredTotal: amount(currencyIn, fees.subsidized),
    userPaysTotal: amount(currencyIn, allFees - fees.subsidized),
    maxSubsidizationAmount: body.maxSubsidizationAmount ?? "0",
  };
  return {
    quoted,
    actual: {
      ...quoted,
      sponsorPayment: {
        amount: fees.subsidized.toString(),
        address: nativeCurrencyAddress,
        chainId: originChainId,
      },
    },
  };
}
