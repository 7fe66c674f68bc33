import type { Line } from "../styledText.js";

/** The options of `webhooks listen`. */
export type WebhooksListenOptions = {
  forwardTo: string;
  devnet: string;
  /** Said when the devnet cannot be reached: the URL used and how to name another. */
  devnetHint?: string | undefined;
  port: string;
  json?: boolean;
  /** The API key whose events are received, also the HMAC secret; a fresh one when absent. */
  apiKey?: string | undefined;
};

/** Prints a line of `listen`, or its JSON record with `--json`. */
export type ListenPrint = (record: Record<string, unknown>, text: Line) => void;
