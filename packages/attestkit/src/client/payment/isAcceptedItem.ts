import { itemDigest } from "./itemDigest.js";

export type IsAcceptedItemParameters = {
  /** What the caller accepted: `stepId`, `stepId[index]`, or either with `@<digest>` (see `itemDigest`). */
  acceptItems: readonly string[];
  stepId: string;
  itemIndex: number;
  /** The item's `data`, for a digest-pinned acceptance. */
  data: unknown;
};

/**
 * Whether the caller accepted a step item undecoded: its step id (every item of it) or
 * `stepId[index]`, optionally pinned to the item's data by `@<digest>`. Callers pass acceptances only
 * for the quote's own steps: a step a signature's post appends is never covered.
 *
 * @param parameters - {@link IsAcceptedItemParameters}
 * @returns True when an acceptance names this item (and, if pinned, its exact data).
 * @example
 * isAcceptedItem({ acceptItems: ["swap[0]"], stepId: "swap", itemIndex: 0, data })
 */
export function isAcceptedItem({ acceptItems, stepId, itemIndex, data }: IsAcceptedItemParameters): boolean {
  if (acceptItems.length === 0) return false;
  let digest: string | undefined;
  return acceptItems.some((entry) => {
    const at = entry.lastIndexOf("@");
    const name = at === -1 ? entry : entry.slice(0, at);
    if (name !== stepId && name !== `${stepId}[${itemIndex}]`) return false;
    if (at === -1) return true;
    digest ??= itemDigest(data);
    return entry.slice(at + 1).toLowerCase() === digest;
  });
}
