import type { ApiErrorType } from "../client/errors/request.js";
import type { InvalidRequestErrorType } from "../schemas/errors.js";
import type { AttestationResponse } from "../schemas/index.js";

/**
 * Which requests a collection lists: the filters `GET /requests/v3` and `GET /requests/v2` share,
 * as those endpoints take them. Everything listed is collected.
 */
export type CollectFilters = {
  /**
   * A wallet address: v3 lists the requests it sent (or deposited to a deposit address of); v2 those
   * it sent or received.
   */
  user?: string | undefined;
  /** The `referrer` given on the quotes. The service then needs `apiKey`, naming your own key. */
  referrer?: string | undefined;
  /** Requests made with these API keys (comma-separated); the service allows only your own. */
  apiKey?: string | undefined;
  /** Requests created at or after this Unix time, in seconds. */
  startTimestamp?: number | undefined;
  /** Requests created at or before this Unix time, in seconds. */
  endTimestamp?: number | undefined;
  /** Requests from this chain. */
  originChainId?: number | undefined;
  /** Requests to this chain. */
  destinationChainId?: number | undefined;
  /** Requests in this status. */
  status?: "success" | "failure" | "refund" | "pending" | "depositing" | undefined;
};

/**
 * One collected attestation: the signature endpoint's answer with its request id, exactly the
 * entry `verifyAttestations` and `attestkit audit` read (`JSON.stringify` of it is one line of
 * their JSON Lines input).
 */
export type CollectedAttestation = {
  /** The request id, as the listing names it. */
  requestId: string;
  /** `requestData` as the signature endpoint returned it. */
  requestData: AttestationResponse["requestData"];
  /** The solver's signature, as returned. */
  signature: string;
};

/** What a collection yields for each request it fetched: its attestation, or why there is none. */
export type CollectAttestationsItem =
  | {
      type: "attestation";
      attestation: CollectedAttestation;
    }
  | {
      /**
       * The signature endpoint has no attestation of this listed request (404), or the listed id
       * cannot be asked about (400, or not 0x and 64 hex digits). Nothing to write; the collection goes on.
       */
      type: "unavailable";
      requestId: string;
      /** The service's answer, or the request the client refused to send. */
      error: ApiErrorType | InvalidRequestErrorType;
    };

/** Where a collection stands; `onProgress` gets a fresh copy after each page and each request. */
export type CollectProgress = {
  /** Requests the listing named so far. */
  listed: number;
  /**
   * Every request the filters match, when the service says (v3's `includeTotal`, asked on the first
   * page); undefined otherwise (v2).
   */
  total: number | undefined;
  /** Whether the listing has been read to its end. */
  listingDone: boolean;
  /** Listing pages read. */
  pages: number;
  /** Listed requests skipped: `have` said they were collected before, or listed twice in this run. */
  skipped: number;
  /** Attestations fetched. */
  collected: number;
  /** Requests without an attestation (`unavailable` items). */
  unavailable: number;
  /** Attempts that failed and were made again (429s included). */
  retries: number;
  /** 429 answers, each of which paused every request. */
  rateLimited: number;
  /** Requests sent: `pages + collected + unavailable + retries` (what the rate counts). */
  requests: number;
};
