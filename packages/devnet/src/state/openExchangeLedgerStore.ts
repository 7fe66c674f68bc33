import * as z from "zod";
import type {
  ExchangeLedgerEntry,
  ExchangeLedgerJournal,
  ExchangeTransfer,
} from "../exchange/createExchangeLedger.js";
import type { StateDatabase } from "./openStateDatabase.js";
import { readJournal } from "./readJournal.js";

const index = z.number().int().nonnegative();
const hash = z
  .string()
  .regex(/^0x[0-9a-f]{64}$/, "a hash is 0x and 64 lower-case hex digits")
  .transform((value) => value as `0x${string}`);

const transferSchema = z
  .object({
    transferId: z.number().int().positive(),
    hash,
    fromAccountIndex: index,
    toAccountIndex: index,
    assetIndex: index,
    fromRouteType: index,
    toRouteType: index,
    amount: z.bigint().positive(),
    usdcFee: z.bigint().nonnegative(),
    memo: hash.nullable(),
    clientTransferId: z.string().optional(),
    createdAt: z.number().int().nonnegative(),
  })
  // Kept as JSON, a transfer without a client id has lost the key; the record has it, undefined.
  .transform(({ clientTransferId, ...transfer }) => ({
    ...transfer,
    clientTransferId,
  })) satisfies z.ZodType<ExchangeTransfer>;

/** One kept change of the exchange ledger; a row of another shape is refused when read. */
export const exchangeLedgerEntrySchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("transfer"), transfer: transferSchema }),
  z.object({
    type: z.literal("fund"),
    accountIndex: index,
    assetIndex: index,
    routeType: index,
    amount: z.bigint().positive(),
  }),
  z.object({
    type: z.literal("apiKey"),
    accountIndex: index,
    keyHash: z.string().regex(/^[0-9a-f]{64}$/, "a key digest is 64 lower-case hex digits"),
  }),
]) satisfies z.ZodType<ExchangeLedgerEntry>;

export type OpenExchangeLedgerStoreParameters = {
  database: StateDatabase;
};

/**
 * The exchange ledger's journal in the state database (journal `exchange`): every transfer (with
 * its id, hash, fee, memo and time), faucet credit and added API key (its sha256 digest), one row
 * each, written before the ledger makes it. Given to `createExchangeLedger({ journal })`, which
 * replays the entries after the opening accounts: the same balances, transfers and fees.
 *
 * @param parameters - {@link OpenExchangeLedgerStoreParameters}
 * @returns The kept entries and the append function. {@link ExchangeLedgerJournal}
 * @throws {CorruptStateError} For a row that is not an entry, naming the file and the row.
 * @example
 * const ledger = createExchangeLedger({ journal: openExchangeLedgerStore({ database }) })
 */
export function openExchangeLedgerStore({
  database,
}: OpenExchangeLedgerStoreParameters): ExchangeLedgerJournal {
  return {
    entries: readJournal({ database, journal: "exchange", schema: exchangeLedgerEntrySchema }),
    append: (entry) => void database.appendEntry("exchange", entry),
  };
}
