import * as z from "zod";
import type { PermitAuthorization } from "../quote/buildPermitStep.js";
import type { PermitEntry, PermitJournal } from "./createPermitBook.js";
import { journalAddress, journalBytes32 } from "./journalFields.js";
import type { StateDatabase } from "./openStateDatabase.js";
import { readJournal } from "./readJournal.js";

const bytes32 = journalBytes32("a 32-byte value");
const address = journalAddress;

const authorizationSchema = z.object({
  chainId: z.number().int().positive(),
  token: address,
  tokenName: z.string(),
  from: address,
  to: address,
  value: z.bigint().nonnegative(),
  validAfter: z.bigint().nonnegative(),
  validBefore: z.bigint().nonnegative(),
  nonce: bytes32,
}) satisfies z.ZodType<PermitAuthorization>;

/** One kept change of the permit book; a row of another shape is refused when read. */
const permitEntrySchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("authorized"), requestId: bytes32, authorization: authorizationSchema }),
  z.object({ type: z.literal("submitted"), requestId: bytes32 }),
  z.object({ type: z.literal("released"), requestId: bytes32 }),
]) satisfies z.ZodType<PermitEntry>;

export type OpenPermitStoreParameters = {
  database: StateDatabase;
};

/**
 * The permit book's journal in the state database (journal `permits`): each `usePermit` quote's
 * EIP-3009 authorization, each submission and each release, one row each, written before the quote
 * or the submission is answered. Given to `createPermitBook({ journal })`.
 *
 * @param parameters - {@link OpenPermitStoreParameters}
 * @returns The kept entries and the append function. {@link PermitJournal}
 * @throws {CorruptStateError} For a row that is not an entry, naming the file and the row.
 * @example
 * const permits = createPermitBook({ journal: openPermitStore({ database }) })
 */
export function openPermitStore({ database }: OpenPermitStoreParameters): PermitJournal {
  return {
    entries: readJournal({ database, journal: "permits", schema: permitEntrySchema }),
    append: (entry) => void database.appendEntry("permits", entry),
  };
}
