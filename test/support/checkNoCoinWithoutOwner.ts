// "No coin without an owner", asked of a running devnet (in this process or another) after a test
// or a restart: GET /devnet/invariant, which waits for every deposit seen so far to be processed.
import type { CoinOwnershipReport } from "../../packages/devnet/src/invariant/types.js";
import { readCoinDifferences } from "./readCoinDifferences.js";

/**
 * Checks that on every chain of the devnet what the depository and the deposit addresses hold (on
 * Bitcoin the solver's address and the deposit addresses, on the exchange the relayer account) is
 * owned: by the requests not yet filled or refunded, or by the devnet itself (its liquidity, the
 * deposits it filled), and that every payment into them on Bitcoin and the exchange is a request's
 * deposit. Throws an error listing each difference (`readCoinDifferences`: chain, holder,
 * currency, expected, actual, the requests, the transfers no request records); answers the report
 * when there is none.
 *
 * @param devnet - The devnet's URL.
 * @returns The report. {@link CoinOwnershipReport}
 * @throws Error `a coin without an owner: ...` naming every difference, or the route's failure.
 * @example
 * afterEach(() => checkNoCoinWithoutOwner(devnet()))
 */
export async function checkNoCoinWithoutOwner(devnet: { url: string }): Promise<CoinOwnershipReport> {
  // The route waits for the devnet to settle (`settleDevnet`: until a pass mines nothing), so a
  // sweep the devnet set off itself has landed: a difference is a coin without an owner.
  const { report, lines } = await readCoinDifferences(devnet.url);
  if (lines.length > 0)
    throw new Error(`a coin without an owner:\n${lines.map((line) => `- ${line}`).join("\n")}`);
  return report;
}
