import { externalExchange } from "attestkit/chains";
import { formatUnits } from "viem";
import { exchangeRouteTypes, exchangeSolverAccount, usdcAssetIndex } from "../exchange/constants.js";
import { buildTransactionStep } from "./buildTransactionStep.js";
import { devnetExchangeUsdcFee } from "./externalQuoteChains.js";
import type { BuildRouteStepsParameters, RouteSteps } from "./types.js";

/**
 * The one step of a quote from the exchange: `deposit`, whose item is the `transfer` action the
 * caller submits to the exchange: `toAccountIndex` the relayer account, `assetIndex` 0, route types
 * 0, `amount`, `usdcFee`, `memo` = the order id (hex): the signed id binds the transfer, as it binds EVM deposits (the
 * interface's text says the request id; a payer's guard cannot trust an unsigned one, and the solver
 * finds a request by either).
 *
 * @param parameters - {@link BuildRouteStepsParameters}
 * @returns The step. {@link RouteSteps}
 * @example
 * const { steps } = await buildExchangeTransferStep({ context, route, requestId, orderId, deadline, now })
 */
export async function buildExchangeTransferStep({
  route: { priced },
  requestId,
  orderId,
}: BuildRouteStepsParameters): Promise<RouteSteps> {
  const { amountIn } = priced;
  return {
    steps: [
      buildTransactionStep({
        id: "deposit",
        action: "Submit the transfer to the exchange",
        description: `Transferring ${formatUnits(amountIn, 6)} USDC-perp to the relayer account`,
        requestId,
        data: {
          action: {
            type: externalExchange.transferActionType,
            parameters: {
              toAccountIndex: exchangeSolverAccount.accountIndex,
              assetIndex: usdcAssetIndex,
              fromRouteType: exchangeRouteTypes.perp,
              toRouteType: exchangeRouteTypes.perp,
              // A JSON number while it is exact, as the live action carries it; else a string.
              amount: amountIn <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(amountIn) : amountIn.toString(),
              usdcFee: Number(devnetExchangeUsdcFee),
              memo: orderId,
            },
          },
        },
      }),
    ],
  };
}
