import type { PrivateKeyAccount } from "viem/accounts";
import { privateKeyToAccount } from "viem/accounts";
import type { DevnetChain } from "../chains/createDevnetChains.js";
import { devnetSolverPrivateKey, devnetSponsorPrivateKey } from "../constants.js";
import { createPriceSource, type PriceSource } from "../prices/createPriceSource.js";
import type { StateDatabase } from "../state/openStateDatabase.js";
import type { CreateDevnetParameters } from "../types.js";
import { openDevnetState, type StoredChains } from "./openDevnetState.js";
import { type DevnetSettings, resolveDevnetSettings } from "./resolveDevnetSettings.js";
import { resolveWebhookSettings } from "./resolveWebhookSettings.js";
import { startEvmChains } from "./startEvmChains.js";
import type { DevnetResources } from "./stopDevnet.js";

/** What every later step of a devnet's start reads: its settings, its state, its market and its EVM chains. */
export type DevnetBoot = {
  parameters: CreateDevnetParameters;
  settings: DevnetSettings;
  /** The origin and destination chain ids. */
  chainIds: [number, number];
  /** The state database, or undefined without a state directory. */
  state: StateDatabase | undefined;
  /** What the first run with this state directory fixed; undefined on a first run. */
  stored: StoredChains | undefined;
  /** Webhook URL per API key. */
  webhooks: Map<string, string>;
  /** Custom webhook headers per API key. */
  webhookHeaders: Map<string, Record<string, string>>;
  /** Genesis time of both chains, ms (a whole second). */
  genesisMs: number;
  prices: PriceSource;
  /** The chains as started, unjournaled. */
  rawChains: DevnetChain[];
  /** The chains everything else uses (journaled with a state directory). */
  chains: DevnetChain[];
  /** What the devnet started so far, all of it stopped by `stopDevnet`. */
  resources: DevnetResources;
  solverAccount: PrivateKeyAccount;
  sponsorAccount: PrivateKeyAccount;
};

/**
 * The first part of a devnet's start, before anything needs stopping on failure: the settings
 * (`resolveDevnetSettings`), the state directory and what its first run fixed (`openDevnetState`),
 * the webhook settings (those stored, then the ones given now, which win), the genesis time (stored,
 * or now to the whole second), the market (walking from genesis, so a restart walks the same way,
 * with the moves by hand kept in the state), and the two EVM chains (`startEvmChains`).
 *
 * @param parameters - `createDevnet`'s parameters.
 * @returns Everything the later steps read. {@link DevnetBoot}
 * @throws What `resolveDevnetSettings`, `openDevnetState`, `resolveWebhookSettings` or `startEvmChains` throws.
 * @example
 * const boot = await bootDevnet(parameters)
 */
export async function bootDevnet(parameters: CreateDevnetParameters): Promise<DevnetBoot> {
  const settings = resolveDevnetSettings(parameters);
  const { log } = settings;
  const chainIds: [number, number] = [settings.originChainId, settings.destinationChainId];
  const { state, stored } = await openDevnetState({ stateDir: parameters.stateDir, chainIds });
  const { webhooks, webhookHeaders } = resolveWebhookSettings({ ...parameters, state });
  if (state) log(`state: ${state.path}${stored ? " (restored)" : " (new)"}`);
  else log("state: in memory only, nothing is kept when the process ends (the stateDir setting keeps it)");

  const stopController = new AbortController();
  // A whole second: the genesis time is stored and given again on a restart.
  const genesisMs = stored?.genesisMs ?? Math.floor(Date.now() / 1000) * 1000;
  // The market walks from the genesis time, so a restart walks the same way; moves by hand are kept.
  const prices = createPriceSource({
    ...parameters.prices,
    startMs: genesisMs,
    now: parameters.now,
    moves: (state?.getMeta("priceMoves") as Record<string, number> | undefined) ?? {},
    onMove: (moves) => state?.setMeta("priceMoves", moves),
  });
  const { rawChains, chains } = await startEvmChains({
    chainIds,
    genesisMs,
    state,
    signal: stopController.signal,
    onJournaled: (chainId) => resources.snapshots?.journaled(chainId),
  });
  const resources: DevnetResources = {
    stopController,
    state,
    chains,
    indexers: [],
    watchers: [],
    outboxStop: () => {},
  };
  return {
    parameters,
    settings,
    chainIds,
    state,
    stored,
    webhooks,
    webhookHeaders,
    genesisMs,
    prices,
    rawChains,
    chains,
    resources,
    solverAccount: privateKeyToAccount(devnetSolverPrivateKey),
    sponsorAccount: privateKeyToAccount(devnetSponsorPrivateKey),
  };
}
