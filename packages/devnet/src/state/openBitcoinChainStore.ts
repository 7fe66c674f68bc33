import * as z from "zod";
import type { BitcoinChainEntry, BitcoinChainJournal } from "../bitcoin/types.js";
import type { StateDatabase } from "./openStateDatabase.js";
import { readJournal } from "./readJournal.js";

const at = z.number().int().nonnegative();
const blockHash = z.string().regex(/^[0-9a-f]{64}$/, "a block hash is 64 lower-case hex digits");

/** One kept entry of the Bitcoin chain; a row of another shape is refused when read. */
const bitcoinChainEntrySchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("genesis"), hash: blockHash, at }),
  z.object({
    type: z.literal("transaction"),
    hex: z.string().regex(/^(?:[0-9a-f]{2})+$/, "a transaction is hex, two digits a byte"),
    at,
  }),
  z.object({
    type: z.literal("block"),
    height: z.number().int().positive(),
    hash: blockHash,
    timestamp: z.number().int().positive(),
    at,
  }),
]) satisfies z.ZodType<BitcoinChainEntry>;

export type OpenBitcoinChainStoreParameters = {
  database: StateDatabase;
};

/**
 * The Bitcoin chain's journal in the state database (journal `bitcoin`): the genesis, each
 * transaction the mempool accepted (raw hex) and each block mined (height, hash, timestamp), one row
 * each, written before the chain reveals it. Given to `createBitcoinChain({ journal })`, which
 * replays the entries to the same blocks, mempool and balances.
 *
 * @param parameters - {@link OpenBitcoinChainStoreParameters}
 * @returns The kept entries and the append function. {@link BitcoinChainJournal}
 * @throws {CorruptStateError} For a row that is not an entry, naming the file and the row.
 * @example
 * const chain = createBitcoinChain({ journal: openBitcoinChainStore({ database }) })
 */
export function openBitcoinChainStore({ database }: OpenBitcoinChainStoreParameters): BitcoinChainJournal {
  return {
    entries: readJournal({ database, journal: "bitcoin", schema: bitcoinChainEntrySchema }),
    append: (entry) => void database.appendEntry("bitcoin", entry),
  };
}
