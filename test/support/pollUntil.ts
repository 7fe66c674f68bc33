/**
 * Reads until `read` gives a value (anything but undefined), every `intervalMs`; after `timeoutMs`
 * throws an error naming `what`. For a devnet in another process, whose progress a test can only poll.
 *
 * @returns The first value read.
 * @example
 * const status = await pollUntil("the deposit's status", async () => (await getStatus()).status === "success" || undefined)
 */
export async function pollUntil<value>(
  what: string,
  read: () => Promise<value | undefined> | value | undefined,
  { timeoutMs = 20_000, intervalMs = 50 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<value> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
