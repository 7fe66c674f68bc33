import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Hex } from "viem";
import type * as z from "zod";
import { bitcoinBalance } from "../../chains/bitcoin/bitcoinBalance.js";
import { bitcoin } from "../../chains/bitcoin/constants.js";
import { externalExchange } from "../../chains/exchange/constants.js";
import { InvalidRequestError } from "../../schemas/errors.js";
import type { CurrenciesRequest, QuoteRequest, RequestsRequest } from "../../schemas/index.js";
import { requestsRequestSchema } from "../../schemas/requests.js";
import type { responseSchemas } from "../../schemas/responses.js";
import { validateRequest } from "../../schemas/validateRequest.js";
import { esploraPathPrefix } from "../bitcoin/constants.js";
import type { BitcoinChain } from "../bitcoin/createBitcoinChain.js";
import { createEsploraApp } from "../bitcoin/createEsploraApp.js";
import {
  devnetTestAccounts,
  exchangePathPrefix,
  testAccountNativeBalance,
  testAccountTokenBalance,
} from "../constants.js";
import { DevnetApiError } from "../errors.js";
import { exchangeSolverAccount, exchangeTestAccounts } from "../exchange/constants.js";
import { createExchangeApp } from "../exchange/createExchangeApp.js";
import { notSimulatedHeader } from "../quote/notSimulatedFields.js";
import { toStatusBody } from "../state/toStatusBody.js";
import { buildAttestation } from "./buildAttestation.js";
import { buildChainsResponse } from "./buildChainsResponse.js";
import { checkLocalRequest } from "./checkLocalRequest.js";
import { handleAppFeeBalances, handleAppFeeClaim, handleAppFeeClaimExecute } from "./handleAppFees.js";
import { handlePermit } from "./handlePermit.js";
import { handlePrice, handleQuote } from "./handleQuote.js";
import { handleRequests } from "./handleRequests.js";
import { handleRpc } from "./handleRpc.js";
import { handleSameChainTransaction } from "./handleSameChainTransaction.js";
import { indexBitcoinTransaction } from "./indexBitcoinTransaction.js";
import { listDevnetCurrencies } from "./listDevnetCurrencies.js";
import { readJsonBody } from "./readJsonBody.js";
import { registerIncidentRoutes } from "./registerIncidentRoutes.js";
import { registerInspectionRoutes } from "./registerInspectionRoutes.js";
import { registerPriceRoutes } from "./registerPriceRoutes.js";
import { registerSdkRoutes } from "./registerSdkRoutes.js";
import { requestNotFound } from "./requestNotFound.js";
import { listNotSimulatedCurrencyFields, searchCurrencies } from "./searchCurrencies.js";
import { toInvalidRequestCode } from "./toInvalidRequestCode.js";
import type { DevnetContext } from "./types.js";

/** An error body, as the schemas define it. */
type ErrorBody = z.input<typeof responseSchemas.error>;

/** Endpoints whose error body says `code` (the signature style) instead of `errorCode`. */
type ErrorStyle = "errorCode" | "code";

/**
 * Builds the devnet's HTTP app: every endpoint of the interface at the root, JSON-RPC of each chain
 * at `POST /rpc/<chainId>`, the Bitcoin chain's Esplora-compatible API under `/bitcoin/api`, the
 * external exchange's transfer API under `/exchange/api`, and `GET /devnet/info`. Bodies are validated with the shared request
 * schemas; failures answer 400 `{message, errorCode}` (quote, price, currencies, indexing) or
 * `{message, code}` (status, signature), unknown request ids 404, and callers over their rate limit
 * 429 `{message}` with `Retry-After`. JSON-RPC, the Esplora and exchange APIs and `/devnet/*` are
 * not rate limited. Before anything else, a request from a web page other than the devnet's own is
 * refused (`checkLocalRequest`: 403 `FORBIDDEN_HOST` or `FORBIDDEN_ORIGIN`, 415
 * `UNSUPPORTED_MEDIA_TYPE` for a body that is not JSON), and JSON-RPC serves the chain-admin
 * methods only with `rpcAdmin`.
 *
 * @param context - {@link DevnetContext}
 * @returns The Hono app.
 * @example
 * const app = createDevnetApp(context)
 * serve({ fetch: app.fetch, hostname: "127.0.0.1", port })
 */
export function createDevnetApp(context: DevnetContext): Hono {
  const app = new Hono();

  // First of all: no web page but the devnet's own may use it (checkLocalRequest).
  app.use("*", async (c, next) => {
    const refusal = checkLocalRequest({
      method: c.req.method,
      path: c.req.path,
      host: c.req.header("host"),
      origin: c.req.header("origin"),
      contentType: c.req.header("content-type"),
      hasBody:
        c.req.header("transfer-encoding") !== undefined || Number(c.req.header("content-length") ?? 0) > 0,
    });
    if (refusal)
      return c.json(
        { message: refusal.message, errorCode: refusal.errorCode } satisfies ErrorBody,
        refusal.status,
      );
    return next();
  });

  // Before anything reads a body: a body over the limit is refused (413) without being read further.
  app.use(
    "*",
    bodyLimit({
      maxSize: context.maxBodyBytes,
      onError: (c) =>
        c.json(
          {
            message: `The request body is larger than ${context.maxBodyBytes} bytes.`,
            errorCode: "REQUEST_TOO_LARGE",
          } satisfies ErrorBody,
          413,
          // The rest of the body is not read: the connection cannot carry another request.
          { connection: "close" },
        ),
    }),
  );

  app.use("*", async (c, next) => {
    const path = c.req.path;
    if (
      path.startsWith("/rpc/") ||
      path.startsWith("/devnet/") ||
      path.startsWith(`${esploraPathPrefix}/`) ||
      path.startsWith(`${exchangePathPrefix}/`)
    )
      return next();
    const apiKey = c.req.header("x-api-key") || undefined;
    const retryAfter = context.rateLimiter.take({ apiKey, ip: remoteAddress(c) });
    if (retryAfter > 0)
      return c.json({ message: "Too many requests, retry later" } satisfies ErrorBody, 429, {
        "Retry-After": String(retryAfter),
      });
    return next();
  });

  app.get("/chains", (c) => c.json(buildChainsResponse(context)));

  app.post("/currencies/v1", async (c) => {
    const body = validated<CurrenciesRequest>("currencies", await readJsonBody(c), "errorCode");
    return c.json(
      searchCurrencies({ currencies: listDevnetCurrencies(context), body, url: context.url }),
      200,
      notSimulatedHeaders(listNotSimulatedCurrencyFields(body)),
    );
  });

  app.post("/price", async (c) => {
    const body = validated<QuoteRequest>("price", await readJsonBody(c), "errorCode");
    const answer = await handlePrice({ context, body });
    return c.json(answer, 200, notSimulatedHeaders(answer.details.devnetNotSimulated));
  });

  app.post("/quote/v2", async (c) => {
    const body = validated<QuoteRequest>("quote", await readJsonBody(c), "errorCode");
    const answer = await handleQuote({ context, body, apiKey: apiKeyOf(c) });
    return c.json(answer, 200, notSimulatedHeaders(answer.details.devnetNotSimulated));
  });

  app.post("/execute/permits", async (c) =>
    c.json(await handlePermit({ context, signature: c.req.query("signature"), body: await readJsonBody(c) })),
  );

  app.get("/app-fees/:wallet/balances", (c) =>
    c.json(handleAppFeeBalances({ context, wallet: c.req.param("wallet") })),
  );
  app.post("/app-fees/:wallet/claim", async (c) =>
    c.json(handleAppFeeClaim({ context, wallet: c.req.param("wallet"), body: await readJsonBody(c) })),
  );
  app.post("/app-fees/:wallet/claim/execute", async (c) =>
    c.json(
      await handleAppFeeClaimExecute({
        context,
        wallet: c.req.param("wallet"),
        signature: c.req.query("signature"),
        body: await readJsonBody(c),
      }),
    ),
  );

  const status = (c: Context) => {
    // Like the live service: `referrer` is accepted, other query parameters are ignored.
    const { requestId } = validated<{ requestId: Hex }>(
      "status",
      known(c.req.query(), ["requestId", "referrer"]),
      "code",
    );
    const request = context.store.get(requestId);
    if (!request) throw requestNotFound(requestId, "code");
    return c.json(toStatusBody(request));
  };
  app.get("/intents/status/v3", status);
  app.get("/intents/status", status);

  app.get("/requests/v3", (c) => {
    // Like the live service: known parameters are checked, unknown ones ignored.
    const query = validated<RequestsRequest>(
      "requests",
      known(c.req.query(), Object.keys(requestsRequestSchema.shape)),
      "errorCode",
    );
    return c.json(
      handleRequests({
        requests: context.store.all(),
        query,
        apiKey: apiKeyOf(c),
        currencies: context.currencies,
        depositoryOf: (chainId) => context.chains.get(chainId)?.contracts.depository,
        solver: context.solver.address,
        url: context.url,
      }),
    );
  });

  const signature = (version: "v1" | "v2") => async (c: Context) => {
    const { requestId } = validated<{ requestId: Hex }>(
      "attestation",
      { requestId: c.req.param("requestId") },
      "code",
    );
    const request = context.store.get(requestId);
    if (!request) throw requestNotFound(requestId, "code");
    return c.json(await buildAttestation({ request, version, solver: context.solver }));
  };
  app.get("/requests/:requestId/signature", signature("v1"));
  app.get("/requests/:requestId/signature/v2", signature("v2"));

  // The official SDK's report of a same-chain (self-executed) transaction.
  app.post("/transactions/single", async (c) =>
    c.json(await handleSameChainTransaction({ context, body: await readJsonBody(c) })),
  );

  app.post("/transactions/index", async (c) => {
    // Like the live service: unknown fields are ignored.
    const body = validated<{ chainId: number | string; txHash: string }>(
      "transactionsIndex",
      known(await readJsonBody(c), ["chainId", "txHash", "requestId", "referrer"]),
      "errorCode",
    );
    if (Number(body.chainId) === bitcoin.chainId && context.bitcoin)
      return c.json(indexBitcoinTransaction({ context, bitcoin: context.bitcoin, txHash: body.txHash }));
    const chain = context.chains.get(Number(body.chainId));
    if (!chain)
      throw new DevnetApiError({
        status: 400,
        errorCode: "UNSUPPORTED_CHAIN",
        message: `Chain ${body.chainId} is not a devnet chain.`,
      });
    if (!/^0x[0-9a-fA-F]{64}$/.test(body.txHash))
      throw new DevnetApiError({
        status: 400,
        errorCode: "INVALID_REQUEST",
        message: "txHash must be 0x and 64 hex digits.",
      });
    const txHash = body.txHash as Hex;
    const deposits = await chain.indexer.indexTransaction(txHash);
    if (deposits === null) {
      // Sent but not mined yet (interval mining): accepted, indexed once it is in a block.
      const sent = await chain.request({ method: "eth_getTransactionByHash", params: [txHash] });
      if (!sent)
        throw new DevnetApiError({
          status: 404,
          errorCode: "TRANSACTION_NOT_FOUND",
          message: `Transaction ${txHash} is unknown to chain ${chain.chainId}.`,
        });
      if (!context.indexQueue.add(chain.chainId, txHash))
        throw new DevnetApiError({
          status: 429,
          errorCode: "TOO_MANY_PENDING_TRANSACTIONS",
          message: "Too many transactions wait for their block, retry later",
          headers: { "Retry-After": "1" },
        });
      return c.json({
        message: "Transaction not mined yet: it will be indexed once it is in a block",
      } satisfies z.input<typeof responseSchemas.transactionsIndex>);
    }
    return c.json({
      message: deposits.length > 0 ? "Transaction indexed" : "Transaction has no deposit",
      deposits: deposits.map((deposit) => ({
        // The request the id names (an order id resolves to its request); an id no quote knows
        // becomes the id of the request that refunds it.
        requestId: context.store.findByDepositId(deposit.id)?.requestId ?? deposit.id,
        currency: deposit.currency,
        amount: deposit.amount.toString(),
        from: deposit.from,
      })),
    } satisfies z.input<typeof responseSchemas.transactionsIndex>);
  });

  registerInspectionRoutes(app, context);
  registerIncidentRoutes(app, context);
  registerSdkRoutes(app, context);
  registerPriceRoutes(app, context);
  app.get("/devnet/info", (c) => c.json(devnetInfo(context)));
  app.get("/devnet/webhooks", (c) =>
    c.json({
      deliveries: context.outbox.deliveries().map(({ body: _body, ...delivery }) => delivery),
    }),
  );
  app.post("/devnet/webhooks/:id/replay", (c) => {
    const id = c.req.param("id");
    const result = context.outbox.replay(id);
    if ("error" in result)
      return result.error === "not-found"
        ? c.json(
            { message: `No webhook delivery ${id}.`, code: "DELIVERY_NOT_FOUND" } satisfies ErrorBody,
            404,
          )
        : c.json(
            {
              message: `Webhook delivery ${id} has not failed: only failed deliveries are replayed.`,
              code: "DELIVERY_NOT_FAILED",
            } satisfies ErrorBody,
            409,
          );
    const { body: _body, ...delivery } = result.delivery;
    return c.json({ delivery }, 202);
  });
  app.get("/devnet/icons/:file", (c) => {
    const label = (c.req.param("file") ?? "")
      .replace(/\.svg$/, "")
      .slice(0, 4)
      .toUpperCase();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="#627eea"/><text x="32" y="38" font-size="16" text-anchor="middle" fill="#fff">${label.replace(/[^A-Z0-9]/g, "")}</text></svg>`;
    return c.body(svg, 200, { "content-type": "image/svg+xml" });
  });

  if (context.bitcoin) app.route(esploraPathPrefix, createEsploraApp(context.bitcoin.chain));
  if (context.exchange) app.route(exchangePathPrefix, createExchangeApp(context.exchange.ledger));

  app.post("/rpc/:chainId", async (c) => {
    const chain = context.chains.get(Number(c.req.param("chainId")));
    if (!chain)
      return c.json(
        { message: `No devnet chain ${c.req.param("chainId")}`, code: "NOT_FOUND" } satisfies ErrorBody,
        404,
      );
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return c.json({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
    }
    return c.json(await handleRpc({ chain, body, admin: context.rpcAdmin }));
  });

  app.notFound((c) =>
    c.json({ message: `No route ${c.req.method} ${c.req.path}`, code: "NOT_FOUND" } satisfies ErrorBody, 404),
  );
  app.onError((error, c) => {
    if (error instanceof DevnetApiError) return c.json(error.body, error.status, error.headers);
    context.log(
      `${c.req.method} ${c.req.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return c.json({ message: "Internal error", errorCode: "UNKNOWN_ERROR" } satisfies ErrorBody, 500);
  });
  return app;
}

/**
 * Keeps the known keys of a query or JSON body (unknown ones are ignored, as the live service does);
 * anything but a plain object is returned as is, for the schema to refuse.
 */
function known(body: unknown, keys: readonly string[]): unknown {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  return Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key]]));
}

/** The `x-devnet-not-simulated` header, when the body had fields the devnet does not simulate. */
function notSimulatedHeaders(fields: readonly string[] | undefined): Record<string, string> {
  return fields && fields.length > 0 ? { [notSimulatedHeader]: fields.join(",") } : {};
}

function apiKeyOf(c: Context): string | undefined {
  return c.req.header("x-api-key") || undefined;
}

function remoteAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

function validated<value>(
  endpoint: "currencies" | "price" | "quote" | "status" | "attestation" | "transactionsIndex" | "requests",
  body: unknown,
  style: ErrorStyle,
): value {
  try {
    return validateRequest({ endpoint, body }) as value;
  } catch (error) {
    if (!(error instanceof InvalidRequestError)) throw error;
    const code = style === "code" ? "INVALID_REQUEST_ID" : toInvalidRequestCode({ field: error.field });
    return badRequest(error.shortMessage, code, style);
  }
}

function badRequest(message: string, code: string, style: ErrorStyle): never {
  throw new DevnetApiError({ status: 400, message, ...(style === "code" ? { code } : { errorCode: code }) });
}

/** What `GET /devnet/info` tells of the devnet. */
type DevnetInfoDeps = Pick<
  DevnetContext,
  | "url"
  | "originChainId"
  | "destinationChainId"
  | "blockTimeMs"
  | "chains"
  | "solver"
  | "bitcoin"
  | "exchange"
  | "webhooks"
  | "webhookHeaders"
>;

function devnetInfo(context: DevnetInfoDeps) {
  return {
    url: context.url,
    webSocketUrl: context.url.replace(/^http/, "ws"),
    originChainId: context.originChainId,
    destinationChainId: context.destinationChainId,
    mining:
      context.blockTimeMs === null
        ? { mode: "instant" }
        : { mode: "interval", blockTimeMs: context.blockTimeMs },
    chains: [...context.chains.values()].map((chain) => ({
      chainId: chain.chainId,
      name: chain.name,
      role: chain.role,
      rpcUrl: chain.rpcUrl,
      contracts: chain.contracts,
    })),
    solver: { address: context.solver.address },
    testAccounts: devnetTestAccounts.map((account) => ({
      ...account,
      nativeBalance: testAccountNativeBalance.toString(),
      tokenBalance: testAccountTokenBalance.toString(),
    })),
    ...(context.bitcoin
      ? {
          bitcoin: {
            chainId: bitcoin.chainId,
            esploraUrl: `${context.url}${esploraPathPrefix}`,
            blockTimeMs: context.bitcoin.blockTimeMs,
            height: context.bitcoin.chain.height(),
            highValueThreshold: context.bitcoin.highValueThreshold.toString(),
            solver: { address: context.bitcoin.solverWallet.p2wpkhAddress },
            // Public test keys, funded at genesis on this chain only.
            testWallets: context.bitcoin.chain.wallets.map((wallet) => ({
              p2wpkhAddress: wallet.p2wpkhAddress,
              p2trAddress: wallet.p2trAddress,
              privateKey: wallet.privateKey,
              wif: wallet.wif,
              publicKey: wallet.publicKey,
              balances: {
                p2wpkh: bitcoinBalanceOf(context.bitcoin?.chain, wallet.p2wpkhAddress),
                p2tr: bitcoinBalanceOf(context.bitcoin?.chain, wallet.p2trAddress),
              },
            })),
          },
        }
      : {}),
    ...(context.exchange
      ? {
          exchange: {
            chainId: externalExchange.chainId,
            apiUrl: `${context.url}${exchangePathPrefix}`,
            relayerAccountIndex: exchangeSolverAccount.accountIndex,
            // Public test keys of the devnet ledger.
            testAccounts: exchangeTestAccounts.map(({ accountIndex, apiKey }) => ({
              accountIndex,
              apiKey,
              balance: (context.exchange?.ledger.balance({ accountIndex, assetIndex: 0 }) ?? 0n).toString(),
            })),
          },
        }
      : {}),
    webhooks: [...context.webhooks.entries()].map(([apiKey, url]) => ({
      url,
      // Names only: values may be credentials of a gateway.
      headers: Object.keys(context.webhookHeaders.get(apiKey) ?? {}),
    })),
  };
}

/** Satoshis an address holds by the interface's balance rule (funded − spent − mempool spent). */
function bitcoinBalanceOf(chain: BitcoinChain | undefined, address: string): string {
  if (!chain) return "0";
  const { chain: confirmed, mempool } = chain.getAddressStats(address);
  return bitcoinBalance({
    funded: confirmed.fundedTxoSum,
    spent: confirmed.spentTxoSum,
    pendingSpent: mempool.spentTxoSum,
  }).toString();
}
