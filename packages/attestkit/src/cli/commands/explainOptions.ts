import type { GlobalOptions } from "../readGlobalOptions.js";

/** The options of `explain`. */
export type ExplainOptions = GlobalOptions & {
  rpc?: string[];
  solver?: string[];
  json?: boolean;
};
