import { defaultBitcoinBlockTimeMs } from "../bitcoin/constants.js";
import {
  defaultBitcoinHighValueThreshold,
  defaultDevnetPort,
  defaultMaxBodyBytes,
  defaultOrphanRefundDelayMs,
} from "../constants.js";
import { createPriceSource } from "../prices/createPriceSource.js";
import type { CreateDevnetParameters } from "../types.js";
import { checkDevnetParameters } from "./checkDevnetParameters.js";

/** `createDevnet`'s parameters that take a default, with it filled in. */
export type DevnetSettings = {
  /** HTTP port; 0 picks a free one. */
  port: number;
  host: "127.0.0.1";
  originChainId: number;
  destinationChainId: number;
  /** Interval mining's block time (ms); undefined for instant mining. */
  blockTimeMs: number | undefined;
  /** How often each depository is scanned, ms. */
  indexIntervalMs: number;
  /** How long an orphaned deposit waits before its refund, ms of the solver's clock. */
  orphanRefundDelayMs: number;
  /** The largest request body read, bytes. */
  maxBodyBytes: number;
  /** Milliseconds between Bitcoin blocks; 0 mines only on demand. */
  bitcoinBlockTimeMs: number;
  /** Satoshis above which a Bitcoin deposit waits for 2 confirmations. */
  bitcoinHighValueThreshold: bigint;
  log: (message: string) => void;
};

/**
 * Fills in the defaults of `createDevnet`'s parameters (port 8787, chains 31337 and 31338, index
 * every 100 ms, orphans refunded after 30 s, 1 MiB bodies, a Bitcoin block a second, 1 BTC for two confirmations, log to stderr)
 * and refuses bad settings before anything opens: `checkDevnetParameters`, then the market's
 * settings (`createPriceSource` at time 0; the market itself starts at genesis).
 *
 * @param parameters - `createDevnet`'s parameters.
 * @returns The settings. {@link DevnetSettings}
 * @throws {Error} Naming the wrong setting (`checkDevnetParameters`).
 * @throws {PriceMoveError} For bad market settings.
 * @example
 * const { port, host, log } = resolveDevnetSettings(parameters)
 */
export function resolveDevnetSettings(parameters: CreateDevnetParameters): DevnetSettings {
  const {
    port = defaultDevnetPort,
    host = "127.0.0.1",
    originChainId = 31337,
    destinationChainId = 31338,
    blockTimeMs,
    indexIntervalMs = 100,
    orphanRefundDelayMs = defaultOrphanRefundDelayMs,
    maxBodyBytes = defaultMaxBodyBytes,
    bitcoinBlockTimeMs = defaultBitcoinBlockTimeMs,
    bitcoinHighValueThreshold = defaultBitcoinHighValueThreshold,
    log = (message: string) => process.stderr.write(`[devnet] ${message}\n`),
  } = parameters;
  checkDevnetParameters({
    ...parameters,
    host,
    originChainId,
    destinationChainId,
    bitcoinBlockTimeMs,
    bitcoinHighValueThreshold,
    maxBodyBytes,
    orphanRefundDelayMs,
  });
  createPriceSource({ ...parameters.prices, startMs: 0 });
  return {
    port,
    host,
    originChainId,
    destinationChainId,
    blockTimeMs,
    indexIntervalMs,
    orphanRefundDelayMs,
    maxBodyBytes,
    bitcoinBlockTimeMs,
    bitcoinHighValueThreshold,
    log,
  };
}
