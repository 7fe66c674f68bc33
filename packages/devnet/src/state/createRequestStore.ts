import type { Hex } from "viem";
import { canTransition } from "./canTransition.js";
import { type DevnetStatus, initialStatuses } from "./transitions.js";
import type { DevnetRequest } from "./types.js";

/** Fields a transition may change along with the status. */
export type RequestPatch = Partial<
  Pick<
    DevnetRequest,
    | "inTxHashes"
    | "txHashes"
    | "failReason"
    | "refundFailReason"
    | "details"
    | "deposit"
    | "depositAddress"
    | "amountIn"
    | "amountOut"
    | "decision"
    | "sent"
    | "supersededByRequestId"
  >
>;

export type RequestStore = {
  get: (requestId: Hex) => DevnetRequest | undefined;
  /**
   * The request a depository `id` funds: the request of that request id, else the request whose
   * quote's order has that order id.
   */
  findByDepositId: (id: Hex) => DevnetRequest | undefined;
  /** Adds a request in an initial status (`waiting` or `pending`); false if the id is taken. */
  create: (request: DevnetRequest) => boolean;
  /**
   * Adds requests of the past, in whatever status they ended (a history filled in by `POST
   * /devnet/history`), as they are: no status changes now, so no `onTransition` (no webhook, no
   * stream update, no app fee credit). All are stored in one transaction. A request whose id (or
   * order id) is taken is left out. Returns how many were added.
   */
  importHistory: (requests: readonly DevnetRequest[]) => number;
  /**
   * Moves a request to `to` when the transition table allows it, applying `patch` and `updatedAt`,
   * and notifies `onTransition`. A refused transition changes nothing, is logged and returns false.
   */
  transition: (requestId: Hex, to: DevnetStatus, patch?: RequestPatch) => boolean;
  /** Changes fields without a status change (no event). */
  update: (requestId: Hex, patch: RequestPatch) => void;
  /**
   * Runs `write` (changes to the store, made synchronously) as one transaction of the stored state:
   * all of it is kept, or, when the process dies in between, none of it.
   */
  batch: <result>(write: () => result) => result;
  size: () => number;
  /** Every request, in the order they were created. */
  all: () => readonly DevnetRequest[];
};

export type CreateRequestStoreParameters = {
  /** Called after every accepted status change, and after a request is created in `pending`. */
  onTransition: (request: DevnetRequest, from: DevnetStatus | null) => void;
  /** Where refused transitions are reported. */
  log: (message: string) => void;
  /** The clock, replaceable in tests. */
  now?: (() => number) | undefined;
  /** Requests stored by an earlier run: taken back as they are, without events. */
  initial?: readonly DevnetRequest[] | undefined;
  /** Called with every created or changed request, before `onTransition`, to store it. */
  persist?: ((request: DevnetRequest) => void) | undefined;
  /**
   * Runs a write as one transaction of the stored state (`StateDatabase.transaction`). A status
   * change is stored in one such transaction with everything `onTransition` stores (its webhook
   * event), so a crash keeps both or neither. Default: runs it.
   */
  atomically?: (<result>(write: () => result) => result) | undefined;
};

/**
 * Creates the store of requests, the only place statuses change: every change goes through the
 * transition table. It lives in memory; with `persist` every change is also written through (and
 * `initial` takes back what an earlier run stored), a status change in one transaction
 * (`atomically`) with what `onTransition` stores. A change replaces the record with a new one (nothing is changed in
 * place): what `get` returned earlier is a snapshot, so read the request again after a change.
 *
 * @param parameters - {@link CreateRequestStoreParameters}
 * @returns The store. {@link RequestStore}
 * @example
 * const store = createRequestStore({ onTransition: (r) => outbox.enqueue(r), log: console.warn })
 * store.transition(requestId, "pending", { inTxHashes: [hash] })
 */
export function createRequestStore({
  onTransition,
  log,
  now = Date.now,
  initial = [],
  persist = () => {},
  atomically = (write) => write(),
}: CreateRequestStoreParameters): RequestStore {
  const requests = new Map<string, DevnetRequest>();
  // Order id -> request id, both as keys: an order id never changes once its request is created.
  const byOrderId = new Map<string, string>();
  const key = (requestId: Hex) => requestId.toLowerCase();
  for (const request of initial) {
    requests.set(key(request.requestId), request);
    if (request.orderId !== undefined) byOrderId.set(key(request.orderId), key(request.requestId));
  }
  const put = (record: DevnetRequest) => {
    // Written through before anyone hears of the change: an event never refers to a lost state.
    persist(record);
    requests.set(key(record.requestId), record);
  };
  return {
    get: (requestId) => requests.get(key(requestId)),
    findByDepositId(id) {
      const request = requests.get(key(id));
      if (request) return request;
      const requestKey = byOrderId.get(key(id));
      return requestKey === undefined ? undefined : requests.get(requestKey);
    },
    create(request) {
      if (!initialStatuses.includes(request.status)) {
        log(`refused: request ${request.requestId} cannot start in "${request.status}"`);
        return false;
      }
      if (requests.has(key(request.requestId))) return false;
      if (request.orderId !== undefined && byOrderId.has(key(request.orderId))) {
        log(`refused: order ${request.orderId} already belongs to another request`);
        return false;
      }
      const record = { ...request, history: [{ status: request.status, at: request.updatedAt }] };
      atomically(() => {
        put(record);
        if (record.orderId !== undefined) byOrderId.set(key(record.orderId), key(record.requestId));
        // A request born from a deposit has changed status as far as its owner can tell.
        if (record.status !== "waiting") onTransition(record, null);
      });
      return true;
    },
    importHistory(records) {
      return atomically(() => {
        let added = 0;
        for (const record of records) {
          if (requests.has(key(record.requestId))) continue;
          if (record.orderId !== undefined && byOrderId.has(key(record.orderId))) continue;
          put(record);
          if (record.orderId !== undefined) byOrderId.set(key(record.orderId), key(record.requestId));
          added++;
        }
        return added;
      });
    },
    transition(requestId, to, patch = {}) {
      const request = requests.get(key(requestId));
      if (!request) {
        log(`refused: unknown request ${requestId} -> "${to}"`);
        return false;
      }
      const from = request.status;
      if (!canTransition({ from, to })) {
        log(`refused: request ${requestId} "${from}" -> "${to}" is not in the transition table`);
        return false;
      }
      const updatedAt = Math.max(now(), request.updatedAt);
      const history = [...(request.history ?? []), { status: to, at: updatedAt }];
      const next = { ...request, ...patch, status: to, updatedAt, history };
      // The new status and its event are stored together: a crash keeps both or neither.
      atomically(() => {
        put(next);
        onTransition(next, from);
      });
      return true;
    },
    update(requestId, patch) {
      const request = requests.get(key(requestId));
      if (request) put({ ...request, ...patch });
    },
    batch: (write) => atomically(write),
    size: () => requests.size,
    all: () => [...requests.values()],
  };
}
