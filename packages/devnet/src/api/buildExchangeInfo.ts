import { externalExchange } from "attestkit/chains";
import { exchangePathPrefix } from "../constants.js";
import { exchangeSolverAccount, exchangeTestAccounts } from "../exchange/constants.js";
import type { DevnetExchange } from "./types.js";

/**
 * The `exchange` part of `GET /devnet/info`: the exchange's id, its transfer API, the relayer's
 * account index, and the public test accounts of the devnet ledger (index and API key) with their
 * USDC balance (smallest units, decimal string).
 *
 * @param url - The devnet's URL.
 * @param exchange - The running exchange. {@link DevnetExchange}
 * @returns The exchange info.
 * @example
 * buildExchangeInfo(context.url, context.exchange).relayerAccountIndex // 1000
 */
export function buildExchangeInfo(url: string, exchange: DevnetExchange) {
  return {
    chainId: externalExchange.chainId,
    apiUrl: `${url}${exchangePathPrefix}`,
    relayerAccountIndex: exchangeSolverAccount.accountIndex,
    testAccounts: exchangeTestAccounts.map(({ accountIndex, apiKey }) => ({
      accountIndex,
      apiKey,
      balance: exchange.ledger.balance({ accountIndex, assetIndex: 0 }).toString(),
    })),
  };
}
