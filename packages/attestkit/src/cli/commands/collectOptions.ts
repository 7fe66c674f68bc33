import type { GlobalOptions } from "../readGlobalOptions.js";

/** The options of `collect`, as commander reads them (numbers still strings). */
export type CollectOptions = GlobalOptions & {
  out: string;
  user?: string | undefined;
  referrer?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  v2?: boolean | undefined;
  listing?: "v3" | "v2" | undefined;
  concurrency: string;
  rate: string;
  maxAttempts: string;
  json?: boolean | undefined;
};
