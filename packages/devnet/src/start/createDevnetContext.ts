import { createRateLimiter, type RateLimitConfig } from "../api/createRateLimiter.js";
import type { DevnetContext } from "../api/types.js";
import type { StateDatabase } from "../state/openStateDatabase.js";

export type CreateDevnetContextParameters = Omit<
  DevnetContext,
  "rateLimiter" | "blockTimeMs" | "setWebhook" | "removeWebhook" | "swaps" | "webhooks" | "incidents"
> & {
  /** Webhook URL per API key; `setWebhook` and `removeWebhook` change it at run time. */
  webhooks: Map<string, string>;
  /** Rate limits; `false` turns them off. */
  rateLimit: RateLimitConfig | undefined;
  /** Block time of interval mining; undefined for instant mining. */
  blockTimeMs: number | undefined;
  /** The price impact of swaps; `false` turns it off. */
  priceImpact: { liquidityUsd?: number | undefined; maxImpactBps?: number | undefined } | false | undefined;
  /** The state database that keeps webhook settings set at run time; none keeps them in memory. */
  state: StateDatabase | undefined;
};

/**
 * What the devnet's HTTP API works with: everything started so far, plus the rate limiter, the swap
 * price-impact model (a pool of `liquidityUsd`, default 10,000,000, and `maxImpactBps`, default 300;
 * none when `priceImpact` is `false`), `setWebhook` and `removeWebhook`, which set and remove an API
 * key's webhook URL at run time (stored with a state directory), and the chains' incidents (none at
 * the start).
 *
 * @param parameters - {@link CreateDevnetContextParameters}
 * @returns The context. {@link DevnetContext}
 * @example
 * const app = createDevnetApp(createDevnetContext({ url, chains: apiChains, ..., rateLimit: undefined, priceImpact: undefined, state }))
 */
export function createDevnetContext({
  rateLimit,
  blockTimeMs,
  priceImpact,
  state,
  webhooks,
  ...started
}: CreateDevnetContextParameters): DevnetContext {
  return {
    ...started,
    rateLimiter: createRateLimiter({ config: rateLimit }),
    blockTimeMs: blockTimeMs ?? null,
    webhooks,
    incidents: new Map(),
    setWebhook: (apiKey, webhookUrl) => {
      webhooks.set(apiKey, webhookUrl);
      state?.setMeta("webhooks", Object.fromEntries(webhooks));
    },
    removeWebhook: (apiKey) => {
      webhooks.delete(apiKey);
      state?.setMeta("webhooks", Object.fromEntries(webhooks));
    },
    swaps:
      priceImpact === false
        ? undefined
        : {
            liquidityUsdMicros: BigInt(priceImpact?.liquidityUsd ?? 10_000_000) * 1_000_000n,
            maxImpactBps: BigInt(priceImpact?.maxImpactBps ?? 300),
          },
  };
}
