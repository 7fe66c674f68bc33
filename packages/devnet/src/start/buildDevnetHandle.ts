import type { ApiChain } from "../api/types.js";
import { devnetTrustRoot } from "../devnetTrustRoot.js";
import type { Devnet } from "../types.js";
import type { DevnetBoot } from "./bootDevnet.js";
import { createDevnetInfo } from "./createDevnetInfo.js";
import type { DevnetStores } from "./createDevnetStores.js";
import { settleDevnet } from "./settleDevnet.js";
import type { StartDevnetSolverReturnType } from "./startDevnetSolver.js";

export type BuildDevnetHandleParameters = {
  /** The devnet's URL. */
  url: string;
  /** The EVM chains as the API sees them. */
  apiChains: ReadonlyMap<number, ApiChain>;
  stores: DevnetStores;
  /** The solver and the ledgers beside the EVM chains. */
  payments: StartDevnetSolverReturnType;
  /** Stops the devnet (`stopDevnet`). */
  stop: () => Promise<void>;
};

/**
 * What `createDevnet` hands its caller: the URL and info, the trust root of its chains, the webhook
 * deliveries and their replay, the state file, the status stream's restart, the Bitcoin chain, the
 * exchange's ledger, the market, `idle` and `stop`. `idle` waits for the deposit address sweeps
 * first (a sweep is a deposit the indexers then read), then the indexers, refunds the orphans whose
 * window has passed, and waits for the solver and the outbox.
 *
 * @param boot - What the start fixed. {@link DevnetBoot}
 * @param parameters - {@link BuildDevnetHandleParameters}
 * @returns The running devnet. {@link Devnet}
 * @example
 * return buildDevnetHandle(boot, { url, apiChains, stores, payments, stop })
 */
export function buildDevnetHandle(
  boot: DevnetBoot,
  { url, apiChains, stores, payments, stop }: BuildDevnetHandleParameters,
): Devnet {
  const { originChainId, destinationChainId } = boot.settings;
  const { resources } = boot;
  const { outbox } = stores;
  return {
    url,
    info: createDevnetInfo({
      url,
      originChainId,
      destinationChainId,
      chains: apiChains,
      solver: boot.solverAccount.address,
      bitcoinChain: payments.bitcoin.chain,
    }),
    trustRoot: devnetTrustRoot({ originChainId, destinationChainId }),
    webhookDeliveries: outbox.deliveries,
    replayWebhook: outbox.replay,
    statePath: boot.state?.path ?? null,
    restartStream: () => resources.stream?.restart(),
    bitcoin: payments.bitcoin.chain,
    exchange: payments.exchangeLedger,
    prices: boot.prices,
    async idle() {
      await settleDevnet(resources, payments.solver);
      await payments.solver.idle();
      await outbox.idle();
    },
    stop,
  };
}
