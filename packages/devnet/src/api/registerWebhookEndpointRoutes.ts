import type { Hono } from "hono";
import { DevnetApiError } from "../errors.js";
import type { DevnetContext } from "./types.js";
import { webhookEndpointId } from "./webhookEndpointId.js";

/** What the endpoint routes use of the devnet: the endpoints, and how to set and remove one. */
export type WebhookEndpointRoutesDeps = Pick<DevnetContext, "webhooks" | "setWebhook" | "removeWebhook">;

/** The answer of a devnet that cannot change its endpoints at run time. */
const notSupported = {
  message: "This devnet does not take webhook endpoints at run time.",
  code: "NOT_SUPPORTED",
};

/**
 * Adds the routes that set and remove webhook endpoints at run time (`attestkit webhooks listen`
 * uses both):
 * - `POST /devnet/webhooks/endpoints` `{apiKey, url}`: sets the webhook endpoint of an API key
 *   (requests quoted with that `x-api-key` post their events there, signed with the key): 201
 *   `{endpoint: {id, url}}` (`webhookEndpointId`); 400 `INVALID_API_KEY`, `INVALID_URL`;
 * - `DELETE /devnet/webhooks/endpoints/{id}`: removes that endpoint, so its key's events are no
 *   longer posted and the retries queued for it stop (`deliverWebhook`): 200 `{removed: {id, url}}`;
 *   404 `ENDPOINT_NOT_FOUND` when no key posts to it any more (removed already, or its key was given
 *   another URL since: that one stays).
 *
 * @param app - The devnet's app.
 * @param context - {@link WebhookEndpointRoutesDeps}
 * @example
 * registerWebhookEndpointRoutes(app, context)
 */
export function registerWebhookEndpointRoutes(app: Hono, context: WebhookEndpointRoutesDeps): void {
  app.post("/devnet/webhooks/endpoints", async (c) => {
    const body = ((await c.req.json().catch(() => ({}))) ?? {}) as { apiKey?: unknown; url?: unknown };
    const { apiKey, url } = body;
    if (typeof apiKey !== "string" || apiKey.length < 1 || apiKey.length > 200)
      throw new DevnetApiError({
        status: 400,
        code: "INVALID_API_KEY",
        message: "apiKey must be a string of 1 to 200 characters (it is also the HMAC secret).",
      });
    const parsed = typeof url === "string" && URL.canParse(url) ? new URL(url) : undefined;
    if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:"))
      throw new DevnetApiError({
        status: 400,
        code: "INVALID_URL",
        message: `url must be an http(s) URL, got ${JSON.stringify(url)}.`,
      });
    if (!context.setWebhook) return c.json(notSupported, 501);
    const endpoint = { id: webhookEndpointId({ apiKey, url: parsed.toString() }), url: parsed.toString() };
    context.setWebhook(apiKey, endpoint.url);
    return c.json({ endpoint }, 201);
  });

  app.delete("/devnet/webhooks/endpoints/:id", (c) => {
    const id = c.req.param("id");
    if (!context.removeWebhook) return c.json(notSupported, 501);
    const found = [...context.webhooks].find(([apiKey, url]) => webhookEndpointId({ apiKey, url }) === id);
    if (!found)
      throw new DevnetApiError({
        status: 404,
        code: "ENDPOINT_NOT_FOUND",
        message: `No webhook endpoint ${JSON.stringify(id.slice(0, 80))}: it was removed already, or its API key was given another URL since.`,
      });
    context.removeWebhook(found[0]);
    return c.json({ removed: { id, url: found[1] } });
  });
}
