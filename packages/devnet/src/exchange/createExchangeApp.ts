import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ExchangeLedger, ExchangeTransfer } from "./createExchangeLedger.js";
import { ExchangeError } from "./errors.js";

/** A transfer as the API answers it: amounts as decimal strings (they may exceed 2^53). */
export type ExchangeTransferJson = Omit<ExchangeTransfer, "amount" | "usdcFee" | "clientTransferId"> & {
  amount: string;
  usdcFee: string;
  clientTransferId: string | null;
};

/**
 * A transfer in the API's JSON shape.
 *
 * @param transfer - The ledger's transfer.
 * @returns The JSON shape. {@link ExchangeTransferJson}
 */
export function toExchangeTransferJson(transfer: ExchangeTransfer): ExchangeTransferJson {
  return {
    ...transfer,
    amount: transfer.amount.toString(),
    usdcFee: transfer.usdcFee.toString(),
    clientTransferId: transfer.clientTransferId ?? null,
  };
}

function bearerKey(c: Context): string | undefined {
  const header = c.req.header("authorization");
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/**
 * Creates the exchange's HTTP API as a Hono sub-app (to be mounted under a prefix such as
 * `/exchange/api`):
 *
 * - `POST /transfer` with `Authorization: Bearer <API key>` and a JSON body `{toAccountIndex,
 *   assetIndex, fromRouteType, toRouteType, amount, usdcFee, memo, fromAccountIndex?,
 *   clientTransferId?}` (the parameters of a withdrawal step's `transfer` action); answers 200
 *   `{transfer, duplicate}`;
 * - `GET /accounts/:accountIndex`: `{accountIndex, balances: [{assetIndex, routeType, symbol,
 *   decimals, balance}]}` (balances as decimal strings);
 * - `GET /transfers/:transferId`, `GET /assets`.
 *
 * Errors answer `{code, message, field?}` with the status of the code (see `exchangeErrorCodes`).
 *
 * @param ledger - The ledger to serve.
 * @returns The Hono sub-app.
 * @example
 * app.route("/exchange/api", createExchangeApp(ledger))
 */
export function createExchangeApp(ledger: ExchangeLedger): Hono {
  const app = new Hono();

  app.post(
    "/transfer",
    bodyLimit({
      maxSize: 16_384,
      onError: (c) => c.json({ code: "INVALID_REQUEST", message: "Body too large." }, 413),
    }),
    async (c) => {
      const apiKey = bearerKey(c);
      if (apiKey === undefined) throw new ExchangeError({ code: "UNAUTHORIZED" });
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        throw new ExchangeError({ code: "INVALID_REQUEST", detail: "the body is not JSON" });
      }
      const { transfer, duplicate } = ledger.transfer({ apiKey, request: body });
      return c.json({ transfer: toExchangeTransferJson(transfer), duplicate });
    },
  );

  app.get("/accounts/:accountIndex", (c) => {
    const param = c.req.param("accountIndex");
    if (!/^(0|[1-9][0-9]{0,15})$/.test(param) || !Number.isSafeInteger(Number(param)))
      throw new ExchangeError({ code: "INVALID_ACCOUNT_INDEX", field: "accountIndex", value: param });
    const accountIndex = Number(param);
    const balances = ledger.balances(accountIndex);
    if (!balances)
      throw new ExchangeError({ code: "ACCOUNT_NOT_FOUND", field: "accountIndex", value: accountIndex });
    return c.json({
      accountIndex,
      balances: balances.map(({ assetIndex, routeType, balance }) => {
        const asset = ledger.assets.find((candidate) => candidate.assetIndex === assetIndex);
        return {
          assetIndex,
          routeType,
          symbol: asset?.symbol,
          decimals: asset?.decimals,
          balance: balance.toString(),
        };
      }),
    });
  });

  app.get("/transfers/:transferId", (c) => {
    const param = c.req.param("transferId");
    const transfer = /^[1-9][0-9]{0,15}$/.test(param) ? ledger.getTransfer(Number(param)) : undefined;
    if (!transfer) throw new ExchangeError({ code: "TRANSFER_NOT_FOUND", field: "transferId", value: param });
    return c.json(toExchangeTransferJson(transfer));
  });

  app.get("/assets", (c) => c.json(ledger.assets));

  app.onError((error, c) => {
    if (error instanceof ExchangeError)
      return c.json(
        { code: error.code, message: error.shortMessage, ...(error.field ? { field: error.field } : {}) },
        error.status,
      );
    return c.json({ code: "INTERNAL_ERROR", message: "Internal error" }, 500);
  });
  return app;
}
