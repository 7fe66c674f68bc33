import { bitcoin } from "attestkit/chains";
import type { DepositAddressReindexRequest, responseSchemas } from "attestkit/schemas";
import type * as z from "zod";
import { sweepDepositAddress } from "../solver/sweepDepositAddress.js";
import { readCheckedBalance } from "./readCheckedBalance.js";
import { reindexBitcoinDepositAddress } from "./reindexBitcoinDepositAddress.js";
import { resolveReindexTarget } from "./resolveReindexTarget.js";
import type { DevnetContext } from "./types.js";

/** What the reindex reads and does on the devnet: its requests, EVM chains (reads, sweeps), Bitcoin chain, currencies, log. */
export type DepositAddressReindexDeps = Pick<
  DevnetContext,
  "store" | "chains" | "bitcoin" | "currencies" | "log"
>;

export type HandleDepositAddressReindexParameters = {
  context: DepositAddressReindexDeps;
  /** The validated body. */
  body: DepositAddressReindexRequest;
};

/**
 * Answers `POST /transactions/deposit-address/reindex` (the official SDK's API types) for an EVM
 * deposit address the devnet made (`resolveReindexTarget`): reads the address's balance of each
 * currency checked on `targetChainId` (by default the chain it was made on) and, when any is above
 * zero, sweeps the address there into that chain's depository under the request's order id
 * (`sweepDepositAddress`, what the watcher does on a transfer it sees), waiting for the sweep to be
 * mined; that chain's indexer then takes the deposit like any other: on the chain the address was
 * made on it funds the request, on another one it is refunded to the request's `refundTo`
 * (`DEPOSIT_CHAIN_MISMATCH`, `decidePayment`). A balance that cannot be read counts in
 * `failedCurrencies`. `sweep` is ignored (deprecated). A Bitcoin deposit address is answered by
 * `reindexBitcoinDepositAddress`.
 *
 * @param parameters - {@link HandleDepositAddressReindexParameters}
 * @returns `{ message, triggeredCurrencies, checkedCurrencies, failedCurrencies }`.
 * @throws DevnetApiError as `resolveReindexTarget` and `reindexBitcoinDepositAddress` do (404
 * `DEPOSIT_ADDRESS_NOT_FOUND`, 400 `UNSUPPORTED_CHAIN`, 400 `UNSUPPORTED_CURRENCY`).
 * @example
 * c.json(await handleDepositAddressReindex({ context, body: { chainId: 31337, depositAddress } }))
 */
export async function handleDepositAddressReindex({ context, body }: HandleDepositAddressReindexParameters) {
  if (body.chainId === bitcoin.chainId) return reindexBitcoinDepositAddress(context, body);
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
        ? `Swept ${symbols} of ${address} into the depository${chain.chainId === body.chainId ? "" : ` of chain ${chain.chainId}`}.`
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
