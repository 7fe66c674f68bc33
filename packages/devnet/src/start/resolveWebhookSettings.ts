import type { StateDatabase } from "../state/openStateDatabase.js";
import { checkWebhookHeaders } from "../webhooks/checkWebhookHeaders.js";

/** The devnet's webhook settings (`createDevnet`'s fields of the same names), and where they are kept. */
export type ResolveWebhookSettingsParameters = {
  /** Webhook endpoint of `apiKey` (both or neither). */
  webhookUrl?: string | undefined;
  /** The API key whose requests post events to `webhookUrl`; also the HMAC secret. */
  apiKey?: string | undefined;
  /** Custom headers sent with every delivery to `webhookUrl`. */
  webhookHeaders?: Readonly<Record<string, string>> | undefined;
  /** More endpoints, per API key: the webhook URL, or `{ url, headers }` with custom headers. */
  webhooks?:
    | Readonly<
        Record<string, string | { url: string; headers?: Readonly<Record<string, string>> | undefined }>
      >
    | undefined;
  /** The state database, whose stored settings come first and which keeps the result. */
  state: StateDatabase | undefined;
};

export type ResolveWebhookSettingsReturnType = {
  /** Webhook URL per API key. */
  webhooks: Map<string, string>;
  /** Custom headers per API key. */
  webhookHeaders: Map<string, Record<string, string>>;
};

/**
 * The webhook settings of this start: those stored by an earlier run, then the ones given now (which
 * win; an endpoint given without headers drops the stored ones). Every header set is checked
 * (`checkWebhookHeaders`) and every URL parsed; the result is stored again. On a refused setting the
 * state database is closed and the error thrown.
 *
 * @param parameters - {@link ResolveWebhookSettingsParameters}
 * @returns The settings. {@link ResolveWebhookSettingsReturnType}
 * @example
 * const { webhooks, webhookHeaders } = resolveWebhookSettings({ state, webhookUrl, apiKey, webhookHeaders: undefined, webhooks: undefined })
 */
export function resolveWebhookSettings(
  parameters: ResolveWebhookSettingsParameters,
): ResolveWebhookSettingsReturnType {
  const { state } = parameters;
  const webhooks = new Map(Object.entries((state?.getMeta("webhooks") as Record<string, string>) ?? {}));
  const webhookHeaders = new Map(
    Object.entries((state?.getMeta("webhookHeaders") as Record<string, Record<string, string>>) ?? {}),
  );
  const endpoints = Object.entries(parameters.webhooks ?? {}).map(([apiKey, endpoint]) =>
    typeof endpoint === "string" ? { apiKey, url: endpoint, headers: undefined } : { apiKey, ...endpoint },
  );
  if (parameters.webhookUrl !== undefined && parameters.apiKey !== undefined)
    endpoints.push({
      apiKey: parameters.apiKey,
      url: parameters.webhookUrl,
      headers: parameters.webhookHeaders,
    });
  try {
    for (const { apiKey, url, headers } of endpoints) {
      webhooks.set(apiKey, url);
      if (headers !== undefined) webhookHeaders.set(apiKey, checkWebhookHeaders({ apiKey, headers }));
      else webhookHeaders.delete(apiKey);
    }
    for (const url of webhooks.values()) new URL(url);
  } catch (error) {
    state?.close();
    throw error;
  }
  state?.setMeta("webhooks", Object.fromEntries(webhooks));
  state?.setMeta("webhookHeaders", Object.fromEntries(webhookHeaders));
  return { webhooks, webhookHeaders };
}
