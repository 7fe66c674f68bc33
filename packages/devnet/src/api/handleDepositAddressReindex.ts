import type { DepositAddressReindexRequest, responseSchemas } from "attestkit/schemas";
import type * as z from "zod";
import { sweepDepositAddress } from "../solver/sweepDepositAddress.js";
import { readCheckedBalance } from "./readCheckedBalance.js";
import { resolveReindexTarget } from "./resolveReindexTarget.js";
import type { DevnetContext } from "./types.js";

/** What the reindex reads and does on the devnet: its requests, EVM chains (reads, sweeps), currencies, log. */
export type DepositAddressReindexDeps = Pick<DevnetContext, "store" | "chains" | "currencies" | "log">;

export type HandleDepositAddressReindexParameters = {
  context: DepositAddressReindexDeps;
  /** The validated body. */
  body: DepositAddressReindexRequest;
};

/**
 * Answers `POST /transactions/deposit-address/reindex` (the official SDK's API types) for an EVM
 * deposit address the devnet made (`resolveReindexTarget`): reads the address's balance of each
 * currency checked and, when any is above zero, sweeps the address into the depository under the
 * request's order id (`sweepDepositAddress`, what the watcher does on a transfer it sees), waiting
 * for the sweep to be mined; the depository's indexer then takes the deposit like any other. A
 * balance that cannot be read counts in `failedCurrencies`. `sweep` is ignored (deprecated).
 *
 * @param parameters - {@link HandleDepositAddressReindexParameters}
 * @returns `{ message, triggeredCurrencies, checkedCurrencies, failedCurrencies }`.
 * @throws DevnetApiError as `resolveReindexTarget` does (404 `DEPOSIT_ADDRESS_NOT_FOUND`, 400
 * `NOT_SIMULATED`, 400 `UNSUPPORTED_CURRENCY`).
 * @example
 * c.json(await handleDepositAddressReindex({ context, body: { chainId: 31337, depositAddress } }))
 */
export async function handleDepositAddressReindex({ context, body }: HandleDepositAddressReindexParameters) {
  const { request, chain, currencies } = resolveReindexTarget(context, body);
  const { address, depositor } = request.depositAddress;
  const balances = await Promise.all(
    currencies.map((currency) => readCheckedBalance({ request: chain.request, currency, owner: address })),
  );
  const triggered = balances.flatMap(({ currency, balance }) =>
    balance !== undefined && balance > 0n ? [{ currency, balance }] : [],
  );
  if (triggered.length > 0)
    await sweepDepositAddress({
      sender: chain.sender,
      factory: chain.contracts.depositAddressFactory,
      tokens: [chain.contracts.token],
      entry: { requestId: request.requestId, orderId: request.orderId, address, depositor },
      log: context.log,
    });
  const symbols = triggered.map(({ currency }) => currency.symbol).join(" and ");
  return {
    message:
      triggered.length > 0
        ? `Swept ${symbols} of ${address} into the depository.`
        : `${address} holds none of the currencies checked: nothing to withdraw.`,
    triggeredCurrencies: triggered.map(({ currency, balance }) => ({
      currency: currency.address,
      symbol: currency.symbol,
      balance: balance.toString(),
    })),
    checkedCurrencies: currencies.length,
    failedCurrencies: balances.filter(({ balance }) => balance === undefined).length,
  } satisfies z.input<typeof responseSchemas.depositAddressReindex>;
}
