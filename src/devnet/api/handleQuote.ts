import { randomBytes } from "node:crypto";
import {
  type Address,
  bytesToHex,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  hexToBigInt,
} from "viem";
import { bitcoin } from "../../chains/bitcoin/constants.js";
import { externalExchange } from "../../chains/exchange/constants.js";
import { devnetDepositAddressFactoryAbi } from "../../contracts/devnet/abis.js";
import { toOrderChains } from "../../orders/toOrderChains.js";
import type { QuoteRequest } from "../../schemas/index.js";
import { readAllowance } from "../chains/readAllowance.js";
import { readBalance } from "../chains/readBalance.js";
import { devnetSponsorAddress } from "../constants.js";
import type { DevnetCurrency } from "../pricing/devnetCurrencies.js";
import { buildPermitStep, type PermitAuthorization } from "../quote/buildPermitStep.js";
import { buildQuoteSteps } from "../quote/buildQuoteSteps.js";
import { listNotSimulatedFields } from "../quote/notSimulatedFields.js";
import { priceQuote } from "../quote/priceQuote.js";
import { quoteDeadline } from "../quote/quoteDeadline.js";
import type { QuoteChainReads } from "../quote/renderPriceBody.js";
import { renderPriceBody } from "../quote/renderPriceBody.js";
import { renderQuoteBody } from "../quote/renderQuoteBody.js";
import { signQuoteOrder } from "../quote/signQuoteOrder.js";
import { createDevnetRequest } from "../state/createDevnetRequest.js";
import { buildChainsResponse } from "./buildChainsResponse.js";
import { handleBitcoinQuote } from "./handleBitcoinQuote.js";
import { handleExchangeQuote } from "./handleExchangeQuote.js";
import { handleExternalDestinationQuote } from "./handleExternalDestinationQuote.js";
import type { ApiChain, DevnetContext } from "./types.js";

export type HandleQuoteParameters = {
  context: DevnetContext;
  /** A body the shared quote (or price) schema accepted. */
  body: QuoteRequest;
  /** The caller's API key: its webhook endpoint gets the request's events. */
  apiKey: string | undefined;
};

/**
 * Answers `POST /price`: prices the route (`priceQuote`), reads the origin chain (gas price, the
 * user's balance and allowance) and renders the body.
 *
 * @param parameters - {@link HandleQuoteParameters}
 * @returns The price body.
 * @example
 * c.json(await handlePrice({ context, body, apiKey }))
 */
export async function handlePrice({ context, body }: HandleQuoteParameters) {
  const { priced, origin, reads } = await priceAndRead(context, body);
  return withNotSimulated(
    body,
    renderPriceBody({ priced, reads, nativeIn: nativeOf(context, origin), url: context.url }),
  );
}

/**
 * Adds `details.devnetNotSimulated`, the fields of the body the devnet accepted but does not
 * simulate (`listNotSimulatedFields`), when there are any: no field is silently ignored.
 */
function withNotSimulated<answer extends { details: Record<string, unknown> }>(
  body: QuoteRequest,
  answer: answer,
): answer & { details: { devnetNotSimulated?: string[] } } {
  const fields = listNotSimulatedFields(body);
  return fields.length === 0
    ? answer
    : { ...answer, details: { ...answer.details, devnetNotSimulated: fields } };
}

/**
 * Answers `POST /quote/v2`: prices the route and reads the origin chain like `POST /price`, builds
 * the quote's order (`buildQuoteOrder`) and hashes it into the order id (`hashOrderNoble`) with the
 * slug map of the devnet's own `GET /chains`, stores a `waiting` request under a fresh request id with that order
 * id (refunds of it go to the quote's refund address), builds its steps (the deposit names the
 * order id, as the live service's do), signs the order id when `includeProtocolData` asks for it,
 * and renders the body. With `useDepositAddress`, the request gets its deposit address (the
 * origin factory's CREATE2 address of the order id and the user as depositor; `strict` or `open`),
 * the origin chain watches it, and the one step is a plain transfer to it.
 *
 * Two ids, as in the live service: the request id keys the status, the webhooks and the
 * attestation endpoints; the order id is the depository `id` of the deposit step and of the order
 * receiver's payments. A deposit under either id funds the request.
 *
 * @param parameters - {@link HandleQuoteParameters}
 * @returns The quote body.
 * @example
 * c.json(await handleQuote({ context, body, apiKey }))
 */
export async function handleQuote({ context, body, apiKey }: HandleQuoteParameters) {
  // From Bitcoin: a PSBT step instead of a depository call (see handleBitcoinQuote).
  if (body.originChainId === bitcoin.chainId)
    return withNotSimulated(body, await handleBitcoinQuote({ context, body, apiKey }));
  // From the exchange: a transfer action to the relayer account, memo = the request id.
  if (body.originChainId === externalExchange.chainId)
    return withNotSimulated(body, await handleExchangeQuote({ context, body, apiKey }));
  // To Bitcoin or the exchange: an EVM deposit, paid out by the solver on the non-EVM chain.
  if (body.destinationChainId === bitcoin.chainId || body.destinationChainId === externalExchange.chainId)
    return withNotSimulated(body, await handleExternalDestinationQuote({ context, body, apiKey }));
  const { priced, origin, reads } = await priceAndRead(context, body);
  const destination = context.chains.get(priced.destinationChainId) as ApiChain;
  const requestId = bytesToHex(randomBytes(32));
  const now = Date.now();
  const { expiresAt, deadline } = quoteDeadline({ now, ttl: body.ttl });
  const { orderData, orderId, orderSignature } = await signQuoteOrder({
    priced,
    originSlug: origin.name,
    destinationSlug: destination.name,
    deadline,
    solver: context.solver,
    chains: toOrderChains({ chains: buildChainsResponse(context) }),
    // Signed only on request, as the live service does: without `includeProtocolData` the quote
    // carries the order and its id, not the signature.
    sign: body.includeProtocolData === true,
  });
  const depositAddress =
    priced.depositAddressType === undefined
      ? undefined
      : {
          address: await computeDepositAddress(origin, orderId, priced.user),
          depositAddressType: priced.depositAddressType,
          depositor: priced.user,
          depositTxHash: null,
        };
  context.store.create(
    createDevnetRequest({
      requestId,
      status: "waiting",
      apiKey,
      referrer: body.referrer ?? null,
      originChainId: priced.originChainId,
      destinationChainId: priced.destinationChainId,
      user: priced.user,
      recipient: priced.recipient,
      refundTo: priced.refundTo,
      originCurrency: priced.currencyIn.address,
      destinationCurrency: priced.currencyOut.address,
      amountIn: priced.amountIn,
      amountOut: priced.amountOut,
      txs: priced.txs,
      createdAt: now,
      expiresAt,
      orderId,
      depositAddress,
      appFeeBps: priced.appFeeBps,
      appFees: priced.appFees.flatMap(({ recipient, bps }) => (recipient ? [{ recipient, bps }] : [])),
      gasTopup: priced.gasTopup?.amount,
      subsidized: priced.fees.subsidized,
      useFallbacks: body.useFallbacks === true,
      txsGasLimit: "txsGasLimit" in body ? body.txsGasLimit : undefined,
      orderData,
    }),
  );
  if (depositAddress)
    await origin.depositAddresses.watch({
      requestId,
      orderId,
      address: depositAddress.address,
      depositor: depositAddress.depositor,
    });
  const depository = origin.contracts.depository;
  const authorization: PermitAuthorization | undefined = priced.usePermit
    ? {
        chainId: origin.chainId,
        token: priced.currencyIn.address,
        tokenName: priced.currencyIn.name,
        from: priced.user,
        to: context.solver.address,
        value: priced.amountIn,
        validAfter: 0n,
        // permitExpiry seconds from now (10 minutes by default, as live), never past the order's deadline.
        validBefore: BigInt(Math.min(deadline, Math.floor(now / 1000) + (priced.permitExpiry ?? 600))),
        nonce: orderId,
      }
    : undefined;
  if (authorization) context.permits.add(requestId, authorization);
  return withNotSimulated(
    body,
    renderQuoteBody({
      priced,
      reads,
      nativeIn: nativeOf(context, origin),
      url: context.url,
      requestId,
      steps: authorization
        ? [buildPermitStep({ requestId, authorization, currency: priced.currencyIn })]
        : buildQuoteSteps({
            priced,
            requestId,
            orderId,
            depository,
            needsApproval: reads.needsApproval && !depositAddress,
            depositAddress: depositAddress?.address,
          }),
      orderId,
      orderData,
      depository,
      orderSignature,
      sponsor: priced.fees.subsidized > 0n ? devnetSponsorAddress : undefined,
    }),
  );
}

async function priceAndRead(context: DevnetContext, body: QuoteRequest) {
  const priced = priceQuote({
    body,
    chainIds: [...context.chains.keys()],
    currencies: context.currencies,
    swaps: context.swaps,
  });
  const origin = context.chains.get(priced.originChainId) as ApiChain;
  const { currencyIn, user, amountIn } = priced;
  const [allowance, userBalance, gasPrice] = await Promise.all([
    currencyIn.isNative
      ? undefined
      : readAllowance({
          request: origin.request,
          token: currencyIn.address,
          owner: user,
          spender: origin.contracts.depository,
        }),
    readBalance({ request: origin.request, currency: currencyIn.address, owner: user }),
    origin.request({ method: "eth_gasPrice" }).then((price) => hexToBigInt(price as Hex)),
  ]);
  const reads: QuoteChainReads = {
    gasPrice,
    userBalance,
    needsApproval: allowance !== undefined && allowance < amountIn,
  };
  return { priced, origin, reads };
}

/** The CREATE2 deposit address of an order and depositor, as the chain's factory computes it. */
async function computeDepositAddress(chain: ApiChain, orderId: Hex, depositor: Address): Promise<Address> {
  const result = (await chain.request({
    method: "eth_call",
    params: [
      {
        to: chain.contracts.depositAddressFactory,
        data: encodeFunctionData({
          abi: devnetDepositAddressFactoryAbi,
          functionName: "computeDepositAddress",
          args: [orderId, depositor],
        }),
      },
      "latest",
    ],
  })) as Hex;
  return decodeFunctionResult({
    abi: devnetDepositAddressFactoryAbi,
    functionName: "computeDepositAddress",
    data: result,
  });
}

function nativeOf(context: DevnetContext, chain: ApiChain): DevnetCurrency {
  return context.currencies.find((c) => c.chainId === chain.chainId && c.isNative) as DevnetCurrency;
}
