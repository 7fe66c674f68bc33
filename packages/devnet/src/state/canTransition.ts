import { type DevnetStatus, transitions } from "./transitions.js";

export type CanTransitionParameters = { from: DevnetStatus; to: DevnetStatus };

/**
 * Tells whether the transition table allows a status change.
 *
 * @param parameters - {@link CanTransitionParameters}
 * @returns True when `from -> to` is a row of the table.
 * @example
 * canTransition({ from: "pending", to: "submitted" }) // true
 */
export function canTransition({ from, to }: CanTransitionParameters): boolean {
  return transitions[from].includes(to);
}
