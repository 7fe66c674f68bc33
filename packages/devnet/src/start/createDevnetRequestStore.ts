import type { responseSchemas } from "attestkit/schemas";
import type * as z from "zod";
import { crashPoint } from "../crashPoint.js";
import { createRequestStore, type RequestStore } from "../state/createRequestStore.js";
import type { StateDatabase } from "../state/openStateDatabase.js";
import { readRequests } from "../state/readRequests.js";
import { toStatusBody } from "../state/toStatusBody.js";
import type { DevnetRequest } from "../state/types.js";
import type { StatusStream } from "../stream/createStatusStream.js";
import type { WebhookOutbox } from "../webhooks/createWebhookOutbox.js";

export type CreateDevnetRequestStoreParameters = {
  /** The state database the requests are loaded from and saved to; none keeps them in memory. */
  state: StateDatabase | undefined;
  outbox: WebhookOutbox;
  /** Credits a delivered request's app fees. */
  accrueAppFees: (request: DevnetRequest) => void;
  /** The status stream, once it runs (it starts after the store). */
  stream: () => StatusStream | undefined;
  log: (message: string) => void;
};

/**
 * Creates the devnet's request store (loaded from the state database and saved to it, when there is
 * one). Every transition accrues the app fees of a delivered request (`success`, `fallback`), queues a
 * `request.status.updated` webhook for the request's API key and publishes the status to the stream;
 * with a database, the new status, its webhook delivery and the credit are written in one
 * transaction, so no kill can keep one without the others.
 *
 * @param parameters - {@link CreateDevnetRequestStoreParameters}
 * @returns The store. {@link RequestStore}
 * @example
 * const store = createDevnetRequestStore({ state, outbox, accrueAppFees, stream: () => resources.stream, log })
 */
export function createDevnetRequestStore({
  state,
  outbox,
  accrueAppFees,
  stream,
  log,
}: CreateDevnetRequestStoreParameters): RequestStore {
  return createRequestStore({
    log,
    ...(state
      ? {
          initial: readRequests({ database: state }),
          persist: (request: DevnetRequest) => state.saveRequest(request.requestId, request),
          // A status change and its webhook event (and app fee credit) are one transaction.
          atomically: state.transaction,
        }
      : {}),
    onTransition: (request) => {
      crashPoint("transition-stored", request.status);
      // The output was delivered (by the fill, or by the fallback route): the app fees were earned.
      if (request.status === "success" || request.status === "fallback") accrueAppFees(request);
      outbox.enqueue({
        apiKey: request.apiKey,
        requestId: request.requestId,
        payload: {
          event: "request.status.updated",
          timestamp: Date.now(),
          data: toStatusBody(request),
        } satisfies z.input<typeof responseSchemas.webhook>,
      });
      stream()?.publish(toStatusBody(request));
    },
  });
}
