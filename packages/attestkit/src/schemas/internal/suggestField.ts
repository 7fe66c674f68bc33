import { editDistance } from "./editDistance.js";

/** `slippage_tolerance`, `Slippage-Tolerance` and `slippagetolerance` all read as one name. */
const folded = (name: string) => name.replace(/[-_]/g, "").toLowerCase();

/**
 * How far a name may be from a known field and still read as a typo of it: spelled alike once case,
 * `-` and `_` are set aside; or within 1 edit of a known field of 5 to 9 characters and 2 edits of
 * one of 10 characters or more. Known fields of 4 characters or fewer need the folded match: at one
 * edit, `fee` would pass for `fees` and a new short field could never be sent.
 */
function allowedEdits(known: string): number {
  if (known.length <= 4) return 0;
  return known.length <= 9 ? 1 : 2;
}

export type SuggestFieldParameters = {
  /** The name given, which is not a known field. */
  field: string;
  /** The fields the endpoint knows, in the order to prefer on a tie. */
  known: readonly string[];
};

/**
 * The known field a name is most likely a typo of (`slipageTolerance` -> `slippageTolerance`), or
 * undefined when it is far from all of them (then it reads as a field the service added).
 *
 * @param parameters - {@link SuggestFieldParameters}
 * @returns The closest known field within reach, else undefined.
 * @example
 * suggestField({ field: "slipageTolerance", known: ["slippageTolerance", "ttl"] }) // "slippageTolerance"
 */
export function suggestField({ field, known }: SuggestFieldParameters): string | undefined {
  const name = folded(field);
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    const target = folded(candidate);
    const limit = allowedEdits(target);
    const distance = editDistance(name, target, limit);
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
