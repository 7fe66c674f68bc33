import { createExchangeLedger, type ExchangeLedger } from "../exchange/createExchangeLedger.js";
import { ExchangeLedgerReplayError } from "../exchange/errors.js";
import { CorruptStateError } from "../state/errors.js";
import { openExchangeLedgerStore } from "../state/openExchangeLedgerStore.js";
import type { StateDatabase } from "../state/openStateDatabase.js";

export type StartExchangeLedgerParameters = {
  /** The state database holding the ledger's journal; none keeps it in memory. */
  state: StateDatabase | undefined;
  log: (message: string) => void;
};

/**
 * Opens the external exchange's ledger; with a state directory it is rebuilt from its journal, and a
 * journal that does not replay is a `CorruptStateError` naming it.
 *
 * @param parameters - {@link StartExchangeLedgerParameters}
 * @returns The ledger. {@link ExchangeLedger}
 * @example
 * const ledger = startExchangeLedger({ state, log })
 */
export function startExchangeLedger({ state, log }: StartExchangeLedgerParameters): ExchangeLedger {
  const journal = state ? openExchangeLedgerStore({ database: state }) : undefined;
  let ledger: ExchangeLedger;
  try {
    ledger = createExchangeLedger({ journal, log });
  } catch (error) {
    if (state && error instanceof ExchangeLedgerReplayError)
      throw new CorruptStateError({
        path: state.path,
        location: 'journal "exchange"',
        reason: `does not replay (${error.shortMessage})`,
        cause: error,
      });
    throw error;
  }
  if (journal && journal.entries.length > 0)
    log(`state: exchange ledger restored, ${ledger.transfers().length} transfers`);
  return ledger;
}
