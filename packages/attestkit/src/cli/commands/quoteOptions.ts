import type { GlobalOptions } from "../readGlobalOptions.js";

/** The options of `quote` (and of `execute`, which asks for the quote it runs). */
export type QuoteOptions = GlobalOptions & {
  file?: string;
  user?: string;
  recipient?: string;
  originChainId?: string;
  destinationChainId?: string;
  originCurrency?: string;
  destinationCurrency?: string;
  amount?: string;
  tradeType?: string;
  refundTo?: string;
  referrer?: string;
  slippageTolerance?: string;
  ttl?: string;
  useDepositAddress?: boolean;
  forceSolverExecution?: boolean;
  topupGas?: boolean;
  /** `--no-include-protocol-data` sets it to false; asked for (true) otherwise. */
  includeProtocolData?: boolean;
  json?: boolean;
  /** `--strict-fields`: refuse request fields attestkit does not know instead of sending them. */
  strictFields?: boolean;
  /** `--allow-field` (repeatable): fields sent as given, never taken for a typo of a known one. */
  allowField?: string[];
};

/** Flags copied into the body under the same name. */
export const bodyFlags = [
  "user",
  "recipient",
  "originChainId",
  "destinationChainId",
  "originCurrency",
  "destinationCurrency",
  "amount",
  "tradeType",
  "refundTo",
  "referrer",
  "slippageTolerance",
  "ttl",
  "useDepositAddress",
  "forceSolverExecution",
  "topupGas",
  "includeProtocolData",
] as const;
