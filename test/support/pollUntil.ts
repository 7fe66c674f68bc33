/**
 * Reads until `read` gives a value (anything but undefined), every `intervalMs`. For progress a
 * test can only poll (a devnet in another process, a server's side of a closed socket): it waits for
 * that event however slow the machine is, so by default it sets no deadline of its own and the
 * test's timeout bounds it; a `timeoutMs` given makes it throw an error naming `what` once it passes.
 *
 * @returns The first value read.
 * @example
 * const status = await pollUntil("the deposit's status", async () => (await getStatus()).status === "success" || undefined)
 */
export async function pollUntil<value>(
  what: string,
  read: () => Promise<value | undefined> | value | undefined,
  { timeoutMs = Number.POSITIVE_INFINITY, intervalMs = 50 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<value> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
