/**
 * Calls every listener with the value; a listener that throws is logged and the others still run.
 *
 * @param listeners - The listeners.
 * @param value - What happened (a transaction record, a block).
 * @param what - Its name in the log line.
 * @param log - Where a listener's error goes.
 * @example
 * emitToListeners(state.blockListeners, block, "block", state.log)
 */
export function emitToListeners<value>(
  listeners: Set<(value: value) => void>,
  value: value,
  what: string,
  log: (message: string) => void,
): void {
  for (const listener of listeners) {
    try {
      listener(value);
    } catch (error) {
      log(`bitcoin ${what} listener: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
