import { sha256, stringToHex } from "viem";

/** The scale of a walk factor: 10^18 stands for 1. */
export const walkFactorScale = 10n ** 18n;

export type WalkFactorParameters = {
  /** The walk's seed: the same seed walks the same way on every machine and every run. */
  seed: string;
  /** The currency group that walks (`eth`, `btc`): each group walks its own way. */
  groupID: string;
  /** The largest step, basis points; 0 never moves. */
  volatilityBps: number;
  /** How many steps to take (the walk's position). */
  steps: number;
  /** Where a walk of the same seed, group and volatility already got to, to go on from there. */
  from?: { steps: number; factor: bigint } | undefined;
};

/**
 * One step of a walk, in basis points: an integer from `-volatilityBps` to `+volatilityBps`, the
 * first 6 bytes of `sha256("<seed>:<groupID>:<step>")` taken modulo `2 * volatilityBps + 1`.
 *
 * @example
 * walkStepBps({ seed: "attestkit", groupID: "eth", step: 1, volatilityBps: 5 }) // an integer in [-5, 5]
 */
export function walkStepBps({
  seed,
  groupID,
  step,
  volatilityBps,
}: {
  seed: string;
  groupID: string;
  step: number;
  volatilityBps: number;
}): bigint {
  if (volatilityBps === 0) return 0n;
  const digest = sha256(stringToHex(`${seed}:${groupID}:${step}`));
  const span = BigInt(2 * volatilityBps + 1);
  return (BigInt(digest.slice(0, 14)) % span) - BigInt(volatilityBps);
}

/**
 * Where a seeded random walk of prices stands after `steps` steps, as a factor of the starting price
 * (scaled by 10^18): each step multiplies by `(10000 + walkStepBps) / 10000`, rounded down, in
 * integers only, so the walk is the same on every machine. Pure: the seed, the group and the step
 * number decide every step; `from` goes on from an earlier position of the same walk (a cache).
 *
 * @param parameters - {@link WalkFactorParameters}
 * @returns The factor, 10^18 = the starting price.
 * @example
 * walkFactor({ seed: "attestkit", groupID: "eth", volatilityBps: 0, steps: 100 }) // 10n ** 18n
 */
export function walkFactor({ seed, groupID, volatilityBps, steps, from }: WalkFactorParameters): bigint {
  const start = from !== undefined && from.steps <= steps ? from : { steps: 0, factor: walkFactorScale };
  if (volatilityBps === 0) return walkFactorScale;
  let factor = start.factor;
  for (let step = start.steps + 1; step <= steps; step++)
    factor = (factor * (10_000n + walkStepBps({ seed, groupID, step, volatilityBps }))) / 10_000n;
  return factor;
}
