import { randomUUID } from "node:crypto";
import type { WebhookEvent } from "../schemas/types.js";

/**
 * Builds a `request.status.updated` event of a request that succeeded, timestamped now, with a
 * fresh event id (so two samples are two events, not one delivered twice).
 *
 * @returns The event. {@link WebhookEvent}
 * @example
 * const event = { ...sampleWebhookEvent(), data: { ...sampleWebhookEvent().data, status: "refund" } }
 */
export function sampleWebhookEvent(): WebhookEvent {
  const now = Date.now();
  return {
    id: `evt_${randomUUID().replaceAll("-", "")}`,
    event: "request.status.updated",
    timestamp: now,
    data: {
      status: "success",
      inTxHashes: ["0x6a1c2b3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9"],
      txHashes: ["0x8f7e6d5c4b3a29180f7e6d5c4b3a29180f7e6d5c4b3a29180f7e6d5c4b3a2918"],
      updatedAt: now,
      originChainId: 8453,
      destinationChainId: 42161,
      depositAddress: null,
      requestId: "0x4a7e2d3f8c1b5a6e9d0f1e2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e",
      referrer: null,
      details: null,
      failReason: "N/A",
      refundFailReason: "N/A",
    },
  };
}
