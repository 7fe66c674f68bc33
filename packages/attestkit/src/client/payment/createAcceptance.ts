import { isAcceptedItem } from "./isAcceptedItem.js";

/** Tells, item by item in run order, whether the caller's acceptances cover it. */
export type Acceptance = (item: {
  stepIndex: number;
  stepId: string;
  itemIndex: number;
  data: unknown;
}) => boolean;

/**
 * The caller's acceptances (`acceptItems`), each covering what the caller saw once: an entry that
 * names a step (`swap`) covers the items of the first step of that id only; one that names an item
 * (`swap[0]`, with or without `@<digest>`) covers the first item it matches only. A step or an item
 * repeated by the service is then not covered a second time.
 *
 * @param acceptItems - The caller's entries.
 * @returns The matcher, to be asked about every item of the quote's own steps in order.
 * @example
 * const accepts = createAcceptance(["swap[0]@3f1a…"])
 * accepts({ stepIndex: 0, stepId: "swap", itemIndex: 0, data }) // true, then false for a copy
 */
export function createAcceptance(acceptItems: readonly string[]): Acceptance {
  // Entry -> the step index (a step entry) or "step:item" (an item entry) it was bound to.
  const bound = new Map<string, string>();
  return ({ stepIndex, stepId, itemIndex, data }) =>
    acceptItems.some((entry) => {
      if (!isAcceptedItem({ acceptItems: [entry], stepId, itemIndex, data })) return false;
      const wholeStep = !entry.includes("[");
      const key = wholeStep ? String(stepIndex) : `${stepIndex}:${itemIndex}`;
      const previous = bound.get(entry);
      if (previous === undefined) bound.set(entry, key);
      return previous === undefined || previous === key;
    });
}
