import type { PermitAuthorization } from "../quote/buildPermitStep.js";

/** One change of the permit book, in order: what a journal keeps to rebuild it. */
export type PermitEntry =
  /** A `usePermit` quote's authorization, by lowercase request id. */
  | { type: "authorized"; requestId: string; authorization: PermitAuthorization }
  /** Its signature was taken and is being submitted: never again. */
  | { type: "submitted"; requestId: string }
  /** The token refused it before anything moved: it may be submitted again. */
  | { type: "released"; requestId: string };

/** Where the book keeps its changes, and what an earlier run kept. */
export type PermitJournal = {
  entries: readonly PermitEntry[];
  /** Called with each change before it is made (and before the answer that shows it). */
  append: (entry: PermitEntry) => void;
};

export type PermitBook = {
  /** The authorization of a request's `usePermit` quote. */
  get: (requestId: string) => PermitAuthorization | undefined;
  /** Records a quote's authorization (before the quote is answered). */
  add: (requestId: string, authorization: PermitAuthorization) => void;
  /** Whether the request's authorization was submitted (and not released). */
  isSubmitted: (requestId: string) => boolean;
  /** Marks the authorization submitted; false (nothing changed) when it already was. */
  markSubmitted: (requestId: string) => boolean;
  /** Undoes `markSubmitted` after the token refused the authorization (nothing moved). */
  release: (requestId: string) => void;
  /** Every request id with an authorization, and whether it was submitted. */
  all: () => { requestId: string; authorization: PermitAuthorization; submitted: boolean }[];
};

export type CreatePermitBookParameters = {
  /** Keeps the book; the entries of an earlier run are applied at creation. */
  journal?: PermitJournal | undefined;
};

/**
 * Creates the book of EIP-3009 authorizations of `usePermit` quotes: each quote's authorization by
 * request id, and which were submitted, so a signature is submitted at most once. With a journal,
 * each change is kept before it is made: after a restart a signed but unsubmitted permit can still
 * be executed, and a used one is still refused.
 *
 * @param parameters - {@link CreatePermitBookParameters}
 * @returns The book. {@link PermitBook}
 * @example
 * const permits = createPermitBook({ journal: openPermitStore({ database }) })
 * if (!permits.markSubmitted(requestId)) throw alreadySubmitted
 */
export function createPermitBook({ journal }: CreatePermitBookParameters = {}): PermitBook {
  const authorizations = new Map<string, PermitAuthorization>();
  const submitted = new Set<string>();
  const key = (requestId: string) => requestId.toLowerCase();
  const apply = (entry: PermitEntry) => {
    if (entry.type === "authorized") authorizations.set(key(entry.requestId), entry.authorization);
    else if (entry.type === "submitted") submitted.add(key(entry.requestId));
    else submitted.delete(key(entry.requestId));
  };
  const change = (entry: PermitEntry) => {
    journal?.append(entry);
    apply(entry);
  };
  for (const entry of journal?.entries ?? []) apply(entry);
  return {
    get: (requestId) => authorizations.get(key(requestId)),
    add: (requestId, authorization) =>
      change({ type: "authorized", requestId: key(requestId), authorization }),
    isSubmitted: (requestId) => submitted.has(key(requestId)),
    markSubmitted(requestId) {
      if (submitted.has(key(requestId))) return false;
      change({ type: "submitted", requestId: key(requestId) });
      return true;
    },
    release(requestId) {
      if (submitted.has(key(requestId))) change({ type: "released", requestId: key(requestId) });
    },
    all: () =>
      [...authorizations].map(([requestId, authorization]) => ({
        requestId,
        authorization,
        submitted: submitted.has(requestId),
      })),
  };
}
