/**
 * Mines on a timer: calls `mine` every `blockTimeMs` milliseconds; a failure is logged and the timer
 * goes on. The timer does not keep the process alive.
 *
 * @param mine - Mines one block.
 * @param blockTimeMs - Milliseconds between blocks; 0 starts no timer (blocks only on demand).
 * @param log - Where a failure goes.
 * @returns The timer, for `clearInterval`; undefined when none was started.
 * @example
 * const timer = startBlockTimer(() => chain.mine(), 1000, console.log)
 */
export function startBlockTimer(
  mine: () => void,
  blockTimeMs: number,
  log: (message: string) => void,
): ReturnType<typeof setInterval> | undefined {
  if (!(blockTimeMs > 0)) return undefined;
  const timer = setInterval(() => {
    try {
      mine();
    } catch (error) {
      log(`bitcoin block timer: ${error instanceof Error ? error.message : String(error)}`);
    }
  }, blockTimeMs);
  timer.unref();
  return timer;
}
