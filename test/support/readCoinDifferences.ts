// The differences "no coin without an owner" finds on a running devnet, one line each.
import type { CoinDifference, CoinOwnershipReport } from "../../packages/devnet/src/invariant/types.js";

/** One difference in a line: the rule, chain, holder, currency, expected and actual, the requests, the transfers no request records. */
const describe = (difference: CoinDifference) =>
  `${difference.rule} on chain ${difference.chainId}, ${difference.holder}, currency ${difference.currency}: expected ${difference.expected}, actual ${difference.actual}; requests ${difference.requests.join(", ") || "none"}${difference.transfers?.length ? `; transfers no request records: ${JSON.stringify(difference.transfers)}` : ""}`;

/**
 * Asks a devnet (in this process or another) `GET /devnet/invariant`, which first waits for every
 * deposit seen so far to be processed, and answers the report with each difference in words.
 *
 * @param url - The devnet's URL.
 * @returns The report and one line per difference (none when `ok`).
 * @throws Error when the route does not answer 200.
 * @example
 * const { lines } = await readCoinDifferences(info.url) // ["native-balance on chain 31337, 0x…: expected 2, actual 3; requests none"]
 */
export async function readCoinDifferences(
  url: string,
): Promise<{ report: CoinOwnershipReport; lines: string[] }> {
  const response = await fetch(`${url}/devnet/invariant`);
  if (response.status !== 200)
    throw new Error(`GET /devnet/invariant answered ${response.status}: ${await response.text()}`);
  const report = (await response.json()) as CoinOwnershipReport;
  return { report, lines: report.differences.map(describe) };
}
