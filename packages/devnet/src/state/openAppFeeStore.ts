import * as z from "zod";
import type { AppFeeEntry, AppFeeJournal, PendingClaim } from "./createAppFeeLedger.js";
import { journalAddress, journalBytes32 } from "./journalFields.js";
import type { StateDatabase } from "./openStateDatabase.js";
import { readJournal } from "./readJournal.js";

const address = journalAddress;
const claimId = journalBytes32("a claim id");

const claimSchema = z.object({
  claimId,
  wallet: address,
  chainId: z.number().int().positive(),
  currency: address,
  recipient: address,
  amount: z.bigint().positive(),
  message: z.string(),
  createdAt: z.number().int().nonnegative().optional(),
}) satisfies z.ZodType<PendingClaim>;

/** One kept change of the app fee ledger; a row of another shape is refused when read. */
const appFeeEntrySchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("credit"),
    wallet: address,
    amount: z.bigint().positive(),
    key: z.string().optional(),
  }),
  z.object({ type: z.literal("reserve"), claim: claimSchema }),
  z.object({ type: z.literal("settle"), claimId, outcome: z.enum(["paid", "released"]) }),
  z.object({
    type: z.literal("payout"),
    claimId,
    txHash: journalBytes32("a transaction hash").nullable(),
    status: z.enum(["success", "failure"]),
    at: z.number().int().nonnegative(),
  }),
]) satisfies z.ZodType<AppFeeEntry>;

export type OpenAppFeeStoreParameters = {
  database: StateDatabase;
};

/**
 * The app fee ledger's journal in the state database (journal `appFees`): each credit (with the
 * request and recipient it is for), each claim's reservation, its settlement and how a paid claim's
 * payment ended (its history, `GET /app-fees/{wallet}/claims`), one row each,
 * written before the change is made and answered. Given to `createAppFeeLedger({ journal })`.
 *
 * @param parameters - {@link OpenAppFeeStoreParameters}
 * @returns The kept entries and the append function. {@link AppFeeJournal}
 * @throws {CorruptStateError} For a row that is not an entry, naming the file and the row.
 * @example
 * const appFees = createAppFeeLedger({ journal: openAppFeeStore({ database }) })
 */
export function openAppFeeStore({ database }: OpenAppFeeStoreParameters): AppFeeJournal {
  return {
    entries: readJournal({ database, journal: "appFees", schema: appFeeEntrySchema }),
    append: (entry) => void database.appendEntry("appFees", entry),
  };
}
