import type { Address } from "viem";
import type { TrustRoot } from "../orders/trustRoot/types.js";
import type { Io } from "./io.js";

/** `attestkit devnet`'s flags as commander parses them (strings; the devnet package checks them). */
export type DevnetOptions = {
  port: string;
  originChainId: string;
  destinationChainId: string;
  webhookUrl?: string;
  apiKey?: string;
  /** `Name: value`, repeatable: custom headers of every delivery to `--webhook-url`. */
  webhookHeader?: string[];
  blockTime?: string;
  bitcoinBlockTime?: string;
  /** `--orphan-refund-delay MS`: how long a deposit no request can claim waits before its refund. */
  orphanRefundDelay?: string;
  state?: string;
  /** `--rpc-admin`: JSON-RPC runs the chain-admin methods too. */
  rpcAdmin?: boolean;
  /** `--price-volatility`: the largest step of the price walk, bps (the command's default is 5). */
  priceVolatility?: string;
  /** `--price-seed`: the seed of the price walk. */
  priceSeed?: string;
  /** `--rate-limit N`: requests per window per anonymous IP; `--no-rate-limit`: false. */
  rateLimit?: string | false;
  /** `--rate-limit-api-key N`: requests per window per API key. */
  rateLimitApiKey?: string;
  /** `--rate-limit-window MS`. */
  rateLimitWindow?: string;
  /** `--webhook-retries N`: retries after a delivery's first attempt. */
  webhookRetries?: string;
  /** `--webhook-retry-delay MS`: the first retry's delay, doubled for each next one. */
  webhookRetryDelay?: string;
  /** `--webhook-retry-max-delay MS`: the cap of one delay. */
  webhookRetryMaxDelay?: string;
  json?: boolean;
};

/** `attestkit devnet trigger`'s flags, `--devnet` resolved to a URL. */
export type DevnetTriggerOptions = {
  /** Base URL of the running devnet. */
  devnet: string;
  /** Said when the devnet cannot be reached or is not one: the URL used and how to name another. */
  devnetHint?: string | undefined;
  account: string;
  /** chain-disabled, block-lagging: the incident's chain id (default the destination). */
  chain?: string;
  /** chain-disabled, block-lagging: end the incident. */
  clear?: boolean;
  /** `price-move`: the currency group (`eth`, `btc`, `usdc`). Default `eth`. */
  currency?: string | undefined;
  /** `price-move`: basis points of its starting price (moves add up). */
  bps?: string | undefined;
  /** The global `--timeout`; 60 s when not given. */
  timeoutMs?: number | undefined;
  list?: boolean;
  json?: boolean;
};

/** How `attestkit devnet` stops and tells that it started. */
export type RunDevnetControl = {
  /** Stops the devnet (SIGINT, SIGTERM, the output closed). */
  signal: AbortSignal;
  /** Called with the running devnet once it listens. */
  onStarted?: ((devnet: unknown) => void) | undefined;
};

/**
 * What the devnet package's command-line module (`@attestkit/devnet/cli`) gives the `attestkit`
 * command line: the work of `devnet` and `devnet trigger`, and the devnet's public identity that
 * `execute --trust-devnet` trusts (derived from its public test keys, never read from a service).
 */
export type DevnetCliModule = {
  /** Runs the devnet until `control.signal` aborts; resolves to the exit code. */
  runDevnet: (options: DevnetOptions, io: Io, control: RunDevnetControl) => Promise<number>;
  /** Drives a fresh request of a running devnet into a scenario's end; resolves to the exit code. */
  runDevnetTrigger: (
    scenario: string | undefined,
    options: DevnetTriggerOptions & { apiKey?: string },
    io: Io,
  ) => Promise<number>;
  /** The devnet's trust root (its depositories, deposit-address derivation, exchange accounts). */
  devnetTrustRoot: (parameters?: { originChainId?: number; destinationChainId?: number }) => TrustRoot;
  /** The devnet solver's address (its public test key). */
  devnetSolverAddress: Address;
};
