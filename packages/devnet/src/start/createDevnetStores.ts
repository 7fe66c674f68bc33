import type { DevnetContracts } from "../chains/deployDevnetContracts.js";
import { type DevnetCurrency, devnetCurrencies } from "../quote/devnetCurrencies.js";
import { type AppFeeLedger, createAppFeeLedger } from "../state/createAppFeeLedger.js";
import type { RequestStore } from "../state/createRequestStore.js";
import { createWalletScreening, type WalletScreening } from "../state/createWalletScreening.js";
import { openAppFeeStore } from "../state/openAppFeeStore.js";
import type { DevnetRequest } from "../state/types.js";
import type { WebhookOutbox } from "../webhooks/createWebhookOutbox.js";
import { accrueAppFees } from "./accrueAppFees.js";
import type { DevnetBoot } from "./bootDevnet.js";
import { createDevnetOutbox } from "./createDevnetOutbox.js";
import { createDevnetRequestStore } from "./createDevnetRequestStore.js";
import { restoreWebhookDeliveries } from "./restoreWebhookDeliveries.js";

/** Where the devnet keeps what it owes and what it was asked. */
export type DevnetStores = {
  outbox: WebhookOutbox;
  /** The devnet's currencies on its EVM chains. */
  currencies: DevnetCurrency[];
  appFees: AppFeeLedger;
  /** Credits a delivered request's app fees. */
  accrue: (request: DevnetRequest) => void;
  store: RequestStore;
  /** The wallets screened out (`BLOCK` overrides), read by quotes and by the solver before a fill. */
  walletScreening: WalletScreening;
};

/**
 * Opens the devnet's stores, in this order: the webhook outbox (stopped with the devnet), the
 * currencies of the deployed contracts, the app fee ledger, the undelivered webhooks of an earlier
 * run, and the request store (which credits app fees, queues webhooks and publishes to the status
 * stream on every transition; `createDevnetRequestStore`). Each is kept in the state database when
 * there is one.
 *
 * @param boot - What the start fixed so far. {@link DevnetBoot}
 * @param contracts - The contracts per EVM chain, origin first.
 * @returns The stores. {@link DevnetStores}
 * @example
 * const { outbox, currencies, appFees, accrue, store } = createDevnetStores(boot, contracts)
 */
export function createDevnetStores(boot: DevnetBoot, contracts: readonly DevnetContracts[]): DevnetStores {
  const { state, chains, resources } = boot;
  const { log } = boot.settings;
  const outbox = createDevnetOutbox({
    webhooks: boot.webhooks,
    webhookHeaders: boot.webhookHeaders,
    retry: boot.parameters.webhookRetry,
    state,
    log,
  });
  resources.outboxStop = outbox.stop;
  const currencies = devnetCurrencies({
    chains: chains.map((chain, index) => ({
      chainId: chain.chainId,
      token: (contracts[index] as DevnetContracts).token,
      weth: (contracts[index] as DevnetContracts).weth,
    })),
  });
  const appFees = createAppFeeLedger({ journal: state ? openAppFeeStore({ database: state }) : undefined });
  if (state) restoreWebhookDeliveries({ state, outbox, log });
  const accrue = (request: DevnetRequest) => accrueAppFees({ request, currencies, appFees });
  const store = createDevnetRequestStore({
    state,
    outbox,
    accrueAppFees: accrue,
    stream: () => resources.stream,
    log,
  });
  return { outbox, currencies, appFees, accrue, store, walletScreening: createWalletScreening() };
}
