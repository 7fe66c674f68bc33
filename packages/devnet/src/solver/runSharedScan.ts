/** A scanner's state between scans: the scan running, whether another was asked for meanwhile, and whether it stopped. */
export type SharedScanState = {
  scanning: Promise<void> | undefined;
  again: boolean;
  stopped: boolean;
};

/**
 * Runs a scan so that concurrent calls share it: a call while a scan runs marks that one more is
 * wanted (the running scan may have read the chain already) and waits for the same promise, which
 * runs `scanOnce` again until nobody asked meanwhile. A failed pass is reported (unless stopped) and
 * never rejects the promise.
 *
 * @param state - The scanner's state, changed in place. {@link SharedScanState}
 * @param scanOnce - One pass over what is new.
 * @param report - Called with a pass's error while the scanner runs.
 * @returns Resolves when no pass is left to run.
 * @example
 * const scan = () => runSharedScan(state, scanOnce, (error) => log(`indexer: ${error}`))
 */
export async function runSharedScan(
  state: SharedScanState,
  scanOnce: () => Promise<void>,
  report: (error: unknown) => void,
): Promise<void> {
  if (state.scanning) {
    state.again = true;
    return state.scanning;
  }
  state.scanning = (async () => {
    do {
      state.again = false;
      try {
        await scanOnce();
      } catch (error) {
        if (!state.stopped) report(error);
      }
    } while (state.again && !state.stopped);
  })().finally(() => {
    state.scanning = undefined;
  });
  return state.scanning;
}
