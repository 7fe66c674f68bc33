import { devnetRequestSchema } from "./devnetRequestSchema.js";
import { CorruptStateError } from "./errors.js";
import type { StateDatabase } from "./openStateDatabase.js";
import type { DevnetRequest } from "./types.js";

export type ReadRequestsParameters = {
  database: StateDatabase;
};

/**
 * Reads the requests an earlier run stored and checks each against the request's shape
 * (`devnetRequestSchema`), as the journals are read (`readJournal`): a row that was damaged (edited
 * by hand, written by another program) stops the start with an error naming the file, the table and
 * the request id, instead of a crash deep in the resumed solver.
 *
 * @param parameters - {@link ReadRequestsParameters}
 * @returns The requests, in the order they were first stored.
 * @throws {CorruptStateError} For a row that is not JSON or not a request.
 * @example
 * const store = createRequestStore({ initial: readRequests({ database }), ... })
 */
export function readRequests({ database }: ReadRequestsParameters): DevnetRequest[] {
  return database.loadRequestRows().map(({ id, value }) => {
    const parsed = devnetRequestSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
    throw new CorruptStateError({
      path: database.path,
      location: "requests",
      row: id,
      reason: `is not a valid request (${issue?.message ?? "invalid"}${where})`,
    });
  });
}
