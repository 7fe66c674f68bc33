import { randomBytes } from "node:crypto";
import { sha256 } from "@noble/hashes/sha2.js";
import { utf8 } from "@scure/base";
import { type Address, bytesToHex, formatUnits, getAddress, isAddress } from "viem";
import type * as z from "zod";
import { bitcoinBalance } from "../../chains/bitcoin/bitcoinBalance.js";
import { bitcoin } from "../../chains/bitcoin/constants.js";
import { isBitcoinAddress } from "../../chains/bitcoin/isBitcoinAddress.js";
import { toOrderChains } from "../../orders/toOrderChains.js";
import type { QuoteRequest } from "../../schemas/index.js";
import type { responseSchemas } from "../../schemas/responses.js";
import { buildDepositPsbt } from "../bitcoin/buildDepositPsbt.js";
import { deriveBitcoinWallet } from "../bitcoin/deriveBitcoinWallet.js";
import { InsufficientBitcoinFundsError } from "../bitcoin/errors.js";
import { devnetBitcoinSlug } from "../constants.js";
import type { DevnetCurrency } from "../pricing/devnetCurrencies.js";
import { plainPricedQuote } from "../quote/plainPricedQuote.js";
import { quoteDeadline } from "../quote/quoteDeadline.js";
import { renderPriceBody } from "../quote/renderPriceBody.js";
import { renderProtocol } from "../quote/renderProtocol.js";
import { signQuoteOrder } from "../quote/signQuoteOrder.js";
import { createDevnetRequest } from "../state/createDevnetRequest.js";
import { buildChainsResponse } from "./buildChainsResponse.js";
import { priceExternalRoute } from "./priceExternalRoute.js";
import { quoteBadRequest } from "./quoteBadRequest.js";
import { resolveEvmDestination } from "./resolveEvmDestination.js";
import type { DevnetBitcoin, DevnetContext } from "./types.js";

/** Fixed devnet price of BTC, micro-USD per whole coin: $100,000. */
export const devnetBitcoinPriceUsdMicros = 100_000_000_000n;

/** Native BTC as the devnet prices it (its identifier is a bech32 string, not an EVM address). */
export const devnetBitcoinCurrency: DevnetCurrency = {
  chainId: bitcoin.chainId,
  address: bitcoin.nativeCurrency as Address,
  symbol: bitcoin.symbol,
  name: "Bitcoin",
  decimals: bitcoin.decimals,
  groupID: "btc",
  priceUsdMicros: devnetBitcoinPriceUsdMicros,
  isNative: true,
};

export type HandleBitcoinQuoteParameters = {
  context: DevnetContext;
  /** A body the shared quote schema accepted, with `originChainId` 8253038. */
  body: QuoteRequest;
  apiKey: string | undefined;
};

/**
 * Answers `POST /quote/v2` from Bitcoin (8253038) to an EVM chain of the devnet: prices the route
 * with the devnet's fee model (BTC at $100,000), checks the user's balance by the interface's rule
 * (funded − spent − mempool spent; `INSUFFICIENT_FUNDS` below the input), stores a `waiting`
 * request, and returns one `deposit` step whose item carries `data.psbt`: a real unsigned PSBT
 * (`buildDepositPsbt`) spending the user's outputs, paying the solver's deposit address, binding the
 * request with `OP_RETURN <request id>` and returning the change. Refunds go to `refundTo` (a
 * Bitcoin address), else the user. The quote carries its order (`protocol.v2`, input on
 * `devnet-bitcoin`, `paymentDetails.depository` the solver's deposit address), signed when
 * `includeProtocolData` asks.
 * With `useDepositAddress` (and `refundTo`, required), the request gets its own P2WPKH deposit
 * address (strict: less than quoted is refunded, more is filled and the excess refunded), the step's
 * `depositAddress` names it and the PSBT pays it; the solver watches it.
 *
 * @param parameters - {@link HandleBitcoinQuoteParameters}
 * @returns The quote body.
 * @throws DevnetApiError 400: `UNSUPPORTED_CHAIN`, `UNSUPPORTED_CURRENCY`, `INVALID_ADDRESS`,
 * `INVALID_RECIPIENT`, `INVALID_EXTRA_TXS`, `UNSUPPORTED_EXECUTION_TYPE`, `AMOUNT_TOO_LOW`,
 * `INSUFFICIENT_FUNDS`.
 * @example
 * c.json(await handleBitcoinQuote({ context, body, apiKey }))
 */
export async function handleBitcoinQuote({ context, body, apiKey }: HandleBitcoinQuoteParameters) {
  const btc = context.bitcoin;
  if (!btc)
    throw quoteBadRequest("UNSUPPORTED_CHAIN", `Chain ${bitcoin.chainId} is not running on this devnet.`);
  const { destination, currencyOut } = resolveEvmDestination({ context, body, from: "Bitcoin" });
  if (body.originCurrency !== bitcoin.nativeCurrency)
    throw quoteBadRequest(
      "UNSUPPORTED_CURRENCY",
      `Currency ${body.originCurrency} is not supported on chain ${bitcoin.chainId}; use ${bitcoin.nativeCurrency} (BTC).`,
    );
  const user = body.user;
  if (!isBitcoinAddress({ address: user, network: "mainnet" }))
    throw quoteBadRequest(
      "INVALID_ADDRESS",
      "user must be a Bitcoin mainnet address (bc1…) for a quote from Bitcoin.",
    );
  if (body.recipient === undefined || !isAddress(body.recipient, { strict: false }))
    throw quoteBadRequest("INVALID_RECIPIENT", "recipient must be an EVM address on the destination chain.");
  const refundTo = body.refundTo ?? user;
  if (!isBitcoinAddress({ address: refundTo, network: "mainnet" }))
    throw quoteBadRequest(
      "INVALID_ADDRESS",
      "refundTo must be a Bitcoin mainnet address: refunds are paid in BTC.",
    );
  if ((body.txs ?? []).length > 0)
    throw quoteBadRequest("INVALID_EXTRA_TXS", "txs are not supported on quotes from Bitcoin by the devnet.");
  const useDepositAddress = body.useDepositAddress === true;
  if (useDepositAddress && body.refundTo === undefined)
    throw quoteBadRequest("INVALID_ADDRESS", "refundTo is needed with useDepositAddress from Bitcoin.");

  const { amountIn, amountOut, fees } = priceExternalRoute({
    body,
    currencyIn: devnetBitcoinCurrency,
    currencyOut,
  });
  const slippageBps = BigInt(body.slippageTolerance ?? "0");
  const balance = bitcoinBalanceOf(btc, user);
  if (balance < amountIn)
    throw quoteBadRequest(
      "INSUFFICIENT_FUNDS",
      `${user} holds ${formatUnits(balance, 8)} BTC by the balance rule (funded − spent − mempool spent); the quote needs ${formatUnits(amountIn, 8)} BTC.`,
    );
  const requestId = bytesToHex(randomBytes(32));
  // A deposit address is the request's own: a P2WPKH address of a key derived from the request id.
  const depositAddress = useDepositAddress
    ? deriveBitcoinWallet({
        privateKey: sha256(utf8.decode(`attestkit devnet bitcoin deposit address ${requestId}`)),
      }).p2wpkhAddress
    : undefined;
  let psbt: string;
  try {
    psbt = buildDepositPsbt({
      utxos: btc.chain.getUtxos(user).map(({ txid, vout, value, script }) => ({ txid, vout, value, script })),
      depositAddress: depositAddress ?? btc.solverWallet.p2wpkhAddress,
      amount: amountIn,
      requestId,
      changeAddress: user,
      feeRate: btc.chain.feeRate,
    }).psbt;
  } catch (error) {
    if (error instanceof InsufficientBitcoinFundsError)
      throw quoteBadRequest(
        "INSUFFICIENT_FUNDS",
        `${user} cannot cover the deposit and its fee: ${error.shortMessage}`,
      );
    throw error;
  }
  const recipient = getAddress(body.recipient);
  const now = Date.now();
  const { expiresAt, deadline } = quoteDeadline({ now, ttl: body.ttl });
  const priced = plainPricedQuote({
    originChainId: bitcoin.chainId,
    destinationChainId: destination.chainId,
    currencyIn: devnetBitcoinCurrency,
    currencyOut,
    user: user as Address,
    recipient,
    refundTo: refundTo as Address,
    amountIn,
    amountOut,
    slippageBps,
    fees,
  });
  const { orderData, orderId, orderSignature } = await signQuoteOrder({
    priced,
    originSlug: devnetBitcoinSlug,
    destinationSlug: destination.name,
    deadline,
    solver: context.solver,
    chains: toOrderChains({ chains: buildChainsResponse(context) }),
    sign: body.includeProtocolData === true,
  });
  // The request record types addresses as EVM ones; on this route user and refundTo are bech32.
  context.store.create(
    createDevnetRequest({
      requestId,
      status: "waiting",
      apiKey,
      referrer: body.referrer ?? null,
      originChainId: bitcoin.chainId,
      destinationChainId: destination.chainId,
      user: user as Address,
      recipient,
      refundTo: refundTo as Address,
      originCurrency: devnetBitcoinCurrency.address,
      destinationCurrency: currencyOut.address,
      amountIn,
      amountOut,
      createdAt: now,
      expiresAt,
      orderId,
      orderData,
      ...(depositAddress
        ? {
            depositAddress: {
              address: depositAddress as Address,
              depositAddressType: "strict" as const,
              depositor: user as Address,
              depositTxHash: null,
            },
          }
        : {}),
    }),
  );
  if (depositAddress) btc.depositAddresses.set(depositAddress, requestId);
  const rendered = renderPriceBody({
    priced,
    reads: { gasPrice: 0n, userBalance: balance, needsApproval: false },
    nativeIn: devnetBitcoinCurrency,
    url: context.url,
  });
  return {
    requestId,
    steps: [
      {
        id: "deposit",
        action: "Confirm transaction in your wallet",
        description: `Depositing ${formatUnits(amountIn, 8)} BTC`,
        kind: "transaction",
        requestId,
        // With useDepositAddress: any payment of the amount to it funds the request (the PSBT is one way).
        depositAddress: depositAddress ?? "",
        items: [
          {
            status: "incomplete",
            data: { psbt },
            check: { endpoint: `/intents/status/v3?requestId=${requestId}`, method: "GET" },
          },
        ],
      },
    ],
    fees: rendered.fees,
    details: {
      ...rendered.details,
      timeEstimate: btc.blockTimeMs > 0 ? Math.ceil(btc.blockTimeMs / 1000) : 1,
    },
    // The depository of Bitcoin is the solver's deposit address (GET /chains protocol.v2.depository).
    protocol: renderProtocol({
      orderId,
      orderData,
      orderSignature,
      depository: btc.solverWallet.p2wpkhAddress,
    }),
  } satisfies z.input<typeof responseSchemas.quote>;
}

/** Satoshis of an address by the interface's balance rule. */
export function bitcoinBalanceOf(btc: DevnetBitcoin, address: string): bigint {
  const { chain, mempool } = btc.chain.getAddressStats(address);
  return bitcoinBalance({
    funded: chain.fundedTxoSum,
    spent: chain.spentTxoSum,
    pendingSpent: mempool.spentTxoSum,
  });
}
