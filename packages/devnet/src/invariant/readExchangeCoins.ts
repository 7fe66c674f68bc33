import { exchangeSolverAccount } from "../exchange/constants.js";
import type { ExchangeLedger } from "../exchange/createExchangeLedger.js";
import type { ExternalCoins } from "./compareExternalCoins.js";

export type ReadExchangeCoinsParameters = {
  ledger: Pick<ExchangeLedger, "transfers" | "balances">;
  /** The exchange's chain id (3586256). */
  chainId: number;
  /** The solver's relayer account index (default the devnet's, 1000). */
  relayerAccountIndex?: number | undefined;
};

/**
 * Reads what the exchange says of the solver's coins there: the relayer account's balances (every
 * route, by asset index) and every transfer into it from another account (a payment; the relayer's
 * own payments and the faucet's credits are none).
 *
 * @param parameters - {@link ReadExchangeCoinsParameters}
 * @returns The coins, for `compareExternalCoins`. {@link ExternalCoins}
 * @example
 * const coins = readExchangeCoins({ ledger, chainId: 3586256 })
 */
export function readExchangeCoins({
  ledger,
  chainId,
  relayerAccountIndex = exchangeSolverAccount.accountIndex,
}: ReadExchangeCoinsParameters): ExternalCoins {
  const balances = new Map<string, bigint>();
  for (const { assetIndex, balance } of ledger.balances(relayerAccountIndex) ?? [])
    balances.set(`${assetIndex}`, (balances.get(`${assetIndex}`) ?? 0n) + balance);
  const payments = ledger
    .transfers()
    .filter(
      (transfer) =>
        transfer.toAccountIndex === relayerAccountIndex && transfer.fromAccountIndex !== relayerAccountIndex,
    )
    .map((transfer) => ({
      txHash: transfer.hash,
      logIndex: 0,
      from: `${transfer.fromAccountIndex}`,
      currency: `${transfer.assetIndex}`,
      amount: transfer.amount,
    }));
  return { chainId, holder: `${relayerAccountIndex}`, balances, payments };
}
