import type { DevnetOptions, Io } from "attestkit/cli";
import type { CreateDevnetParameters } from "../createDevnet.js";
import { checkWebhookHeaders } from "../webhooks/checkWebhookHeaders.js";

/**
 * The `createDevnet` parameters of `attestkit devnet`'s flags, every flag checked (ranges, pairs that
 * go together, chain ids that differ); its log lines go to `io`'s error stream, tagged `[devnet]`.
 *
 * @param options - The command's flags. {@link DevnetOptions}
 * @param io - Where the devnet logs.
 * @returns The parameters. {@link CreateDevnetParameters}
 * @throws Error naming the flag that is wrong (the command prints it and exits 2).
 * @example
 * const parameters = readDevnetParameters({ port: "8787", originChainId: "31337", destinationChainId: "31338" }, io)
 */
export function readDevnetParameters(options: DevnetOptions, io: Io): CreateDevnetParameters {
  const parameters: CreateDevnetParameters = {
    port: integer("--port", options.port, 0, 65_535),
    originChainId: integer("--origin-chain-id", options.originChainId, 1, Number.MAX_SAFE_INTEGER),
    destinationChainId: integer(
      "--destination-chain-id",
      options.destinationChainId,
      1,
      Number.MAX_SAFE_INTEGER,
    ),
    ...(options.blockTime !== undefined
      ? { blockTimeMs: integer("--block-time", options.blockTime, 1, 3_600_000) }
      : {}),
    ...(options.bitcoinBlockTime !== undefined
      ? {
          bitcoinBlockTimeMs: integer("--bitcoin-block-time", options.bitcoinBlockTime, 0, 3_600_000),
        }
      : {}),
    ...(options.orphanRefundDelay !== undefined
      ? {
          orphanRefundDelayMs: integer("--orphan-refund-delay", options.orphanRefundDelay, 0, 86_400_000),
        }
      : {}),
    ...(options.webhookUrl !== undefined ? { webhookUrl: options.webhookUrl } : {}),
    ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
    ...(options.state !== undefined ? { stateDir: options.state } : {}),
    ...(options.rpcAdmin ? { rpcAdmin: true } : {}),
    // The command's market walks by default (small seeded steps, well inside a swap's automatic
    // 0.5 % slippage); createDevnet's stands still unless told, so tests that assert amounts hold.
    prices: {
      volatilityBps: integer("--price-volatility", options.priceVolatility ?? "5", 0, 1_000),
      ...(options.priceSeed !== undefined ? { seed: options.priceSeed } : {}),
    },
    ...(options.webhookHeader !== undefined
      ? { webhookHeaders: webhookHeaders(options.webhookHeader, options.apiKey ?? "") }
      : {}),
    ...rateLimit(options),
    ...webhookRetry(options),
    // One line each, a stack trace too: every line the devnet logs starts with its tag; a setting
    // it names is said as the flag that sets it here.
    log: (message) => {
      for (const line of message.split("\n"))
        io.err(`[devnet] ${line.replace("the stateDir setting", "--state DIR")}`);
    },
  };
  if (options.webhookHeader !== undefined && options.webhookUrl === undefined)
    throw new Error("--webhook-header needs --webhook-url");
  if ((options.webhookUrl === undefined) !== (options.apiKey === undefined))
    throw new Error("--webhook-url and --api-key go together (the key is the webhook's HMAC secret)");
  if (options.webhookUrl !== undefined && !/^https?:\/\//.test(options.webhookUrl))
    throw new Error("--webhook-url must be an http(s) URL");
  if (options.state !== undefined && options.state.trim() === "")
    throw new Error("--state needs a directory");
  if (options.priceSeed !== undefined && options.priceSeed === "")
    throw new Error("--price-seed needs a seed");
  if (parameters.originChainId === parameters.destinationChainId)
    throw new Error("--origin-chain-id and --destination-chain-id must differ");
  return parameters;
}

/** `Name: value` flags as a header object, checked like the devnet checks them. */
function webhookHeaders(flags: readonly string[], apiKey: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const flag of flags) {
    const colon = flag.indexOf(":");
    if (colon <= 0) throw new Error(`--webhook-header must be "Name: value", got ${JSON.stringify(flag)}`);
    const name = flag.slice(0, colon).trim();
    if (Object.keys(headers).some((known) => known.toLowerCase() === name.toLowerCase()))
      throw new Error(`--webhook-header ${name} is given twice`);
    headers[name] = flag.slice(colon + 1).trim();
  }
  return checkWebhookHeaders({ apiKey, headers });
}

/** `--rate-limit`, `--rate-limit-api-key`, `--rate-limit-window`, `--no-rate-limit` as `rateLimit`. */
function rateLimit(options: DevnetOptions): Pick<CreateDevnetParameters, "rateLimit"> {
  const { rateLimitApiKey, rateLimitWindow } = options;
  if (options.rateLimit === false) {
    if (rateLimitApiKey !== undefined || rateLimitWindow !== undefined)
      throw new Error(
        "--no-rate-limit turns rate limiting off: give no --rate-limit-api-key or --rate-limit-window",
      );
    return { rateLimit: false };
  }
  if (options.rateLimit === undefined && rateLimitApiKey === undefined && rateLimitWindow === undefined)
    return {};
  return {
    rateLimit: {
      ...(options.rateLimit !== undefined
        ? { anonymous: integer("--rate-limit", options.rateLimit, 1, 1_000_000_000) }
        : {}),
      ...(rateLimitApiKey !== undefined
        ? { apiKey: integer("--rate-limit-api-key", rateLimitApiKey, 1, 1_000_000_000) }
        : {}),
      ...(rateLimitWindow !== undefined
        ? { windowMs: integer("--rate-limit-window", rateLimitWindow, 1, 86_400_000) }
        : {}),
    },
  };
}

/** `--webhook-retries`, `--webhook-retry-delay`, `--webhook-retry-max-delay` as `webhookRetry`. */
function webhookRetry(options: DevnetOptions): Pick<CreateDevnetParameters, "webhookRetry"> {
  const { webhookRetries, webhookRetryDelay, webhookRetryMaxDelay } = options;
  if (webhookRetries === undefined && webhookRetryDelay === undefined && webhookRetryMaxDelay === undefined)
    return {};
  const retry = {
    ...(webhookRetries !== undefined
      ? { retries: integer("--webhook-retries", webhookRetries, 0, 100) }
      : {}),
    ...(webhookRetryDelay !== undefined
      ? { baseDelayMs: integer("--webhook-retry-delay", webhookRetryDelay, 0, 3_600_000) }
      : {}),
    ...(webhookRetryMaxDelay !== undefined
      ? { maxDelayMs: integer("--webhook-retry-max-delay", webhookRetryMaxDelay, 0, 3_600_000) }
      : {}),
  };
  const base = retry.baseDelayMs ?? 1000;
  const max = retry.maxDelayMs ?? 60_000;
  if (max < base)
    throw new Error(
      `--webhook-retry-max-delay (${max} ms) must be at least the first retry's delay, --webhook-retry-delay (${base} ms)`,
    );
  return { webhookRetry: retry };
}

function integer(flag: string, value: string, min: number, max: number): number {
  if (!/^[0-9]+$/.test(value)) throw new Error(`${flag} must be an integer, got ${JSON.stringify(value)}`);
  const parsed = Number(value);
  if (parsed < min || parsed > max)
    throw new Error(`${flag} must be between ${min} and ${max}, got ${value}`);
  return parsed;
}
