/**
 * Where the devnet's block explorer of each EVM chain and of the exchange lives: `<url>/explorer/<chainId>`,
 * the `explorerUrl` of `GET /chains`, with `/tx/<hash>` and `/address/<address>` under it (the paths a
 * wallet appends to an explorer URL).
 *
 * @param chainId - The chain.
 * @returns The path, without the base URL.
 * @example
 * `${url}${explorerPathPrefix(31337)}/tx/${hash}` // ".../explorer/31337/tx/0x..."
 */
export function explorerPathPrefix(chainId: number): string {
  return `/explorer/${chainId}`;
}
